# Independent reference for testsuite/e2e/lang/userreduce.zpl (plain Python).
import math
n = 7
R = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
A = {(i, j): (i - 4) * (j + 1) * 0.5 - j for (i, j) in R}
K = {(i, j): 6 * i * j + 12 for (i, j) in R}
M = {(i, j): i + j > n for (i, j) in R}


def maxabs(values):
    best = max(abs(v) for v in values)
    winners = {v for v in values if abs(v) == best}
    assert len(winners) == 1, "a tie would make the result depend on the order"
    return winners.pop()


def g(x):
    return "%g" % x


masked = [A[p] for p in R if M[p]]
print("maxabs %s gcd %d" % (g(maxabs(list(A.values()))), math.gcd(*K.values())))
print("masked maxabs %s" % g(maxabs(masked)))
print("gcd of a scalar operand 18")
print("all true %s" % ("true" if all(M.values()) else "false"))
print("maxabs of integers %s" % g(maxabs([float(K[p]) for p in R if M[p]])))
