#!/usr/bin/env bash
# Runs the independent sequential reference of an example:
#   run-reference.sh EXAMPLES_DIR NAME [--opt=value ...]
# A C reference is compiled on the fly; a Python one runs as is.
set -euo pipefail
dir=$1 name=$2
shift 2
if [ -f "$dir/reference/$name.c" ]; then
  exe=$(mktemp)
  trap 'rm -f "$exe"' EXIT
  cc -O2 -std=c11 -ffp-contract=off -o "$exe" "$dir/reference/$name.c" -lm
  "$exe" "$@"
else
  python3 "$dir/reference/$name.py" "$@"
fi
