#!/usr/bin/env python3
"""Checks that zplc's compile time grows about linearly with nesting depth
and with program size (issue 15, item 5):

    compile-time-scaling.py ZPLC WORKDIR

For each construct of compile-time.py (nested `for`s, nested `if`s, a long
sum), compiles it at a quarter of the depth the front end allows and at
that depth, and a program of 8 such constructs against one of 2, and
compares the CPU time (user + system) zplc spent. Linear growth gives a
ratio of 4, quadratic 16; the check fails above 10 (before the fix the
nested `if`s measured 12 and more), and when a compile takes more than a
minute. CPU time, not wall time, so that waiting for a loaded machine does
not count; but a busy machine still makes CPU time itself vary (caches and
memory shared with other work), more for one compile than for another: a
ratio above the limit is measured again, both compiles alternately, up to
ATTEMPTS times in all, and each side's least CPU time is the figure (the
least is the one least disturbed; a real quadratic step stays above the
limit in every attempt).
"""
import os
import resource
import subprocess
import sys

zplc, workdir = sys.argv[1], sys.argv[2]
generator = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                         "compile-time.py")
LIMIT_RATIO = 10.0
# The cap on one compile; make check-sanitize's lit config raises it for its
# ASan+UBSan zplc, several times slower (the ratios are what is tested).
LIMIT_SECONDS = float(os.environ.get("ZPLC_COMPILE_LIMIT_SECONDS", "60"))
ATTEMPTS = 3
# The deepest each construct may be under the front end's nesting limit
# (1000 parse-tree levels): a `for` or an `if` takes two, a `+` one.
DEPTH = {"for": 480, "if": 480, "sum": 960}


def program(kind, size, count):
    """The source of COUNT constructs of SIZE, written once."""
    source = os.path.join(workdir, f"{kind}-{size}-{count}.zpl")
    if not os.path.exists(source):
        with open(source, "w") as f:
            subprocess.run([sys.executable, generator, kind, str(size),
                            str(count)], stdout=f, check=True)
    return source


def cpu_seconds(kind, size, count):
    """zplc's CPU time to compile COUNT constructs of SIZE to C."""
    source = program(kind, size, count)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([zplc, source, "--emit=c", "-o", source + ".c"], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if seconds > LIMIT_SECONDS:
        sys.exit(f"FAIL: {kind} {size} x{count} took {seconds:.2f} s")
    return seconds


os.makedirs(workdir, exist_ok=True)
failed = False
for kind, depth in DEPTH.items():
    for what, small, large in (("depth", (depth // 4, 2), (depth, 2)),
                               ("size", (depth, 2), (depth, 8))):
        t_small, t_large = float("inf"), float("inf")
        for attempt in range(1, ATTEMPTS + 1):
            t_small = min(t_small, cpu_seconds(kind, *small))
            t_large = min(t_large, cpu_seconds(kind, *large))
            # A few hundredths of a second of start-up do not make a ratio.
            ratio = t_large / max(t_small, 0.05)
            if ratio <= LIMIT_RATIO:
                break
        verdict = "ok" if ratio <= LIMIT_RATIO else "FAIL"
        failed |= verdict == "FAIL"
        print(f"{verdict}: {kind} {what} x4: {t_small:.2f} s -> "
              f"{t_large:.2f} s (ratio {ratio:.1f}, attempt {attempt})")
sys.exit(1 if failed else 0)
