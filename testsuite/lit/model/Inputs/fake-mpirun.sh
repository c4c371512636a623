#!/bin/sh
# Stands in for `mpirun ... zplc-calibrate calibrate`: prints the figures in
# $FAKE_CALIBRATION (a file of zplc-calibrate's output lines), so a test can
# give zplc calibrate measurements it knows.
exec cat "$FAKE_CALIBRATION"
