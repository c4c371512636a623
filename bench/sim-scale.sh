#!/usr/bin/env bash
# bench/sim-scale.sh: host time and memory of the simulator against the
# number of simulated PEs (issue 13 section 4).
#
#   bench/sim-scale.sh [PES...]     (default: 1 4 16 64 256 1024 2048 4096)
#
# Runs examples/jacobi.zpl weak scaled on the simulated T3D (shmem): about
# 256 x 256 elements per PE (n = round(256 x sqrt(PEs)); 2048 PEs, not a
# square, make a 32x64 grid of 362 x 181 blocks), 100 iterations
# (--maxit=100), compiled at the default -O2. For each PE count it prints
# the host's elapsed, user and system seconds and the peak resident memory
# (/usr/bin/time), the simulator's events and the virtual run time, and
# the load average before the run (the machine is shared: elapsed time
# counts only when the load is below the core count). Every run must
# print the independent reference's output (examples/reference/jacobi.c)
# for its n.
#
# Environment: ZPLC (default <repo>/build/bin/zplc), MAXIT (default 100).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
zplc=${ZPLC:-$root/build/bin/zplc}
maxit=${MAXIT:-100}
pes_list=("$@")
[ ${#pes_list[@]} -gt 0 ] || pes_list=(1 4 16 64 256 1024 2048 4096)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$zplc" "$root/examples/jacobi.zpl" --backend=sim --machine=t3d -o "$work/jacobi"
cc -O2 -std=c11 -ffp-contract=off -o "$work/reference" "$root/examples/reference/jacobi.c" -lm

printf "%6s %6s %10s %9s %8s %9s %10s %12s %11s %6s\n" PEs n "elapsed(s)" "user(s)" "sys(s)" \
  "RSS(MB)" "MB/PE" events "virtual(s)" load
for pes in "${pes_list[@]}"; do
  n=$(awk -v p="$pes" 'BEGIN{printf "%d", 256 * sqrt(p) + 0.5}')
  load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" \
    "$work/jacobi" --pes="$pes" --n="$n" --maxit="$maxit" --stats > "$work/out"
  "$work/reference" --n="$n" --maxit="$maxit" > "$work/ref"
  if ! diff -q <(grep -v '^stats' "$work/out") "$work/ref" > /dev/null; then
    echo "sim-scale.sh: $pes PEs, n = $n: output differs from the reference" >&2
    exit 1
  fi
  read -r elapsed user sys rss < "$work/time"
  events=$(awk '$1 == "stats.sim.events" {print $2}' "$work/out")
  virtual=$(awk '$1 == "stats.sim.time" {print $2}' "$work/out")
  printf "%6d %6d %10.2f %9.2f %8.2f %9.0f %10.2f %12d %11.4f %6s\n" "$pes" "$n" "$elapsed" \
    "$user" "$sys" "$(awk -v k="$rss" 'BEGIN{print k / 1024}')" \
    "$(awk -v k="$rss" -v p="$pes" 'BEGIN{print k / 1024 / p}')" "$events" "$virtual" "$load"
done
