#!/usr/bin/env python3
"""em3d.py: an independent sequential reference for examples/em3d.zpl.

Plain Python 3, one list per node set. The graph is bipartite: n E nodes
and n H nodes, numbered 1..n and cut into `parts` partitions of
consecutive numbers (partition k holds the nodes from floor(k n / parts) + 1
to floor((k + 1) n / parts)). Each node has `degree` in-edges from nodes of
the other set, edge j of node i (side 1 for E, 2 for H) drawn with the
16-bit generator mix(x) = (25173 x + 13849) mod 65536:
    h = mix(mix((40503 i + 9973 j + 7 side) mod 65536))
    the edge stays in i's partition unless parts > 1 and h mod 100 < remote;
    then it goes o partitions away (cyclically), o = 1 + mix(h) mod 2 span,
    counted backwards (span - o) when o > span;
    its source is node first + mix(mix(h)) mod size of that partition;
    its weight is (1 + mix(h + 3) mod 16) / (64 degree).
E starts at (1 + i mod 7) / 8 and H at (1 + i mod 5) / 8. Each iteration
    E[i] -= sum over j of w_ij H[src_ij]    (j = 1..degree, summed in order)
then the same for H from the new E. Prints the number of edges whose source
lies in another partition, then the largest and smallest E and H.

Options: --n= --degree= --remote= --span= --parts= --iters= (integers); --p=
(the ZPL program's grid size) is accepted and ignored.
"""
import sys


def parse(argv):
    opts = {"n": 1000, "degree": 10, "remote": 20, "span": 3, "parts": 4, "iters": 50, "p": 1}
    for arg in argv:
        key, _, value = arg.lstrip("-").partition("=")
        if key not in opts or not value:
            sys.exit("error: bad option '%s'" % arg)
        opts[key] = int(value)
    return opts


def mix(x):
    return (25173 * x + 13849) % 65536


class Graph:
    def __init__(self, o):
        self.o = o
        n, parts = o["n"], o["parts"]
        self.bounds = [k * n // parts for k in range(parts + 1)]  # partition k: bounds[k]+1 .. bounds[k+1]

    def part_of(self, i):
        return next(k for k in range(self.o["parts"]) if self.bounds[k] < i <= self.bounds[k + 1])

    def in_edges(self, i, side):
        o = self.o
        edges = []
        for j in range(1, o["degree"] + 1):
            h = mix(mix((40503 * i + 9973 * j + 7 * side) % 65536))
            part = self.part_of(i)
            if o["parts"] > 1 and h % 100 < o["remote"]:
                hop = 1 + mix(h) % (2 * o["span"])
                if hop > o["span"]:
                    hop = o["span"] - hop
                part = (part + hop) % o["parts"]
            size = self.bounds[part + 1] - self.bounds[part]
            source = self.bounds[part] + 1 + mix(mix(h)) % size
            edges.append((source, (1 + mix(h + 3) % 16) / (64 * o["degree"])))
        return edges


def main():
    o = parse(sys.argv[1:])
    g = Graph(o)
    n = o["n"]
    e_in = {i: g.in_edges(i, 1) for i in range(1, n + 1)}
    h_in = {i: g.in_edges(i, 2) for i in range(1, n + 1)}
    crossing = sum(g.part_of(i) != g.part_of(src)
                   for edges in (e_in, h_in) for i in edges for src, _ in edges[i])
    print("edges %d remote %d" % (2 * n * o["degree"], crossing))
    e = {i: (1 + i % 7) / 8 for i in range(1, n + 1)}
    h = {i: (1 + i % 5) / 8 for i in range(1, n + 1)}
    for _ in range(o["iters"]):
        for values, other, edges in ((e, h, e_in), (h, e, h_in)):
            updated = {}
            for i in values:
                total = 0.0
                for src, w in edges[i]:
                    total += w * other[src]
                updated[i] = values[i] - total
            values.update(updated)
    for name, values in (("E", e), ("H", h)):
        print("%s max %.15e min %.15e" % (name, max(values.values()), min(values.values())))


if __name__ == "__main__":
    main()
