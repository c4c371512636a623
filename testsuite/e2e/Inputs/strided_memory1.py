#!/usr/bin/env python3
"""Independent model of strided-memory1.zpl (the semantics in strided.py):
python3 strided_memory1.py N."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from strided import assign, at, boundary, by, dense, points, pshift, read

n = int(sys.argv[1])
S = by(dense((1, n)), [16])
U, V = {}, {}
assign(U, S, lambda i: i[0])
print(sum(read(U, i) for i in points(S)))
assign(V, S, lambda i: pshift(U, S, i, (16,)) - read(U, i))
vs = [read(V, i) for i in points(S)]
print(sum(vs), min(vs), max(vs))
boundary(U, S, (-16,), "wrap")
assign(V, S, lambda i: at(U, i, (-16,)) * 2 + i[0])
vs = [read(V, i) for i in points(S)]
print(sum(vs), min(vs))
