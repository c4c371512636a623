#!/usr/bin/env python3
"""heat3d.py: an independent sequential reference for examples/heat3d.zpl.

Plain Python 3. The grid is (n+2)^3, indices 0..n+1 in each dimension
(i, j, k); the interior is 1..n in each.

  everything 0, then the boundary faces:
    i = 0            : 1023                    (hot lid)
    i = n+1          : (5 j + 3 k) mod 64      (floor)
    j = 0            : (8 i + k) mod 1024      (graded wall)
  for the faces, only the face proper (the other two indices in 1..n);
  interior: (i j + 3 k) mod 100.
  steps times, from the old values:
    new = T + 0.125 * (T[i-1] + T[i+1] + T[j-1] + T[j+1] + T[k-1] + T[k+1]
                       - 6.0 * T)
    (additions left to right, as written), delta = max |new - T|.
  prints the last delta, the total, max and min of the interior, and the
  plane i = mid, j, k in 1..show.

Options: --n=, --steps=, --show=, --mid= (integers; mid defaults to
(n + 1) / 2 with integer division, computed after --n is read).
"""
import sys


def parse(argv):
    opts = {"n": 12, "steps": 4, "show": 4, "mid": None}
    for arg in argv:
        if not arg.startswith("--") or "=" not in arg:
            sys.exit("error: bad option '%s'" % arg)
        key, value = arg[2:].split("=", 1)
        if key not in opts:
            sys.exit("error: unknown option '%s'" % arg)
        opts[key] = int(value)
    if opts["mid"] is None:
        opts["mid"] = (opts["n"] + 1) // 2
    return opts


def main():
    o = parse(sys.argv[1:])
    n, steps, show, mid = o["n"], o["steps"], o["show"], o["mid"]
    e = n + 2
    t = [[[0.0] * e for _ in range(e)] for _ in range(e)]
    for a in range(1, n + 1):
        for b in range(1, n + 1):
            t[0][a][b] = 1023.0                          # i = 0, (j, k) = (a, b)
            t[n + 1][a][b] = float((a * 5 + b * 3) % 64)  # i = n+1
            t[a][0][b] = float((a * 8 + b) % 1024)       # j = 0, (i, k) = (a, b)
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            for k in range(1, n + 1):
                t[i][j][k] = float((i * j + 3 * k) % 100)

    alpha = 0.125
    delta = 0.0
    for _ in range(steps):
        new = [[row[:] for row in plane] for plane in t]
        delta = 0.0
        for i in range(1, n + 1):
            for j in range(1, n + 1):
                c = t[i][j]
                for k in range(1, n + 1):
                    s = t[i - 1][j][k] + t[i + 1][j][k]
                    s = s + t[i][j - 1][k]
                    s = s + t[i][j + 1][k]
                    s = s + c[k - 1]
                    s = s + c[k + 1]
                    v = c[k] + alpha * (s - 6.0 * c[k])
                    new[i][j][k] = v
                    d = abs(v - c[k])
                    if d > delta:
                        delta = d
        t = new

    inner = [t[i][j][k] for i in range(1, n + 1) for j in range(1, n + 1)
             for k in range(1, n + 1)]
    total = 0.0
    for v in inner:
        total += v
    print("heat3d: n = %d, steps = %d" % (n, steps))
    print("last max change: %.6f" % delta)
    print("total heat: %.6f" % total)
    print("max: %.6f min: %.6f" % (max(inner), min(inner)))
    for j in range(1, show + 1):
        print(" ".join("%9.4f" % t[mid][j][k] for k in range(1, show + 1)))


if __name__ == "__main__":
    main()
