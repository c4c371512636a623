#!/usr/bin/env bash
# bench/paper/apps.sh: the IRONMAN paper's application benchmarks, weak
# scaled, on the simulated Cray T3D and Intel Paragon, every binding.
#
#   bench/paper/apps.sh [PES...]            (default: 1 4 16 64)
#
# Design of Chamberlain, Choi & Snyder (Figs. 7-9; issue 13 section 2):
# every PE keeps the paper's base size, so the global problem grows with
# the PE count (PE counts are squares, the grid square: global size =
# base x sqrt(PEs) in each dimension), and the iteration count is fixed:
#   CANNON   128x128 per PE (its n rounds grow with n: Cannon's algorithm)
#   JACOBI   256x256 per PE, 100 iterations (--maxit)
#   SIMPLE    32x32  per PE, 10 time steps (6 conduction sweeps each)
#   SWM       64x64  per PE, 20 time steps
#   TOMCATV   16x16  per PE, 20 iterations (--eps=0: never stops early)
# Each program is compiled once per machine (-O2, the default) and run
# with every binding: T3D shmem and mpi, Paragon nx-isend, nx-csend and
# mpi. Every run's output must equal the example's independent sequential
# reference (examples/reference/) at that size; CANNON's reference is
# pure Python, run only up to n = REF_MAX_N (default 512, about a minute);
# larger sizes are marked "unchecked".
#
# Prints one line per benchmark, PE count, machine and binding: the
# virtual run time (stats.sim.time, s), the communication time (comm +
# wait, per PE: summed over PEs / PEs, s), and a native binding's
# reduction of both against mpi on the same machine: (mpi - native) / mpi.
# Published ranges (Figs. 8, 9): T3D shmem vs mpi, communication reduced
# by up to 42%, total improved by 1-14%; Paragon NX vs mpi, communication
# reduced by up to 13%, total by 0-4%. The simulator is deterministic: the
# table is the same on every host.
#
# Environment: ZPLC (default <repo>/build/bin/zplc), APPS (default
# "cannon jacobi simple swm tomcatv"), REF_MAX_N.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
zplc=${ZPLC:-$root/build/bin/zplc}
apps=${APPS:-cannon jacobi simple swm tomcatv}
ref_max_n=${REF_MAX_N:-512}
pes_list=("$@")
[ ${#pes_list[@]} -gt 0 ] || pes_list=(1 4 16 64)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The program options of app $1 on $2 PEs (weak scaling).
options() {
  local app=$1 pes=$2 side
  side=$(awk -v p="$pes" 'BEGIN{s=int(sqrt(p)+0.5); if (s*s!=p) exit 1; print s}') ||
    { echo "apps.sh: $pes PEs is not a square" >&2; exit 2; }
  case $app in
    cannon)  echo "--n=$((128 * side)) --show=0" ;;
    jacobi)  echo "--n=$((256 * side)) --maxit=100" ;;
    simple)  echo "--m=$((32 * side)) --n=$((32 * side)) --steps=10 --cgit=6" ;;
    swm)     echo "--m=$((64 * side)) --n=$((64 * side)) --itmax=20" ;;
    tomcatv) echo "--m=$((16 * side)) --n=$((16 * side)) --itmax=20 --eps=0" ;;
  esac
}

# The reference's output for app $1 with options $2, or "" when too slow.
reference() {
  local app=$1 opts=$2
  if [ "$app" = cannon ]; then
    local n=${opts#--n=}
    n=${n%% *}
    [ "$n" -le "$ref_max_n" ] || return 0
  fi
  # shellcheck disable=SC2086
  bash "$root/testsuite/e2e/examples/run-reference.sh" "$root/examples" "$app" $opts
}

stat() { awk -v k="$1" '$1 == k {print $2}' "$2"; }

printf "%-8s %4s %-8s %-9s %11s %11s %9s %9s  %s\n" bench PEs machine binding \
  "total (s)" "comm (s)" "d.total" "d.comm" output
for app in $apps; do
  for machine in t3d paragon; do
    "$zplc" "$root/examples/$app.zpl" --backend=sim --machine=$machine -o "$work/$app.$machine"
  done
  for pes in "${pes_list[@]}"; do
    opts=$(options "$app" "$pes")
    reference "$app" "$opts" > "$work/ref"
    for machine in t3d paragon; do
      if [ $machine = t3d ]; then bindings="mpi shmem"; else bindings="mpi nx-isend nx-csend"; fi
      for binding in $bindings; do
        out=$work/out.$binding
        # shellcheck disable=SC2086
        "$work/$app.$machine" --pes="$pes" --binding=$binding --stats $opts > "$out"
        check=unchecked
        if [ -s "$work/ref" ]; then
          if diff -q <(grep -v '^stats' "$out") "$work/ref" > /dev/null; then
            check=ok
          else
            echo "apps.sh: $app on $pes PEs, $machine/$binding: output differs from the reference" >&2
            exit 1
          fi
        fi
        total=$(stat stats.sim.time "$out")
        comm=$(awk -v p="$pes" '$1 == "stats.sim.comm" || $1 == "stats.sim.wait" {s += $2}
                                END {printf "%.6f", s / p}' "$out")
        if [ "$binding" = mpi ]; then
          mpi_total=$total mpi_comm=$comm
          dt="" dc=""
        else
          dt=$(awk -v n="$total" -v m="$mpi_total" 'BEGIN{printf "%+.1f%%", 100 * (m - n) / m}')
          dc=$(awk -v n="$comm" -v m="$mpi_comm" 'BEGIN{if (m > 0) printf "%+.1f%%", 100 * (m - n) / m; else print "-"}')
        fi
        printf "%-8s %4d %-8s %-9s %11.6f %11.6f %9s %9s  %s\n" "$app" "$pes" $machine \
          $binding "$total" "$comm" "$dt" "$dc" $check
      done
    done
  done
done
