#!/usr/bin/env bash
# Checks one run of examples/nas/cg.zpl (cg.test):
#   cg-check.sh S|U PROGRAM_OUTPUT REFERENCE_OUTPUT
# S: class S verified, the zeta line exactly as NPB 3.4 prints its official
# value; U: parameters of no class, not verified. Both: NPB's report lines
# and every zeta against the reference's (cg-zeta.py). Prints what is
# missing and exits 1.
set -u
class=$1 out=$2 ref=$3
status=0
. "$(dirname "$0")/report-lines.sh"
report_lines cg-check "$out" "$class" ' Size:       1400  (class S)'
[ "$class" = S ] && need ' Zeta is     0.8597177507865E+01'
python3 "$(dirname "$0")/cg-zeta.py" "$ref" "$out" > /dev/null || {
  python3 "$(dirname "$0")/cg-zeta.py" "$ref" "$out"
  status=1
}
[ $status = 0 ] || { echo "--- $out:"; cat "$out"; }
exit $status
