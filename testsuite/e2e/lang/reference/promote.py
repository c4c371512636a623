# Independent reference for testsuite/e2e/lang/promote.zpl (plain Python).
n = 5
def fib(k): return k if k < 2 else fib(k-1) + fib(k-2)
def clamp(x, lo, hi): return lo if x < lo else hi if x > hi else x
def collatz(k):
    s = 0
    while k != 1:
        k = k // 2 if k % 2 == 0 else 3 * k + 1
        s += 1
    return s
def twice(k): return 2 * fib(k) + n - 5
A = {(i, j): i * (n + 2) + j for i in range(0, n + 2) for j in range(0, n + 2)}
R = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
def show(M, fmt=str):
    for i in range(1, n + 1):
        print(" ".join(fmt(M[(i, j)]) for j in range(1, n + 1)))
def g(x): return "%g" % x
B = {(i, j): fib(i + j) for (i, j) in R}; show(B)
X = {(i, j): clamp(float(j - i), -1.5, 2.0) for (i, j) in R}; show(X, g)
print(g(sum(clamp((j - i) * 0.5, -0.5, 1.5) for (i, j) in R)))
C = {(i, j): collatz(i * n + j) + twice(A[(i, j + 1)] % 7) for (i, j) in R}; show(C)
print(sum(fib(A[(i + 1, j)] % 10) for (i, j) in R))
for (i, j) in R:
    if collatz(i + j) > 5: B[(i, j)] = 0
show(B)
B = {(i, j): fib(j) + 1 for (i, j) in R}
C = {(i, j): B[(i, j)] * twice(i) for (i, j) in R}; show(C)
