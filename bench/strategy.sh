#!/usr/bin/env bash
# bench/strategy.sh: packed vs chained transfers on MPI with 2 ranks,
# measured for real, against the cost model's choice.
#
#   bench/strategy.sh
#
# For every pattern of the grid below, `mpirun -np 2 zplc-calibrate bench`
# times one halo-like exchange (both ranks send and receive at once)
#   packed:  the runtime's pack kernel (zrt_pack / zrt_unpack, or the index
#            kernels), one contiguous MPI message, the unpack kernel;
#   chained: the MPI back end's own derived datatypes (zrt_mpi_box_type:
#            MPI_Type_vector; zrt_mpi_index_type: indexed_block) sent
#            straight from and received straight into the arrays;
# median of BENCH_REPS (5) repetitions, the two strategies alternating. Then
# `zplc model --machine=$MACHINE --pattern=... --bytes=...` gives the
# model's choice, and the regret is the time lost by that choice as a
# percentage of the better measured time (0 when the choice is right).
#
# Grid (a subset of the cross product, so that it finishes in a few
# minutes): strides 2, 4, 8, 16, 64, 1024 words; blocks of 1, 2, 8, 64 words
# (block < stride; both sides of the message have the same pattern, like a
# halo column `sQs`); message sizes 4 KB, 64 KB, 1 MB, 16 MB, leaving out
# those whose strided footprint (size x stride / block) exceeds 128 MB; and
# indexed destinations (contiguous source, a random permutation at the
# receiver, `1Qw`) at the same sizes. b-word blocks every s words are the
# model's pattern `sbb` (`64b8Q64b8`).
#
# Environment overrides:
#   ZPLC=path        the compiler (default: <repo>/build/bin/zplc)
#   CALIBRATE=path   zplc-calibrate (default: next to zplc)
#   MACHINE=name     machine description for the model (default: host)
#   MPIRUN=path      mpirun (default: mpirun)
#   BENCH_REPS=5     repetitions per pattern and strategy
#   BENCH_SIZES="4096 65536 1048576 16777216"
#   BENCH_MAX_FOOTPRINT=134217728
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)

ZPLC=${ZPLC:-$repo/build/bin/zplc}
CALIBRATE=${CALIBRATE:-$(dirname "$ZPLC")/zplc-calibrate}
MACHINE=${MACHINE:-host}
MPIRUN=${MPIRUN:-mpirun}
BENCH_REPS=${BENCH_REPS:-5}
BENCH_SIZES=${BENCH_SIZES:-"4096 65536 1048576 16777216"}
BENCH_MAX_FOOTPRINT=${BENCH_MAX_FOOTPRINT:-134217728}

for f in "$ZPLC" "$CALIBRATE"; do
  if [[ ! -x $f ]]; then
    echo "$0: '$f' not found (build zplc and zplc-calibrate, or set ZPLC/CALIBRATE)" >&2
    exit 2
  fi
done
if ! "$ZPLC" model --machine="$MACHINE" --pattern=1Q1 >/dev/null; then
  echo "$0: no usable machine description '$MACHINE' (run 'zplc calibrate')" >&2
  exit 2
fi
if [[ $(id -u) -eq 0 ]]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi

patterns=()
for s in 2 4 8 16 64 1024; do
  for b in 1 2 8 64; do
    ((b < s)) || continue
    for bytes in $BENCH_SIZES; do
      ((bytes % (8 * b) == 0)) || continue
      ((bytes / b * s <= BENCH_MAX_FOOTPRINT)) || continue
      patterns+=("$s,$b,$bytes")
    done
  done
done
for bytes in $BENCH_SIZES; do
  patterns+=("w,$bytes")
done

echo "# bench/strategy.sh: ${#patterns[@]} patterns, 2 ranks, median of $BENCH_REPS," \
     "machine $MACHINE, load average $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s)
out=$("$MPIRUN" --oversubscribe -np 2 "$CALIBRATE" bench --reps="$BENCH_REPS" "${patterns[@]}")

printf '%-10s %5s %9s %12s %12s %8s %8s %8s\n' pattern block bytes packed_us chained_us model best regret
regrets=()
correct=0
total=0
while read -r _ pat _ block _ bytes _ tp _ tc; do
  if [[ $pat == 1Qw ]]; then
    mpat=1Qw
  else
    s=${pat%%Q*}
    if ((block > 1)); then mpat="${s}b${block}Q${s}b${block}"; else mpat="${s}Q${s}"; fi
  fi
  choice=$("$ZPLC" model --machine="$MACHINE" --pattern="$mpat" --bytes="$bytes" |
           awk '$1 == "choice" { print $2 }')
  read -r best regret < <(awk -v p="$tp" -v c="$tc" -v ch="$choice" 'BEGIN {
      best = (p <= c) ? "packed" : "chained"; lo = (p <= c) ? p : c;
      t = (ch == "packed") ? p : c;
      printf "%s %.1f\n", best, (t - lo) / lo * 100 }')
  total=$((total + 1))
  [[ $choice == "$best" ]] && correct=$((correct + 1))
  regrets+=("$regret")
  printf '%-10s %5s %9s %12s %12s %8s %8s %7s%%\n' "$pat" "$block" "$bytes" "$tp" "$tc" \
    "$choice" "$best" "$regret"
done <<<"$out"

if ((total == 0)); then
  echo "$0: no measurements" >&2
  exit 1
fi
printf '%s\n' "${regrets[@]}" | sort -g | awk -v ok="$correct" -v n="$total" \
  -v secs="$(($(date +%s) - start))" '
  { r[NR] = $1 }
  END {
    med = (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2;
    printf "correct choices: %d/%d (%.0f%%)\n", ok, n, 100 * ok / n;
    printf "median regret: %.1f%%\n", med;
    printf "maximum regret: %.1f%%\n", r[NR];
    printf "# %d s\n", secs;
  }'
