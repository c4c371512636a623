# Independent reference for testsuite/e2e/lang/regexpr.zpl (plain Python):
# each region as an explicit set of (row, column) pairs.
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 6
full = range(0, n + 2)


def box(r0, r1, c0, c1):
    return {(i, j) for i in range(r0, r1 + 1) for j in range(c0, c1 + 1)}


def strided(r0, r1, c0, c1, sr, sc):
    return {(i, j) for (i, j) in box(r0, r1, c0, c1)
            if (i - r0) % sr == 0 and (j - c0) % sc == 0}


inner = box(1, n, 1, n)
A = {(i, j): 0 for i in full for j in full}
for p in box(1, n, n + 1, n + 1):        # east of the literal: column n+1
    A[p] = 1
for p in box(2, 2, 2, n - 1):            # north in [2..n-1, 2..n-1]: its top row
    A[p] = 2
for p in strided(1, n, 1, n, 2, 2):
    A[p] += 3
for p in box(2, 3, 2, 3):                # [1..2, 1..2] moved by [1, 1]
    A[p] += 10
for p in box(2, 4, 5, 5):                # east of [2..4, 2..4]
    A[p] += 20
for p in strided(2, n, 2, n, 2, 2):
    A[p] += 100
for p in strided(1, n, 1, n, 1, 3):
    A[p] += 1000
for i in range(1, n + 1):
    A[(i, i)] += 5000
for i in full:
    print(" ".join(str(A[(i, j)]) for j in full))
# [0, -2] in a strided region: its lattice points in columns 1 and 2
print("sum", sum(A[p] for p in strided(1, n, 1, n, 2, 2) if p[1] <= 2))

B = {(i, j): 0 for i in full for j in full}
for (i, j) in inner:
    B[(i, j)] = i * 10 + j
for i in range(1, n + 1):                # wrap: column n+1 gets column 1
    B[(i, n + 1)] = B[(i, 1)]
for j in range(1, n + 1):                # reflect: row 0 mirrors row 1
    B[(0, j)] = B[(1, j)]
for i in full:
    print(" ".join(str(B[(i, j)]) for j in full))

lattice_rows = list(range(1, n + 1, 2))
lattice_cols = list(range(1, n + 1, 2))
for k, i in enumerate(lattice_rows):
    below = lattice_rows[(k + 1) % len(lattice_rows)]
    print(" ".join(str((below * 10 + j) - (i * 10 + j)) for j in lattice_cols))
for i in lattice_rows:                   # [2, 0] in: lattice rows n-1 and n
    if i >= n - 1:
        print(" ".join(str(i * 10 + j) for j in lattice_cols))
