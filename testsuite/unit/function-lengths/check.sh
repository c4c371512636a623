#!/bin/sh
# The function-length check of the whole tree (issue 29, item 4).
#
#   check.sh FUNCTION_LENGTHS_PY SOURCE_DIR FIXTURE
#
# First shows that the check can fail: on FIXTURE it must exit 1 and report
# its 81-line function, tooLong, and nothing else (its 80-line
# longestAllowed is at the limit). Then checks every C and C++ source of
# SOURCE_DIR but three folders that are no part of the compiler or its
# libraries: testsuite/ (tests and their helpers), examples/reference/
# (independent sequential references the examples are checked against) and
# bench/ (the comparison programs of the benchmarks, written as the peer
# codes they stand for). Build trees and whatever git ignores are skipped
# by the script itself.
set -u
script=$1 root=$2 fixture=$3

out=$(python3 "$script" --max=80 "$fixture")
rc=$?
echo "$out"
if [ $rc -ne 1 ]; then
  echo "FAIL: the check exited $rc on the fixture, not 1"
  exit 1
fi
if [ "$(echo "$out" | grep -c 'lines (limit 80)$')" -ne 1 ] ||
   ! echo "$out" | grep -q 'fixture.cpp:5: tooLong: 81 lines (limit 80)$'; then
  echo "FAIL: the check did not report exactly the 81-line tooLong of the fixture"
  exit 1
fi

python3 "$script" --max=80 --exclude="$root/testsuite" --exclude="$root/examples/reference" \
  --exclude="$root/bench" "$root"
