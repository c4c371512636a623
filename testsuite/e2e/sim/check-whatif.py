"""Checks a one-figure sweep.csv of bench/whatif.py (whatif.test).

usage: check-whatif.py SWEEP.csv FIGURE POINTS
Every point has a chained, a packed and a model row; the chained and packed
times grow with the factor (a longer latency cannot make a run faster);
each row's winner is the faster of chained and packed at its point ("tie"
within 0.1%); the
model's row is as fast as the strategy its transfers run.
"""
import csv
import sys

path, figure, points = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = list(csv.DictReader(open(path)))
assert len(rows) == 3 * points, len(rows)
by_point = {}
for r in rows:
    by_point.setdefault(float(r[figure + "_factor"]), {})[r["strategy"]] = r
assert len(by_point) == points, sorted(by_point)
factors = sorted(by_point)
for s in ("chained", "packed"):
    times = [float(by_point[f][s]["sim_seconds"]) for f in factors]
    assert times == sorted(times) and times[0] < times[-1], (s, times)
for f in factors:
    here = by_point[f]
    times = {s: float(here[s]["sim_seconds"]) for s in ("chained", "packed")}
    faster = min(times, key=times.get)
    if max(times.values()) <= min(times.values()) * 1.001:
        faster = "tie"
    assert all(r["winner"] == faster for r in here.values()), (f, faster)
    model = here["model"]
    assert model["runs"] in ("chained", "packed"), model
    assert model["sim_seconds"] == here[model["runs"]]["sim_seconds"], (f, model)
print("whatif csv: ok, %d rows" % len(rows))
