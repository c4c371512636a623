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
