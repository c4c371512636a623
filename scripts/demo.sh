#!/usr/bin/env bash
# Compiles examples/jacobi.zpl, runs it on the serial back end and on MPI
# with 4 ranks, and checks both against the independent reference's output.
set -euo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
zplc="$build/bin/zplc"
out="$build/demo"
mkdir -p "$out"

echo "== zplc examples/jacobi.zpl --backend=serial"
"$zplc" "$root/examples/jacobi.zpl" --backend=serial -o "$out/jacobi_serial"
"$out/jacobi_serial" | tee "$out/serial.txt"

echo "== zplc examples/jacobi.zpl --backend=mpi; mpirun -np 4"
"$zplc" "$root/examples/jacobi.zpl" --backend=mpi -o "$out/jacobi_mpi"
mpirun --oversubscribe -np 4 "$out/jacobi_mpi" | tee "$out/mpi4.txt"

status=0
for run in serial mpi4; do
  if diff -u "$root/examples/jacobi.expected" "$out/$run.txt" >/dev/null; then
    echo "$run: matches examples/jacobi.expected (the sequential C reference's output)"
  else
    echo "$run: DIFFERS from examples/jacobi.expected" >&2
    status=1
  fi
done
exit $status
