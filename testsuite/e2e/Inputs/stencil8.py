# Independent sequential reference for stencil8.zpl (plain Python).
import sys

n, steps = 7, 3
for arg in sys.argv[1:]:
    key, value = arg.lstrip("-").split("=")
    if key == "n":
        n = int(value)
    elif key == "steps":
        steps = int(value)

A = [[0.0] * (n + 2) for _ in range(n + 2)]
for i in range(1, n + 1):
    for j in range(1, n + 1):
        A[i][j] = float(i * 10 + j)
for i in range(1, n + 1):          # the band east of R
    A[i][n + 1] = -1.0
offsets = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
for _ in range(steps):
    B = [row[:] for row in A]
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            acc = 0.0
            for di, dj in offsets:
                acc += A[i + di][j + dj]
            B[i][j] = acc / 8.0
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            A[i][j] = B[i][j]

inner = [A[i][j] for i in range(1, n + 1) for j in range(1, n + 1)]
M = {(i, j): (i * 3 + j * 5) % 7 + 1 for i in range(1, n + 1) for j in range(1, n + 1)}
prod = 1
for i in range(1, 3):
    for j in range(1, 4):
        prod *= M[(i, j)]
flags = [v > 1 for v in M.values()]
print("total %.6f top %.6f low %.6f" % (sum(inner), max(inner), min(inner)))
print("mx %d mn %d prod %d every %s some %s" % (
    max(M.values()), min(M.values()), prod,
    str(all(flags)).lower(), str(any(flags)).lower()))
for i in range(2, 5):
    print(" ".join(str(M[(i, j)]) for j in range(1, n + 1)))
for i in range(1, 3):
    print(" ".join("%7.3f" % A[i][j] for j in range(1, 4)))
