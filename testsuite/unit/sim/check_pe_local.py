#!/usr/bin/env python3
"""Fails when a static library has writable data that is not thread-local.

The simulated back end runs every PE as a thread of one process, so the
runtime keeps each PE's state in ZRT_PE_LOCAL (thread-local) variables
(runtime/src/zplrt_internal.h). A plain global or static variable that
changes would be shared by all simulated PEs. This check lists, for every
object file of the archives given, the data symbols in writable sections
(.data, .bss and common symbols; not .tdata/.tbss, .rodata or
.data.rel.ro) and fails if there is any.

usage: check_pe_local.py LIB.a [LIB.a ...]
"""
import os
import subprocess
import sys
import tempfile


def sections(obj):
    """Section index -> name, from readelf -SW."""
    out = subprocess.run(["readelf", "-SW", obj], check=True, capture_output=True,
                         text=True).stdout
    names = {}
    for line in out.splitlines():
        line = line.strip()
        if not line.startswith("["):
            continue
        idx, rest = line[1:].split("]", 1)
        if idx.strip().isdigit() and rest.split():
            names[idx.strip()] = rest.split()[0]
    return names


def writable(section):
    if section.startswith(".data.rel.ro"):
        return False
    return section.startswith(".data") or section.startswith(".bss")


def shared_data(obj):
    """The names of data objects in writable, non-thread-local storage."""
    names = sections(obj)
    out = subprocess.run(["readelf", "-sW", obj], check=True, capture_output=True,
                         text=True).stdout
    found = []
    for line in out.splitlines():
        f = line.split()
        # Num: Value Size Type Bind Vis Ndx Name
        if len(f) < 8 or f[3] != "OBJECT":
            continue
        ndx, name = f[6], f[7]
        if ndx == "COM" or writable(names.get(ndx, "")):
            found.append(name)
    return found


def main():
    bad = []
    for lib in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(["ar", "x", os.path.abspath(lib)], cwd=tmp, check=True)
            for obj in sorted(os.listdir(tmp)):
                for name in shared_data(os.path.join(tmp, obj)):
                    bad.append(f"{os.path.basename(lib)}({obj}): {name}")
    for b in bad:
        print(f"not thread-local (declare it ZRT_PE_LOCAL): {b}")
    if not sys.argv[1:]:
        print("usage: check_pe_local.py LIB.a [LIB.a ...]", file=sys.stderr)
        return 2
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
