# Independent reference for testsuite/e2e/lang/fileio.zpl (plain Python):
# what the program prints after reading its file back; with --file, the
# text of the file it writes instead.
import sys

n, m = 5, 4
R = [(i, j) for i in range(1, n + 1) for j in range(1, m + 1)]


def g(x):
    return "%g" % x


def b(x):
    return "true" if x else "false"


A = {(i, j): (i * 10 + j) / 4.0 for (i, j) in R}
I = {(i, j): (i - 3) * 100 + j for (i, j) in R}
P = {(i, j): (i + j) % 2 == 0 for (i, j) in R}
X = [k * k for k in range(1, m + 1)]
lines = ["42 2.5 true"]
for arr, fmt in ((A, g), (I, str), (P, b)):
    for i in range(1, n + 1):
        lines.append(" ".join(fmt(arr[(i, j)]) for j in range(1, m + 1)))
lines.append(" ".join(map(str, X)))
for a in (1, 2):
    for c in (1, 2, 3):
        lines.append(" ".join(str(a * 100 + c * 10 + d) for d in (1, 2)))
for i in (2, 3):
    lines.append(" ".join(str(I[(i, j)] + 1000) for j in (2, 3)))
if sys.argv[1:] == ["--file"]:
    print("\n".join(lines))
    sys.exit(0)
# After reading back: B = A, J = I then Q = P, Y = X, D = C; J := 0 and
# the appended block read into [2..3, 2..3].
print("42 2.5 true")
print("0 " + g(sum(A.values())))
J = {p: 0 for p in R}
for i in (2, 3):
    for j in (2, 3):
        J[(i, j)] = I[(i, j)] + 1000
for i in range(1, n + 1):
    print(" ".join(str(J[(i, j)]) for j in range(1, m + 1)))
print("true 0 0")
