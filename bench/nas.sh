#!/usr/bin/env bash
# bench/nas.sh: the NAS benchmarks of examples/nas against NPB 3.4's own MPI
# codes (issue 26): interleaved runs, medians of the timed section, peak
# memory, the ratios, a plot. NPB_DIR names your copy of NPB 3.4's MPI
# source tree (never downloaded). bench/nas.py documents the options:
#
#   NPB_DIR=/path/to/NPB3.4-MPI bench/nas.sh [--classes=W,A] [--ranks=1,2] ...
#
# Environment: NPB_DIR (required), ZPLC (default <repo>/build/bin/zplc).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The plot needs matplotlib (bench/lib.sh installs it if missing).
. "$here/lib.sh"
exec "$(matplotlib_python)" "$here/nas.py" "$@"
