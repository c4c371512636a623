# Independent reference for testsuite/e2e/lang/maskremap.zpl (plain
# Python): masked gathers and scatters computed point by point, visiting
# only the selected points.
n = 6
R = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
V = list(range(1, n + 1))


def g(x):
    return "%g" % x


def rows(a):
    for i in range(1, n + 1):
        print(" ".join(g(a[(i, j)]) for j in range(1, n + 1)))


B = {(i, j): float(i * 10 + j) for (i, j) in R}
M = {(i, j): (i + j) % 3 != 0 for (i, j) in R}
I = {(i, j): (n + 1 - j if M[(i, j)] else 0) for (i, j) in R}
J = {(i, j): i for (i, j) in R}
A = {p: (B[(I[p], J[p])] if M[p] else -1.0) for p in R}
rows(A)
A = {(i, j): (-1.0 if M[(i, j)] else B[(j, i)] + 0.5) for (i, j) in R}
rows(A)
print(g(sum(B[(I[p], J[p])] for p in R if M[p])))
A = {}
for (i, j) in R:
    p = (i, j)
    if M[p]:
        A[p] = B[(I[p], J[p])] * 2.0
    elif i > j:
        A[p] = 1.0
    else:
        A[p] = 0.0
rows(A)
C = {p: (int(B[((I[p] + 1) % n + 1, J[p])]) if M[p] else 0) for p in R}
rows(C)
P = {i: (i * 5) % n + 1 for i in V}
W = {i: 0 for i in V}
for i in V:  # row-major order: the last selected write wins
    if i % 2 == 1:
        W[P[i]] = i * 100
print(" ".join(str(W[i]) for i in V))
I = {(i, j): n + 1 - j for (i, j) in R}
T = {p: 0.0 for p in R}
for t in range(1, 6):
    M = {(i, j): (i * 2 + j + min(t, 3)) % 4 == 0 for (i, j) in R}
    for p in R:
        if M[p]:
            T[(J[p], n + 1 - I[p])] += B[p]
    for (i, j) in R:
        if M[(i, j)]:
            A[(i, j)] = T[(J[(i, j)], j)]
    for (i, j) in R:
        if M[(i, j)]:
            T[(j, i)] = A[(i, j)] + 1.0
rows(T)
print(g(sum(A.values())))
Q = {i: n + 1 - i for i in V}
W = {i: (-7 if i == 3 else P[Q[i]]) for i in V}
print(" ".join(str(W[i]) for i in V))
