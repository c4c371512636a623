# Independent reference for testsuite/e2e/lang/histogram.zpl (plain
# Python): accumulating and masked scatters computed point by point.
n = 12
R = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
def row(v, fmt=str): print(" ".join(fmt(x) for x in v))
def g(x): return "%g" % x
Bin = {(i, j): (i * 7 + j * 13) % 10 + 1 for (i, j) in R}
Hist = [0] * 11
for p in R: Hist[Bin[p]] += 1
row(Hist[1:])
B = {(i, j): i - j for (i, j) in R}
for p in R: Hist[Bin[p]] += B[p] * 3
row(Hist[1:])
Sum = [100.0] * 11
for (i, j) in R: Sum[Bin[(i, j)]] -= j * 0.5
row(Sum[1:], g)
S = {(a, b): 1 for a in range(1, 5) for b in range(1, 5)}
for (i, j) in R: S[((i - 1) // 3 + 1, (j - 1) // 3 + 1)] *= (i + 2 * j) % 5 + 1
for a in range(1, 5): row([S[(a, b)] for b in range(1, 5)])
M = {(i, j): i <= j for (i, j) in R}
Hist = [0] * 11
for p in R:
    if M[p]: Hist[Bin[p]] += 1
row(Hist[1:])
S = {(a, b): 0 for a in range(1, 5) for b in range(1, 5)}
for (i, j) in R:  # row-major order: the last selected write wins
    if M[(i, j)]: S[((i - 1) // 3 + 1, (j - 1) // 3 + 1)] = i * 100 + j
for a in range(1, 5): row([S[(a, b)] for b in range(1, 5)])
Hist = [0] * 11
for p in R:
    if M[p]: Hist[Bin[p]] += 10 if B[p] < -3 else 1
row(Hist[1:])
