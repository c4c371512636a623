#!/usr/bin/env python3
"""Independent model of strided-callerscope.zpl: A over [1..12, 1..12] by
[2, 2] holds i * 100 + j; B := A@[0, 2] + A under the caller's scope
(storage starts zeroed, so A beyond its last column reads 0), first over
A's lattice, then over the rows 1, 5, 9 only (the others keep B)."""
A = {(i, j): i * 100 + j for i in range(1, 13, 2) for j in range(1, 13, 2)}


def at(i, j):
    return A.get((i, j), 0)


B = {}
for rows in (range(1, 13, 2), range(1, 13, 4)):
    for i in rows:
        for j in range(1, 13, 2):
            B[(i, j)] = at(i, j + 2) + at(i, j)
    for i in range(1, 13, 2):
        print(' '.join(str(B[(i, j)]) for j in range(1, 13, 2)))
