# Independent model of strided-collect.zpl: partial reductions, scans and
# floods computed from their definitions over the lattice points.
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 12
pts = list(range(1, n + 1, 2))
L = list(range(1, n + 1, 3))
A = {(i, j): i * 100 + j for i in pts for j in pts}
for i in pts:  # [Col] D := +<< [C] A: each row onto column 1
    print(sum(A[(i, j)] for j in pts))
print(" ".join(str(max(A[(i, j)] for i in pts)) for j in pts))  # [Row] E
acc, S = 0, []
for i in L:
    acc += i
    S.append(acc)
print(" ".join(map(str, S)))
for i in pts:  # +|| [2] A: along each row
    acc, row = 0, []
    for j in pts:
        acc += A[(i, j)]
        row.append(acc)
    print(" ".join(map(str, row)))
for i in pts:  # >>[Col] A: column 1 across the columns
    print(" ".join(str(A[(i, 1)]) for _ in pts))
print(sum(A[(i, 1)] for i in pts) * len(pts))
for i in pts:  # [CF] B := +<< [C] A: each row's sum at every column
    s = sum(A[(i, j)] for j in pts)
    print(" ".join(str(s) for _ in pts))
