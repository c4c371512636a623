#!/usr/bin/env python3
"""Compares the zeta values examples/nas/cg.zpl printed with those of the
independent reference examples/reference/cg.c for the same parameters.

    cg-zeta.py REFERENCE_OUTPUT PROGRAM_OUTPUT

The reference prints `it K zeta V` per iteration and `zeta V` at the end;
the program prints NPB's iteration lines (`K  ||r||  zeta`, the norm in
Fortran's E format) and `Zeta is <E format>` (or `Zeta <E format>` when it
failed verification). Every iteration must be there, in order, and every
zeta must agree with the reference's to NPB's relative tolerance 1e-10
(the two add the matrix's terms in different orders). Prints one line,
`zeta: N iterations agree` or what differs, and exits 1 on a difference.
"""
import re
import sys

TOLERANCE = 1e-10


def reference(path):
    per_iteration, final = [], None
    for line in open(path):
        words = line.split()
        if words[:1] == ["it"]:
            per_iteration.append((int(words[1]), float(words[3])))
        elif words[:1] == ["zeta"]:
            final = float(words[1])
    return per_iteration, final


def program(path):
    per_iteration, final = [], None
    iteration = re.compile(r"^ {4}([ \d]{5}) {6}[ -]0\.\d{14}E[+-]\d\d( *-?\d+\.\d{13})$")
    zeta = re.compile(r"^ Zeta(?: is)? +(-?0\.\d{13}E[+-]\d\d)$")
    for line in open(path):
        line = line.rstrip("\n")
        m = iteration.match(line)
        if m:
            per_iteration.append((int(m.group(1)), float(m.group(2))))
        m = zeta.match(line)
        if m:
            final = float(m.group(1))
    return per_iteration, final


def agree(a, b):
    return abs(a - b) <= TOLERANCE * abs(b)


def main():
    want_steps, want_final = reference(sys.argv[1])
    got_steps, got_final = program(sys.argv[2])
    if [k for k, _ in got_steps] != [k for k, _ in want_steps]:
        print(f"zeta: iterations {[k for k, _ in got_steps]}, expected "
              f"{[k for k, _ in want_steps]}")
        return 1
    for (k, got), (_, want) in zip(got_steps, want_steps):
        if not agree(got, want):
            print(f"zeta: iteration {k} gives {got!r}, the reference {want!r}")
            return 1
    if got_final is None or want_final is None or not agree(got_final, want_final):
        print(f"zeta: final {got_final!r}, the reference {want_final!r}")
        return 1
    print(f"zeta: {len(got_steps)} iterations agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
