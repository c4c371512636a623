#!/usr/bin/env python3
"""cannon.py: an independent sequential reference for examples/cannon.zpl.

The textbook matrix product C = A * B (i, j, k loops) of two n x n integer
matrices, indices 1..n:
  A(i, j) = (2i^2 + 3j^2 + ij + i + j) mod 13 - 6
  B(i, j) = (4i^2 + j^2 + 3ij + i + j) mod 11 - 5
Integers are exact, so this prints what Cannon's algorithm must print.

Prints:
  skew check: 0                    (the ZPL program checks its skewed
                                    copies; a correct skew gives 0)
  sum: <sum of C> weighted: <sum of C(i,j) * (i - 2j)>
  max: <max of C> min: <min of C> trace: <sum of C(i,i)>
and when s = min(show, n) > 0:
  column sums 1..<s>:
  <sum over i of C(i, j), for j = 1..s, space separated>
  C[1..<s>, 1..<s>]:
  <C(i, 1..s) as "%4.0f", space separated>   for i = 1..s

Options: --n --show, as --name=value.
"""
import sys


def parse_args(argv):
    opts = {"n": 24, "show": 6}
    for arg in argv:
        name, sep, text = arg[2:].partition("=")
        if not arg.startswith("--") or not sep or name not in opts:
            sys.stderr.write("error: unknown option '%s'\n" % arg)
            sys.exit(2)
        try:
            opts[name] = int(text)
        except ValueError:
            sys.stderr.write("error: bad value for --%s: '%s'\n" % (name, text))
            sys.exit(2)
    return opts


def main():
    o = parse_args(sys.argv[1:])
    n, show = o["n"], o["show"]
    idx = range(1, n + 1)
    a = {(i, j): (2 * i * i + 3 * j * j + i * j + i + j) % 13 - 6 for i in idx for j in idx}
    b = {(i, j): (4 * i * i + j * j + 3 * i * j + i + j) % 11 - 5 for i in idx for j in idx}
    c = {}
    for i in idx:
        for j in idx:
            acc = 0
            for k in idx:
                acc += a[i, k] * b[k, j]
            c[i, j] = acc

    vals = list(c.values())
    weighted = sum(c[i, j] * (i - 2 * j) for i in idx for j in idx)
    print("skew check: 0")
    print("sum: %d weighted: %d" % (sum(vals), weighted))
    print("max: %d min: %d trace: %d" % (max(vals), min(vals), sum(c[i, i] for i in idx)))
    s = min(show, n)
    if s > 0:
        print("column sums 1..%d:" % s)
        print(" ".join("%d" % sum(c[i, j] for i in idx) for j in range(1, s + 1)))
        print("C[1..%d, 1..%d]:" % (s, s))
        for i in range(1, s + 1):
            print(" ".join("%4d" % c[i, j] for j in range(1, s + 1)))


if __name__ == "__main__":
    main()
