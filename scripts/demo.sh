#!/usr/bin/env bash
# Compiles examples/jacobi.zpl, runs it on the serial back end, on MPI with
# 4 ranks and on 4 PEs of the simulated Cray T3D, and checks each against
# the independent reference's output; prints the simulated T3D's virtual
# run and communication times.
set -euo pipefail
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
zplc="$build/bin/zplc"
out="$build/demo"
mkdir -p "$out"

echo "== zplc examples/jacobi.zpl --backend=serial"
"$zplc" "$root/examples/jacobi.zpl" --backend=serial -o "$out/jacobi_serial"
"$out/jacobi_serial" | tee "$out/serial.txt"

echo "== zplc examples/jacobi.zpl --backend=mpi; zplrun -np 4 (mpirun with zplc's launcher settings)"
"$zplc" "$root/examples/jacobi.zpl" --backend=mpi -o "$out/jacobi_mpi"
"$build/bin/zplrun" --oversubscribe -np 4 "$out/jacobi_mpi" | tee "$out/mpi4.txt"

echo "== zplc examples/jacobi.zpl --backend=sim --machine=t3d; --pes=4"
"$zplc" "$root/examples/jacobi.zpl" --backend=sim --machine=t3d -o "$out/jacobi_t3d"
"$out/jacobi_t3d" --pes=4 --stats > "$out/t3d_stats.txt"
grep -v '^stats\.' "$out/t3d_stats.txt" | tee "$out/t3d.txt"
awk '/^stats.comm_seconds /{c=$2} /^stats.sim.time /{t=$2} /^stats.sim.binding /{b=$2}
     END{printf "simulated T3D (%s binding, 4 PEs): virtual communication time %s s of a %s s run\n", b, c, t}' \
  "$out/t3d_stats.txt"

status=0
for run in serial mpi4 t3d; do
  if diff -u "$root/examples/jacobi.expected" "$out/$run.txt" >/dev/null; then
    echo "$run: matches examples/jacobi.expected (the sequential C reference's output)"
  else
    echo "$run: DIFFERS from examples/jacobi.expected" >&2
    status=1
  fi
done
exit $status
