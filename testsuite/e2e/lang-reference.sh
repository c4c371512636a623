# Sourced by the runners that check the language test programs (e2e/lang)
# on other back ends, distributions and machines. The reference is what
# each program states about itself, not another run of zplc: the output of
# its Python reference or its CHECK lines (values computed by hand), and
# the exit status its RUN lines test.
#
# lang_expect SRC WORK sets name, has_grid (1 when the program declares
# `grid G = [p, q]`, sized by config vars that a parallel run must set to
# its PE count) and expected_status (the N of the first `test $? -eq N` of
# its RUN lines, else 0). A program with a Python reference
# (lang/reference/NAME.py) must print what it prints: WORK/NAME.ref. Any
# other must satisfy its check lines: check_prefixes are those a run
# without options must satisfy (DEF for a program whose lines are per
# config-var setting, else CHECK and, where present, END), and
# WORK/NAME.check holds SRC without the check lines of --stats counters,
# which these runs do not ask for.
lang_expect() {
  local src=$1
  lang_work=$2
  name=$(basename "$src" .zpl)
  has_grid=0
  grep -q '^grid G = \[p, q\]' "$src" && has_grid=1
  expected_status=$(sed -n 's/^-- RUN:.*test \$? -eq \([0-9]*\).*/\1/p' "$src" | head -n 1)
  expected_status=${expected_status:-0}
  lang_reference=$(dirname "$src")/reference/$name.py
  if [ -f "$lang_reference" ]; then
    python3 "$lang_reference" > "$lang_work/$name.ref"
    return
  fi
  if grep -q '^-- DEF:' "$src"; then
    check_prefixes=DEF
  else
    check_prefixes=CHECK
    grep -q '^-- END' "$src" && check_prefixes=CHECK,END
  fi
  grep -v '^-- [A-Z0-9]*\(-NEXT\)\{0,1\}: stats\.' "$src" > "$lang_work/$name.check"
}

# lang_compare WHAT STATUS: checks a run of the program that lang_expect
# last described, whose output is in WORK/NAME.out and its errors in
# WORK/NAME.err: the expected exit status and output. On a difference it
# prints FAIL with WHAT and returns 1.
lang_compare() {
  local what=$1 got=$2
  if [ "$got" -ne "$expected_status" ]; then
    echo "FAIL: $name $what: exit status $got, expected $expected_status"
    cat "$lang_work/$name.err"
    return 1
  fi
  if [ -f "$lang_reference" ]; then
    if ! diff -u "$lang_work/$name.ref" "$lang_work/$name.out"; then
      echo "FAIL: $name $what: output differs from reference/$name.py (above)"
      return 1
    fi
  elif ! FileCheck --match-full-lines --check-prefixes="$check_prefixes" \
      "$lang_work/$name.check" < "$lang_work/$name.out"; then
    echo "FAIL: $name $what: output does not match its $check_prefixes lines (above)"
    return 1
  fi
}
