#!/usr/bin/env python3
"""check-sg-rate.py LO HI SENDERS STATS_A TRACE_A ITERS_A STATS_B TRACE_B ITERS_B:
MB/s per node of the step two simulated runs differ by (bytes of
stats.bytes per step and sending PE, over bench/paper/sg_step.py's step
time) lies in [LO, HI]; prints it."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "bench", "paper"))
import sg_step  # noqa: E402


def stats_bytes(path):
    for line in open(path):
        if line.startswith("stats.bytes "):
            return float(line.split()[1])
    raise SystemExit(f"check-sg-rate: no stats.bytes in {path}")


def main(lo, hi, senders, stats_a, trace_a, iters_a, stats_b, trace_b, iters_b):
    steps = int(iters_b) - int(iters_a)
    per_node = (stats_bytes(stats_b) - stats_bytes(stats_a)) / steps / int(senders)
    mbps = per_node / sg_step.step_seconds(trace_a, int(iters_a), trace_b, int(iters_b)) / 1e6
    verdict = "ok" if float(lo) <= mbps <= float(hi) else "OUTSIDE"
    print(f"check-sg-rate: {verdict}: {mbps:.1f} MB/s per node, wanted {lo}..{hi}")
    return 0 if verdict == "ok" else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
