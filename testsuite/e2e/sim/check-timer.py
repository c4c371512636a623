#!/usr/bin/env python3
"""check-timer.py FIRST SECOND TWICE ONE: checks the outputs of
Inputs/timer-work.zpl on a simulated machine (timer.test). FIRST and SECOND
are two runs of the same command, TWICE a run with twice the sweeps, ONE a
run on 1 PE instead of several. Virtual time is deterministic, so FIRST and
SECOND print the same times; the kernel takes about twice as long (1.5 to
2.5 times) with twice the sweeps, longer on 1 PE than on several, and
never less than 0; the slowest PE's time is at least PE 0's. Prints "timer: ok" or the
failures, exit 1."""
import sys


def times(path):
    values = {}
    with open(path) as f:
        for line in f:
            key, value = line.split()
            values[key] = float(value)
    return values


def main():
    first, second, twice, one = sys.argv[1:5]
    a, b, c, d = times(first), times(second), times(twice), times(one)
    failures = []
    if a != b:
        failures.append("two runs differ: %s and %s" % (a, b))
    for name, run in (("first", a), ("twice", c), ("one PE", d)):
        if not 0 <= run["start"]:
            failures.append("%s: negative start time %g" % (name, run["start"]))
        if not 0 < run["kernel"] <= run["slowest"]:
            failures.append("%s: kernel %g, slowest PE %g" % (name, run["kernel"], run["slowest"]))
    ratio = c["kernel"] / a["kernel"] if a["kernel"] > 0 else 0
    if not 1.5 < ratio < 2.5:
        failures.append("twice the sweeps take %.3f times as long" % ratio)
    if not d["kernel"] > a["kernel"]:
        failures.append("1 PE (%g s) is not slower than several (%g s)" % (d["kernel"], a["kernel"]))
    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    print("timer: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
