#!/usr/bin/env bash
# run-lang.sh ZPLC LANG_DIR WORKDIR MPIRUN...: each program of LANG_DIR
# with its implicit distributions replaced (--dist for ranks 1, 2 and 3) by
# cyclic, block-cyclic and mixed kinds, on 4 MPI ranks, must print what its
# CHECK lines state (values computed by hand or by a reference in Python)
# and exit with the status its RUN lines test (lang-reference.sh).
set -uo pipefail
source "$(dirname "$0")/../lang-reference.sh"
zplc=$1 dir=$2 work=$3
shift 3
mpirun=("$@")
mkdir -p "$work"
status=0
kinds=(
  "--dist=cyclic --dist=cyclic,cyclic --dist=cyclic,cyclic,cyclic"
  "--dist=blockcyclic(2) --dist=blockcyclic(2),blockcyclic(2) --dist=blockcyclic(2),blockcyclic(2),blockcyclic(2)"
  "--dist=blockcyclic(3) --dist=cyclic,blockcyclic(2) --dist=block,cyclic,blockcyclic(2)"
)
for src in "$dir"/*.zpl; do
  lang_expect "$src" "$work"
  args=()
  ((has_grid)) && args=(--p=2 --q=2)
  for k in "${kinds[@]}"; do
    read -r -a dist <<< "$k"
    exe="$work/$name.mpi"
    if ! "$zplc" "$src" --backend=mpi "${dist[@]}" -o "$exe"; then
      echo "FAIL: $name does not compile with $k"
      status=1
      continue
    fi
    "${mpirun[@]}" -np 4 "$exe" "${args[@]}" > "$work/$name.out" 2> "$work/$name.err"
    lang_compare "with $k" $? || status=1
  done
done
exit $status
