#!/usr/bin/env python3
"""Checks the stats.sim.* lines of a simulated run (read from stdin).

usage: check-stats.py PES MACHINE BINDING
Every PE has its time, compute, comm and wait lines; a PE's time is the
sum of its three parts (every virtual microsecond is accounted for);
stats.sim.time is the latest PE's time; the totals are the sums over PEs.
"""
import sys

pes, machine, binding = int(sys.argv[1]), sys.argv[2], sys.argv[3]
stats = {}
for line in sys.stdin:
    if line.startswith("stats.sim."):
        key, value = line.split()
        stats[key[len("stats.sim."):]] = value
errors = []


def expect(cond, msg):
    if not cond:
        errors.append(msg)


expect(stats.get("machine") == machine, f"machine {stats.get('machine')} != {machine}")
expect(stats.get("binding") == binding, f"binding {stats.get('binding')} != {binding}")
parts = ("compute", "comm", "wait")
totals = {p: 0.0 for p in parts}
latest = 0.0
for pe in range(pes):
    t = float(stats[f"pe.{pe}.time"])
    split = [float(stats[f"pe.{pe}.{p}"]) for p in parts]
    expect(all(x >= 0 for x in split), f"PE {pe}: a negative part")
    expect(abs(sum(split) - t) <= 1e-8 + 1e-9 * t, f"PE {pe}: {split} do not add up to {t}")
    for p, x in zip(parts, split):
        totals[p] += x
    latest = max(latest, t)
expect(f"pe.{pes}.time" not in stats, "more PEs than expected")
expect(abs(float(stats["time"]) - latest) <= 1e-9, f"time {stats['time']} != latest PE {latest}")
for p in parts:
    expect(abs(float(stats[p]) - totals[p]) <= 1e-8 * max(1, pes),
           f"{p} {stats[p]} != sum over PEs {totals[p]}")
expect(float(stats["time"]) > 0, "no virtual time passed")
expect(int(stats["events"]) > 0, "no events")
for e in errors:
    print("check-stats:", e)
sys.exit(1 if errors else 0)
