#!/usr/bin/env bash
# bench/paper/run.sh: regenerates docs/paper/README.md and its PNG plots,
# the published figures of the copy-transfer model (Stricker & Gross) and
# of IRONMAN (Chamberlain, Choi & Snyder) next to ours, in one run.
#
#   make demo && bench/paper/run.sh        (or: make paper)
#   bench/paper/run.sh --only=sg --out=DIR  section 8 alone: DIR/predictions.csv
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
#                      the paper) on 1, 4, 16, 64 and 256 PEs (CANNON up to
#                      64: its work per PE grows with sqrt(PEs), 256 PEs
#                      would take hours of host time), every binding, each
#                      output checked against the example's independent
#                      reference (examples/reference/)
#      needs.csv       3c: each weak-scaling run outside its published range
#                      run again with MPI's per-message library work changed
#                      by what report.py --needs says would bring it inside
#      whatif.csv      the same benchmarks on 16 PEs with the MPI binding of
#                      a machine file whose MPI library work is zero: how
#                      much of the native bindings' gain those costs are
#   4. latency.csv     a one-word exchange between two PEs (T3D, T3E)
#   5. overhead.csv    the IRONMAN layer's own cost per call on this host
#   6. timeline.json   the simulator's --trace of a few iterations of nn8 on
#                      4 PEs (the annotated timeline)
#   7. model-predictions.txt, chong-*/sweep.csv
#                      model estimates for patterns tables 1-4 do not
#                      measure, EM3D under network bandwidth and latency
#                      sweeps (bench/whatif.py): predictions of report.py
#      predictions.csv (optional) rows of further predictions, ready made
#                      (report.py reads it when present)
#   8. sg-runs.csv     Stricker & Gross's withheld measurements (Tables 5
#                      and 6) predicted by the simulator; also
#                      $PAPER_OUT/predictions.csv (bench/paper/sg.sh)
#
# Options: --only=sg runs section 8 alone (no report); --out=DIR is
# PAPER_OUT.
#
# Environment:
#   BUILD=dir            the build directory (default <repo>/build)
#   ZPLC=path            the compiler (default $BUILD/bin/zplc)
#   PAPER_OUT=dir        where README.md and the PNGs go (default docs/paper)
#   PAPER_DATA=dir       keep the raw data there
#   PAPER_PES="1 4 16 64 256"  the PE counts of the weak-scaling runs
#                        (squares)
#   PAPER_CANNON_MAX_PES=64  the largest PE count CANNON runs on
#   REF_MAX_N=256        CANNON's reference is pure Python (minutes at
#                        n = 512 on a loaded host): larger CANNON runs are
#                        checked against the serial back end only
set -euo pipefail
# Open MPI refuses to run as root without these (as the Makefile).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$root/build}
zplc=${ZPLC:-$build/bin/zplc}
out=${PAPER_OUT:-$root/docs/paper}
only=all
for arg in "$@"; do
  case $arg in
    --only=sg) only=sg ;;
    --out=?*) out=${arg#--out=} ;;
    *) echo "bench/paper/run.sh: unknown argument '$arg' (expected --only=sg or --out=DIR)" >&2
       exit 2 ;;
  esac
done
pes_list=${PAPER_PES:-"1 4 16 64 256"}
ref_max_n=${REF_MAX_N:-256}
cannon_max_pes=${PAPER_CANNON_MAX_PES:-64}
block=${PAPER_NN8_BLOCK:-16}
if [ ! -x "$zplc" ] || { [ $only = all ] && [ ! -x "$build/bin/zplsim-unit-tests" ]; }; then
  echo "bench/paper/run.sh: $zplc or zplsim-unit-tests missing: run 'make demo' (or make build) first" >&2
  exit 1
fi
# The report needs matplotlib (bench/lib.sh installs it if missing);
# section 8 alone writes no report.
. "$root/bench/lib.sh"
[ $only = sg ] || py=$(matplotlib_python)
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

# ---- 8. Stricker & Gross's measurements, predicted (alone with --only=sg) ----
. "$root/bench/paper/sg.sh"
if [ $only = sg ]; then
  sg_predictions
  echo "wrote $out/predictions.csv ($(( $(date +%s) - started )) s)"
  exit 0
fi

# ---- 1. transfers: simulated vs model, and the E-register Get stream ------
echo "== 1. transfers (zplsim-unit-tests [validate])"
"$build/bin/zplsim-unit-tests" "[validate]" > "$data/throughput.txt" || {
  cat "$data/throughput.txt" >&2; exit 1; }
