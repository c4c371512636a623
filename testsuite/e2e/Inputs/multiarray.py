#!/usr/bin/env python3
"""Independent model of multiarray.zpl (families of regions and arrays).

Arrays are dicts over every index of their region's bounding box and the
ghost cells, which start at zero; a family's element k is one such array.
Level k of L holds the points 1, 1 + 2^k, ... of [1..n] in each dimension;
@^ wraps within the declared region (period 16 for n = 16 on every level);
@ reads the zero ghost cells past it. S{k} is [1..2^k + 1]^2."""
n, top = 16, 3


def g(x):
    return '%g' % x


def points(k):
    return range(1, n + 1, 2 ** k)


R = {k: {} for k in range(top + 1)}
U = {k: {} for k in range(top + 1)}
for i in points(0):
    for j in points(0):
        R[0][(i, j)] = float(i * 100 + j)


def wrapped(c):
    return (c - 1) % n + 1


for k in range(1, top + 1):
    below = R[k - 1]
    for i in points(k):
        for j in points(k):
            R[k][(i, j)] = 0.5 * below[(i, j)] + 0.25 * (
                below[(i, wrapped(j + 8))] + below.get((i + 8, j), 0.0))
    c = 0.5 * k
    for i in points(k):
        for j in points(k):
            U[k][(i, j)] = c * R[k][(i, j)] + j
    total = sum(R[k][(i, j)] for i in points(k) for j in points(k))
    top_u = max(U[k][(i, j)] for i in points(k) for j in points(k))
    print(k, g(total), g(top_u))
    for i in points(k):
        print(' '.join(g(U[k][(i, j)]) for j in points(k)))

W, Vs = {}, {}
for k in range(1, 4):
    m = 2 ** k + 1
    V = {(i, j): i * 10 + j for i in range(1, m + 1) for j in range(1, m + 1)}
    for i in range(1, m + 1):  # [east of S] wrap: column m + 1 is column 1
        V[(i, m + 1)] = V[(i, 1)]
    Vs[k] = V
    W[k] = {(i, j): V[(i, j + 1)] + V[(i % m + 1, j)]
            for i in range(1, m + 1) for j in range(1, m + 1)}
    for i in range(1, m + 1):
        print(' '.join(str(W[k][(i, j)]) for j in range(1, m + 1)))
print(sum(W[2].values()), g(min(R[2][(i, j)] for i in points(2) for j in points(2))))
# V{j} := V{k}@west with j = k = 2: every element from the old values
# (column 0 is a ghost cell nothing wrote).
V, m = Vs[2], 5
for i in range(1, m + 1):
    print(' '.join(str(V.get((i, j - 1), 0)) for j in range(1, m + 1)))
print('done')
