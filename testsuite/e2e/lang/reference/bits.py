# Independent reference for testsuite/e2e/lang/bits.zpl (plain Python).
# Python's integers are unbounded and behave as infinitely sign-extended
# two's complement: &, |, ^, ~ and >> (which floors) give the 64-bit
# results directly for 64-bit operands; << is wrapped to 64 bits.
n, top = 6, 63
R = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]


def wrap(v):
    v &= (1 << 64) - 1
    return v - (1 << 64) if v >= 1 << 63 else v


def bsl(a, k):
    assert 0 <= k <= 63
    return wrap(a << k)


def bsr(a, k):
    assert 0 <= k <= 63
    return a >> k


def g(x): return "%g" % x


def out(*xs): print("".join(str(x) for x in xs))


def show(M, fmt=str):
    for i in range(1, n + 1):
        print(" ".join(fmt(M[(i, j)]) for j in range(1, n + 1)))


out(12 & 10, " ", 12 | 10, " ", 12 ^ 10, " ", ~0, " ", ~-1, " ", ~41)
out(-6 & 13, " ", -16 | 5, " ", -1 ^ 85, " ", -1 & -1, " ", -8 ^ -3, " ", 0 | 0)
out(bsl(1, 0), " ", bsl(1, 62), " ", bsl(1, 63), " ", bsl(-1, 63), " ",
    bsl(3, 62), " ", bsl(-5, 2))
out(bsr(100, 3), " ", bsr(-100, 3), " ", bsr(-1, 63), " ", bsr(-5, 1), " ",
    bsr(5, 63), " ", bsr(-2**63, 63), " ", bsr(7, 0))
i, j, total = 2**63 - 1, -2**63, 0
for k in range(0, top + 1):
    total = (total ^ bsl(k + 1, k)) ^ (bsr(i, k) + bsr(j, k))
out(total)
i = -123456789
out(bsr(i, 0), " ", bsr(i, 7), " ", bsr(i, top), " ", bsl(i, 20), " ",
    bsl(i, top), " ", bsr(bsl(i, 30), 30))
out((i & 65535) | bsl(i ^ ~i, 16), " ", ~~i)
p = i < 0
x = float(p) + 0.5
f = float(not p)
out(int(p), " ", int(not p), " ", g(x), " ", g(f), " ", g(float(i > 0)), " ",
    int(p) + int(True))
A = {(a, b): (a - 3) * 1000 + b * 37 - 111 for (a, b) in R}
show(A)
B = {(a, b): (A[(a, b)] & 255) + (A[(a, b)] | b) - (A[(a, b)] ^ -1) for (a, b) in R}
show(B)
C = {(a, b): bsl(A[(a, b)], b + 50) ^ bsr(A[(a, b)], a * 10 - 1) for (a, b) in R}
show(C)
S = {(a, b): ~(bsr(A[(a, b)], top) ^ bsl(a, b * 9)) for (a, b) in R}
show(S)
P = {q: A[q] & 1 == 1 for q in R}
D = {q: float(P[q]) * 2.5 - float(A[q] < 0) for q in R}
F = {(a, b): float(P[(a, b)]) + float(b > 3) for (a, b) in R}
show(D, g)
show(F, g)
C = {q: int(P[q]) + int(A[q] > 500) * 10 for q in R}
show(C)
total = sum(int(P[q]) for q in R)
out(total, " ", sum(A[q] & 7 for q in R), " ", max(bsr(A[q], 2) for q in R), " ",
    min(bsl(A[q], 3) for q in R))
k = 4
A = {(a, b): bsr(A[(a, b)], k) + bsl(a, k) for (a, b) in R}
show(A)
