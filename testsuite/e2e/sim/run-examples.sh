#!/usr/bin/env bash
# Runs one example on the simulated machines:
#   run-examples.sh ZPLC EXAMPLES_DIR NAME WORKDIR [PROGRAM ARGS...]
# For the T3D, T3E and Paragon it compiles the example once and runs it with
# every binding of the machine (the native ones and mpi) on 1, 4 and 16
# PEs: each run must print the example's .expected output. Then it runs the
# native binding twice on 4 PEs with --stats: both runs must print the same
# output, every stats.sim.* line included (the simulation is deterministic).
# PROGRAM ARGS go to every run, with {pes} replaced by the run's PE count
# (em3d's grid: --p={pes}).
set -uo pipefail
zplc=$1 dir=$2 name=$3 work=$4
shift 4
program_args() { # PES: the PROGRAM ARGS for a run on PES PEs
  local a
  for a in "${extra[@]}"; do printf '%s\n' "${a//\{pes\}/$1}"; done
}
extra=("$@")

# Under make check-sanitize, ASan notes once per process that it does not
# fully support the simulator's context switches, naming the process id and
# stack addresses, which differ from run to run. These lines alone are left
# out of the comparison: an ASan error report still makes the runs differ.
without_asan_notes() {
  grep -Ev '^==[0-9]+==WARNING: ASan (doesn.t fully support makecontext/swapcontext|is ignoring requested __asan_handle_no_return)|^False positive error reports may follow$|^For details see https://github.com/google/sanitizers/issues/189$' "$1"
}
mkdir -p "$work"
status=0
for machine in t3d t3e paragon; do
  case $machine in
  t3d) bindings="shmem mpi" ;;
  t3e) bindings="eregs mpi" ;;
  paragon) bindings="nx-isend nx-csend mpi" ;;
  esac
  exe="$work/$name.$machine"
  if ! "$zplc" "$dir/$name.zpl" --backend=sim --machine=$machine -o "$exe"; then
    echo "FAIL: $name does not compile for $machine"
    status=1
    continue
  fi
  for binding in $bindings; do
    for pes in 1 4 16; do
      mapfile -t args < <(program_args $pes)
      if ! "$exe" --pes=$pes --binding=$binding "${args[@]}" > "$work/out" 2> "$work/err"; then
        echo "FAIL: $name on $machine/$binding, $pes PEs: exit status $?"
        cat "$work/err"
        status=1
      elif ! diff -u "$dir/$name.expected" "$work/out"; then
        echo "FAIL: $name on $machine/$binding, $pes PEs: output differs (above)"
        status=1
      fi
    done
  done
  mapfile -t args < <(program_args 4)
  "$exe" --pes=4 --stats "${args[@]}" > "$work/first" 2>&1
  "$exe" --pes=4 --stats "${args[@]}" > "$work/second" 2>&1
  if ! grep -q '^stats.sim.time ' "$work/first"; then
    echo "FAIL: $name on $machine: no stats.sim.time line"
    status=1
  elif ! diff -u <(without_asan_notes "$work/first") <(without_asan_notes "$work/second"); then
    echo "FAIL: $name on $machine: two runs differ (above)"
    status=1
  fi
done
exit $status
