#!/usr/bin/env python3
"""Checks a simulator trace (Chrome trace-event JSON, as Perfetto opens it).

usage: check-trace.py TRACE.json PES SECONDS [MESSAGES]
The file parses as JSON; every PE is a process named "PE n" with a
processor and a network thread; events are complete events ("ph": "X")
with ts, dur >= 0; on each processor track events nest (a span either
contains the next or ends before it starts); the trace has computation,
DR/SR/DN/SV calls and transfers, and its last event ends when the run
ends (SECONDS, stats.sim.time).
Every IRONMAN message is one flow (an arrow): a "ph": "s" event at its
send on the sender and a "ph": "f" event ("bp": "e") with the same id, no
earlier, inside a DN call on another PE's processor track; with MESSAGES
(stats.messages) there are exactly that many flows.
"""
import json
import sys

path, pes, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
with open(path) as f:
    doc = json.load(f)
events = doc["traceEvents"]
errors = []
names = {e["pid"]: e["args"]["name"] for e in events
         if e.get("ph") == "M" and e["name"] == "process_name"}
if names != {p: f"PE {p}" for p in range(pes)}:
    errors.append(f"processes {names}")
threads = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e["name"] == "thread_name"}
if threads != {(p, t) for p in range(pes) for t in (0, 1)}:
    errors.append("each PE needs a processor and a network thread")
spans = [e for e in events if e.get("ph") == "X"]
seen = set()
end = 0.0
for e in spans:
    if e["dur"] < 0 or e["ts"] < 0 or e["pid"] not in range(pes) or e["tid"] not in (0, 1):
        errors.append(f"bad event {e}")
    seen.add(e["name"])
    end = max(end, e["ts"] + e["dur"])
for name in ("compute", "DR", "SR", "DN", "SV", "wait"):
    if name not in seen:
        errors.append(f"no '{name}' event")
if not any(e["tid"] == 1 for e in spans):
    errors.append("no transfer on a network track")
if abs(end - seconds * 1e6) > 1e-3:
    errors.append(f"the last event ends at {end} us, the run at {seconds * 1e6} us")
eps = 1e-5  # ts and dur are printed to 1e-6 us each
for p in range(pes):
    track = sorted((e for e in spans if e["pid"] == p and e["tid"] == 0),
                   key=lambda e: (e["ts"], -e["dur"]))
    stack = []
    for e in track:
        while stack and e["ts"] >= stack[-1] - eps:
            stack.pop()
        if stack and e["ts"] + e["dur"] > stack[-1] + eps:
            errors.append(f"PE {p}: '{e['name']}' at {e['ts']} overlaps its enclosing span")
            break
        stack.append(e["ts"] + e["dur"])
starts = {}
ends = {}
for e in events:
    if e.get("ph") in ("s", "f"):
        side = starts if e["ph"] == "s" else ends
        if e["id"] in side:
            errors.append(f"flow {e['id']}: two '{e['ph']}' events")
        side[e["id"]] = e
if set(starts) != set(ends):
    errors.append(f"flows without both ends: {sorted(set(starts) ^ set(ends))[:5]}")
if len(sys.argv) > 4 and len(starts) != int(sys.argv[4]):
    errors.append(f"{len(starts)} flows, {sys.argv[4]} messages")
dn = {}
for e in spans:
    if e["tid"] == 0 and e["name"] == "DN":
        dn.setdefault(e["pid"], []).append((e["ts"], e["ts"] + e["dur"]))
for i, s in starts.items():
    f = ends.get(i)
    if not f:
        continue
    if f["pid"] == s["pid"] or f["tid"] != 0 or f.get("bp") != "e" or f["ts"] < s["ts"] - eps:
        errors.append(f"flow {i}: {s} -> {f}")
    elif not any(a - eps <= f["ts"] <= b + eps for a, b in dn.get(f["pid"], [])):
        errors.append(f"flow {i}: its end at {f['ts']} on PE {f['pid']} is in no DN call")
for e in errors[:20]:
    print("check-trace:", e)
sys.exit(1 if errors else 0)
