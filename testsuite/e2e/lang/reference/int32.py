# Independent reference for testsuite/e2e/lang/int32.zpl (plain Python).
# int32 values wrap modulo 2^32 (w32); an int32 operation with an integer
# operand is exact (the values here stay within 64 bits); `/` and `%`
# truncate toward zero, as C's do.
n, m = 4, 5
big = 2147483000
R = [(i, j) for i in range(1, n + 1) for j in range(1, m + 1)]


def w32(v):
    v &= (1 << 32) - 1
    return v - (1 << 32) if v >= 1 << 31 else v


def div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def mod(a, b):
    return a - b * div(a, b)


def g(x): return "%g" % x


def out(*xs): print("".join(str(x).lower() if isinstance(x, bool) else str(x) for x in xs))


def show(M, rows=range(1, n + 1), cols=range(1, m + 1)):
    for i in rows:
        print(" ".join(str(M[(i, j)]) for j in cols))


# Scalars.
x = big
y = w32(x + x)
k = x + 1000
out(x, " ", y, " ", k, " ", x + 1000, " ", w32(x + 1000))
out(-x, " ", x * 3, " ", x * 3, " ", w32(5000000000), " ", -7, " ", 1, " ",
    w32(w32(k) - x))
out(div(x, 7), " ", mod(x, 7), " ", div(-x, 7), " ", mod(-x, 7), " ", x & 255, " ",
    3 << 40, " ", (-x) >> 3, " ", x ^ -1)
out(x > k, " ", x < k, " ", True, " ", 5, " ", max(x, 7), " ", min(x, k), " ", g(x / 2.0))
y = div(int(2.5 * 4.0), 2)
x = div((100 + 1 - 3) * 2, 5)
out(y, " ", x)
T1 = 7
T2 = T1 * 6
T3 = w32(big + T2)
out(T1, " ", T2, " ", T3)

# Arrays.
A = {p: p[0] * 10 + p[1] for p in R}
B = {p: w32(A[p] * 100000000) for p in R}
L = {p: A[p] * 100000000 for p in R}
show(B)
show({p: L[p] - B[p] for p in R})
show({p: A[p] - 3 * div(A[p], 3) for p in R})
show({(i, j): A[(i + 1, j)] * 1000 + A[(i, j + 1)] if i < n and j < m else 0
      for (i, j) in R})

# Reductions and scans.
prod = 1
for i in range(1, 3):
    for j in range(1, 4):
        prod = w32(prod * A[(i, j)])
out(w32(sum(A.values())), " ", max(A.values()), " ", min(B.values()), " ",
    w32(sum(B.values())), " ", sum(B.values()), " ", prod)
run, C = 0, {}
for p in R:
    run = w32(run + A[p])
    C[p] = run
show(C)
C = {}
for i in range(1, n + 1):
    best = None
    for j in range(1, m + 1):
        best = B[(i, j)] if best is None else max(best, B[(i, j)])
        C[(i, j)] = best
show(C)
show({(i, 1): sum(A[(i, j)] for j in range(1, m + 1)) for i in range(1, n + 1)}, cols=[1])
show({(i, j): A[(i, j)] - A[(i, m)] for (i, j) in R})

# Gathers and scatters.
C = {(i, j): j - 1 for (i, j) in R}
H = [0] * 7
for p in R:
    H[C[p]] += 1
print(" ".join(map(str, H)))
G = [0] * 7
for p in R:
    G[C[p]] = w32(G[C[p]] + A[p])
for p in R:
    G[C[p] + 1] = w32(G[C[p] + 1] - p[0])
print(" ".join(map(str, G)))
B = {(i, j): A[(n + 1 - i, C[(i, j)] + 1)] for (i, j) in R}
show(B)
B = {p: 0 for p in R}
for (i, j) in R:
    B[(i, m - C[(i, j)])] = A[(i, j)]
show(B)
show({p: w32(A[p] + B[p]) for p in R})

# The file read back: big, y and B unchanged.
out(big, " ", y, " ", 0)
