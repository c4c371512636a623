#!/usr/bin/env bash
# Checks one run of examples/nas/mg.zpl (mg.test):
#   mg-check.sh S|U PROGRAM_OUTPUT REFERENCE_OUTPUT
# S: class S verified, and the printed L2 norm within NPB's tolerance
# (1e-8) of NPB 3.4's official value 0.5307707005734e-04; U: parameters of
# no class, not verified. Both: NPB's report lines, and the printed norm
# within 1e-10 of the independent reference's (examples/reference/mg.c,
# its line `L2 norm <v>`). Prints what is missing and exits 1.
set -u
class=$1 out=$2 ref=$3
status=0
. "$(dirname "$0")/report-lines.sh"
report_lines mg-check "$out" "$class" ' Size:   32x  32x  32  (class S)'
# The norm as Fortran's E20.13 writes it: " 0.<13 digits>E<sign><2 digits>".
norm=$(sed -n 's/^ L2 Norm is  \(0\.[0-9]\{13\}E[-+][0-9][0-9]\)$/\1/p' "$out")
reference=$(sed -n 's/^L2 norm //p' "$ref")
if [ -z "$norm" ] || [ -z "$reference" ]; then
  echo "mg-check: no L2 norm line in $out or $ref"
  status=1
else
  python3 - "$norm" "$reference" "$class" <<'PY' || status=1
import sys
norm, reference, cls = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
ok = abs(norm - reference) <= 1e-10 * abs(reference)
if not ok:
    print(f"mg-check: L2 norm {norm!r}, the reference's {reference!r}")
official = 0.5307707005734e-04
if cls == "S" and abs(norm - official) > 1e-8 * official:
    print(f"mg-check: L2 norm {norm!r}, NPB's {official!r}")
    ok = False
sys.exit(0 if ok else 1)
PY
fi
[ $status = 0 ] || { echo "--- $out:"; cat "$out"; }
exit $status
