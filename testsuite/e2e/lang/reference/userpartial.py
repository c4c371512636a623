# Reference for testsuite/e2e/lang/userpartial.zpl, written apart from
# zplc: each destination element folds its source values in row-major order.
from functools import reduce

n = 6
idx = range(1, n + 1)
K = {(i, j): (i * 7 + j * 3) % 10 for i in idx for j in idx}
A = {(i, j): i - 0.5 * j for i in idx for j in idx}

def skew(a, b):
    return 3 * a - b

def digits(a, b):
    p = 10
    while p <= b:
        p *= 10
    return a * p + b

def toward(a, b):
    return (a + b) / 2.0

def fmt(x):
    if isinstance(x, float):
        return "%g" % x
    return str(x)

def column(f, src, rows, cols):
    return [reduce(f, [src[(i, j)] for j in cols]) for i in rows]

for v in column(skew, K, idx, idx):
    print(fmt(v))
print(" ".join(fmt(reduce(digits, [K[(i, j)] for i in idx])) for j in idx))
for v in column(toward, A, idx, idx):
    print(fmt(v))
for v in column(toward, {k: float(x) for k, x in K.items()}, idx, idx):
    print(fmt(v))
# [Odd] = [R by [2, 2]]: rows and columns 1, 3, 5 reduce onto rows 1, 3, 5
# of the column; the other rows of S keep the values stored before.
before = column(skew, K, idx, idx)
odd = range(1, n + 1, 2)
oddvals = dict(zip(odd, column(skew, K, odd, odd)))
for i in idx:
    print(fmt(oddvals.get(i, before[i - 1])))
print(fmt(reduce(skew, [K[(i, j)] for i in idx for j in idx])))
print(" ".join(fmt(reduce(skew, [2] * n)) for j in idx))
