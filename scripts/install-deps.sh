#!/usr/bin/env bash
# Installs the Debian packages zplc needs, and only the missing ones.
# Idempotent: a second run with everything present does nothing and says so.
set -euo pipefail

packages=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  antlr4 libantlr4-runtime-dev
  libfmt-dev catch2 libtomlplusplus-dev
  libopenmpi-dev openmpi-bin
  ninja-build cmake g++ make python3
)
# `make fuzz` (install-deps.sh --fuzz): clang and its libFuzzer/sanitizer
# runtimes, for the opt-in zplc-fuzz target only.
if [ "${1:-}" = "--fuzz" ]; then
  packages+=(clang-22 libclang-rt-22-dev)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: missing: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: not root; run as root:" >&2
  echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
echo "install-deps: installed ${#missing[@]} packages"
