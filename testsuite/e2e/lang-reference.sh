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
  name=$(basename "$src" .zpl)
  "$zplc" "$src" --backend=serial -o "$work/$name.serial" 2>/dev/null || return 1
  "$work/$name.serial" > "$work/$name.ref" 2>/dev/null
  ref_status=$?
  has_grid=0
  grep -q '^grid G = \[p, q\]' "$src" && has_grid=1
  return 0
}
