# Independent reference for testsuite/e2e/lang/redscalar.zpl (plain Python).
n = 5
R = [(i, j) for i in range(1, n + 1) for j in range(1, n + 2)]
L = list(range(1, 2 * n + 1))
C = [(i, j, k) for i in range(1, n + 1) for j in range(1, n + 1) for k in (1, 2)]
S = [(i, j) for (i, j) in R if (i - 1) % 2 == 0 and (j - 1) % 3 == 0]
def g(v): return "%g" % v
print("count R", len(R))
print("count L", len(L))
print("count C", len(C))
print("count S", len(S), 2 * len(S))
M = {(i, j): (i + j) % 3 == 0 for (i, j) in R}
masked = sum(1 for p in R if M[p])
print("masked %d %d" % (masked, len(R) - masked))
x = 2.5
print("sum", g(x * len(R)), g(x * 2.0 * len(C)))
y = 1.0
for _ in R:
    y *= 1.5
print("product", 2 ** len(L), "%.4f" % y)
print("max", g(x), "min", g(x - 4.0), n)
print("float", g(0.5 * len(L)))
print("bool true", "false" if not x > 3.0 else "true")
A = {(i, j): i * j for (i, j) in R}
print("mixed", g(x * len(R) + sum(A.values())))
print("in statement", g(sum(len(R) - i for (i, j) in R)))
for i in range(1, n + 1):
    print(n + 1)
for i in range(1, n + 1):
    print(g(x + i))
print("procedure", g(1.5 * len(L)))
print(" ".join(str(i * i * len(L)) for i in (1, 2, 3)) + " ")
