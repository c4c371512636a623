# Independent model of strided-remaps.zpl: arrays as dictionaries over the
# points of their regions; a gather reads, a scatter writes (the last
# point in row-major order wins), a combining scatter adds.
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 12
C = [(i, j) for i in range(1, n + 1, 2) for j in range(1, n + 1, 2)]
Crows = list(range(1, n + 1, 2))
L = list(range(1, n + 1, 3))


def show2(a):
    for i in Crows:
        print(" ".join(str(a[(i, j)]) for j in Crows))


def show1(a, pts):
    print(" ".join(str(a[p]) for p in pts))


F = {(i, j): i * 100 + j for i in range(1, n + 1) for j in range(1, n + 1)}
A = {p: p[0] * 100 + p[1] for p in C}
lastC = 1 + 2 * ((n - 1) // 2)
I = {p: lastC + 1 - p[0] for p in C}
J = {p: p[1] for p in C}
B = {p: A[(I[p], J[p])] for p in C}
show2(B)
B = {p: F[(J[p], I[p])] for p in C}
show2(B)
T = {p: A[(p[1], p[0])] for p in C}
show2(T)
M = {p: (p[0] + p[1]) % 4 == 2 for p in C}
B = {p: 0 for p in C}
for p in C:  # row-major order: the last write wins
    if M[p]:
        B[(I[p], J[p])] = A[p]
show2(B)
X = {i: i * 10 for i in L}
lastL = 1 + 3 * ((n - 1) // 3)
K = {i: lastL + 1 - i for i in L}
show1(K, L)
Y = {i: X[K[i]] for i in L}
show1(Y, L)
K = {i: i % 5 + 1 for i in L}
H = {i: 0 for i in range(1, n + 1)}
for i in L:
    H[K[i]] += X[i]
show1(H, range(1, n + 1))
print(sum(Y.values()))
