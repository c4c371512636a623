#!/usr/bin/env bash
# Verifies the NAS benchmarks of examples/nas at a given NPB class: compiles
# each program, runs it with the arguments its `-- nas-class C: ARGS` line
# gives for that class, serially and on MPI ranks, and checks NPB's
# ` Verification = SUCCESSFUL` line. `make nas` runs it for class W (and MG
# also for A); make check verifies class S through testsuite/e2e/nas.
#
#   scripts/nas-verify.sh [--class=W] [--ranks=1,2] [--build=build]
#                         [--dir=examples/nas] [BENCH...]
#
# BENCH names DIR/BENCH.zpl (default: every program in DIR). A
# program without a line for the class is skipped and said so. Exit status:
# 0 when every run verified, 1 otherwise.
set -u

usage() {
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
}

class=W
ranks=1,2
build=build
dir=
benches=()
for arg in "$@"; do
  case $arg in
    --class=*) class=${arg#--class=} ;;
    --ranks=*) ranks=${arg#--ranks=} ;;
    --build=*) build=${arg#--build=} ;;
    --dir=*) dir=${arg#--dir=} ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "nas-verify.sh: unknown option '$arg' (see --help)" >&2; exit 2 ;;
    *) benches+=("$arg") ;;
  esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
dir=${dir:-$root/examples/nas}
case $build in /*) ;; *) build=$root/$build ;; esac
zplc=${ZPLC:-$build/bin/zplc}
mpirun=${MPIRUN:-mpirun --oversubscribe}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
if [ ! -x "$zplc" ]; then
  echo "nas-verify.sh: no compiler at $zplc (build first, or set ZPLC)" >&2
  exit 2
fi
if [ ${#benches[@]} -eq 0 ]; then
  for f in "$dir"/*.zpl; do
    [ -e "$f" ] && benches+=("$(basename "$f" .zpl)")
  done
fi

# The arguments of a program's `-- nas-class CLASS: ARGS` line, if any.
class_args() {
  sed -n "s/^-- nas-class $2: *//p" "$1" | head -n 1
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
printf '%-4s %-5s %-8s %-12s %s\n' bench class run seconds result
for bench in "${benches[@]}"; do
  src=$dir/$bench.zpl
  if [ ! -f "$src" ]; then
    echo "nas-verify.sh: no program $src" >&2; failed=1; continue
  fi
  if ! grep -q "^-- nas-class $class:" "$src"; then
    printf '%-4s %-5s %-8s %-12s %s\n' "$bench" "$class" - - "no class $class line: skipped"
    continue
  fi
  read -r -a args <<< "$(class_args "$src" "$class")"
  if ! "$zplc" "$src" --backend=serial -O2 -o "$work/$bench.serial" ||
     ! "$zplc" "$src" --backend=mpi -O2 -o "$work/$bench.mpi"; then
    printf '%-4s %-5s %-8s %-12s %s\n' "$bench" "$class" - - "FAILED to compile"
    failed=1; continue
  fi
  runs=(serial)
  for np in ${ranks//,/ }; do runs+=("np$np"); done
  for run in "${runs[@]}"; do
    out=$work/$bench.$run.out
    if [ "$run" = serial ]; then
      "$work/$bench.serial" "${args[@]}" > "$out" 2>&1
    else
      $mpirun -np "${run#np}" "$work/$bench.mpi" "${args[@]}" > "$out" 2>&1
    fi
    seconds=$(sed -n 's/^ *Time in seconds *= *//p' "$out" | head -n 1)
    if grep -q '^ *Verification *= *SUCCESSFUL' "$out"; then
      result=SUCCESSFUL
    else
      result="FAILED (output in $bench.$run.out below)"; failed=1
    fi
    printf '%-4s %-5s %-8s %-12s %s\n' "$bench" "$class" "$run" "${seconds:--}" "$result"
    [ "$result" = SUCCESSFUL ] || sed 's/^/    /' "$out" | tail -n 20
  done
done
exit $failed
