#!/usr/bin/env bash
# bench/sim-speed.sh: how fast the simulator runs on this host.
#
#   bench/sim-speed.sh
#
# Runs examples/nn8.zpl with 1000 iterations (its default) on 64 simulated
# PEs of each machine with its native binding, and prints the host's wall
# time, the simulated events (stats.sim.events: every clock advance,
# message, flag and context switch the simulator handles) and the events
# per host second. The goal is under 30 s per run on the 2-core
# development machine; the script fails if a run takes longer.
#
# Environment overrides:
#   ZPLC=path        the compiler (default: <repo>/build/bin/zplc)
#   SIM_PES=N        simulated PEs (default 64)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
zplc=${ZPLC:-$root/build/bin/zplc}
pes=${SIM_PES:-64}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
printf "%-8s %-9s %10s %12s %14s %12s\n" machine binding "host (s)" events "events/s" "virtual (s)"
for machine in t3d t3e paragon; do
  "$zplc" "$root/examples/nn8.zpl" --backend=sim --machine=$machine -o "$work/nn8"
  start=$(date +%s.%N)
  "$work/nn8" --pes=$pes --stats > "$work/out"
  end=$(date +%s.%N)
  grep -v '^stats' "$work/out" | diff -q - "$root/examples/nn8.expected" > /dev/null ||
    { echo "nn8 on $machine: wrong output" >&2; status=1; }
  awk -v s="$start" -v e="$end" -v m=$machine '
    /^stats.sim.binding /{b=$2} /^stats.sim.events /{n=$2} /^stats.sim.time /{v=$2}
    END{w=e-s; printf "%-8s %-9s %10.2f %12d %14.0f %12.6f\n", m, b, w, n, n/w, v; exit (w >= 30)}' \
    "$work/out" || { echo "nn8 on $machine took 30 s or more" >&2; status=1; }
done
exit $status
