#!/usr/bin/env bash
# bench/histogram/run.sh: a histogram whose keys change at every step (the
# inner loop of NAS IS), zplc's histogram.zpl against the hand-written
# C+MPI histogram_mpi.c (keys bucketed by owner, one MPI_Alltoallv a step).
#
#   bench/histogram/run.sh
#
# For each rank count, runs the two programs interleaved (zplc, hand, hand,
# zplc, ...) RUNS times each, checks they print the same check value, and
# prints the medians of the whole mpirun's wall time and their ratio
# (zplc / hand; 1.00 = as fast as the hand-written code). The load average
# is printed before and after: the timing of a shared machine moves.
#
# Environment: ZPLC (default <repo>/build/bin/zplc), MPICC (mpicc), MPIRUN
# (mpirun), BENCH_NP ("1 2"), BENCH_RUNS (5), BENCH_ARGS (program
# arguments, default: the program's own n = 2^22 points, 2^20 bins, 10 steps).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
ZPLC=${ZPLC:-$repo/build/bin/zplc}
MPICC=${MPICC:-mpicc}
MPIRUN=${MPIRUN:-mpirun}
BENCH_NP=${BENCH_NP:-"1 2"}
BENCH_RUNS=${BENCH_RUNS:-5}
read -r -a args <<< "${BENCH_ARGS:-}"
export OMPI_ALLOW_RUN_AS_ROOT=${OMPI_ALLOW_RUN_AS_ROOT:-1}
export OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$ZPLC" "$here/histogram.zpl" -O2 --backend=mpi -o "$work/zplc"
"$MPICC" -O3 -march=native -o "$work/hand" "$here/histogram_mpi.c"

. "$repo/bench/lib.sh"
# Wall seconds of one run; its output goes to $work/out.NAME.
timed() {
  wall_seconds "$work/out.$1" "$MPIRUN" --oversubscribe -np "$np" "$work/$1" ${args[@]+"${args[@]}"}
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for np in $BENCH_NP; do
  interleave "$BENCH_RUNS" "$work" zplc hand timed
  z=$(median < "$work/t.zplc")
  h=$(median < "$work/t.hand")
  printf 'histogram np=%s  zplc %.3fs  hand %.3fs  ratio %.2f\n' "$np" "$z" "$h" \
    "$(awk -v z="$z" -v h="$h" 'BEGIN { print z / h }')"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
