#!/usr/bin/env bash
# bench/division.sh: what checked integer division costs.
#
#   bench/division.sh
#
# zplc emits every integer `/` and `%` whose divisor is not a constant as
# zrt_div_i64 / zrt_rem_i64 (zplrt.h), which stop the program on a zero
# divisor or INT64_MIN / -1. examples/nn8.zpl's hot array statement ends in
# `% m`; m is a constant there, so this script turns it into a config
# variable (same value) to make the divisor unknown at compile time. It
# compiles that program twice with the same zplc and the same C compiler
# command: as zplc emits it (checked), and with the two calls replaced by
# C's bare operators (unchecked, the reference). It runs both
# serially, alternately (A B B A ...) RUNS times, checks that they print
# the same output and prints the medians and their ratio:
#   nn8 --n=1200 --iters=40  checked 1.234s  unchecked 1.230s  ratio 1.003
#
# Environment overrides:
#   ZPLC=path      the compiler (default: <repo>/build/bin/zplc)
#   BENCH_RUNS=7   runs per variant
#   BENCH_ARGS=..  nn8's arguments (default --n=1200 --iters=40)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
ZPLC=${ZPLC:-$repo/build/bin/zplc}
BENCH_RUNS=${BENCH_RUNS:-7}
BENCH_ARGS=${BENCH_ARGS:---n=1200 --iters=40}

work=$(mktemp -d "${TMPDIR:-/tmp}/zplc-division.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The unchecked variant: a C compiler command that rewrites the checked
# calls in zplc's generated file into bare operators, then runs cc.
cat > "$work/cc-unchecked" <<'EOF'
#!/usr/bin/env bash
args=()
for a in "$@"; do
  if [[ $a == *.c && -f $a ]]; then
    sed -e 's/zrt_div_i64(/UNCHECKED_DIV(/g' -e 's/zrt_rem_i64(/UNCHECKED_REM(/g' "$a" > "$a.unchecked.c"
    a=$a.unchecked.c
  fi
  args+=("$a")
done
exec cc '-DUNCHECKED_DIV(a,b,where)=((a)/(b))' '-DUNCHECKED_REM(a,b,where)=((a)%(b))' "${args[@]}"
EOF
chmod +x "$work/cc-unchecked"

# nn8 with `constant m : integer = 65521;` as `config var m ...`.
sed -E 's/^constant( +m +: integer)/config var\1/' "$repo/examples/nn8.zpl" > "$work/nn8.zpl"
if ! grep -Eq '^config var +m ' "$work/nn8.zpl"; then
  echo "$0: examples/nn8.zpl no longer declares its modulus as 'constant m'" >&2
  exit 1
fi
"$ZPLC" "$work/nn8.zpl" -o "$work/checked"
"$ZPLC" "$work/nn8.zpl" --cc="$work/cc-unchecked" -o "$work/unchecked"
"$ZPLC" "$work/nn8.zpl" --emit=c -o "$work/nn8.c"
if ! grep -q 'zrt_rem_i64(' "$work/nn8.c"; then
  echo "$0: nn8's generated C has no checked remainder: nothing to measure" >&2
  exit 1
fi

. "$repo/bench/lib.sh"
# Wall time of one run of program $1 in seconds; output to out.$1.
# shellcheck disable=SC2086
time_run() { wall_seconds "$work/out.$1" "$work/$1" $BENCH_ARGS; }
interleave "$BENCH_RUNS" "$work" checked unchecked time_run
c=$(median < "$work/t.checked")
u=$(median < "$work/t.unchecked")
printf 'nn8 %s  checked %.3fs  unchecked %.3fs  ratio %.3f  (median of %d, load %s)\n' \
  "$BENCH_ARGS" "$c" "$u" "$(echo "$c / $u" | bc -l)" "$BENCH_RUNS" "$(cut -d' ' -f1-3 /proc/loadavg)"
