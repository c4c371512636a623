#!/usr/bin/env python3
"""Sequential model of jacobi_abi.c, written from its header comment and
independent of the runtime: what a serial run prints. Options as the
program's config vars: --n=, --iters=, --scale=, --verbose=."""
import sys


def options():
    values = {"n": "12", "iters": "40", "scale": "1.0", "verbose": "true"}
    for arg in sys.argv[1:]:
        key, _, value = arg.lstrip("-").partition("=")
        values[key] = value
    return (int(values["n"]), int(values["iters"]), float(values["scale"]),
            values["verbose"] == "true")


def rows(grid, lo, hi, cols, fmt):
    for i in range(lo, hi + 1):
        print(" ".join(fmt % grid[i][j] for j in cols))


def main():
    n, iters, scale, verbose = options()
    inner = range(1, n + 1)
    a = [[0.0] * (n + 2) for _ in range(n + 2)]
    for j in inner:
        a[n + 1][j] = 1.0 * scale  # [south of R]
    for i in inner:
        a[i][n + 1] = 0.5 * scale  # [east of R]
    t = [[0.0] * (n + 2) for _ in range(n + 2)]
    err = 0.0
    for _ in range(iters):
        for i in inner:
            for j in inner:
                t[i][j] = (a[i - 1][j] + a[i][j + 1] + a[i + 1][j] + a[i][j - 1]) / 4.0
        err = max(abs(t[i][j] - a[i][j]) for i in inner for j in inner)
        for i in inner:
            for j in inner:
                a[i][j] = t[i][j]
    for i in inner:
        for j in inner:
            t[i][j] = a[i - 1][j - 1] - a[i + 1][j + 1]  # A@nw - A@se
    csum = sum(i * 100 + j for i in inner for j in inner)
    print("iterations: %d err: %.3e" % (iters, err))
    print("finite: 1 csum: %d pos: %s" % (csum, "true" if csum >= 0 else "false"))
    if verbose:
        rows(a, 1, n, inner, "%.5f")
        rows(t, 1, n, inner, "%.4f")
        for i in inner:
            print("%d %d" % (i * 100 + 2, i * 100 + 3))  # Cnt over [1..n, 2..3]
        rows(a, n + 1, n + 1, inner, "%g")


main()
