#!/usr/bin/env python3
"""usage: check-faster.py FAST.stats SLOW.stats
Both are --stats outputs of one program on one machine with two bindings:
the first must have less communication time (stats.sim.comm + wait,
summed over PEs) and a shorter run (stats.sim.time) than the second."""
import sys


def read(path):
    stats = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 2 and parts[0].startswith("stats.sim."):
                stats[parts[0][len("stats.sim."):]] = parts[1]
    return stats


fast, slow = read(sys.argv[1]), read(sys.argv[2])
comm = {k: float(s["comm"]) + float(s["wait"]) for k, s in (("fast", fast), ("slow", slow))}
time = {k: float(s["time"]) for k, s in (("fast", fast), ("slow", slow))}
print(f"{fast['binding']}: comm+wait {comm['fast']:.6f} s, time {time['fast']:.6f} s; "
      f"{slow['binding']}: comm+wait {comm['slow']:.6f} s, time {time['slow']:.6f} s")
if not (comm["fast"] < comm["slow"] and time["fast"] < time["slow"]):
    print("check-faster: the first binding is not faster")
    sys.exit(1)
