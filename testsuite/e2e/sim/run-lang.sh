#!/usr/bin/env bash
# run-lang.sh ZPLC LANG_DIR WORKDIR: each program of LANG_DIR on simulated
# machines must print what its CHECK lines state and exit with the status
# its RUN lines test (lang-reference.sh).
set -uo pipefail
source "$(dirname "$0")/../lang-reference.sh"
zplc=$1 dir=$2 work=$3
mkdir -p "$work"
status=0
for src in "$dir"/*.zpl; do
  lang_expect "$src" "$work"
  # programs with a declared grid [p, q] get one of the PE count (2x2, 3x3)
  grid=()
  ((has_grid)) && grid=(--p=2 --q=2)
  rm -f "$work/$name".t3d "$work/$name".paragon # a previous run's build
  for run in "t3d 4 shmem" "t3d 4 mpi" "paragon 9 nx-csend"; do
    set -- $run
    exe="$work/$name.$1"
    [ -x "$exe" ] || "$zplc" "$src" --backend=sim --machine=$1 -o "$exe" || { status=1; continue; }
    args=("${grid[@]}")
    [ ${#grid[@]} -gt 0 ] && [ "$2" = 9 ] && args=(--p=3 --q=3)
    "$exe" --pes=$2 --binding=$3 "${args[@]}" > "$work/$name.out" 2> "$work/$name.err"
    lang_compare "on $1/$3, $2 PEs" $? || status=1
  done
done
exit $status
