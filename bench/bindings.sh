#!/usr/bin/env bash
# bench/bindings.sh: the IRONMAN bindings compared on one simulated machine.
#
#   bench/bindings.sh
#
# Runs examples/nn8.zpl (every iteration exchanges with all eight
# neighbours; default n = 16, 1000 iterations) on 16 simulated PEs, with
# the PE grids 1x16, 2x8, 4x4, 8x2 and 16x1, on
#   the T3D:     shmem (native) and mpi;
#   the Paragon: nx-isend and nx-csend (native) and mpi;
# and prints the virtual run time (stats.sim.time, in ms) of each, and the
# improvement of each native binding over mpi: (mpi - native) / mpi, the
# share of mpi's run time that the native binding saves. Every run must
# print examples/nn8.expected. The simulator is deterministic: the table is
# the same on every run and every host. docs/simulator.md interprets it.
#
# Environment overrides:
#   ZPLC=path        the compiler (default: <repo>/build/bin/zplc)
#   BENCH_ARGS=...   extra program options (e.g. "--n=64 --iters=200")
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
zplc=${ZPLC:-$root/build/bin/zplc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
read -r -a extra <<< "${BENCH_ARGS:-}"

for machine in t3d paragon; do
  "$zplc" "$root/examples/nn8.zpl" --backend=sim --machine=$machine -o "$work/nn8.$machine"
done

# virtual run time in ms of one configuration
run() {
  local machine=$1 binding=$2 grid=$3
  "$work/nn8.$machine" --pes=16 --grid=$grid --binding=$binding --stats "${extra[@]}" \
    > "$work/out"
  if [ ${#extra[@]} -eq 0 ] && ! diff -q <(grep -v '^stats' "$work/out") \
      "$root/examples/nn8.expected" > /dev/null; then
    echo "nn8 on $machine/$binding, grid $grid: wrong output" >&2
    exit 1
  fi
  awk '/^stats.sim.time /{printf "%.3f", $2 * 1000}' "$work/out"
}

gain() { awk -v n="$1" -v m="$2" 'BEGIN{printf "%+.0f%%", 100 * (m - n) / m}'; }

echo "nn8 on 16 simulated PEs: virtual run time (ms); native binding vs mpi"
printf "%-6s | %9s %9s %7s | %9s %9s %9s %8s %8s\n" grid "T3D shmem" "T3D mpi" gain \
  "P nx-isend" "P nx-csend" "P mpi" "isend" "csend"
for grid in 1x16 2x8 4x4 8x2 16x1; do
  shmem=$(run t3d shmem $grid)
  t3dmpi=$(run t3d mpi $grid)
  isend=$(run paragon nx-isend $grid)
  csend=$(run paragon nx-csend $grid)
  pmpi=$(run paragon mpi $grid)
  printf "%-6s | %9s %9s %7s | %9s %9s %9s %8s %8s\n" $grid $shmem $t3dmpi \
    "$(gain $shmem $t3dmpi)" $isend $csend $pmpi "$(gain $isend $pmpi)" "$(gain $csend $pmpi)"
done
