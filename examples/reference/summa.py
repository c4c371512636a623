#!/usr/bin/env python3
"""summa.py: an independent sequential reference for examples/summa.zpl.

The textbook product C = A * B (i, j, k loops) of an m x p and a p x n
integer matrix, indices from 1:
  A(i, k) = (i^2 + 3k^2 + 2ik + k) mod 11 - 5
  B(k, j) = (2k^2 + j^2 + kj + j) mod 7 - 3
Integers are exact, so this prints what the flood-based SUMMA must print.

Prints:
  sum: <S> from row sums: <S> from A and B sums: <S>
       (S = sum of C; the other two are the same number computed two other
        ways: by rows of C, and as sum_k colsum_k(A) * rowsum_k(B))
  weighted: <sum of C(i,j) * (2i - j)> max: <max C> min: <min C>
and when s = min(show, m, n) > 0:
  row sums of C, rows 1..<s>:
  <sum_j C(i, j)>                      one line each, i = 1..s
  C[1..<s>, 1..<s>]:
  <C(i, 1..s) as "%5.0f", space separated>   for i = 1..s

Options: --m --p --n --show, as --name=value.
"""
import sys


def parse_args(argv):
    opts = {"m": 20, "p": 28, "n": 24, "show": 5}
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
    m, p, n, show = o["m"], o["p"], o["n"], o["show"]
    a = [[(i * i + 3 * k * k + 2 * i * k + k) % 11 - 5 for k in range(1, p + 1)]
         for i in range(1, m + 1)]
    b = [[(2 * k * k + j * j + k * j + j) % 7 - 3 for j in range(1, n + 1)]
         for k in range(1, p + 1)]
    c = [[sum(a[i][k] * b[k][j] for k in range(p)) for j in range(n)]
         for i in range(m)]

    total = sum(sum(row) for row in c)
    weighted = sum(c[i][j] * (2 * (i + 1) - (j + 1)) for i in range(m) for j in range(n))
    flat = [x for row in c for x in row]
    print("sum: %d from row sums: %d from A and B sums: %d" % (total, total, total))
    print("weighted: %d max: %d min: %d" % (weighted, max(flat), min(flat)))
    s = min(show, m, n)
    if s > 0:
        print("row sums of C, rows 1..%d:" % s)
        for i in range(s):
            print("%d" % sum(c[i]))
        print("C[1..%d, 1..%d]:" % (s, s))
        for i in range(s):
            print(" ".join("%5d" % c[i][j] for j in range(s)))


if __name__ == "__main__":
    main()
