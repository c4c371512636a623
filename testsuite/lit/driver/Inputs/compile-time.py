#!/usr/bin/env python3
"""Prints a program that repeats one construct of size SIZE (at most what
the front end's nesting limit allows), COUNT times, one after another:

    compile-time.py KIND SIZE COUNT

    sum   `s := s + s + ... ;` with SIZE terms (a chain of SIZE C operators)
    for   SIZE nested `for` loops, an array statement in each
    if    SIZE nested `if`s, an array statement in each

Used by compile-time-scaling.py (compile-time.test): compile time must grow
about linearly with SIZE and with COUNT.
"""
import sys

kind, size, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
out = ["program big;", "region R = [1..8];", "var A : [R] integer;",
       "var s : integer;", "procedure big();"]
if kind == "for":
    out.append("var " + ", ".join(f"i{j}" for j in range(size)) + " : integer;")
out += ["begin", "  s := 1; [R] A := 0;"]
for c in range(count):
    if kind == "sum":
        out.append("  s := " + " + ".join(["s"] * size) + ";")
        continue
    for j in range(size):
        head = f"for i{j} := 1 to 1 do" if kind == "for" else "if s > 0 then"
        out.append(f"{head} [R] A := A + {j};")
    out.append("s := s + 1;" + " end;" * size)
out += ["  writeln(s, \" \", +<< [R] A);", "end;"]
print("\n".join(out))
