# Independent reference for testsuite/e2e/lang/shatter.zpl (plain Python):
# each shattered `if` is computed element by element.
n = 6
R = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
A = {(i, j): (i * 7 + j * 3) % 11 - 5 for i in range(0, n + 2) for j in range(0, n + 2)}
def show(M, fmt=str):
    for i in range(1, n + 1):
        print(" ".join(fmt(M[(i, j)]) for j in range(1, n + 1)))
def sgn(k): return 1 if k > 0 else -1 if k < 0 else 0
B = {p: (A[p] if A[p] > 0 else -A[p]) for p in R}; show(B)
C = {}
for (i, j) in R:
    a = A[(i, j)]
    if a < -2: C[(i, j)] = A[(i - 1, j)]
    elif a < 2: C[(i, j)] = A[(i, j + 1)] + A[(i, j - 1)]
    elif a == 2: C[(i, j)] = 100
    else: C[(i, j)] = A[(i + 1, j)] * 10
show(C)
B = {p: A[p] for p in R}
old = dict(B)
for p in R:
    if old[p] > 0: B[p] = -old[p] - 10
    elif old[p] > -3: B[p] = 50
show(B)
C = {(i, j): i * 10 + j for (i, j) in R}
old = dict(C)
for (i, j) in R:
    if A[(i, j)] >= 0 and j < n:
        C[(i, j)] = old[(i, j + 1)]
show(C)
M = {(i, j): i <= j for (i, j) in R}
C = {p: 0 for p in R}
for (i, j) in R:
    if not M[(i, j)]: continue
    a = A[(i, j)]
    if a > 0:
        C[(i, j)] = 1 + (10 if a > 3 else 20)
    else:
        C[(i, j)] = sgn(a) * 5
        if j - i > 2: C[(i, j)] = 7
show(C)
print(sum(C.values()))
X = {p: 0.0 for p in R}
for p in R:
    if M[p]: continue
    X[p] = A[p] / 4.0 if sgn(A[p]) != 0 else 0.5
show(X, lambda x: "%g" % x)
