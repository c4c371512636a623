# Independent reference for testsuite/e2e/lang/procdir.zpl (plain Python):
# each band as an explicit set of (row, column) pairs for a given n.
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 6
full = range(1, n + 5)
A = {(i, j): i * 100 + j for i in full for j in full}


def box(r0, r1, c0, c1):
    return {(i, j) for i in range(r0, r1 + 1) for j in range(c0, c1 + 1)}


for s in (1, 2, 3):
    v, t = s, s + 1
    for p in box(n + 1, n + s, 1, n):       # [s, 0] of R: s rows below R
        A[p] += v
    for p in box(1, n, n - t + 1, n):       # [0, t] in R: its last t columns
        A[p] += 10 * v
    print("sum", sum(A[p] for p in box(1 + s, n + s, 1 + s, n + s)))
for i in full:
    print(" ".join(str(A[(i, j)]) for j in full))
