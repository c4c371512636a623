# The report lines every NAS benchmark prints as NPB does, for the
# <bench>-check.sh scripts to source: report_lines NAME OUT S|U "SIZE LINE"
# checks the verification lines of a run of the class (S) or of no class
# (U) and the time line, printing what is missing and setting status=1.
need() {
  if ! grep -qxF -- "$1" "$out"; then
    echo "$name: no line '$1' in $out"
    status=1
  fi
}

report_lines() {
  local size=$4
  name=$1 out=$2
  case $3 in
    S)
      need "$size"
      need ' VERIFICATION SUCCESSFUL '
      need ' Verification = SUCCESSFUL' ;;
    U)
      need ' Problem size unknown'
      need ' NO VERIFICATION PERFORMED'
      need ' Verification = UNSUCCESSFUL' ;;
  esac
  if ! grep -qE '^ Time in seconds = [0-9]+\.[0-9]{4}$' "$out"; then
    echo "$name: no line ' Time in seconds = <t>' in $out"
    status=1
  fi
}
