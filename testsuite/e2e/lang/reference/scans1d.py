# Reference for testsuite/e2e/lang/scans1d.zpl, written apart from zplc:
# each scan is the plain sequential running result.
from itertools import accumulate

n = 13
idx = range(1, n + 1)


def zmod(a, b):  # C's % (truncating), as zplc's integers use
    r = abs(a) % abs(b)
    return -r if a < 0 else r


K = {i: zmod(i * 7, 11) - 5 for i in idx}
A = {i: zmod(i * 5, 9) - 3.5 for i in idx}
M = {i: zmod(i, 4) != 3 for i in idx}


def show(vals):
    print(" ".join("%g" % v if isinstance(v, float) else str(v) for v in vals))


def scan(f, vals):
    return list(accumulate(vals, f))


show(scan(lambda a, b: a + b, [K[i] for i in idx]))
show(scan(max, [K[i] for i in idx]))
show(scan(min, [K[i] for i in idx]))
show(scan(lambda a, b: a * b, [zmod(K[i], 3) + 2 for i in idx]))
show(scan(max, [A[i] for i in idx]))
show(scan(lambda a, b: a + b, [0.1 * A[i] for i in idx]))
show([int(v) for v in scan(lambda a, b: a and b, [M[i] for i in idx])])
tail = dict(zip(range(3, n + 1), scan(lambda a, b: a + b, [K[i] for i in range(3, n + 1)])))
show([tail.get(i, 0) for i in idx])
every3 = dict(zip(range(1, n + 1, 3), scan(lambda a, b: a + b, [K[i] for i in range(1, n + 1, 3)])))
show([every3.get(i, 0) for i in idx])
show(scan(lambda a, b: a + b, [10, 20]))
