#!/usr/bin/env python3
"""Independent model of strided-mg.zpl (the semantics in strided.py):
python3 strided_mg.py N."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from strided import assign, at, boundary, by, dense, points, pshift, read, write

n = int(sys.argv[1])
R3 = dense((1, n), (1, n), (1, n))
S3 = by(dense((8, n), (8, n), (8, n)), [8, 8, 8])
F, U, V = {}, {}, {}
assign(F, R3, lambda i: i[0] * 10000 + i[1] * 100 + i[2])
assign(U, S3, lambda i: read(F, i))
assign(V, S3, lambda i: pshift(U, S3, i, (8, 0, 0)) - pshift(U, S3, i, (-8, 0, 0))
       + 7 * pshift(U, S3, i, (0, 8, -8)))
write(V, S3)
boundary(U, S3, (8, 0, 0), "wrap")
boundary(U, S3, (-8, 0, 0), "wrap")
boundary(U, S3, (0, 0, 8), "reflect")
assign(V, S3, lambda i: at(U, i, (8, 0, 0)) - at(U, i, (-8, 0, 0)) + 3 * at(U, i, (0, 0, 8)))
write(V, S3)
print(sum(read(V, i) for i in points(S3)))
