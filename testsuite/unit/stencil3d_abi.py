#!/usr/bin/env python3
"""Sequential model of stencil3d_abi.c, written from its header comment and
independent of the runtime: what a serial run prints. Options as the
program's config vars: --n=, --m=, --f=."""
import sys


def options():
    values = {"n": "6", "m": "10", "f": "0.5"}
    for arg in sys.argv[1:]:
        key, _, value = arg.lstrip("-").partition("=")
        values[key] = value
    return int(values["n"]), int(values["m"]), float(values["f"])


def main():
    n, m, f = options()
    cube = range(1, n + 1)

    def a(i, j, k):  # [BigC] A := Index1*100 + Index2*10 + Index3
        return i * 100 + j * 10 + k

    # The second of the two passes adds 1 (its pass number).
    t = {(i, j, k): a(i + 1, j + 1, k + 1) + 2 * a(i - 1, j, k + 1)
         + 3 * a(i, j - 1, k) + 1 for i in cube for j in cube for k in cube}
    for i in cube:
        for j in cube:
            print(" ".join(str(t[i, j, k]) for k in cube))
    for i in (2, 3):
        print(" ".join("%5d" % t[i, n, k] for k in cube))
    v = [i * 1.5 * f * 2.0 for i in range(0, m + 2)]
    w = [v[i - 1] * i - v[i + 1] for i in range(1, m + 1)]
    print(" ".join("%.2f" % x for x in w))
    print(" ".join("true" if x > 0 else "false" for x in w))
    print(" ".join("%g" % x for x in v))
    positive = sum(1 for x in w if x > 0)
    prod = 1
    for i in range(1, m + 1):
        prod *= i % 3 + 1
    print("positive: %d any: %s fmin: %.3f prod: %d"
          % (positive, "true" if positive else "false", min(w), prod))


main()
