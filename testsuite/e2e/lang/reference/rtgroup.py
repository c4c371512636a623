# Independent reference for testsuite/e2e/lang/rtgroup.zpl (plain Python):
# arrays as dicts over their indices; periodic shifts by modular
# arithmetic over 1..n; every statement reads the old values.
n = 16
R = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]


def wrap(x):
    return 1 + (x - 1) % n


def smooth(X, s):
    dirs = [(a, b) for a in (-s, 0, s) for b in (-s, 0, s) if (a, b) != (0, 0)]
    return {(i, j): sum(X[(wrap(i + a), wrap(j + b))] for a, b in dirs) for (i, j) in R}


def total(X):
    return sum(int(v) for v in X.values())


A = {(i, j): 100 * i + j for (i, j) in R}
print(total(smooth(A, 1)))
A = {(i, j): i * i + 3 * j for (i, j) in R}
print(total(smooth(A, 2)))

B = {p: 0.0 for p in R}
for i in range(1, n + 1, 2):
    for j in range(1, n + 1, 2):
        B[(i, j)] = 100 * i + j


def fill(B, rows, s):
    old = dict(B)
    for i in rows:
        for j in range(1, n + 1, 2):
            B[(i, j)] = 0.5 * (old[(i - s, j)] + old[(i + s, j)]) + j


fill(B, range(2, n - 1, 2), 1)  # F at [1, 0]: rows 2, 4, ..., n - 2
print(total(B))
fill(B, range(3, n - 2, 2), 2)  # G at [2, 0]: rows 3, 5, ..., n - 3
print(total(B))
