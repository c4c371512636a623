#!/usr/bin/env bash
# Compares the C that two zplc compilers emit for every example and every
# language test program, at -O0 and -O2: the safety net of refactorings that
# must not change the generated code.
#
#   scripts/compare-emitted-c.sh [options] BASE [NEW]
#
# BASE and NEW are each a zplc executable or a git revision of this
# repository (a commit, a branch, HEAD~3, ...). NEW defaults to build/bin/zplc
# of this checkout. A revision is exported (git archive) and its zplc alone
# built under build-compare/<commit>/ with ccache; that build is kept and
# reused, so comparing against the same revision again costs nothing.
#
# Options:
#   -O "0 2"     the optimisation levels (default "0 2")
#   -j N         parallel compilations and build jobs (default 2)
#   -d           print the whole diff of every changed file (default: the
#                first 20 lines)
#   -k DIR       keep the emitted C and the compilers' messages in DIR
#   -a           every .zpl file of the repository (the lit tests' too, most
#                of which a compiler rejects: their messages are compared)
#   -- ARGS      further zplc arguments for every compilation (e.g.
#                --backend=mpi)
#
# Prints one line per program and level: `unchanged`, `changed (+a -b
# lines)` followed by the start of the diff, or for a program that a
# compiler rejects `rejected by both` (`..., messages differ` when they do)
# or `rejected by BASE only`/`by NEW only`. Exit status 0 when nothing
# changed, 1 when anything did, 2 on a usage or build error.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
levels="0 2"
jobs=2
full_diff=0
keep=""
all_programs=0
extra=()

usage() {
  sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0" >&2
  exit 2
}

while getopts "O:j:dk:ah" opt; do
  case $opt in
    O) levels=$OPTARG ;;
    j) jobs=$OPTARG ;;
    d) full_diff=1 ;;
    k) keep=$OPTARG ;;
    a) all_programs=1 ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
positional=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then
    shift
    extra=("$@")
    break
  fi
  positional+=("$1")
  shift
done
[ ${#positional[@]} -ge 1 ] && [ ${#positional[@]} -le 2 ] || usage
base_spec=${positional[0]}
new_spec=${positional[1]:-$root/build/bin/zplc}

# build_revision REV: prints the path of a zplc built from REV, building it
# first if no earlier run did.
build_revision() {
  local rev=$1 sha dir
  sha=$(git -C "$root" rev-parse --verify --quiet "$rev^{commit}") || {
    echo "error: '$rev' is neither an executable nor a revision" >&2
    return 2
  }
  dir=$root/build-compare/${sha:0:12}
  if [ ! -x "$dir/src/build/bin/zplc" ]; then
    echo "building zplc at ${sha:0:12} in $dir ..." >&2
    rm -rf "$dir/src"
    mkdir -p "$dir/src"
    git -C "$root" archive "$sha" | tar -x -C "$dir/src"
    # The same relative layout as a normal checkout (src/build), so that
    # ccache, whose base_dir makes paths relative, finds earlier objects.
    (cd "$dir/src" &&
      CMAKE_C_COMPILER_LAUNCHER=${CMAKE_C_COMPILER_LAUNCHER:-ccache} \
      CMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER:-ccache} \
        cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release \
          -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
          -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit > "$dir/build.log" 2>&1 &&
        ninja -C build -j "$jobs" zplc >> "$dir/build.log" 2>&1) || {
      echo "error: building ${sha:0:12} failed; see $dir/build.log" >&2
      return 2
    }
  fi
  echo "$dir/src/build/bin/zplc"
}

# resolve SPEC: a zplc executable as it is, else a revision to build.
resolve() {
  if [ -f "$1" ] && [ -x "$1" ]; then
    (cd "$(dirname "$1")" && echo "$PWD/$(basename "$1")")
  else
    build_revision "$1"
  fi
}

base=$(resolve "$base_spec") || exit 2
new=$(resolve "$new_spec") || exit 2

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  work=$(cd "$keep" && pwd)
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/base" "$work/new"

programs=()
if [ "$all_programs" = 1 ]; then
  mapfile -t programs < <(git -C "$root" ls-files '*.zpl')
else
  for f in "$root"/examples/*.zpl "$root"/testsuite/e2e/lang/*.zpl; do
    programs+=("${f#"$root"/}")
  done
fi

# Every compilation as one line "WHICH LEVEL PROGRAM", run -j at a time.
# A compiler's output goes to WORK/WHICH/<program>.O<level>.c, its
# messages to ....err and its exit status to ....rc.
export base new work
export extra_args="${extra[*]:-}"
compile_one() {
  local which=$1 level=$2 prog=$3 zplc out
  if [ "$which" = base ]; then zplc=$base; else zplc=$new; fi
  out=$work/$which/${prog//\//_}.O$level
  # shellcheck disable=SC2086 # extra_args is a list of words
  (cd "$root" && "$zplc" "$prog" --emit=c "-O$level" $extra_args \
    -o "$out.c" > /dev/null 2> "$out.err")
  echo $? > "$out.rc"
}
export -f compile_one
export root
for which in base new; do
  for level in $levels; do
    for prog in "${programs[@]}"; do
      echo "$which $level $prog"
    done
  done
done | xargs -P "$jobs" -L 1 bash -c 'compile_one "$@"' _

changed=0
unchanged=0
printf 'base: %s\nnew:  %s\n' "$base_spec" "$new_spec"
for prog in "${programs[@]}"; do
  for level in $levels; do
    key=${prog//\//_}.O$level
    b=$work/base/$key
    n=$work/new/$key
    brc=$(cat "$b.rc") nrc=$(cat "$n.rc")
    label="$prog -O$level"
    if [ "$brc" != 0 ] || [ "$nrc" != 0 ]; then
      if [ "$brc" != 0 ] && [ "$nrc" != 0 ]; then
        if cmp -s "$b.err" "$n.err"; then
          echo "$label: rejected by both"
          unchanged=$((unchanged + 1))
        else
          echo "$label: rejected by both, messages differ"
          diff -u "$b.err" "$n.err" | sed -n '3,12p' | sed 's/^/    /'
          changed=$((changed + 1))
        fi
      else
        [ "$brc" != 0 ] && who=base || who=new
        echo "$label: rejected by $who only"
        sed -n '1,3p' "$work/$who/$key.err" | sed 's/^/    /'
        changed=$((changed + 1))
      fi
      continue
    fi
    if cmp -s "$b.c" "$n.c"; then
      echo "$label: unchanged"
      unchanged=$((unchanged + 1))
      continue
    fi
    changed=$((changed + 1))
    diff -u "$b.c" "$n.c" > "$n.diff" || true
    added=$(grep -c '^+[^+]' "$n.diff" || true)
    removed=$(grep -c '^-[^-]' "$n.diff" || true)
    echo "$label: changed (+$added -$removed lines)"
    if [ "$full_diff" = 1 ]; then
      sed -n '3,$p' "$n.diff" | sed 's/^/    /'
    else
      sed -n '3,22p' "$n.diff" | sed 's/^/    /'
    fi
  done
done
echo "$((changed + unchanged)) compilations: $unchanged unchanged, $changed changed"
[ "$changed" = 0 ]
