#!/usr/bin/env bash
# bench/overlap.sh: what overlapping the interior with the halo transfers
# (zpl-overlap-halos, on at -O2) changes on real MPI, against -O2 without
# it (--overlap=false), over shared memory and over TCP.
#
#   bench/overlap.sh [PROGRAM ...]      (default: jacobi nn8)
#
# For each program (examples/NAME.zpl at the size below) and each
# transport (shm: Open MPI's default, shared memory between the ranks;
# tcp: --mca btl tcp,self, every message through the loopback TCP stack),
# runs the two binaries BENCH_RUNS times each on BENCH_NP ranks, in the
# order A B B A A B ..., checks that every run prints the same output, and
# prints the median of the program's own time (--stats:
# stats.total_seconds, the ZPL main on rank 0) and of the wall time of the
# mpirun command, and the ratio overlap/whole (below 1: the overlap is
# faster). The load average is printed before and after: the machine may
# be shared, so read the figures with it.
#
# Environment overrides:
#   ZPLC=path        the compiler (default: <repo>/build/bin/zplc)
#   MPIRUN=path      mpirun (default: mpirun)
#   BENCH_NP=2       ranks
#   BENCH_RUNS=7     timed runs per binary, program and transport
#   BENCH_NICE=0     run every timed command under nice -n BENCH_NICE
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
cd "$repo"

ZPLC=${ZPLC:-$repo/build/bin/zplc}
MPIRUN=${MPIRUN:-mpirun}
BENCH_NP=${BENCH_NP:-2}
BENCH_RUNS=${BENCH_RUNS:-7}
BENCH_NICE=${BENCH_NICE:-0}

if [[ $(id -u) -eq 0 ]]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
command -v python3 >/dev/null || { echo "$0: python3 is needed for timing" >&2; exit 1; }
[[ -x $ZPLC ]] || { echo "$0: zplc not found at $ZPLC (build it, or set ZPLC=...)" >&2; exit 1; }

# Sizes: a few hundred ms per run on 2 ranks, halos of a few KB per
# message, as in issue 12's measurements.
args_of() {
  case "$1" in
    jacobi) echo "--n=1024 --maxit=200" ;;
    nn8) echo "--n=1024 --iters=200" ;;
    *) return 1 ;;
  esac
}

transport_flags() {
  case "$1" in
    shm) echo "" ;;
    tcp) echo "--mca btl tcp,self" ;;
  esac
}

programs=("$@")
[[ ${#programs[@]} -gt 0 ]] || programs=(jacobi nn8)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/zplc-overlap.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# run1 BIN TRANSPORT ARGS OUT: one run; prints "program_seconds wall_seconds"
# and leaves the output without the stats lines in OUT.
run1() {
  local bin=$1 transport=$2 args=$3 out=$4
  # shellcheck disable=SC2086
  python3 - "$out" nice -n "$BENCH_NICE" "$MPIRUN" --oversubscribe \
      $(transport_flags "$transport") -np "$BENCH_NP" "$bin" $args --stats <<'PY'
import subprocess, sys, time
out, cmd = sys.argv[1], sys.argv[2:]
t0 = time.monotonic()
p = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
wall = time.monotonic() - t0
if p.returncode != 0:
    sys.exit("failed: " + " ".join(cmd))
lines = p.stdout.splitlines(keepends=True)
stats = {l.split()[0]: l.split()[1] for l in lines if l.startswith("stats.")}
open(out, "w").write("".join(l for l in lines if not l.startswith("stats.")))
print("%.6f %.6f" % (float(stats["stats.total_seconds"]), wall))
PY
}

median() { python3 -c 'import statistics, sys; print("%.4f" % statistics.median(map(float, sys.argv[1:])))' "$@"; }

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-7s %-22s %-4s %3s %12s %12s %9s %12s %12s %9s\n' program arguments via np \
  whole_s overlap_s ratio whole_wall overlap_wall ratio
for name in "${programs[@]}"; do
  args=$(args_of "$name") || { echo "$0: unknown program '$name'" >&2; exit 2; }
  "$ZPLC" "examples/$name.zpl" --backend=mpi -O2 --overlap=false -o "$tmp/$name.whole"
  "$ZPLC" "examples/$name.zpl" --backend=mpi -O2 -o "$tmp/$name.overlap"
  for transport in shm tcp; do
    declare -A prog=() wall=()
    for ((i = 0; i < BENCH_RUNS; ++i)); do
      if ((i % 2 == 0)); then order=(whole overlap); else order=(overlap whole); fi
      for v in "${order[@]}"; do
        read -r p w < <(run1 "$tmp/$name.$v" "$transport" "$args" "$tmp/out.$v")
        prog[$v]+="$p "
        wall[$v]+="$w "
      done
      cmp -s "$tmp/out.whole" "$tmp/out.overlap" || {
        echo "$0: $name prints different output with and without overlap" >&2
        exit 1
      }
    done
    # shellcheck disable=SC2086
    pw=$(median ${prog[whole]}); po=$(median ${prog[overlap]})
    # shellcheck disable=SC2086
    ww=$(median ${wall[whole]}); wo=$(median ${wall[overlap]})
    printf '%-7s %-22s %-4s %3s %12s %12s %9.3f %12s %12s %9.3f\n' "$name" "$args" \
      "$transport" "$BENCH_NP" "$pw" "$po" "$(python3 -c "print($po / $pw)")" \
      "$ww" "$wo" "$(python3 -c "print($wo / $ww)")"
    unset prog wall
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
