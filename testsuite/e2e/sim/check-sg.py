#!/usr/bin/env python3
"""check-sg.py PREDICTIONS_CSV RUNS_CSV: bench/paper/run.sh --only=sg's
predictions.csv has the header and exactly the keys issue 27 asks for, every
value positive and in MB/s, and each value is the run of sg-runs.csv it
stands for (Table 5: T3D with every node sending and receiving, Paragon one
way; Table 6 as run), recomputed here from that run's bytes and step time.
Prints the chained/packed order of every item ("chained>packed" or
"packed>chained") for FileCheck."""
import csv
import sys

HEADER = ["source", "item", "machine", "strategy", "value", "unit"]
KEYS = [("sg-table5", i, m, s) for i in ("1Q16", "16Q1") for m in ("t3d", "paragon")
        for s in ("packed", "chained")] + \
       [("sg-table6", i, "t3d", s) for i in ("transpose", "fem", "sor")
        for s in ("packed", "chained")]


def fail(msg):
    print("check-sg: " + msg)
    sys.exit(1)


def main(pred_path, runs_path):
    with open(pred_path) as f:
        rows = list(csv.reader(f))
    if rows[0] != HEADER:
        fail(f"header {rows[0]}")
    pred = {}
    for r in rows[1:]:
        key = tuple(r[:4])
        if key in pred:
            fail(f"key {key} twice")
        if r[5] != "MB/s" or not float(r[4]) > 0:
            fail(f"row {r}: value must be positive MB/s")
        pred[key] = float(r[4])
    if sorted(pred) != sorted(KEYS):
        fail(f"keys {sorted(set(pred) ^ set(KEYS))} missing or extra")
    with open(runs_path) as f:
        for run in csv.DictReader(f):
            key = (run["source"], run["item"], run["machine"], run["strategy"])
            wanted = "both" if run["source"] == "sg-table6" or run["machine"] == "t3d" else "oneway"
            if run["mode"] != wanted:
                continue
            mbps = float(run["bytes_per_node"]) / float(run["step_seconds"]) / 1e6
            if abs(mbps - pred[key]) > 0.001 * pred[key] + 0.001:
                fail(f"{key}: predicted {pred[key]}, its run gives {mbps:.3f}")
    for source, item, machine, _ in KEYS[::2]:
        packed = pred[(source, item, machine, "packed")]
        chained = pred[(source, item, machine, "chained")]
        print(f"{item} {machine} {'chained>packed' if chained > packed else 'packed>chained'}")
    print(f"check-sg: ok, {len(pred)} predictions")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
