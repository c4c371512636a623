#!/usr/bin/env python3
"""Sequential reference for consumer/heat.zpl, written apart from zplc.

usage: heat_reference.py N STEPS OUTPUT_FILE
Checks that OUTPUT_FILE holds the program's one line, `steps: S total: T
hottest: H`, with S = STEPS and T, H within 1e-6 of a plain Python run of
the same explicit scheme: half a unit of the sixth printed decimal, plus the
sum's rounding, which depends on the order of its terms (on the number of
PEs) and is below 1e-9 here. Exits 1 otherwise.
"""
import re
import sys


def heat(n, steps):
    t = [[0.0] * (n + 2) for _ in range(n + 2)]
    for j in range(1, n + 1):
        t[0][j] = 100.0
    for _ in range(steps):
        new = [row[:] for row in t]
        for i in range(1, n + 1):
            for j in range(1, n + 1):
                new[i][j] = t[i][j] + 0.1 * (t[i - 1][j] + t[i + 1][j] + t[i][j + 1]
                                             + t[i][j - 1] - 4.0 * t[i][j])
        t = new
    inner = [t[i][j] for i in range(1, n + 1) for j in range(1, n + 1)]
    return sum(inner), max(inner)


def main():
    n, steps, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    text = open(path).read()
    m = re.fullmatch(r"steps: (\d+) total: (\S+) hottest: (\S+)\n", text)
    if not m:
        print("%s: unexpected output %r" % (path, text))
        return 1
    total, hottest = heat(n, steps)
    got_steps, got_total, got_hottest = int(m[1]), float(m[2]), float(m[3])
    ok = (got_steps == steps and abs(got_total - total) <= 1e-6
          and abs(got_hottest - hottest) <= 1e-6)
    print("%s %s: steps %d total %.6f hottest %.6f (reference %.6f %.6f)"
          % ("ok  " if ok else "FAIL", path, got_steps, got_total, got_hottest,
             total, hottest))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
