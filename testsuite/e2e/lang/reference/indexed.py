# Independent reference for testsuite/e2e/lang/indexed.zpl (plain Python):
# the same table, prefix sum, marks and sums with Python lists and dicts.
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
m = 5


def g(x): return "%g" % x


sq = [i * i for i in range(m + 1)]
lookups = sum(sq[(7 * i) % (m + 1)] for i in range(1, n + 1))
print("lookups %d %d %d" % (lookups, sq[sq[2]], sq[m]))

p = {1: 1}
for i in range(2, n + 1):
    p[i] = p[i - 1] + (i * i) % 7 - 3
print("prefix" + "".join(" %d" % p[i] for i in range(1, n + 1)))

seen = {i: i % 3 == 0 for i in range(1, n + 1)}
print("marked %d %s %s" % (sum(seen.values()), "true" if seen[1] else "false",
                           "true" if seen[3] else "false"))

h = {i: i / 4.0 for i in range(-2, 3)}
h[0] += 1.5
h[-2] *= 6.0
h[2] -= 0.125
h[1] /= 2.0
print("halves " + " ".join(g(h[i]) for i in range(-2, 3)))

p[n] = sum(i * p[3] for i in range(1, n + 1))
print("reduced %d" % p[n])
print("promoted %d" % sum(sq[i % (m + 1)] for i in range(1, n + 1)))

c = {}
for i in range(n + 1):
    c[(i, 0)] = 1
    for j in range(1, i + 1):
        c[(i, j)] = c[(i - 1, j - 1)] + c.get((i - 1, j), 0)
print("pascal %d %d %d %d" % (c[(n, n // 2)], c[(n, 1)], c[(n, n)],
                              sum(c[(n, j)] for j in range(n + 1))))
grid = {(i, j): i + j / 8.0 for i in range(-1, 2) for j in range(1, 4)}
grid[(0, 2)] *= 4.0
print("grid %s %s %s" % (g(grid[(-1, 1)]), g(grid[(0, 2)]), g(grid[(1, 3)])))

fib = [0, 1]
while len(fib) <= 90:
    fib.append(fib[-1] + fib[-2])
print("fib %d %d %d" % (fib[10], fib[90], sum(fib[1:n + 1])))
