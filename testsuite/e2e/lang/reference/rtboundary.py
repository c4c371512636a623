"""Expected output of rtboundary.zpl, written from the language reference
(docs/language.md section 5: `[d of R] wrap A` fills the band d of R from
R's opposite edge; `reflect` mirrors R's edge into it), not from zplc.
Argument: k (default 2)."""
import sys

n = 6
k = int(sys.argv[1]) if len(sys.argv) > 1 else 2


def show(rows):
    for row in rows:
        print(" ".join(str(v) for v in row))


def bands(s):
    a = {(i, j): i * 10 + j for i in range(1, n + 1) for j in range(1, n + 1)}
    for t in range(1, s + 1):          # [[s, 0] of R] wrap A
        for j in range(1, n + 1):
            a[(n + t, j)] = a[(t, j)]
    for t in range(1, s + 1):          # [[0, -s] of R] reflect A
        for i in range(1, n + 1):
            a[(i, 1 - t)] = a[(i, t)]
    show([[a[(i + s, j)] + a[(i, j - s)] for j in range(1, n + 1)]
          for i in range(1, n + 1)])


bands(1)
bands(2)
a = {(i, j): i - j for i in range(1, n + 1) for j in range(1, n + 1)}
for t in range(1, k + 1):              # [down of R] wrap A, down = [k, 0]
    for j in range(1, n + 1):
        a[(n + t, j)] = a[(t, j)]
show([[a[(i + k, j)] for j in range(1, n + 1)] for i in range(1, n + 1)])
c = {i: i * 3 for i in (1, 3, 5, 7)}   # [[1..8] by [2]], period 8
c[9] = c[1]                            # [[2] of S] wrap C
print(" ".join(str(c[i + 2]) for i in (1, 3, 5, 7)))
