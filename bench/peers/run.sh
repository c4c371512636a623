#!/usr/bin/env bash
# bench/peers/run.sh: zplc against its peers, written here from scratch:
# an expert's C + MPI, PETSc (DMDA) and Fortran 2008 coarrays, for two
# kernels, examples/jacobi.zpl (4-point stencil, max reduction) and
# examples/nn8.zpl (9-point stencil with corners, integer update).
#
#   bench/peers/run.sh [KERNEL ...]        # default: jacobi nn8
#
# For every kernel, size and rank count (1 and 2) it runs every program
# RUNS (7) times, interleaved (run r starts at program r of the list, odd
# runs in reverse order), checks that every run prints exactly what zplc's
# first run prints (zplc's own --stats lines left out), and prints the
# medians of
#   main   the same span in every program: from before the arrays'
#          storage is allocated to after the output is printed (storage,
#          initialisation, the iteration loop, the final reductions, the
#          output): zplc's stats.total_seconds (--stats, the time of its ZPL
#          main), the peers' main_seconds (--time);
#   whole  the whole mpirun command (monotonic clock, as bench/run.sh);
#   loop   the peers' iteration loop alone (their loop_seconds), for
#          reference; zplc's program has no timer of its loop alone (nan);
# the ratios zplc / peer of main and whole (above 1: zplc is slower), and a roofline
# bound: the kernel's sweeps move at least 16 bytes per cell (read the old
# array, write the new one), at the copy rate that stream.c measures in the
# same run over the same footprint and rank count. Sizes: one whose two
# arrays fit the last-level cache, one four times larger that does not.
# Writes a bar chart to $PEERS_PNG (default bench/peers/peers.png).
#
# The optional peers need petsc-dev, gfortran and libcoarrays-openmpi-dev:
# run as root, the script installs the missing ones with apt-get (only
# here, never for make check); PEERS_NO_INSTALL=1 skips the peers whose
# tools are missing instead.
#
# Environment: ZPLC (build/bin/zplc), RUNS (7), NPS ("1 2"), MPIRUN
# (mpirun), PEERS_PNG, PEERS_KEEP=dir (keep the binaries and outputs),
# PEERS_QUICK=1 (tiny sizes: checks the script and the outputs, times
# nothing worth reading).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
ZPLC=${ZPLC:-$repo/build/bin/zplc}
RUNS=${RUNS:-7}
NPS=${NPS:-"1 2"}
MPIRUN=${MPIRUN:-mpirun}
PEERS_PNG=${PEERS_PNG:-$here/peers.png}
kernels=("$@")
((${#kernels[@]})) || kernels=(jacobi nn8)

# Arguments per kernel: the in-cache size, then the larger one (the two
# arrays take 16 n^2 bytes: 16 MB and 64 MB; this host's LLC is 32 MB).
declare -A sizes=(
  [jacobi]="--n=1024 --maxit=200|--n=2048 --maxit=100"
  [nn8]="--n=1024 --iters=200|--n=2048 --iters=100"
)
if [[ ${PEERS_QUICK:-0} == 1 ]]; then # a smoke test of the script itself
  sizes=([jacobi]="--n=64 --maxit=20|--n=96 --maxit=10" [nn8]="--n=64 --iters=20|--n=96 --iters=10")
fi
for k in "${kernels[@]}"; do
  [[ -n ${sizes[$k]:-} ]] || { echo "$0: unknown kernel '$k' (jacobi, nn8)" >&2; exit 2; }
done
[[ -x $ZPLC ]] || { echo "$0: zplc not found at $ZPLC (build it or set ZPLC)" >&2; exit 2; }
if [[ $(id -u) -eq 0 ]]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi

# ---- optional tools ---------------------------------------------------------
have_petsc() { pkg-config --exists PETSc; }
have_caf() { command -v caf >/dev/null && [[ -n $(ls /usr/lib/x86_64-linux-gnu/libcaf_openmpi.so* 2>/dev/null) ]]; }
# The chart needs matplotlib, which apt installs for the system python3.
plot_python() {
  local py
  for py in python3 /usr/bin/python3; do
    if "$py" -c 'import matplotlib' 2>/dev/null; then echo "$py"; return 0; fi
  done
  return 1
}
have_plot() { plot_python >/dev/null; }
if ! { have_petsc && have_caf && have_plot; } && [[ ${PEERS_NO_INSTALL:-0} != 1 ]]; then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    echo "installing petsc-dev gfortran libcoarrays-openmpi-dev python3-matplotlib" >&2
    apt-get install -y -q petsc-dev gfortran libcoarrays-openmpi-dev python3-matplotlib >&2 ||
      { apt-get update -q >&2 && apt-get install -y -q petsc-dev gfortran libcoarrays-openmpi-dev python3-matplotlib >&2; }
  else
    echo "$0: PETSc or OpenCoarrays missing and not root: those peers are skipped" >&2
  fi
fi

work=${PEERS_KEEP:-$(mktemp -d "${TMPDIR:-/tmp}/zplc-peers.XXXXXX")}
mkdir -p "$work"
[[ -n ${PEERS_KEEP:-} ]] || trap 'rm -rf "$work"' EXIT

# ---- build ------------------------------------------------------------------
# Every C and Fortran program: -O3 -march=native, the flags zplc gives the
# C compiler by default (with -ffp-contract=off: no fused multiply-adds,
# the same digits as zplc's programs).
copt=(-O3 -march=native -ffp-contract=off)
echo "building in $work" >&2
mpicc "${copt[@]}" -std=c11 -Wall -Werror -o "$work/stream" "$here/stream.c"
for k in "${kernels[@]}"; do
  "$ZPLC" "$repo/examples/$k.zpl" --backend=mpi -O2 -o "$work/$k.zplc"
  mpicc "${copt[@]}" -std=c11 -Wall -Werror -o "$work/$k.expert" "$here/${k}_expert.c" -lm
  if have_petsc; then
    # shellcheck disable=SC2046
    mpicc "${copt[@]}" -std=c11 -Wall -Werror $(pkg-config --cflags PETSc) \
      -o "$work/$k.petsc" "$here/${k}_petsc.c" $(pkg-config --libs PETSc) -lm
  fi
  if have_caf; then
    caf "${copt[@]}" -o "$work/$k.caf" "$here/${k}_caf.f90"
  fi
done
impls=(zplc expert)
have_petsc && impls+=(petsc)
have_caf && impls+=(caf)

# ---- run ----------------------------------------------------------------------
# run1 IMPL KERNEL NP ARGS OUT: one timed run; prints "whole main loop"
# (loop: nan for zplc, whose program does not time its loop alone).
run1() {
  local impl=$1 k=$2 np=$3 args=$4 out=$5 flags=() extra=()
  # Open MPI's one-sided osc/ucx and osc/sm fail to create a window on one
  # rank (MPI_ERR_WIN); OpenCoarrays needs one: pt2pt or rdma instead.
  [[ $impl == caf ]] && flags=(--mca osc ^ucx)
  if [[ $impl == zplc ]]; then extra=(--stats); else extra=(--time); fi
  # shellcheck disable=SC2086
  python3 - "$out" "$MPIRUN" --oversubscribe "${flags[@]}" -np "$np" "$work/$k.$impl" $args "${extra[@]}" <<'PY'
import subprocess, sys, time
out, cmd = sys.argv[1], sys.argv[2:]
t0 = time.monotonic()
p = subprocess.run(cmd, capture_output=True, text=True)
whole = time.monotonic() - t0
if p.returncode != 0:
    sys.exit("command failed (status %d): %s\n%s" % (p.returncode, " ".join(cmd), p.stderr))
lines = p.stdout.splitlines(keepends=True)
stats = {l.split()[0]: l.split()[1] for l in lines if l.startswith("stats.")}
open(out, "w").write("".join(l for l in lines if not l.startswith("stats.")))
main, loop = stats.get("stats.total_seconds"), "nan"
for l in p.stderr.splitlines():
    if l.startswith("main_seconds "):
        main = l.split()[1]
    if l.startswith("loop_seconds "):
        loop = l.split()[1]
if main is None:
    sys.exit("no main time from: " + " ".join(cmd))
print("%.6f %.6f %s" % (whole, float(main), loop))
PY
}

# The last-level cache, e.g. "32768K" in sysfs.
llc_text=$(cat /sys/devices/system/cpu/cpu0/cache/index3/size 2>/dev/null || echo 0K)
llc=$(( ${llc_text%K} * 1024 ))
results=$work/results.txt
: > "$results"
status=0
echo "# bench/peers/run.sh ${kernels[*]}: median of $RUNS, $(nproc) cores, LLC $((llc / 1048576)) MB," \
     "load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%dT%H:%MZ)"
printf '%-7s %-24s %2s %-7s %9s %9s %9s %9s %10s %9s\n' kernel arguments np impl main_s whole_s \
  zplc/main zplc/whole bound_s loop_s
for k in "${kernels[@]}"; do
  IFS='|' read -r -a ks <<<"${sizes[$k]}"
  for args in "${ks[@]}"; do
    n=$(sed -E 's/.*--n=([0-9]+).*/\1/' <<<"$args")
    sweeps=$(sed -E 's/.*--(maxit|iters)=([0-9]+).*/\2/' <<<"$args")
    footprint=$((16 * (n + 2) * (n + 2)))
    for np in $NPS; do
      rate=$("$MPIRUN" --oversubscribe -np "$np" "$work/stream" --bytes="$footprint" |
             awk '/copy_bytes_per_second/ { print $2 }')
      declare -A whole=() main=() loop=()
      for ((r = 0; r < RUNS; r++)); do
        order=()
        for ((i = 0; i < ${#impls[@]}; i++)); do order+=("${impls[(r + i) % ${#impls[@]}]}"); done
        if ((r % 2)); then
          for ((i = 0, j = ${#order[@]} - 1; i < j; i++, j--)); do
            t=${order[i]}; order[i]=${order[j]}; order[j]=$t
          done
        fi
        for impl in "${order[@]}"; do
          out=$work/$k.$np.$n.$impl.$r.out
          read -r w m l < <(run1 "$impl" "$k" "$np" "$args" "$out")
          whole[$impl]+="$w "
          main[$impl]+="$m "
          loop[$impl]+="$l "
          ref=$work/$k.$np.$n.zplc.0.out
          if [[ -f $ref ]] && ! cmp -s "$ref" "$out"; then
            echo "$k $args np=$np: OUTPUT MISMATCH ($impl run $r against zplc run 0)" >&2
            diff "$ref" "$out" >&2 || true
            status=1
          fi
        done
      done
      for impl in "${impls[@]}"; do
        python3 - "$k" "$args" "$np" "$impl" "${main[$impl]}" "${whole[$impl]}" \
          "${main[zplc]}" "${whole[zplc]}" "$rate" "$sweeps" "$n" "${loop[$impl]}" <<'PY' | tee -a "$results"
import statistics as st, sys
k, args, np_, impl = sys.argv[1:5]
main, whole, zmain, zwhole = (st.median(map(float, a.split())) for a in sys.argv[5:9])
rate, sweeps, n = float(sys.argv[9]), int(sys.argv[10]), int(sys.argv[11])
loop = st.median(map(float, sys.argv[12].split()))
bound = sweeps * 16.0 * n * n / rate
print("%-7s %-24s %2s %-7s %9.5f %9.5f %9.2f %9.2f %10.5f %9.5f"
      % (k, args, np_, impl, main, whole, zmain / main, zwhole / whole, bound, loop))
PY
      done
      unset whole main loop
    done
  done
done
echo "# load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"

# ---- chart ------------------------------------------------------------------
if have_plot; then
  "$(plot_python)" - "$results" "$PEERS_PNG" "$RUNS" "$(cut -d' ' -f1-3 /proc/loadavg)" <<'PY'
import sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
# kernel, arguments (two words), np, impl, main, whole, ratios, bound, loop
groups, data, bounds = [], {}, {}
for r in rows:
    g = "%s\n%s %s\nnp=%s" % (r[0], r[1].lstrip("-"), r[2].lstrip("-"), r[3])
    if g not in groups:
        groups.append(g)
    data[(g, r[4])] = float(r[5])
    bounds[g] = float(r[9])
impls = [i for i in ("zplc", "expert", "petsc", "caf") if any((g, i) in data for g in groups)]
labels = {"zplc": "zplc -O2", "expert": "expert C+MPI", "petsc": "PETSc DMDA",
          "caf": "Fortran coarrays"}
fig, ax = plt.subplots(figsize=(max(8, 1.6 * len(groups)), 5.5))
width = 0.8 / (len(impls) + 1)
for i, impl in enumerate(impls):
    xs = [g_i + i * width for g_i, g in enumerate(groups) if (g, impl) in data]
    ys = [data[(g, impl)] / data[(g, "zplc")] for g in groups if (g, impl) in data]
    ax.bar(xs, ys, width, label=labels[impl])
xs = [g_i + len(impls) * width for g_i in range(len(groups))]
ax.bar(xs, [bounds[g] / data[(g, "zplc")] for g in groups], width, color="black",
       label="roofline bound (copy rate, 16 B/cell)")
ax.axhline(1.0, color="grey", linewidth=0.8)
ax.set_xticks([g_i + (len(impls) * width) / 2 for g_i in range(len(groups))])
ax.set_xticklabels(groups, fontsize=8)
ax.set_ylabel("main time relative to zplc (lower is faster)")
ax.set_title("bench/peers/run.sh: median of %s interleaved runs, load average %s" %
             (sys.argv[3], sys.argv[4]), fontsize=10)
ax.legend(fontsize=8)
fig.text(0.01, 0.01, "time of each program's main (storage, set-up, loop, reductions, output) / zplc's; "
         "black: the sweeps' 16 B/cell at the measured copy rate", fontsize=7)
fig.tight_layout(rect=(0, 0.03, 1, 1))
fig.savefig(sys.argv[2], dpi=110)
print("# chart: " + sys.argv[2])
PY
fi
exit $status
