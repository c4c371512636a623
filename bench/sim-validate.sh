#!/usr/bin/env bash
# bench/sim-validate.sh: the simulator against the model and the published
# figures, each printed as measured vs expected.
#
#   bench/sim-validate.sh
#
# 1. zplsim-unit-tests "[validate]" (testsuite/unit/sim/test_sim_validate.cpp):
#    one 4 MB transfer per pattern (1Q1, 1Q64, 64Q1, wQw), chained and
#    packed, on the simulated T3D and Paragon: the simulated throughput
#    within 10% of `zplc model`'s figure; T3E: a stream of remote Gets with
#    8 E-registers in flight near 32.8 MB/s (10%), levelling off near 128
#    E-registers; stride-1 gets at half their asymptotic rate near 1 KB
#    (within a factor 1.5).
# 2. Determinism: every example twice per machine (4 PEs, native binding,
#    --stats): identical output, stats.sim.* lines included.
# 3. Every example on every machine and binding, 1, 4 and 16 PEs, prints
#    its .expected output (testsuite/e2e/sim/run-examples.sh).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
zplc=$build/bin/zplc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

echo "== 1. transfers: simulated vs model / docs/machines.md"
"$build/bin/zplsim-unit-tests" "[validate]" || status=1

echo "== 2. determinism: two runs per example and machine (4 PEs)"
for src in "$root"/examples/*.zpl; do
  name=$(basename "$src" .zpl)
  for machine in t3d t3e paragon; do
    "$zplc" "$src" --backend=sim --machine=$machine -o "$work/prog" || { status=1; continue; }
    "$work/prog" --pes=4 --stats > "$work/a"
    "$work/prog" --pes=4 --stats > "$work/b"
    t=$(sed -n 's/^stats.sim.time //p' "$work/a")
    if cmp -s "$work/a" "$work/b"; then
      printf "%-10s %-8s run 1 = run 2 (%d stats.sim lines, time %s s)\n" $name $machine \
        "$(grep -c '^stats.sim' "$work/a")" "$t"
    else
      printf "%-10s %-8s runs DIFFER\n" $name $machine
      status=1
    fi
  done
done

echo "== 3. every example, machine and binding on 1, 4 and 16 PEs: the .expected output"
for src in "$root"/examples/*.zpl; do
  name=$(basename "$src" .zpl)
  if bash "$root/testsuite/e2e/sim/run-examples.sh" "$zplc" "$root/examples" $name "$work/$name"; then
    printf "%-10s expected output on t3d (shmem, mpi), t3e (eregs, mpi), paragon (nx-isend, nx-csend, mpi)\n" $name
  else
    status=1
  fi
done
exit $status