for machine in t3d paragon; do
  for q in 1Q1 1Q64 64Q1 wQw 1Qw wQ1 64Q64; do
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
# the IRONMAN transfers of a run and the seconds of the IRONMAN layer's own
# code, each summed over its PEs, as CSV fields: transfers,layer
ironman_csv() {
  awk '$1=="stats.transfers"{t=$2} $1=="stats.sim.ironman_layer"{l=$2}
       END{printf "%d,%s", t, l}' "$1"
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

# ---- 2b. the annotated timeline ----------------------------------------------
# A few iterations of the same exchange on 4 PEs (2x2 grid, the same block)
# on the simulated T3D, traced: report.py draws it from the trace.
timeline_iters=${PAPER_TIMELINE_ITERS:-3}
timeline_args=(--pes=4 --grid=2x2 --binding=shmem --rows=$((2 * block)) --cols=$((2 * block)) --iters=$timeline_iters)
"$work/nn8.t3d" "${timeline_args[@]}" --stats --trace="$data/timeline.json" > "$work/run"
echo "timeline_command nn8pair ${timeline_args[*]} --trace (T3D)" >> "$data/meta.txt"
echo "timeline_time $(awk '$1=="stats.sim.time"{print $2}' "$work/run")" >> "$data/meta.txt"

# ---- 3. the IRONMAN benchmarks, weak-scaled ---------------------------------
# The design of Chamberlain, Choi & Snyder (Figs. 7-9): every PE keeps the
# paper's base size, so the global problem grows with the PE count (square
# grids: global size = base x sqrt(PEs) in each dimension), and the
# iteration count is fixed:
#   CANNON   128x128 per PE (its n rounds grow with n: Cannon's algorithm)
#   JACOBI   256x256 per PE, 100 iterations (--maxit)
#   SIMPLE    32x32  per PE, 10 time steps (6 conduction sweeps each)
#   SWM       64x64  per PE, 20 time steps
#   TOMCATV   16x16  per PE, 20 iterations (--eps=0: never stops early)
# Each program is compiled once per machine (-O2, the default) and run with
# every binding. Every run's output must equal the serial back end's and
# the example's independent sequential reference (examples/reference/) at
# that size; the check column says "reference" (both), "serial" (CANNON
# above REF_MAX_N: the serial back end only) or WRONG.
echo "== 3. weak scaling: PEs $pes_list (the benchmarks as parallel jobs), 3b. MPI without its library's own work (16 PEs)"
bench_args() { # bench side -> program options for a side x side grid of PEs
  local s=$2
  case $1 in
    cannon)  echo "--n=$((128 * s))" ;;
    jacobi)  echo "--n=$((256 * s)) --maxit=100" ;;
    simple)  echo "--m=$((32 * s)) --n=$((32 * s)) --steps=10 --cgit=6" ;;
    swm)     echo "--m=$((64 * s)) --n=$((64 * s)) --itmax=20" ;;
    tomcatv) echo "--m=$((16 * s)) --n=$((16 * s)) --itmax=20 --eps=0" ;;
  esac
}
# the independent reference's output for bench $1 with options $3.. into
# file $2; false when it is too slow to run (CANNON above REF_MAX_N)
reference() {
  local bench=$1 out=$2
  shift 2
  if [ "$bench" = cannon ] && [ "${1#--n=}" -gt "$ref_max_n" ]; then
    return 1
  fi
  bash "$root/testsuite/e2e/examples/run-reference.sh" "$root/examples" "$bench" "$@" > "$out"
}
# ---- 3b. what the MPI library's own work is worth (part of each bench's job) ----
# The same benchmarks on 16 PEs (4x4) with the MPI binding of a machine file
# that differs from machines/<m>.toml only in [binding.mpi]'s per-message
# library costs (library_send_us, library_recv_us), both set to zero: what is
# left of mpi's disadvantage is its data path (packing, library buffering,
# matching). An analysis, not a machine.
for machine in t3d paragon; do
  awk '/^\[/ { inmpi = ($0 == "[binding.mpi]") }
       inmpi && $1 ~ /^(library_send_us|library_recv_us)$/ {
         print $1 " = 0.0   # bench/paper/run.sh: the library work removed (analysis)"; next }
       { print }' "$root/machines/$machine.toml" > "$work/$machine-nocalls.toml"
