#!/usr/bin/env python3
"""Prints a program whose procedure body nests one construct N deep.

    deep.py KIND N     KIND: parens sum minus power if begin scope for

The nested construct starts on line 5, so every error is reported there.
"""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
head = ("program deep;\nregion R = [1..4];\nvar A : [R] integer;\n"
        "procedure deep(); var x, y : integer; begin\n")
body = {
    "parens": lambda: "x := " + "(" * n + "1" + ")" * n + ";",
    "sum": lambda: "x := " + "1+" * n + "1;",
    "minus": lambda: "x := " + "- " * n + "1;",
    "power": lambda: "x := " + "1^" * n + "1;",
    "if": lambda: "if x = 0 then " * n + "x := 1;" + " end;" * n,
    "begin": lambda: "begin " * n + "x := 1;" + " end;" * n,
    "scope": lambda: "[R] " * n + "A := 1;",
    "for": lambda: "for x := 1 to 2 do " * n + "y := 1;" + " end;" * n,
}[kind]()
sys.stdout.write(head + body + "\nend;\n")
