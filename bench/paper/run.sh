#!/usr/bin/env bash
# bench/paper/run.sh: regenerates docs/paper/README.md and its PNG plots,
# the published figures of the copy-transfer model (Stricker & Gross) and
# of IRONMAN (Chamberlain, Choi & Snyder) next to ours, in one run.
#
#   make demo && bench/paper/run.sh        (or: make paper)
#
# Every figure comes from this run: the cost model (`zplc model`), the
# simulated T3D, T3E and Paragon (deterministic: the same numbers on every
# host), and one measurement of this host (the IRONMAN call overhead,
# section 5, which varies with the host and its load). The report program
# bench/paper/report.py turns the data into the README's tables and plots;
# each plot names the command that made it.
#
# Sections (data files in $PAPER_DATA, kept when it is set):
#   1. throughput.txt  one 4 MB transfer per pattern and strategy, simulated
#                      vs `zplc model` (zplsim-unit-tests "[validate]"),
#                      also the T3E E-register Get stream scan
#   2. nn8.csv         the bindings micro benchmark: nn8's eight-way
#                      exchange, 1000 iterations, 16 PEs, grids 1x16 .. 16x1,
#                      a b x b block per PE (b = PAPER_NN8_BLOCK, default 16)
#                      so every pair of neighbouring PEs exchanges the same
#                      volume on every grid
#   3. weak.csv        the IRONMAN benchmarks weak-scaled (per-PE sizes of
#                      the paper) on 1, 4, 16, 64 PEs, every binding
#   4. latency.csv     a one-word exchange between two PEs (T3D, T3E)
#   5. overhead.csv    the IRONMAN layer's own cost per call on this host
#
# Environment:
#   BUILD=dir            the build directory (default <repo>/build)
#   PAPER_OUT=dir        where README.md and the PNGs go (default docs/paper)
#   PAPER_DATA=dir       keep the raw data there
#   PAPER_PES="1 4 16 64"  the PE counts of the weak-scaling runs
set -euo pipefail
# Open MPI refuses to run as root without these (as the Makefile).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$root/build}
zplc=$build/bin/zplc
out=${PAPER_OUT:-$root/docs/paper}
pes_list=${PAPER_PES:-"1 4 16 64"}
block=${PAPER_NN8_BLOCK:-16}
if [ ! -x "$zplc" ] || [ ! -x "$build/bin/zplsim-unit-tests" ]; then
  echo "bench/paper/run.sh: $zplc or zplsim-unit-tests missing: run 'make demo' (or make build) first" >&2
  exit 1
fi
# The report needs matplotlib: Debian's python3-matplotlib (installed here
# if missing; only this script needs it, not make check).
py=python3
if ! $py -c 'import matplotlib' 2>/dev/null; then
  py=/usr/bin/python3
  if ! $py -c 'import matplotlib' 2>/dev/null; then
    echo "bench/paper/run.sh: installing python3-matplotlib" >&2
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get install -y python3-matplotlib > /dev/null ||
      { $sudo apt-get update > /dev/null && $sudo apt-get install -y python3-matplotlib > /dev/null; }
  fi
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
data=${PAPER_DATA:-$work/data}
mkdir -p "$data" "$out"
started=$(date +%s)

# ---- 0. what ran, where ----------------------------------------------------
{
  echo "commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "date $(date -u +%Y-%m-%d)"
  echo "host $(uname -m), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "nn8_block $block"
} > "$data/meta.txt"

# ---- 1. transfers: simulated vs model, and the E-register Get stream ------
echo "== 1. transfers (zplsim-unit-tests [validate])"
"$build/bin/zplsim-unit-tests" "[validate]" > "$data/throughput.txt" || {
  cat "$data/throughput.txt" >&2; exit 1; }
for machine in t3d paragon; do
  for q in 1Q1 1Q64 64Q1 wQw 1Qw wQ1; do
    echo "# $machine $q"
    "$zplc" model --machine=$machine --pattern=$q
  done
done > "$data/model.txt"

# ---- helpers ----------------------------------------------------------------
# compile SRC for MACHINE's simulator (or the serial back end) into NAME
compile() { # name src machine|serial
  if [ "$3" = serial ]; then
    "$zplc" "$2" --backend=serial -o "$work/$1"
  else
    "$zplc" "$2" --backend=sim --machine=$3 -o "$work/$1"
  fi
}
# stats of one simulated run as CSV fields: time,comm,wait,compute,messages,bytes
stats_csv() {
  awk '$1=="stats.sim.time"{t=$2} $1=="stats.sim.comm"{c=$2} $1=="stats.sim.wait"{w=$2}
       $1=="stats.sim.compute"{p=$2} $1=="stats.messages"{m=$2} $1=="stats.bytes"{b=$2}
       END{printf "%s,%s,%s,%s,%s,%s", t, c, w, p, m, b}' "$1"
}
# the program's own output (no statistics)
body() { grep -v '^stats' "$1"; }

