# Independent model of strided-procedures.zpl: arrays as dictionaries over
# the points of their regions; shifts and periodic shifts computed from
# the definitions (a periodic shift wraps with period count x stride of
# the array's own region).
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 12


def points(lo, hi, step):
    return list(range(lo[0], hi[0] + 1, step[0])), list(range(lo[1], hi[1] + 1, step[1]))


def region(lo, hi, step):
    rows, cols = points(lo, hi, step)
    return {"lo": lo, "step": step, "count": (len(rows), len(cols)), "rows": rows, "cols": cols}


R = region((1, 1), (n, n), (1, 1))
C = region((1, 1), (n, n), (2, 2))
CI = region((3, 3), (n - 2, n - 2), (2, 2))
V = region((1, 1), (n, n), (4, 1))
VI = region((1, 2), (n, n), (4, 1))


def index_array(reg):
    return {(i, j): i * 100 + j for i in reg["rows"] for j in reg["cols"]}


def wrap(reg, p):
    return tuple(reg["lo"][k] + (p[k] - reg["lo"][k]) % (reg["count"][k] * reg["step"][k])
                 for k in range(2))


def smooth(x, xreg, y, scope):
    for i in scope["rows"]:
        for j in scope["cols"]:
            y[(i, j)] = (x[wrap(xreg, (i, j + 2))] * 100 + x[wrap(xreg, (i + 2, j))] * 10
                         + x[(i, j)])


def inner(x, y, scope):
    for i in scope["rows"]:
        for j in scope["cols"]:
            y[(i, j)] = x[(i, j + 2)] - x[(i - 2, j)] + 3 * x[(i + 2, j - 2)]


def rows(x, xreg, y):
    for i in VI["rows"]:
        for j in VI["cols"]:
            y[(i, j)] = x[wrap(xreg, (i + 4, j))] + x[(i, j - 1)]


def show(x, scope):
    vals = []
    for i in scope["rows"]:
        line = [x[(i, j)] for j in scope["cols"]]
        vals += line
        print(" ".join(str(v) for v in line))
    print(sum(vals))
    print(max(vals))


F, A, P = index_array(R), index_array(C), index_array(V)
G, B, Q = {}, {}, {}
smooth(A, C, B, C)
show(B, C)
smooth(F, R, G, C)
show(G, C)
smooth(F, R, G, R)
show(G, R)
inner(A, B, CI)
show(B, CI)
inner(F, G, CI)
show(G, CI)
rows(P, V, Q)
show({p: Q.get(p, 0) for p in P}, V)
rows(F, R, G)
show(G, VI)
