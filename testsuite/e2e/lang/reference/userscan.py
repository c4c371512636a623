# Independent reference for testsuite/e2e/lang/userscan.zpl (plain Python).
rows, cols = 4, 5
R = [(i, j) for i in range(1, rows + 1) for j in range(1, cols + 1)]


def lastnz(a, b):
    return b if b != 0 else a


def maxabs(a, b):
    return b if abs(b) > abs(a) else a


def g(x):
    return "%g" % x


def show(M, fmt=str):
    for i in range(1, rows + 1):
        print(" ".join(fmt(M[(i, j)]) for j in range(1, cols + 1)))


def scan(f, M, order):
    """Inclusive scan of M along each list of indices in `order`."""
    out = {}
    for line in order:
        acc = None
        for p in line:
            acc = M[p] if acc is None else f(acc, M[p])
            out[p] = acc
    return out


rowmajor = [R]
down = [[(i, j) for i in range(1, rows + 1)] for j in range(1, cols + 1)]
across = [[(i, j) for j in range(1, cols + 1)] for i in range(1, rows + 1)]
V = {(i, j): (i * 7 + j * 3) % 5 * ((i + j) % 3) for (i, j) in R}
show(V)
show(scan(lastnz, V, rowmajor))
show(scan(lastnz, V, down))
show(scan(lastnz, V, across))
A = {(i, j): (i - 2.5) * (j - 3) + 0.25 * j for (i, j) in R}
show(scan(maxabs, A, rowmajor), g)
show(scan(maxabs, {p: float(V[p] - 2) for p in R}, down), g)
C = [(i, j, k) for i in range(1, 3) for j in range(1, 3) for k in range(1, 4)]
W = {(i, j, k): (i + 2 * j + k) % 4 for (i, j, k) in C}
T = scan(lastnz, W, [C])
for i in range(1, 3):
    for j in range(1, 3):
        print(" ".join(str(T[(i, j, k)]) for k in range(1, 4)))
