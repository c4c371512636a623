# Independent reference for testsuite/e2e/lang/rtshift.zpl (plain Python):
# arrays as dicts over their declared indices, periodic shifts by explicit
# modular arithmetic over the declared region's points.
import sys

k = int(sys.argv[1]) if len(sys.argv) > 1 else 1
n = 8
R = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
A = {(i, j): i * 10 + j for (i, j) in R}


def wrap(x, lo, hi, step=1):
    """Index x brought back into lo..hi (points lo, lo+step, ...)."""
    period = hi - lo + step
    return lo + (x - lo) % period


def box(r0, r1, c0, c1, step=1):
    return [(i, j) for i in range(r0, r1 + 1, step) for j in range(c0, c1 + 1, step)]


def row_lines(vals, pts_rows):
    for row in pts_rows:
        print(" ".join(str(vals[p]) for p in row))


def rows_of(r0, r1, c0, c1, step=1):
    return [[(i, j) for j in range(c0, c1 + 1, step)] for i in range(r0, r1 + 1, step)]


# B := A@dn + A@rt over [1..n-k, 1..n-k]
print(sum(A[(i + k, j)] + A[(i, j + k)] for (i, j) in box(1, n - k, 1, n - k)))

# coarse(2k) over [1..n, 1..n-2k] by 2: D := C@[0, s] + C@^[-s, s], C over S
s = 2 * k
C = {(i, j): i * 100 + j for (i, j) in box(1, n, 1, n, 2)}
D = {}
for (i, j) in box(1, n, 1, n - 2 * k, 2):
    D[(i, j)] = C[(i, j + s)] + C[(wrap(i - s, 1, 7, 2), wrap(j + s, 1, 7, 2))]
row_lines(D, rows_of(1, n, 1, n - 2 * k, 2))


def smooth(X, s, points):
    Y = {}
    for (i, j) in points:
        Y[(i, j)] = (X[(wrap(i + s, 1, n), j)] + X[(wrap(i - s, 1, n), j)] +
                     X[(i, wrap(j + s, 1, n))] + X[(i, wrap(j - s, 1, n))] - 4 * X[(i, j)])
    return Y


for s in (1, 2, 3):
    B = smooth(A, s, R)
    row_lines(B, rows_of(1, n, 1, n))
    print(sum(A[(i, j + s - 1)] for (i, j) in box(1, n, 1, n - s)))
B = smooth(A, 2, box(1, n, 1, n, 2))
row_lines(B, rows_of(1, n, 1, n, 2))

# [1..n-2, 1..n] A := A@[2, 0] - A (old values)
old = dict(A)
for (i, j) in box(1, n - 2, 1, n):
    A[(i, j)] = old[(i + 2, j)] - old[(i, j)]
row_lines(A, rows_of(1, n, 1, n))

m = 4
Q = [(i, j, l) for i in range(1, m + 1) for j in range(1, m + 1) for l in range(1, m + 1)]
U = {(i, j, l): i * 1.0 + j * 0.25 + l * l for (i, j, l) in Q}
dirs = [(a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1) if (a, b, c) != (0, 0, 0)]


def stencil27(s):
    V = {}
    for (i, j, l) in Q:
        t = None
        for (a, b, c) in dirs:
            u = U[(wrap(i + a * s, 1, m), wrap(j + b * s, 1, m), wrap(l + c * s, 1, m))]
            t = u if t is None else t + u
        V[(i, j, l)] = 0.5 * U[(i, j, l)] + 0.01 * t
    return V


def total(V):
    t = 0.0
    for p in Q:
        t += V[p]
    return t


V = stencil27(1)
print("%g" % total(V))
for i in range(1, m + 1):
    for j in range(1, m + 1):
        print(" ".join("%g" % V[(i, j, l)] for l in range(1, m + 1)))
V = stencil27(2)
print("%g" % total(V))

# strided regions derived with run-time directions
B = {p: 0 for p in R}
for (i, j) in box(1 + k, n - 2 + k, 1, n, 2):   # [T at [k, 0]], T = [1..n-2, 1..n] by 2
    B[(i, j)] = C[(i - k, j)]
for (i, j) in box(1, n, 7 - 2 * (k - 1), 7, 2):  # [[0, 2k] in S]: its last k columns
    B[(i, j)] = 7
for (i, j) in [(i, j) for i in range(1, n + 1, k) for j in range(1, n + 1, 2 * k)]:
    B[(i, j)] += 1
row_lines(B, rows_of(1, n, 1, n))
