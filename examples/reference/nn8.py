#!/usr/bin/env python3
"""nn8.py: an independent sequential reference for examples/nn8.zpl.

Plain Python 3, written from the description of the benchmark:

  A is (n+2) x (n+2), indices 0..n+1 in both dimensions.
  A[i][j] = (131 i + 71 j) mod 1000 on the boundary band (and everywhere at
  first), then (37 i j + 11 i + j) mod 65521 inside (1..n).
  iters times, from the old values only:
    A'[i][j] = (N + S + E + W + 2 (NE + NW + SE + SW) + 3 A[i][j] + it)
               mod 65521                      for i, j in 1..n
  then prints the sum, max and min over the interior, a checksum weighted
  by ((7 i + 13 j) mod 97 + 1), and the corner [1..show, 1..show].

All arithmetic is on integers, so it is exact.
Options: --n=, --iters=, --show= (integers).
"""
import sys

M = 65521


def parse(argv):
    opts = {"n": 16, "iters": 1000, "show": 4}
    for arg in argv:
        if not arg.startswith("--") or "=" not in arg:
            sys.exit("error: bad option '%s'" % arg)
        key, value = arg[2:].split("=", 1)
        if key not in opts:
            sys.exit("error: unknown option '%s'" % arg)
        opts[key] = int(value)
    return opts


def main():
    o = parse(sys.argv[1:])
    n, iters, show = o["n"], o["iters"], o["show"]
    a = [[(131 * i + 71 * j) % 1000 for j in range(n + 2)]
         for i in range(n + 2)]
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            a[i][j] = (i * j * 37 + i * 11 + j) % M

    for it in range(1, iters + 1):
        new = [row[:] for row in a]
        for i in range(1, n + 1):
            up, mid, down = a[i - 1], a[i], a[i + 1]
            out = new[i]
            for j in range(1, n + 1):
                edges = up[j] + down[j] + mid[j + 1] + mid[j - 1]
                corners = up[j + 1] + up[j - 1] + down[j + 1] + down[j - 1]
                out[j] = (edges + 2 * corners + 3 * mid[j] + it) % M
        a = new

    inner = [a[i][j] for i in range(1, n + 1) for j in range(1, n + 1)]
    check = 0
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            check += a[i][j] * ((i * 7 + j * 13) % 97 + 1)
    print("nn8: n = %d, iterations = %d" % (n, iters))
    print("sum: %d max: %d min: %d" % (sum(inner), max(inner), min(inner)))
    print("checksum: %d" % check)
    for i in range(1, show + 1):
        print(" ".join(str(a[i][j]) for j in range(1, show + 1)))


if __name__ == "__main__":
    main()
