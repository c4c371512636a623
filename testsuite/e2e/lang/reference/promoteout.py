# Independent reference for testsuite/e2e/lang/promoteout.zpl (plain Python).
import math
n = 6
def frac(v): return v - math.floor(v)
U = {(i, j): 2.0 * frac(i * 0.37 + j * 0.61) - 1.0
     for i in range(1, n + 1) for j in range(1, n + 2)}
V = {(i, j): 2.0 * frac(i * 0.53 + j * 0.29) - 1.0
     for i in range(1, n + 1) for j in range(1, n + 1)}
R = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]

def gaussians(x, y):
    t = x * x + y * y
    if 0.0 < t <= 1.0:
        f = math.sqrt(-2.0 * math.log(t) / t)
        return x * f, y * f, 1
    return 0.0, 0.0, 0

def g(x): return "%g" % x
def show(M, fmt=g):
    for i in range(1, n + 1):
        print(" ".join(fmt(M[(i, j)]) for j in range(1, n + 1)))

out = {p: gaussians(U[(p[0], p[1] + 1)], V[p]) for p in R}
G1 = {p: out[p][0] for p in R}; show(G1)
G2 = {p: out[p][1] for p in R}; show(G2)
In = {p: out[p][2] for p in R}; show(In, str)
print("sums %s %s pairs %d" % (g(sum(G1[p] for p in R)), g(sum(G2[p] for p in R)),
                               sum(In.values())))
Whole = {p: -1.0 for p in R}
Part = {p: -1.0 for p in R}
for (i, j) in R:
    if (i + j) % 3 == 0:
        w = math.floor(V[(i, j)] * 3.7)
        Whole[(i, j)] = w
        Part[(i, j)] = V[(i, j)] * 3.7 - w
show(Whole)
show(Part)
a, b, k = gaussians(0.25, -0.5)
print("scalar %s %s %d" % (g(a), g(b), k))
