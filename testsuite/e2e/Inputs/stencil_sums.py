#!/usr/bin/env python3
"""Independent model of stencil-sums.zpl, summing in source order.

python3 stencil_sums.py [--n=N] [--m=M] [--steps=S] < program-output
checks each line `name value` of the program against the model within a
relative tolerance of 1e-10 (zplc -O2 regroups the sums, which rounds
differently in the last bits; any wrong term would be off by far more),
prints the model's values and exits 1 on a mismatch.
"""
import math
import sys

n, m, steps = 8, 11, 2
for arg in sys.argv[1:]:
    key, value = arg.lstrip("-").split("=")
    if key == "n":
        n = int(value)
    elif key == "m":
        m = int(value)
    elif key == "steps":
        steps = int(value)

a0, a2, a3 = -8.0 / 3.0, 1.0 / 6.0, 1.0 / 12.0
expected = {}


def wrap(i, size):
    """Periodic index in 1..size."""
    return (i - 1) % size + 1


# Rank 1.
X = {i: ((i * 7) % 5) + 0.25 for i in range(1, m + 1)}
Y = {i: 0.0 for i in range(1, m + 1)}
f = lambda x: math.sqrt(x) * x
for i in range(2, m + 1, 2):
    Y[i] = f(X[wrap(i - 1, m)]) + f(X[i]) + f(X[wrap(i + 1, m)])
expected["Y"] = sum(Y[i] * i for i in range(1, m + 1))

# Rank 2, a zero band around P.
A = {(i, j): 0.0 for i in range(0, n + 2) for j in range(0, m + 2)}
P = [(i, j) for i in range(1, n + 1) for j in range(1, m + 1)]
for i, j in P:
    A[i, j] = ((i * 37 + j * 101) % 97) / 97.0 - 0.5
for _ in range(steps):
    B = {}
    for i, j in P:
        faces = A[i - 1, j] + A[i + 1, j] + A[i, j - 1] + A[i, j + 1]
        corners = A[i - 1, j - 1] + A[i - 1, j + 1] + A[i + 1, j - 1] + A[i + 1, j + 1]
        B[i, j] = 0.5 * A[i, j] + 0.125 * faces + 0.0625 * corners
    for p in P:
        A[p] = B[p]
expected["A"] = sum(A[i, j] * j + i for i, j in P)

E = lambda i, j: A[wrap(i, n), wrap(j, m)]
D = {}
for i, j in P:
    D[i, j] = ((E(i - 1, j - 1) - E(i + 1, j - 1)) + 2.0 * (E(i - 1, j) - E(i + 1, j))
               + (E(i - 1, j + 1) - E(i + 1, j + 1)))
expected["D"] = sum(D[i, j] * j + D[i, j] * D[i, j] for i, j in P)

# Rank 3, periodic.
G = [(i, j, k) for i in range(1, n + 1) for j in range(1, n + 1) for k in range(1, n + 1)]
U = {(i, j, k): ((i * 13 + j * 7 + k * 29) % 31) / 31.0 - 0.5 for i, j, k in G}
V = {(i, j, k): ((i * 5 + j * 11 + k * 3) % 17) / 17.0 for i, j, k in G}


def at(F, p, d):
    return F[tuple(wrap(p[x] + d[x], n) for x in range(3))]


def kind(d):
    """How many of d's coordinates are nonzero."""
    return sum(1 for x in d if x != 0)


neighbours = [(a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1)]
R = {}
for p in G:
    edges = sum(at(U, p, d) for d in neighbours if kind(d) == 2)
    corners = sum(at(U, p, d) for d in neighbours if kind(d) == 3)
    R[p] = V[p] - a0 * U[p] - a2 * edges - a3 * corners
expected["R"] = sum(R[p] * p[2] + R[p] * R[p] for p in G)

C = [(i, j, k) for i in range(2, n + 1, 2) for j in range(2, n + 1, 2)
     for k in range(2, n + 1, 2)]
Rc = {}
for p in C:
    Rc[p] = (0.5 * R[p] + 0.25 * sum(at(R, p, d) for d in neighbours if kind(d) == 1)
             + 0.125 * sum(at(R, p, d) for d in neighbours if kind(d) == 2)
             + 0.0625 * sum(at(R, p, d) for d in neighbours if kind(d) == 3))
expected["Rc"] = sum(Rc[p] * p[2] + Rc[p] * Rc[p] for p in C)

U = {p: 0.0 for p in G}
for p in C:
    U[p] = Rc[p]
# Each interpolation step reads the values before it (ZPL semantics).
for axis in range(3):
    old = dict(U)
    for i, j, k in G:
        p = (i, j, k)
        # odd along `axis`, even along the axes after it
        if p[axis] % 2 == 1 and all(p[x] % 2 == 0 for x in range(axis + 1, 3)):
            d = tuple(1 if x == axis else 0 for x in range(3))
            minus = tuple(-c for c in d)
            U[p] = 0.5 * (at(old, p, minus) + at(old, p, d))
expected["U"] = sum(U[p] * p[2] + U[p] * p[0] + U[p] * U[p] for p in G)

ok = True
got = {}
for line in sys.stdin:
    name, value = line.split()
    got[name] = float(value)
for name, want in expected.items():
    print("%s %.15e" % (name, want))
    have = got.get(name)
    if have is None or abs(have - want) > 1e-10 * max(1.0, abs(want)):
        print("mismatch: %s is %r, expected %.15e" % (name, have, want))
        ok = False
sys.exit(0 if ok else 1)
