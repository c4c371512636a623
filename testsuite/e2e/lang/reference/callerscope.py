# Independent reference for testsuite/e2e/lang/callerscope.zpl (plain
# Python): each procedure's statement evaluated over the caller's scope as
# an explicit set of points.
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
full = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
inner = [(i, j) for (i, j) in full if 2 <= i <= n - 1 and 2 <= j <= n - 1]
even = [(i, j) for (i, j) in full if i % 2 == 1 and j % 2 == 1]  # 1, 3, ...
A = {(i, j): i * 10 + j for (i, j) in full}


def at(X, p):
    return X.get(p, 0)  # outside the declared region: ghost cells, zero


def rows(X, points):
    lines = {}
    for (i, j) in points:
        lines.setdefault(i, []).append(str(X[(i, j)]))
    for i in sorted(lines):
        print(" ".join(lines[i]))


def cross(Y, X, scope):
    for (i, j) in scope:
        Y[(i, j)] = (at(X, (i - 1, j)) + at(X, (i + 1, j)) +
                     at(X, (i, j + 1)) + at(X, (i, j - 1)))


B = {p: 0 for p in full}
cross(B, A, inner)
rows(B, full)
for (i, j) in full:  # two columns on, periodic in 1..n
    B[(i, j)] = A[(i, (j + 2 - 1) % n + 1)] - A[(i, j)]
rows(B, full)
C = {p: A[p] for p in even}
ecols = sorted({j for (_, j) in even})
D = {}
for (i, j) in even:  # one stride on in the strided region, periodic
    k = ecols.index(j)
    D[(i, j)] = C[(i, ecols[(k + 1) % len(ecols)])] - C[(i, j)]
rows(D, even)
erows = sorted({i for (i, _) in even})
C2 = {}
for (i, j) in even:  # one stride down, periodic; integer division
    k = erows.index(i)
    C2[(i, j)] = C[(erows[(k + 1) % len(erows)], j)] // 2 + C[(i, j)]
C = C2
rows(C, even)
print("even", sum(A[p] for p in even))
print("inner", sum(A[p] for p in inner))
B = {p: 0 for p in full}
cross(B, A, even)
rows(B, even)
print("cross", sum(B[p] for p in even))
rows(B, full)
