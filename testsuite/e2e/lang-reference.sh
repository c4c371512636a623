# Sourced by the runners that check the language test programs (e2e/lang)
# against the serial back end.
#
# lang_reference ZPLC SRC WORK compiles SRC for the serial back end and
# runs it: WORK/NAME.ref holds its output; it sets name, ref_status and
# has_grid (1 when the program declares `grid G = [p, q]`, sized by config
# vars that a parallel run must set to its PE count). It returns 1 when the
# compiler rejects SRC: that program tests a compile-time error.
lang_reference() {
  local zplc=$1 src=$2 work=$3
  lang_work=$work
  name=$(basename "$src" .zpl)
  "$zplc" "$src" --backend=serial -o "$work/$name.serial" 2>/dev/null || return 1
  "$work/$name.serial" > "$work/$name.ref" 2>/dev/null
  ref_status=$?
  has_grid=0
  grep -q '^grid G = \[p, q\]' "$src" && has_grid=1
  return 0
}

# lang_compare WHAT STATUS: checks a run of the program that
# lang_reference last built, whose output is in WORK/NAME.out and its
# errors in WORK/NAME.err, against the serial run: the same exit status
# and output. On a difference it prints FAIL with WHAT and returns 1.
lang_compare() {
  local what=$1 got=$2
  if [ "$got" -ne "$ref_status" ]; then
    echo "FAIL: $name $what: exit status $got, serial $ref_status"
    cat "$lang_work/$name.err"
    return 1
  fi
  if ! diff -u "$lang_work/$name.ref" "$lang_work/$name.out"; then
    echo "FAIL: $name $what: output differs from serial (above)"
    return 1
  fi
}
