# bench/lib.sh: helpers shared by the bench scripts (sourced, not run).

# Prints a Python 3 that can import matplotlib: python3 on PATH if it can,
# else Debian's /usr/bin/python3, installing python3-matplotlib there if it
# is missing (only the scripts that draw need it, not make check).
matplotlib_python() {
  if python3 -c 'import matplotlib' 2>/dev/null; then
    echo python3
    return
  fi
  if ! /usr/bin/python3 -c 'import matplotlib' 2>/dev/null; then
    echo "bench: installing python3-matplotlib" >&2
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get install -y python3-matplotlib > /dev/null ||
      { $sudo apt-get update > /dev/null && $sudo apt-get install -y python3-matplotlib > /dev/null; }
  fi
  echo /usr/bin/python3
}

# Wall seconds of one run of a command (its output goes to the file named
# by OUT, standard error to /dev/null): wall_seconds OUT CMD [ARGS...]
wall_seconds() {
  local out=$1 t0 t1
  shift
  t0=$(date +%s.%N)
  "$@" > "$out" 2>/dev/null
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }'
}

# The median of the numbers on standard input, one a line.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Runs two programs alternately (A B B A ...), RUNS times each:
#   interleave RUNS DIR A B RUN_FN
# `RUN_FN NAME` runs program NAME once, writing its output to DIR/out.NAME
# and printing its wall seconds; they are collected in DIR/t.NAME. After
# each pair the two outputs must be the same: otherwise both are shown and
# the script exits 1.
interleave() {
  local runs=$1 dir=$2 a=$3 b=$4 run=$5 i name order
  : > "$dir/t.$a"
  : > "$dir/t.$b"
  for ((i = 0; i < runs; ++i)); do
    if ((i % 2 == 0)); then order="$a $b"; else order="$b $a"; fi
    for name in $order; do
      "$run" "$name" >> "$dir/t.$name"
    done
    if ! cmp -s "$dir/out.$a" "$dir/out.$b"; then
      echo "$0: $a and $b print different output:" >&2
      cat "$dir/out.$a" "$dir/out.$b" >&2
      exit 1
    fi
  done
}