# ---- 2. the bindings micro benchmark ----------------------------------------
echo "== 2. nn8 micro benchmark: 16 PEs, ${block}x$block per PE, 1000 iterations"
nn8=$root/bench/paper/nn8pair.zpl
compile nn8.serial "$nn8" serial
compile nn8.t3d "$nn8" t3d
compile nn8.paragon "$nn8" paragon
echo "machine,binding,grid,rows,cols,time,comm,wait,compute,messages,bytes,check" > "$data/nn8.csv"
for grid in 1x16 2x8 4x4 8x2 16x1; do
  p=${grid%x*}; q=${grid#*x}
  rows=$((p * block)); cols=$((q * block))
  args=(--rows=$rows --cols=$cols --iters=1000)
  "$work/nn8.serial" "${args[@]}" > "$work/nn8.ref"
  for mb in t3d:shmem t3d:mpi paragon:nx-isend paragon:nx-csend paragon:mpi; do
    machine=${mb%%:*}; binding=${mb#*:}
    "$work/nn8.$machine" --pes=16 --grid=$grid --binding=$binding --stats "${args[@]}" > "$work/run"
    check=serial
    body "$work/run" | cmp -s - "$work/nn8.ref" || check=WRONG
    echo "$machine,$binding,$grid,$rows,$cols,$(stats_csv "$work/run"),$check" >> "$data/nn8.csv"
  done
  printf "  %-5s done\n" $grid
done
# the square case against the independent reference
sq=$((4 * block))
"$work/nn8.serial" --rows=$sq --cols=$sq --iters=1000 > "$work/nn8.sq"
if python3 "$root/examples/reference/nn8.py" --n=$sq --iters=1000 | cmp -s - "$work/nn8.sq"; then
  echo "nn8_reference ok n=$sq" >> "$data/meta.txt"
else
  echo "nn8_reference DIFFERS n=$sq" >> "$data/meta.txt"
fi

# ---- 3. the IRONMAN benchmarks, weak-scaled ---------------------------------
# Per-PE sizes of Chamberlain, Choi & Snyder (Fig. 7); the global problem is
# the per-PE block times the PE grid (square grids), a fixed iteration count
# (the same as bench/paper/apps.sh): CANNON its n rounds, JACOBI 100
# iterations, SIMPLE 10 time steps, SWM 20, TOMCATV 20 (--eps=0: no early
# stop).
echo "== 3. weak scaling: PEs $pes_list"
bench_args() { # bench side -> program options for a side x side grid of PEs
  local s=$2
  case $1 in
    cannon)  echo "--n=$((128 * s))" ;;
    jacobi)  echo "--n=$((256 * s)) --maxit=100" ;;
    simple)  echo "--m=$((32 * s)) --n=$((32 * s)) --steps=10" ;;
    swm)     echo "--m=$((64 * s)) --n=$((64 * s)) --itmax=20" ;;
    tomcatv) echo "--m=$((16 * s)) --n=$((16 * s)) --itmax=20 --eps=0" ;;
  esac
}
echo "bench,pes,machine,binding,args,time,comm,wait,compute,messages,bytes,check" > "$data/weak.csv"
for bench in cannon jacobi simple swm tomcatv; do
  src=$root/examples/$bench.zpl
  compile $bench.serial "$src" serial
  compile $bench.t3d "$src" t3d
  compile $bench.paragon "$src" paragon
  for pes in $pes_list; do
    side=$(awk -v p=$pes 'BEGIN{printf "%d", sqrt(p) + 0.5}')
    read -r -a args <<< "$(bench_args $bench $side)"
    "$work/$bench.serial" "${args[@]}" > "$work/ref"
    for mb in t3d:shmem t3d:mpi paragon:nx-isend paragon:nx-csend paragon:mpi; do
      machine=${mb%%:*}; binding=${mb#*:}
      "$work/$bench.$machine" --pes=$pes --grid=${side}x$side --binding=$binding --stats "${args[@]}" > "$work/run"
      check=serial
      body "$work/run" | cmp -s - "$work/ref" || check=WRONG
      echo "$bench,$pes,$machine,$binding,${args[*]},$(stats_csv "$work/run"),$check" >> "$data/weak.csv"
    done
    printf "  %-8s %3d PEs done (%ds)\n" $bench $pes $(( $(date +%s) - started ))
  done
done

# ---- 4. one-word exchange latency, T3D vs T3E --------------------------------
echo "== 4. latency probe"
probe=$root/bench/paper/latency.zpl
echo "machine,binding,iters,time,comm,wait,compute,messages,bytes" > "$data/latency.csv"
for mb in t3d:shmem t3e:eregs t3d:mpi t3e:mpi; do
  machine=${mb%%:*}; binding=${mb#*:}
  [ -x "$work/latency.$machine" ] || compile latency.$machine "$probe" $machine
  for n in 1000 2000; do
    "$work/latency.$machine" --pes=2 --grid=1x2 --binding=$binding --iters=$n --stats > "$work/run"
    echo "$machine,$binding,$n,$(stats_csv "$work/run")" >> "$data/latency.csv"
  done
done

# ---- 5. the IRONMAN layer's overhead on this host ----------------------------
# overhead.zpl compiled for the MPI back end, run as one process with every
# MPI call stubbed out (mpi_stub.c, LD_PRELOAD): one million one-element
# transfers; per role the CPU time per iteration, median of 3 interleaved
# runs, minus the same loop without a shift (mode 0).
echo "== 5. IRONMAN call overhead (this host, MPI stubbed out)"
mpicc -O2 -shared -fPIC -o "$work/libmpistub.so" "$root/bench/paper/mpi_stub.c"
"$zplc" "$root/bench/paper/overhead.zpl" --backend=mpi -o "$work/overhead"
n_ovh=${PAPER_OVERHEAD_ITERS:-1000000}
# CPU time (user + system) of the process: on a loaded shared host the wall
# time mostly measures the other processes.
ovh_run() { # role rank size cols grid mode -> "role nanoseconds"
  local TIMEFORMAT='%3U %3S' t
  t=$( { time ZPL_STUB_RANK=$2 ZPL_STUB_SIZE=$3 LD_PRELOAD="$work/libmpistub.so" \
    "$work/overhead" --cols=$4 --grid=$5 --mode=$6 --iters=$n_ovh > /dev/null; } 2>&1 )
  echo "$1 $(awk -v t="$t" 'BEGIN{split(t, a, " "); printf "%.0f", (a[1] + a[2]) * 1e9}')"
}
: > "$work/ovh.raw"
for rep in 1 2 3; do
  for cfg in "baseline 0 2 2 1x2 0" "sender 1 2 2 1x2 1" "receiver 0 2 2 1x2 1" \
             "both 1 3 3 1x3 1" "neither 0 2 2 2x1 1"; do
    ovh_run $cfg >> "$work/ovh.raw"
  done
done
awk -v n=$n_ovh '{v[$1] = v[$1] " " $2}
  END { print "role,ns_per_iteration,ns_per_transfer";
        split("baseline sender receiver both neither", roles, " ");
        for (i = 1; i <= 5; i++) { r = roles[i]; k = split(substr(v[r], 2), a, " ");
          # median of the three
          for (x = 1; x <= k; x++) for (y = x + 1; y <= k; y++) if (a[y] < a[x]) { t = a[x]; a[x] = a[y]; a[y] = t }
          med[r] = a[int((k + 1) / 2)] / n }
        for (i = 1; i <= 5; i++) { r = roles[i];
          printf "%s,%.1f,%.1f\n", r, med[r], (r == "baseline") ? 0 : med[r] - med["baseline"] } }' \
  "$work/ovh.raw" > "$data/overhead.csv"
echo "overhead_load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$data/meta.txt"
# the benchmarks on this host (MPI, 4 ranks, their 4-PE weak size): run
# time and transfers per PE, for the overhead's share of each
echo "bench,pes,transfers,total_seconds" > "$data/host-runs.csv"
for bench in cannon jacobi simple swm tomcatv; do
  "$zplc" "$root/examples/$bench.zpl" --backend=mpi -o "$work/$bench.mpi"
  read -r -a args <<< "$(bench_args $bench 2)"
  mpirun -np 4 --oversubscribe "$work/$bench.mpi" --grid=2x2 --stats "${args[@]}" > "$work/run"
  awk -v b=$bench '$1=="stats.transfers"{t=$2} $1=="stats.total_seconds"{s=$2}
       END{printf "%s,4,%s,%s\n", b, t, s}' "$work/run" >> "$data/host-runs.csv"
done

# ---- the report ---------------------------------------------------------------
echo "elapsed $(( $(date +%s) - started ))" >> "$data/meta.txt"
$py "$root/bench/paper/report.py" "$data" "$out"
echo "wrote $out/README.md ($(( $(date +%s) - started )) s)"
