#!/usr/bin/env python3
"""Independent model of testsuite/e2e/Inputs/strided.zpl: ZPL's semantics of
arrays over strided regions, written from the language rules, not from
zplc. A strided region [lo..hi by s] is the lattice lo, lo+s, ... in the
fine grid's index space; an array over it holds one value per lattice
point, aligned with fine arrays (same index = same place). A@d reads the
value at index + d; A@^d wraps index + d into the region with period
count x stride per dimension; [d of R] is the band of lattice points within
|d| outside R's edge; wrap fills it with the point one period away,
reflect with the point mirrored about half a step outside the edge."""
import itertools

N = 16


def by(dims, steps):
    """[dims by steps]: each (lo, hi) keeps lo, lo+s, ... <= hi."""
    return [(lo, lo + (hi - lo) // s * s, s) for (lo, hi, _), s in zip(dims, steps)]


def dense(*bounds):
    return [(lo, hi, 1) for lo, hi in bounds]


def points(region):
    return list(itertools.product(*[range(lo, hi + 1, s) for lo, hi, s in region]))


def of(region, d):
    """The band [d of region], on region's lattice."""
    band = []
    for (lo, hi, s), dk in zip(region, d):
        if dk > 0:
            band.append((hi + s, hi + dk // s * s, s))
        elif dk < 0:
            band.append((lo - (-dk) // s * s, lo - s, s))
        else:
            band.append((lo, hi, s))
    return band


def period(dim):
    lo, hi, s = dim
    return hi - lo + s


def wrapped(region, i):
    """Index i brought into region periodically."""
    return tuple(lo + (x - lo) % period((lo, hi, s)) for (lo, hi, s), x in zip(region, i))


def read(a, i):
    return a.get(tuple(i), 0)  # storage starts zeroed


def at(a, i, d):
    return read(a, [x + dk for x, dk in zip(i, d)])


def pshift(a, region, i, d):
    return read(a, wrapped(region, [x + dk for x, dk in zip(i, d)]))


def assign(a, region, f):
    """[region] a := f(i): the whole right side before any store."""
    new = {i: f(i) for i in points(region)}
    a.update(new)


def boundary(a, region, d, kind):
    for x in points(of(region, d)):
        src = []
        for (lo, hi, s), dk, xk in zip(region, d, x):
            if dk == 0:
                src.append(xk)
            elif kind == "wrap":
                src.append(xk - period((lo, hi, s)) if dk > 0 else xk + period((lo, hi, s)))
            else:
                src.append((2 * hi + s if dk > 0 else 2 * lo - s) - xk)
        a[x] = read(a, src)


def write(a, region):
    """writeln of a parallel value: one line per innermost row."""
    rows = {}
    for i in points(region):
        rows.setdefault(i[:-1], []).append(str(read(a, i)))
    for key in sorted(rows):
        print(" ".join(rows[key]))


def rank2():
    R = dense((1, N), (1, N))
    C = by(R, [2, 2])
    Q = by(dense((4, N), (2, N)), [4, 2])
    F, G, A, B, P, T = {}, {}, {}, {}, {}, {}
    assign(F, R, lambda i: i[0] * 100 + i[1])
    assign(A, C, lambda i: read(F, i))
    write(A, C)
    assign(B, C, lambda i: pshift(A, C, i, (0, 2)) + 1000 * pshift(A, C, i, (-2, -2)))
    write(B, C)
    assign(A, C, lambda i: pshift(A, C, i, (2, 0)))
    write(A, C)
    assign(A, C, lambda i: read(F, i))
    for d in [(0, 2), (-2, 0), (0, -2), (-2, -2)]:
        boundary(A, C, d, "wrap")
    assign(B, C, lambda i: at(A, i, (0, 2)) + 1000 * at(A, i, (-2, -2)))
    write(B, C)
    for d in [(2, 0), (0, -2)]:
        boundary(A, C, d, "reflect")
    assign(B, C, lambda i: at(A, i, (2, 0)) - at(A, i, (0, -2)))
    write(B, C)
    assign(G, R, lambda i: 0)
    assign(G, C, lambda i: read(A, i) * 2 + at(F, i, (0, 1)))
    write(G, R)
    print("%d %d" % (sum(read(A, i) for i in points(C)), max(read(B, i) for i in points(C))))
    assign(P, Q, lambda i: read(F, i))
    assign(T, Q, lambda i: pshift(P, Q, i, (4, 0)) + 10000 * pshift(P, Q, i, (0, -2))
           + 100000 * pshift(P, Q, i, (4, 2)))
    write(T, Q)
    boundary(P, Q, (-4, 0), "wrap")
    boundary(P, Q, (0, 2), "reflect")
    assign(T, Q, lambda i: at(P, i, (-4, 0)) + 10000 * at(P, i, (0, 2)))
    write(T, Q)


def rank3():
    V = dense((1, 8), (1, 8), (1, 8))
    W = by(dense((2, 8), (1, 8), (1, 8)), [2, 4, 2])
    X, Y, Z = {}, {}, {}
    assign(X, V, lambda i: i[0] * 100 + i[1] * 10 + i[2])
    assign(Y, W, lambda i: read(X, i))
    assign(Z, W, lambda i: pshift(Y, W, i, (2, 0, 0)) + 1000 * pshift(Y, W, i, (0, 4, 0))
           + 1000000 * pshift(Y, W, i, (0, 0, -2)))
    write(Z, W)
    boundary(Y, W, (-2, 0, 0), "wrap")
    boundary(Y, W, (0, 0, -2), "reflect")
    assign(Z, W, lambda i: at(Y, i, (-2, 0, 0)) + 1000 * at(Y, i, (0, 0, -2)))
    write(Z, W)


def collective():
    """Scans, remaps, partial reductions and floods over strided regions."""
    S = by(dense((1, 16)), [2])
    L, H, I = {}, {}, {}
    assign(L, S, lambda i: i[0])
    total = 0
    for i in points(S):  # a scan in the region's (row-major) order
        total += read(L, i)
        H[i] = total
    write(H, S)
    assign(I, S, lambda i: 16 - i[0])
    assign(H, S, lambda i: read(L, (read(I, i),)) * 100 + pshift(L, S, i, (4,)))
    write(H, S)
    assign(H, S, lambda i: 0)
    for i in points(S):
        H[(read(I, i),)] = read(L, i) * 3
    write(H, S)
    M = by(dense((1, 8), (1, 8)), [2, 2])
    U, D = {}, {}
    assign(U, M, lambda i: i[0] * 10 + i[1])
    rows, cols = sorted({i[0] for i in points(M)}), sorted({i[1] for i in points(M)})
    print("\n".join(str(sum(read(U, (r, c)) for c in cols)) for r in rows))
    print(" ".join(str(max(read(U, (r, c)) for r in rows)) for c in cols))
    assign(D, M, lambda i: read(U, (i[0], 3)))
    write(D, M)
    assign(D, M, lambda i: read(U, i) - read(U, (i[0], 5)))
    write(D, M)
    assign(D, M, lambda i: sum(read(U, (i[0], c)) for c in cols if c <= i[1]))
    write(D, M)


if __name__ == "__main__":
    rank2()
    rank3()
    collective()
