#!/usr/bin/env bash
# The CMake package test (ctest package-consumer): installs this build of
# zplc into a fresh prefix, then configures and builds consumer/ (a user's
# project: find_package(zplc), zplc_add_executable) against it with the
# user's default C compiler, and runs its programs: on 2 MPI ranks, serially
# and on a simulated T3D, each against heat_reference.py. It then edits the
# .zpl and checks that the build recompiles it, and that a bad BACKEND is a
# configure error naming the choices.
#
# usage: run.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
work=$2
here=$(cd "$(dirname "$0")" && pwd)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
test -f "$work/prefix/lib/cmake/zplc/zplcConfig.cmake"
test -f "$work/prefix/lib/cmake/zplc/zplcConfigVersion.cmake"

# The project is copied so that the test can edit its program.
cp -r "$here/consumer" "$work/src"
cmake -S "$work/src" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/configure.log"
cmake --build "$work/build" > "$work/build.log"

check() { # OUTPUT_NAME STEPS COMMAND...
  local out=$work/$1.out steps=$2
  shift 2
  "$@" > "$out"
  python3 "$here/heat_reference.py" 32 "$steps" "$out"
}
check mpi2 50 mpiexec --oversubscribe -np 2 "$work/build/heat"
check serial 50 "$work/build/heat_serial"
check t3d 50 "$work/build/heat_t3d" --pes=4
# The program's config var still works from the command line.
check mpi2-steps 20 mpiexec --oversubscribe -np 2 "$work/build/heat" --steps=20

# Editing the .zpl rebuilds the programs (new default for steps).
sed -i 's/steps : integer = 50/steps : integer = 60/' "$work/src/heat.zpl"
cmake --build "$work/build" > "$work/rebuild.log"
grep -q 'Compiling ZPL program heat.zpl' "$work/rebuild.log"
check mpi2-edited 60 mpiexec --oversubscribe -np 2 "$work/build/heat"

# A wrong BACKEND is a configure error that lists the choices.
mkdir -p "$work/bad"
cp "$here/consumer/heat.zpl" "$work/bad/"
cat > "$work/bad/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(bad LANGUAGES C)
find_package(zplc REQUIRED)
zplc_add_executable(heat heat.zpl BACKEND cuda)
CMAKE
if cmake -S "$work/bad" -B "$work/bad/build" -DCMAKE_PREFIX_PATH="$work/prefix" \
     > "$work/bad.log" 2>&1; then
  echo "FAIL: BACKEND cuda configured"; exit 1
fi
grep -q "BACKEND is serial, mpi or sim, not 'cuda'" "$work/bad.log"
echo "package-consumer: all checks passed"
