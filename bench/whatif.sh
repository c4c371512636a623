#!/usr/bin/env bash
# bench/whatif.sh: what if the machine were different? Sweeps of machine
# figures for a simulated program (issue 28; bench/whatif.py does the work
# and documents the options: bench/whatif.sh --help).
#
#   bench/whatif.sh [whatif.py options] PROGRAM.zpl [-- PROGRAM ARGS]
#   bench/whatif.sh                 the sweeps of docs/simulator.md
#
# With no arguments it runs, for each machine (t3d, t3e, paragon), Jacobi
# (n = 64, 20 iterations, 16 PEs) over network bandwidth x the memory
# system (1/8..8 x 1/4..4), and EM3D (1000 nodes, 10 iterations, 4 PEs)
# over the share of remote edges (0..80%) x network bandwidth (1/8..8),
# with chained against packed and the model's own pick; it writes
# docs/whatif/<program>-<sweep>-<machine>/{sweep.csv,summary.txt,sweep.png}
# and prints every summary line (about a minute).
#
# Environment: ZPLC=path (default <repo>/build/bin/zplc).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
export ZPLC=${ZPLC:-$repo/build/bin/zplc}

# The plots need matplotlib (bench/lib.sh installs it if missing); the
# sweeps need Python 3.11's tomllib.
. "$here/lib.sh"
py=$(matplotlib_python)

if [ $# -gt 0 ]; then
  exec $py "$here/whatif.py" "$@"
fi

out=$repo/docs/whatif
for machine in t3d t3e paragon; do
  $py "$here/whatif.py" --machine=$machine --pes=16 \
    --sweep=bandwidth:0.125:8:5 --sweep=memory:0.25:4:5 \
    --out="$out/jacobi-bandwidth-memory-$machine" \
    "$repo/examples/jacobi.zpl" -- --n=64 --maxit=20
  $py "$here/whatif.py" --machine=$machine --pes=4 \
    --sweep=--remote=0,10,20,40,80 --sweep=bandwidth:0.125:8:5 \
    --out="$out/em3d-remote-bandwidth-$machine" \
    "$repo/examples/em3d.zpl" -- --p=4 --iters=10
done
