#!/usr/bin/env python3
"""transpose.py: an independent sequential reference for
examples/transpose.zpl.

Plain Python 3, integer arithmetic only (exact). With m = 1000003:

  A[i][j] = (31 i + 17 j + i j) mod 101           for i, j in 1..n
  scan check: the column prefix sums of A computed directly and through
  transpose / row prefix sum / transpose back; print the largest
  difference (0).
  iters times:
    row transform of every row of A:
      p[j] = (A[1] + ... + A[j]) mod m
      A[j] = (p[j-1] + 2 p[j] + 3 p[j+1]) mod m   (indices cyclic in 1..n)
    B = transpose(A)
    B[i][j] = B[i][j] * ((i + 2 j) mod 5 + 1) mod m
    row transform of every row of B
    A = transpose(B)
  print the sum, max, min, the checksum sum A[i][j] ((7 i + 13 j) mod 97 + 1),
  the first `show` row sums and column sums, and A over [1..show, 1..show].

Options: --n=, --iters=, --show= (integers).
"""
import sys

M = 1000003


def parse(argv):
    opts = {"n": 8, "iters": 2, "show": 6}
    for arg in argv:
        if not arg.startswith("--") or "=" not in arg:
            sys.exit("error: bad option '%s'" % arg)
        key, value = arg[2:].split("=", 1)
        if key not in opts:
            sys.exit("error: unknown option '%s'" % arg)
        opts[key] = int(value)
    return opts


def row_transform(row):
    """The 1D transform of one row (a list of n integers, 0-based)."""
    n = len(row)
    p = []
    run = 0
    for v in row:
        run += v
        p.append(run % M)
    return [(p[(j - 1) % n] + 2 * p[j] + 3 * p[(j + 1) % n]) % M
            for j in range(n)]


def transposed(a):
    n = len(a)
    return [[a[j][i] for j in range(n)] for i in range(n)]


def main():
    o = parse(sys.argv[1:])
    n, iters, show = o["n"], o["iters"], o["show"]
    # 0-based storage: a[i-1][j-1] holds element (i, j).
    a = [[(i * 31 + j * 17 + i * j) % 101 for j in range(1, n + 1)]
         for i in range(1, n + 1)]

    # Scan check: column prefix sums directly ...
    direct = [[0] * n for _ in range(n)]
    for j in range(n):
        run = 0
        for i in range(n):
            run += a[i][j]
            direct[i][j] = run
    # ... and via the transpose.
    t = transposed(a)
    for i in range(n):
        run = 0
        for j in range(n):
            run += t[i][j]
            t[i][j] = run
    back = transposed(t)
    diff = 0
    for i in range(n):
        for j in range(n):
            diff = max(diff, abs(direct[i][j] - back[i][j]))

    for _ in range(iters):
        a = [row_transform(row) for row in a]
        b = transposed(a)
        for i in range(n):
            for j in range(n):
                b[i][j] = (b[i][j] * ((i + 1 + 2 * (j + 1)) % 5 + 1)) % M
        b = [row_transform(row) for row in b]
        a = transposed(b)

    flat = [v for row in a for v in row]
    check = 0
    for i in range(n):
        for j in range(n):
            check += a[i][j] * (((i + 1) * 7 + (j + 1) * 13) % 97 + 1)
    row_sums = [sum(a[i]) for i in range(n)]
    col_sums = [sum(a[i][j] for i in range(n)) for j in range(n)]

    print("transpose: n = %d, iterations = %d" % (n, iters))
    print("scan check: %d" % diff)
    print("sum: %d max: %d min: %d" % (sum(flat), max(flat), min(flat)))
    print("checksum: %d" % check)
    print("row sums 1..%d:" % show)
    print(" ".join(str(v) for v in row_sums[:show]))
    print("column sums 1..%d:" % show)
    print(" ".join(str(v) for v in col_sums[:show]))
    for i in range(show):
        print(" ".join(str(v) for v in a[i][:show]))


if __name__ == "__main__":
    main()
