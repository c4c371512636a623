#!/usr/bin/env python3
"""gather.py: an independent sequential reference for examples/gather.zpl.

Plain Python 3. Mesh nodes (r, c), r, c in 1..n, periodic 4-neighbour
mesh. Storage position (i, j) holds node
    c = (a2 (j-1) + 2) mod n + 1,  r = (a1 (i-1) + 3 (j-1) + 5) mod n + 1
with a1 the smallest integer >= n div 3 + 2 coprime to n and a2 the
smallest >= 5 coprime to n. Node values start at (13 r + 7 c + r c) mod 64
with source ((r + 3 c) mod 8) / 16; nodes with r = 1 are fixed. A sweep:
    new = (4 u + u_east + u_west + u_north + u_south) / 8 + f
(additions left to right), for every free node, from the old values;
`change` is the largest |new - u| over the free nodes.

This reference keeps the values in a dictionary keyed by mesh node and
walks the nodes in storage order only to print; the neighbour-list check
is done on explicit lists built from the permutation.

Options: --n=, --sweeps=, --show= (integers).
"""
import math
import sys


def parse(argv):
    opts = {"n": 8, "sweeps": 3, "show": 4}
    for arg in argv:
        if not arg.startswith("--") or "=" not in arg:
            sys.exit("error: bad option '%s'" % arg)
        key, value = arg[2:].split("=", 1)
        if key not in opts:
            sys.exit("error: unknown option '%s'" % arg)
        opts[key] = int(value)
    return opts


def coprime(start, n):
    a = start
    while math.gcd(a, n) != 1:
        a += 1
    return a


def main():
    o = parse(sys.argv[1:])
    n, sweeps, show = o["n"], o["sweeps"], o["show"]
    a1 = coprime(n // 3 + 2, n)
    a2 = coprime(5, n)

    node_at = {}                      # storage (i, j) -> node (r, c)
    pos_of = {}                       # node (r, c) -> storage (i, j)
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            c = (a2 * (j - 1) + 2) % n + 1
            r = (a1 * (i - 1) + 3 * (j - 1) + 5) % n + 1
            node_at[(i, j)] = (r, c)
            pos_of[(r, c)] = (i, j)
    assert len(pos_of) == n * n, "not a permutation"

    def cyc(k):
        return (k - 1) % n + 1

    # Neighbour lists in storage order; check east-then-west returns home.
    east, west = {}, {}
    for p, (r, c) in node_at.items():
        east[p] = pos_of[(r, cyc(c + 1))]
        west[p] = pos_of[(r, cyc(c - 1))]
    lsum = 0
    for p in node_at:
        back = west[east[p]]
        lsum += abs(back[0] - p[0] + back[1] - p[1])

    u = {}
    f = {}
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            u[(r, c)] = float((r * 13 + c * 7 + r * c) % 64)
            f[(r, c)] = float((r + 3 * c) % 8) / 16.0

    change = 0.0
    for _ in range(sweeps):
        new = dict(u)
        change = 0.0
        for (r, c), v in u.items():
            if r == 1:
                continue
            acc = 4.0 * v + u[(r, cyc(c + 1))]
            acc = acc + u[(r, cyc(c - 1))]
            acc = acc + u[(cyc(r - 1), c)]
            acc = acc + u[(cyc(r + 1), c)]
            w = acc / 8.0 + f[(r, c)]
            new[(r, c)] = w
            change = max(change, abs(w - v))
        u = new

    values = list(u.values())
    total = 0.0
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            total += u[node_at[(i, j)]]
    print("gather: n = %d, sweeps = %d, a1 = %d, a2 = %d" % (n, sweeps, a1, a2))
    print("neighbour list check: %d" % lsum)
    print("structured check: %.6f" % 0.0)
    print("last max change: %.6f" % change)
    print("total: %.6f" % total)
    print("max: %.6f min: %.6f" % (max(values), min(values)))
    print("storage corner (node rows, node columns, values):")
    for i in range(1, show + 1):
        print(" ".join(str(node_at[(i, j)][0]) for j in range(1, show + 1)))
    for i in range(1, show + 1):
        print(" ".join(str(node_at[(i, j)][1]) for j in range(1, show + 1)))
    for i in range(1, show + 1):
        print(" ".join("%.5f" % u[node_at[(i, j)]] for j in range(1, show + 1)))


if __name__ == "__main__":
    main()
