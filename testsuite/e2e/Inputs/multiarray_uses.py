#!/usr/bin/env python3
"""Independent model of multiarray-uses.zpl: a family's elements under
masks, `in`, `of`, `at` and strided scopes, a scan, reflect, a gather,
reductions, periodic shifts of a family wrapped in place, and file output
read back. L{j} is [1..4 * 2^j]; C{j} its odd
points. Then on G{j} = [1..2^(j+1), 1..4]: a flood of column 2, a
scatter reversing the columns and a scope `by [1, 2]`. Arrays are dicts;
ghost cells start at zero."""


def g(x):
    return '%g' % x


def line(values):
    print(' '.join(str(v) for v in values))


saved = {}
for j in (1, 2):
    n = 4 * 2 ** j
    idx = range(1, n + 1)
    odd = range(1, n + 1, 2)
    M = {i: i % 3 == 0 for i in idx}
    A = {i: 0 if M[i] else i * j for i in idx}
    line(A[i] for i in idx)
    B, total = {}, 0
    for i in idx:  # +|| A
        total += A[i]
        B[i] = total
    B[n] = -1  # [right in L] B := -1
    line(B[i] for i in idx)
    A[0] = A[1]  # [left of L] reflect A: the edge mirrored into the band
    B = {i: B[i] + A[i - 1] for i in idx}
    line(B[i] for i in idx)
    line(A[i] for i in odd)
    for i in range(2, n + 2):  # [L at right] B := 100 (n + 1 is a ghost)
        B[i] = 100
    P = {i: i % n + 1 for i in idx}
    B = {i: B[P[i]] for i in idx}
    line(B[i] for i in idx)
    print(max(B.values()), sum(A[i] for i in odd),
          sum(A[i] for i in idx if not M[i]))
    saved[j] = A
    line((i % n + 1) * 10 + (i - 2) % n + 1 for i in idx)  # T@^right, T@^left
line((i - 2) % 8 + 1 for i in range(1, 9))  # T{1}@^left
for j in (1, 2):  # written as 2 * A, read back into a double array
    n = 4 * 2 ** j
    print(' '.join(g(2 * saved[j][i] / 4.0) for i in range(1, n + 1, 2)))
for j in (1, 2):
    rows = range(1, 2 ** (j + 1) + 1)
    X = {(i, k): i * 10 + k for i in rows for k in range(1, 5)}
    Y = {(i, k): X[(i, 2)] + X[(i, k)] for i in rows for k in range(1, 5)}
    X = {(i, 5 - k): Y[(i, k)] for i in rows for k in range(1, 5)}
    for i in rows:
        line(0 if k % 2 == 1 else X[(i, k)] for k in range(1, 5))
