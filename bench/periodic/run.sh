#!/usr/bin/env bash
# bench/periodic/run.sh: periodic shifts `A@^d` against the same update
# written with `wrap` statements and plain shifts (issue 26, item 2).
#
#   bench/periodic/run.sh
#
# at_caret.zpl and bands.zpl compute the same 4-point periodic average (n x n,
# `steps` steps; the same sum printed). zplc fills A's own bands for `@^`
# when nothing else uses them, as the `wrap` statements do; before that it
# copied A into a wrapped temporary for every `@^` of every statement.
# Runs both serially, alternately (A B B A ...), BENCH_RUNS times, checks
# that they print the same sum and prints the medians and their ratio:
#   periodic n=2048 steps=50  @^ 0.47s  wrap 0.35s  ratio 1.34
#
# Environment: ZPLC=path (default <repo>/build/bin/zplc), BENCH_RUNS=5,
# BENCH_ARGS (default --n=2048 --steps=50).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
ZPLC=${ZPLC:-$repo/build/bin/zplc}
BENCH_RUNS=${BENCH_RUNS:-5}
BENCH_ARGS=${BENCH_ARGS:---n=2048 --steps=50}
. "$repo/bench/lib.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/zplc-periodic.XXXXXX")
trap 'rm -rf "$work"' EXIT

for name in at_caret bands; do
  "$ZPLC" "$here/$name.zpl" -o "$work/$name"
done
# shellcheck disable=SC2086
run_one() { wall_seconds "$work/out.$1" "$work/$1" $BENCH_ARGS; }
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
interleave "$BENCH_RUNS" "$work" at_caret bands run_one
s=$(median < "$work/t.at_caret")
w=$(median < "$work/t.bands")
printf 'periodic %s  @^ %.3fs  wrap %.3fs  ratio %.2f  (median of %d)\n' "$BENCH_ARGS" "$s" "$w" \
  "$(awk -v s="$s" -v w="$w" 'BEGIN { print s / w }')" "$BENCH_RUNS"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