done
# One benchmark's runs (sections 3 and 3b) into $data/weak-<bench>.csv and
# $data/whatif-<bench>.csv; the benchmarks run as parallel jobs.
weak_bench() {
  local bench=$1 src=$root/examples/$1.zpl pes side good check machine binding mb
  local ref=$work/$bench.ref run=$work/$bench.run
  local args
  compile $bench.serial "$src" serial
  compile $bench.t3d "$src" t3d
  compile $bench.paragon "$src" paragon
  : > "$data/weak-$bench.csv"
  for pes in $pes_list; do
    [ $bench != cannon ] || [ $pes -le $cannon_max_pes ] || continue
    side=$(awk -v p=$pes 'BEGIN{s=int(sqrt(p)+0.5); if (s*s!=p) exit 1; print s}') ||
      { echo "bench/paper/run.sh: $pes PEs is not a square" >&2; return 1; }
    read -r -a args <<< "$(bench_args $bench $side)"
    "$work/$bench.serial" "${args[@]}" > "$ref"
    good=serial
    if reference $bench "$work/$bench.indep" "${args[@]}"; then
      cmp -s "$work/$bench.indep" "$ref" ||
        { echo "bench/paper/run.sh: $bench ${args[*]}: the serial back end differs from the reference" >&2; return 1; }
      good=reference
    fi
    for mb in t3d:shmem t3d:mpi paragon:nx-isend paragon:nx-csend paragon:mpi; do
      machine=${mb%%:*}; binding=${mb#*:}
      "$work/$bench.$machine" --pes=$pes --grid=${side}x$side --binding=$binding --stats "${args[@]}" > "$run"
      check=$good
      body "$run" | cmp -s - "$ref" || check=WRONG
      echo "$bench,$pes,$machine,$binding,${args[*]},$(stats_csv "$run"),$check,$(ironman_csv "$run")" >> "$data/weak-$bench.csv"
    done
    printf "  %-8s %3d PEs done (%ds)\n" $bench $pes $(( $(date +%s) - started ))
  done
  read -r -a args <<< "$(bench_args $bench 4)"
  "$work/$bench.serial" "${args[@]}" > "$ref"
  : > "$data/whatif-$bench.csv"
  for machine in t3d paragon; do
    "$zplc" "$src" --backend=sim --machine="$work/$machine-nocalls.toml" -o "$work/$bench.$machine-nocalls"
    "$work/$bench.$machine-nocalls" --pes=16 --grid=4x4 --binding=mpi --stats "${args[@]}" > "$run"
    check=serial
    body "$run" | cmp -s - "$ref" || check=WRONG
    echo "$bench,16,$machine,mpi-nocalls,${args[*]},$(stats_csv "$run"),$check,$(ironman_csv "$run")" >> "$data/whatif-$bench.csv"
  done
  printf "  %-8s MPI without its library's work done (%ds)\n" $bench $(( $(date +%s) - started ))
}
pids=()
for bench in cannon jacobi simple swm tomcatv; do
  weak_bench $bench &
  pids+=($!)
done
for pid in "${pids[@]}"; do
  wait "$pid" || { echo "bench/paper/run.sh: a weak-scaling job failed" >&2; exit 1; }
done
for part in weak whatif; do
  echo "bench,pes,machine,binding,args,time,comm,wait,compute,messages,bytes,check,transfers,layer" > "$data/$part.csv"
  for bench in cannon jacobi simple swm tomcatv; do
    cat "$data/$part-$bench.csv" >> "$data/$part.csv"
    rm "$data/$part-$bench.csv"
  done
done

# ---- 3c. what-if runs for the runs still outside ----------------------------
# report.py --needs lists each weak-scaling run outside its published range
# and the change of MPI's time per message that would bring it inside; the
# MPI run is repeated with half of that change added to each of
# [binding.mpi]'s library_send_us and library_recv_us (--set, no new
# machine file), so the report shows the gain the change really gives.
echo "== 3c. what-if runs for the runs outside the published ranges"
library_us() { # machine key -> [binding.mpi]'s figure
  awk -v key=$2 '/^\[/ { inmpi = ($0 == "[binding.mpi]") } inmpi && $1 == key { print $3 }' \
    "$root/machines/$1.toml"
}
needs_run() { # bench pes machine binding measure gain delta -> a needs.csv row
  local bench=$1 pes=$2 machine=$3 delta=$7 side send recv run=$work/needs-$1-$2-$3-$4-$5.run
  local ref=$work/needs-$1-$2-$3-$4-$5.ref args check
  send=$(awk -v a="$(library_us $machine library_send_us)" -v d=$delta 'BEGIN{printf "%.4f", a + d / 2}')
  recv=$(awk -v a="$(library_us $machine library_recv_us)" -v d=$delta 'BEGIN{printf "%.4f", a + d / 2}')
  if awk -v s=$send -v r=$recv 'BEGIN{exit !(s < 0 || r < 0)}'; then
    echo "$1,$2,$3,$4,$5,$delta,$send,$recv,,,,,,,unreachable"
    return
  fi
  side=$(awk -v p=$pes 'BEGIN{print int(sqrt(p) + 0.5)}')
  read -r -a args <<< "$(bench_args $bench $side)"
  "$work/$bench.serial" "${args[@]}" > "$ref"
  "$work/$bench.$machine" --pes=$pes --grid=${side}x$side --binding=mpi --stats \
    --set=binding.mpi.library_send_us=$send --set=binding.mpi.library_recv_us=$recv \
    "${args[@]}" > "$run"
  body "$run" | cmp -s - "$ref" && check="= serial" || check=WRONG
  echo "$1,$2,$3,$4,$5,$delta,$send,$recv,$(stats_csv "$run"),$check"
}
echo "bench,pes,machine,binding,measure,delta,send_us,recv_us,time,comm,wait,compute,messages,bytes,check" \
  > "$data/needs.csv"
"$py" "$root/bench/paper/report.py" --needs "$data" > "$work/needs.txt"
pids=()
for bench in cannon jacobi simple swm tomcatv; do
  ( awk -F, -v b=$bench '$1 == b' "$work/needs.txt" | while IFS=, read -r b p m bd measure gain delta; do
      needs_run $b $p $m $bd $measure $gain $delta
    done > "$data/needs-$bench.csv" ) &
  pids+=($!)
done
for pid in "${pids[@]}"; do
  wait "$pid" || { echo "bench/paper/run.sh: a what-if job failed" >&2; exit 1; }
done
for bench in cannon jacobi simple swm tomcatv; do
  cat "$data/needs-$bench.csv" >> "$data/needs.csv"
  rm "$data/needs-$bench.csv"
done
grep -q WRONG "$data/needs.csv" &&
  { echo "bench/paper/run.sh: a what-if run printed a wrong answer" >&2; exit 1; }
printf "  %d what-if runs (%ds)\n" $(($(wc -l < "$data/needs.csv") - 1)) $(( $(date +%s) - started ))

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

# ---- 7. predictions beyond sections 1-5 ---------------------------------------
# Published figures no machine figure derives from, that need runs of their
# own (bench/paper/report.py, "Predictions"): the model's estimates for
# patterns the tables do not measure, and EM3D under network sweeps for
# Chong et al.'s qualitative findings (bench/whatif.py: every point the
# same compiled program with figures changed by --set).
echo "== 7. predictions: model estimates, EM3D network sweeps"
for mq in paragon:16Q64 t3e:1Q1 t3d:1Q1; do
  echo "# ${mq%%:*} ${mq#*:}"
  "$zplc" model --machine=${mq%%:*} --pattern=${mq#*:}
done > "$data/model-predictions.txt"
em3d_args=(-- --p=4 --iters=10)
for machine in t3d paragon t3e; do
  # chained (every word with its address) against packed (one contiguous
  # message) as the network's bandwidth falls
  ZPLC=$zplc $py "$root/bench/whatif.py" --machine=$machine --pes=4 --no-plot \
    --sweep=bandwidth:0.125:1:3 --out="$data/chong-bandwidth-$machine" \
    "$root/examples/em3d.zpl" "${em3d_args[@]}" > /dev/null
  ZPLC=$zplc $py "$root/bench/whatif.py" --machine=$machine --pes=4 --no-plot \
    --sweep=bandwidth:0.4:1:2 --out="$data/chong-bandwidth40-$machine" \
    "$root/examples/em3d.zpl" "${em3d_args[@]}" > /dev/null
done
# the T3D's put binding (a ready flag to the source, then the data: a
# round trip) against its MPI (one way) as the network's latency grows
ZPLC=$zplc $py "$root/bench/whatif.py" --machine=t3d --pes=4 --no-plot \
  --sweep=latency:1:16:3 --bindings=native,mpi --strategies=chained \
  --out="$data/chong-latency-t3d" "$root/examples/em3d.zpl" "${em3d_args[@]}" > /dev/null

# ---- 8. (in the full run: after the host measurements, before the report) ----
sg_predictions

# ---- the report ---------------------------------------------------------------
echo "elapsed $(( $(date +%s) - started ))" >> "$data/meta.txt"
# CPU seconds of every process the run waited for (bash's `times`: user
# and system of the children; in this shell, not in a $(...) subshell,
# whose children are none of them), and the load at the end
seconds() { awk -v t="$1" 'BEGIN { split(t, a, "m"); sub("s", "", a[2]); printf "%.0f", a[1] * 60 + a[2] }'; }
times > "$work/times"
read -r cpu_user cpu_sys < <(tail -1 "$work/times")
echo "cpu $(seconds "$cpu_user") user, $(seconds "$cpu_sys") sys" >> "$data/meta.txt"
echo "end_load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$data/meta.txt"
$py "$root/bench/paper/report.py" "$data" "$out"
echo "wrote $out/README.md ($(( $(date +%s) - started )) s)"
