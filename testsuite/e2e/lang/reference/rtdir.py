# Independent reference for testsuite/e2e/lang/rtdir.zpl (plain Python):
# each region as an explicit set of (row, column) pairs for a given k.
import sys

k = int(sys.argv[1]) if len(sys.argv) > 1 else 2
n = 6
full = range(0, n + 4)


def box(r0, r1, c0, c1):
    return {(i, j) for i in range(r0, r1 + 1) for j in range(c0, c1 + 1)}


def show(a):
    for i in full:
        print(" ".join(str(a[(i, j)]) for j in full))


A = {(i, j): 0 for i in full for j in full}
for p in box(n + 1, n + k, 1, n):          # [k, 0] of R: k rows below
    A[p] = 1
for p in box(1, k, 1, n):                  # [-k, 0] in R: its top k rows
    A[p] = 2
for p in box(1 + k, 2 + k, 1, 2):          # [1..2, 1..2] moved down by k
    A[p] += 10
# [0, k-1] of R: k-1 columns right of R; a zero component keeps R's
# extent, so with k = 1 the band is R itself
right = box(1, n, n + 1, n + k - 1) if k > 1 else box(1, n, 1, n)
for p in right:
    A[p] += 100
show(A)
print("sum", sum(A[p] for p in box(1 + k, n + k, 1 + k, n + k)))
# [k, k] in R: the last k rows and columns; with M: even columns only
for (i, j) in box(n - k + 1, n, n - k + 1, n):
    if j % 2 == 0:
        A[(i, j)] = -i
show(A)
