#!/usr/bin/env python3
"""Sequential reference for examples/particles.zpl, written separately from
the ZPL version: the same particles, mesh and steps, one particle at a time."""
import math
import sys

def main():
    cfg = {"n": 16, "cells": 8, "steps": 5}
    for a in sys.argv[1:]:
        k, v = a.lstrip("-").split("=")
        cfg[k] = int(v)
    n, cells, steps = cfg["n"], cfg["cells"], cfg["steps"]
    L = float(cells)
    pts = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
    X = {p: ((p[0] * 37 + p[1] * 11) % (cells * 16)) / 16.0 for p in pts}
    Y = {p: ((p[0] * 13 + p[1] * 29) % (cells * 16)) / 16.0 for p in pts}
    VX = {p: ((p[0] * 5 + p[1] * 3) % 9 - 4) / 4.0 for p in pts}
    VY = {p: ((p[0] * 7 + p[1] * 2) % 9 - 4) / 8.0 for p in pts}

    def drift(x, v):
        y = x + v
        while y < 0.0:
            y += L
        while y >= L:
            y -= L
        return y

    count = {}
    for t in range(1, steps + 1):
        for p in pts:
            X[p] = drift(X[p], VX[p])
            Y[p] = drift(Y[p], VY[p])
        count = {(a, b): 0 for a in range(1, cells + 1) for b in range(1, cells + 1)}
        cell_of = {p: (math.floor(Y[p]) + 1, math.floor(X[p]) + 1) for p in pts}
        for p in pts:
            count[cell_of[p]] += 1
        for p in pts:
            crowd = count[cell_of[p]]
            if crowd > 6:
                VX[p] /= 2.0
                VY[p] /= 2.0
            elif crowd == 1:
                VX[p] = -VX[p]
                VY[p] = -VY[p]
        moving = sum(abs(VX[p]) + abs(VY[p]) for p in pts)
        print("step %d: fullest cell %d, sum of squares %d, speed sum %.4f"
              % (t, max(count.values()), sum(c * c for c in count.values()), moving))
    for a in range(1, cells + 1):
        print(" ".join(str(count[(a, b)]) for b in range(1, cells + 1)))

main()
