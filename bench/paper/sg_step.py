#!/usr/bin/env python3
"""bench/paper/sg_step.py: the time of one communication step of a
simulated run, from two --trace files of the same program that differ only
in their iteration counts (bench/paper/run.sh, section 7, Stricker & Gross's
transfers and kernels).

    python3 bench/paper/sg_step.py TRACE_A ITERS_A TRACE_B ITERS_B

A PE's communication time is the virtual time it spends inside the IRONMAN
calls (the DR, SR, DN and SV events of its processor track, waits for its
partners included). What a run does once (start-up, a remap's inspection,
the checks at the end) cancels in the difference of the two runs; the
step's time is the largest per-PE difference divided by the difference of
the iteration counts: the step ends when the last PE has its data. Prints
the step's time in seconds. Collectives (a remap's check that its index
arrays are unchanged, reductions) are not part of the step.
"""
import json
import sys

CALLS = {"DR", "SR", "DN", "SV"}
PROCESSOR_TRACK = 0


def call_time_per_pe(path):
    """Microseconds inside IRONMAN calls, per PE (the trace's pid)."""
    with open(path) as f:
        trace = json.load(f)
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    per_pe = {}
    for e in events:
        if e.get("ph") == "X" and e.get("tid") == PROCESSOR_TRACK and e.get("name") in CALLS:
            per_pe[e["pid"]] = per_pe.get(e["pid"], 0.0) + e["dur"]
    return per_pe


def step_seconds(path_a, iters_a, path_b, iters_b):
    a, b = call_time_per_pe(path_a), call_time_per_pe(path_b)
    if iters_b <= iters_a or not b:
        raise ValueError("need a second run with more iterations and some transfers")
    longest = max(b[pe] - a.get(pe, 0.0) for pe in b)
    return longest / (iters_b - iters_a) * 1e-6


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    try:
        print(f"{step_seconds(argv[0], int(argv[1]), argv[2], int(argv[3])):.9f}")
    except (OSError, ValueError, KeyError) as e:
        sys.stderr.write(f"sg_step.py: {e}\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
