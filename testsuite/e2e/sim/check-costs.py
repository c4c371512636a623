#!/usr/bin/env python3
"""Checks the per-call and per-message costs of the IRONMAN calls in a
simulator trace (ironman-costs.test).

usage: check-costs.py TRACE.json STATS ROLE=US[,ROLE=US...] [annex=US] [library=US]
Every "IRONMAN call" span (the classification and the layer's code for the
PE's role, which every binding's DR, SR, DN and SV run) lasts one of the
US given, and there are 4 per transfer and PE (stats.transfers counts each
PE's transfers); the line printed counts the calls of each role. With annex=US (T3D SHMEM)
there is one "annex set-up" span of US per message in DR (its ready flag)
and one in SR (its data): 2 per message. With library=US (MPI) the MPI
calls' spans add up to US per message (its send and its receive). Prints
one line with the counts.
"""
import json
import sys

trace, stats = sys.argv[1], sys.argv[2]
roles = {role: float(us) for role, us in (r.split("=") for r in sys.argv[3].split(","))}
extra = dict(a.split("=") for a in sys.argv[4:])
figures = dict(l.split()[:2] for l in open(stats) if l.startswith("stats."))
transfers, messages = int(figures["stats.transfers"]), int(figures["stats.messages"])
spans = [e for e in json.load(open(trace))["traceEvents"] if e.get("ph") == "X" and e["tid"] == 0]
errors = []


def spans_named(*names):
    return [e for e in spans if e["name"] in names]


calls = spans_named("IRONMAN call")
if len(calls) != 4 * transfers:
    errors.append(f"{len(calls)} IRONMAN call spans, {transfers} transfers")
counts = {role: 0 for role in roles}
for e in calls:
    role = next((r for r, us in roles.items() if abs(e["dur"] - us) <= 1e-6), None)
    if role is None:
        errors.append(f"an IRONMAN call of {e['dur']} us")
    else:
        counts[role] += 1
line = f"costs: {len(calls)} calls: " + ", ".join(f"{role} {n} x {roles[role]} us"
                                                 for role, n in counts.items())
if "annex" in extra:
    annex = spans_named("annex set-up")
    if len(annex) != 2 * messages:
        errors.append(f"{len(annex)} annex set-ups, {messages} messages")
    errors += [f"an annex set-up of {e['dur']} us" for e in annex
               if abs(e["dur"] - float(extra["annex"])) > 1e-6][:3]
    line += f", {len(annex)} annex set-ups"
if "library" in extra:
    total = sum(e["dur"] for e in spans_named("MPI_Irecv", "MPI_Isend", "MPI_Wait"))
    want = messages * float(extra["library"])
    if abs(total - want) > 1e-6 * max(1.0, want):
        errors.append(f"the MPI calls take {total} us, {messages} messages x {extra['library']}")
    line += f", MPI calls {total:.3f} us for {messages} messages"
for e in errors:
    print("check-costs:", e)
print(line if not errors else "check-costs: FAILED")
sys.exit(1 if errors else 0)
