#!/usr/bin/env bash
# bench/opt.sh: what the communication optimisations (-O2: redundancy
# removal, combining, pipelining) change, against -O0, on MPI.
#
#   bench/opt.sh [PROGRAM ...]      (default: jacobi swm tomcatv simple nn8)
#
# For each program (examples/NAME.zpl at the size below), compiles it at
# -O0 and at -O2 (--backend=mpi), runs each once with --stats to read
# stats.messages and stats.bytes (summed over all ranks) and divides them
# by the iteration count, which the program prints (see iterations_of);
# then runs the two binaries RUNS times each, alternating which goes
# first, checks that every run prints the same output, and prints the
# median wall time of each and the ratio -O2/-O0 (below 1: -O2 is faster).
#
# Environment overrides:
#   ZPLC=path        the compiler (default: <repo>/build/bin/zplc)
#   MPIRUN=path      mpirun (default: mpirun)
#   MPIRUN_FLAGS=..  extra mpirun flags (default: --oversubscribe)
#   BENCH_NP=4       ranks
#   BENCH_RUNS=5     timed runs per program and level
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
cd "$repo"

ZPLC=${ZPLC:-$repo/build/bin/zplc}
MPIRUN=${MPIRUN:-mpirun}
MPIRUN_FLAGS=${MPIRUN_FLAGS:---oversubscribe}
BENCH_NP=${BENCH_NP:-4}
BENCH_RUNS=${BENCH_RUNS:-5}

# Benchmark sizes: 0.5 to 2 s per run on 4 ranks of the 2-core development
# machine, so that starting mpirun (about 0.05 s) is a small part. (simple
# stops itself with "the mesh is tangled" after step 384 at this size.)
args_of() {
  case "$1" in
    jacobi) echo "--n=512 --maxit=4000" ;;
    swm) echo "--m=256 --n=256 --itmax=2000" ;;
    tomcatv) echo "--m=257 --n=257 --itmax=400" ;;
    simple) echo "--m=128 --n=128 --steps=350" ;;
    nn8) echo "--n=256 --iters=20000" ;;
    *) return 1 ;;
  esac
}

# The number of iterations a run made, from its output: the count jacobi
# and nn8 print, one line per time step (swm's "cycle", simple's "step")
# or per iteration (tomcatv, which may stop early when converged).
iterations_of() {
  local name=$1 out=$2
  case "$name" in
    jacobi) sed -n 's/^iterations: \([0-9]*\).*/\1/p' "$out" ;;
    nn8) sed -n 's/.*iterations = \([0-9]*\).*/\1/p' "$out" ;;
    swm) grep -c '^cycle [0-9]' "$out" ;;
    tomcatv) grep -c '^iteration [0-9]' "$out" ;;
    simple) grep -c '^step [0-9]' "$out" ;;
  esac
}

if [[ $(id -u) -eq 0 ]]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
command -v python3 >/dev/null || { echo "$0: python3 is needed for timing" >&2; exit 1; }
command -v "$MPIRUN" >/dev/null || { echo "$0: $MPIRUN not found" >&2; exit 1; }
[[ -x $ZPLC ]] || { echo "$0: zplc not found at $ZPLC (build it, or set ZPLC=...)" >&2; exit 1; }

programs=("$@")
((${#programs[@]})) || programs=(jacobi swm tomcatv simple nn8)
for name in "${programs[@]}"; do
  args_of "$name" >/dev/null || { echo "$0: unknown program '$name'" >&2; exit 2; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/zplc-opt.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
read -r -a mpiflags <<<"$MPIRUN_FLAGS"

# timed OUTFILE CMD...: runs CMD with stdout to OUTFILE, prints the elapsed
# seconds (monotonic clock); fails if CMD fails.
timed() {
  python3 - "$@" <<'PY'
import subprocess, sys, time
out, cmd = sys.argv[1], sys.argv[2:]
with open(out, "w") as f:
    t0 = time.monotonic()
    rc = subprocess.run(cmd, stdout=f).returncode
    t1 = time.monotonic()
if rc != 0:
    sys.stderr.write("command failed (status %d): %s\n" % (rc, " ".join(cmd)))
    sys.exit(1)
print("%.6f" % (t1 - t0))
PY
}

median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
stat_of() { sed -n "s/^stats\.$1 \([0-9]*\)$/\1/p" "$2"; }

echo "# bench/opt.sh: $BENCH_NP ranks, median of $BENCH_RUNS runs," \
     "load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %-28s %6s %9s %9s %11s %11s %8s %8s %6s\n' program arguments iters \
  msg/it-O0 msg/it-O2 bytes/it-O0 bytes/it-O2 time-O0 time-O2 ratio
status=0
for name in "${programs[@]}"; do
  read -r -a args <<<"$(args_of "$name")"
  for level in 0 2; do
    "$ZPLC" "examples/$name.zpl" --backend=mpi -O$level -o "$tmp/$name.O$level"
    "$MPIRUN" "${mpiflags[@]}" -np "$BENCH_NP" "$tmp/$name.O$level" "${args[@]}" --stats \
      >"$tmp/$name.O$level.stats"
  done
  iters=$(iterations_of "$name" "$tmp/$name.O0.stats")
  if [[ $iters != "$(iterations_of "$name" "$tmp/$name.O2.stats")" || -z $iters || $iters -eq 0 ]]; then
    echo "$name: no iteration count, or different ones at -O0 and -O2" >&2
    status=1
    continue
  fi
  t0=() t2=()
  for ((r = 1; r <= BENCH_RUNS; r++)); do
    if ((r % 2)); then order="0 2"; else order="2 0"; fi
    for level in $order; do
      t=$(timed "$tmp/$name.O$level.$r.out" "$MPIRUN" "${mpiflags[@]}" -np "$BENCH_NP" \
            "$tmp/$name.O$level" "${args[@]}")
      if [[ $level == 0 ]]; then t0+=("$t"); else t2+=("$t"); fi
      if ! cmp -s "$tmp/$name.O$level.$r.out" "$tmp/$name.O0.1.out"; then
        echo "$name: OUTPUT MISMATCH (-O$level run $r vs -O0 run 1):" >&2
        diff "$tmp/$name.O0.1.out" "$tmp/$name.O$level.$r.out" >&2 || true
        status=1
      fi
    done
  done
  awk -v n="$name" -v a="${args[*]}" -v it="$iters" \
      -v m0="$(stat_of messages "$tmp/$name.O0.stats")" -v m2="$(stat_of messages "$tmp/$name.O2.stats")" \
      -v b0="$(stat_of bytes "$tmp/$name.O0.stats")" -v b2="$(stat_of bytes "$tmp/$name.O2.stats")" \
      -v s0="$(median "${t0[@]}")" -v s2="$(median "${t2[@]}")" \
      'BEGIN { printf "%-8s %-28s %6d %9.1f %9.1f %11.0f %11.0f %7.3fs %7.3fs %6.2f\n",
               n, a, it, m0 / it, m2 / it, b0 / it, b2 / it, s0, s2, s2 / s0 }'
done
exit $status
