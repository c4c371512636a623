# Independent reference for testsuite/e2e/lang/accumloop.zpl (plain
# Python): every accumulating scatter computed point by point.
n = 8
R = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
def row(v, fmt=str): print(" ".join(fmt(x) for x in v))
def g(x): return "%g" % x
# 1. A histogram of changing values; bins fixed in 1-3, new in 4-5, the first again in 6.
Hist = [0] * (n + 1)
for t in range(1, 7):
    if t in (1, 6): Bin = {(i, j): (i * 3 + j * j) % n + 1 for (i, j) in R}
    elif t == 4: Bin = {(i, j): (i * j + 2) % n + 1 for (i, j) in R}
    for (i, j) in R: Hist[Bin[(i, j)]] += i * 10 + t
    row(Hist[1:])
# 2. *= beyond 2^53 and -= of reals over fixed indices.
P = {(a, b): 1 for a in range(1, 4) for b in range(1, 5)}
S = {(a, b): 0.0 for a in range(1, 4) for b in range(1, 5)}
I = {(i, j): (i - 1) % 3 + 1 for (i, j) in R}
J = {(i, j): (i + j) % 4 + 1 for (i, j) in R}
for t in range(1, 4):
    for p in R: P[(I[p], J[p])] *= (p[0] * p[1] + t) % 7 + 5
    for p in R: S[(I[p], J[p])] -= p[1] * t * 0.25
for a in range(1, 4): row([P[(a, b)] for b in range(1, 5)])
for a in range(1, 4): row([S[(a, b)] for b in range(1, 5)], g)
# Some products need more than a double's 53 bits, none more than 63.
assert max(P.values()) > 2**53 and max(P.values()) < 2**63
# 3. Masked, the mask changing in iterations 1-2, then staying.
Hist = [0] * (n + 1)
Bin = {(i, j): (i + j * 2) % n + 1 for (i, j) in R}
for t in range(1, 5):
    M = {(i, j): (i + j + min(t, 2)) % 3 == 0 for (i, j) in R}
    for p in R:
        Hist[Bin[p]] += 1 if M[p] else 100
row(Hist[1:])
