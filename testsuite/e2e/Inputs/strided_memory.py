#!/usr/bin/env python3
"""Independent model of strided-memory.zpl (the semantics in strided.py):
python3 strided_memory.py N."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from strided import assign, at, boundary, by, dense, points, pshift, read

n = int(sys.argv[1])
S3 = by(dense((1, n), (1, n), (1, n)), [8, 8, 8])
U, V = {}, {}
assign(U, S3, lambda i: i[0] * 1000000 + i[1] * 1000 + i[2])
assign(V, S3, lambda i: pshift(U, S3, i, (-8, 0, 0)) + 2 * pshift(U, S3, i, (-8, 8, 0))
       - read(U, i))
print(sum(read(V, i) for i in points(S3)))
boundary(U, S3, (0, 0, 8), "wrap")
assign(V, S3, lambda i: at(U, i, (0, 0, 8)) - read(U, i))
print(sum(read(V, i) for i in points(S3)))
print(max(read(V, i) for i in points(S3)))
