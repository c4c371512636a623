#!/usr/bin/env bash
# bench/run.sh: time zplc-compiled programs against hand-written C+MPI.
#
#   bench/run.sh jacobi
#
# For each rank count, runs the zplc program and the hand-written one
# alternately RUNS times under mpirun, checks that they print the same
# output, and prints one line per rank count:
#   jacobi np=2  zplc 1.234s  hand 1.200s  ratio 1.03
# (median wall time of the mpirun command, measured with a monotonic clock;
# ratio = zplc / hand, lower is better, 1.00 = as fast as hand-written).
#
# Environment overrides:
#   ZPLC=path        the compiler (default: <repo>/build/bin/zplc)
#   MPIRUN=path      mpirun (default: mpirun)
#   MPIRUN_FLAGS=..  extra mpirun flags (default: --oversubscribe)
#   MPICC=path       compiler for the hand-written program (default: mpicc)
#   BENCH_NP="2 4"   rank counts
#   BENCH_RUNS=5     runs per program and rank count
#   BENCH_ARGS=..    program arguments (default for jacobi: --n=1024 --maxit=200)
#   BENCH_BUILD=dir  where the hand-written binaries are cached
#                    (default: ${TMPDIR:-/tmp}/zplc-bench-<uid>)
set -euo pipefail

usage() {
  echo "usage: $0 BENCHMARK" >&2
  echo "benchmarks: jacobi" >&2
  exit 2
}

[[ $# -eq 1 ]] || usage
name=$1
case "$name" in
  jacobi)
    zpl_src=examples/jacobi.zpl
    hand_src=bench/jacobi/jacobi_mpi.c
    default_args="--n=1024 --maxit=200"
    ;;
  *)
    echo "$0: unknown benchmark '$name'" >&2
    usage
    ;;
esac

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
cd "$repo"

ZPLC=${ZPLC:-$repo/build/bin/zplc}
MPIRUN=${MPIRUN:-mpirun}
MPIRUN_FLAGS=${MPIRUN_FLAGS:---oversubscribe}
MPICC=${MPICC:-mpicc}
BENCH_NP=${BENCH_NP:-"2 4"}
BENCH_RUNS=${BENCH_RUNS:-5}
BENCH_ARGS=${BENCH_ARGS:-$default_args}
BENCH_BUILD=${BENCH_BUILD:-${TMPDIR:-/tmp}/zplc-bench-$(id -u)}

# Open MPI refuses to run as root without these.
if [[ $(id -u) -eq 0 ]]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi

command -v python3 >/dev/null || { echo "$0: python3 is needed for timing" >&2; exit 1; }
command -v "$MPIRUN" >/dev/null || { echo "$0: $MPIRUN not found" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/zplc-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# ---- build ---------------------------------------------------------------
mkdir -p "$BENCH_BUILD"
hand_bin=$BENCH_BUILD/${name}_mpi
if [[ ! -x $hand_bin || $hand_src -nt $hand_bin ]]; then
  echo "building $hand_src" >&2
  "$MPICC" -O3 -std=c11 -Wall -Werror -o "$hand_bin" "$hand_src" -lm
fi

if [[ ! -x $ZPLC ]]; then
  echo "$0: zplc not found at $ZPLC (build it, or set ZPLC=...)" >&2
  exit 1
fi
zpl_bin=$tmp/${name}_zpl
echo "compiling $zpl_src" >&2
"$ZPLC" "$zpl_src" --backend=mpi -O2 -o "$zpl_bin"

# ---- run -----------------------------------------------------------------
# timed OUTFILE CMD...: runs CMD with stdout to OUTFILE (stderr passes
# through), prints the elapsed seconds; fails if CMD fails.
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

read -r -a args <<<"$BENCH_ARGS"
read -r -a mpiflags <<<"$MPIRUN_FLAGS"
status=0
for np in $BENCH_NP; do
  zt=() ht=()
  for ((r = 1; r <= BENCH_RUNS; r++)); do
    # Alternate which program goes first, so slow drifts hit both alike.
    if ((r % 2)); then order="zplc hand"; else order="hand zplc"; fi
    for who in $order; do
      if [[ $who == zplc ]]; then bin=$zpl_bin; else bin=$hand_bin; fi
      t=$(timed "$tmp/$who.$np.$r.out" "$MPIRUN" "${mpiflags[@]}" -np "$np" "$bin" "${args[@]}")
      if [[ $who == zplc ]]; then zt+=("$t"); else ht+=("$t"); fi
    done
    for who in zplc hand; do
      if ! cmp -s "$tmp/$who.$np.$r.out" "$tmp/hand.$np.1.out"; then
        echo "$name np=$np: OUTPUT MISMATCH ($who run $r vs hand run 1):" >&2
        diff "$tmp/hand.$np.1.out" "$tmp/$who.$np.$r.out" >&2 || true
        status=1
      fi
    done
  done
  zm=$(median "${zt[@]}")
  hm=$(median "${ht[@]}")
  awk -v n="$name" -v np="$np" -v z="$zm" -v h="$hm" \
    'BEGIN { printf "%s np=%-2s zplc %.3fs  hand %.3fs  ratio %.2f\n", n, np, z, h, z / h }'
done
exit $status
