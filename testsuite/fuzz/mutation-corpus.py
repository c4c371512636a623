#!/usr/bin/env python3
"""Mutation corpus: generate hostile ZPL programs, compile each, tabulate.

    testsuite/fuzz/mutation-corpus.py [--zplc build/bin/zplc] [--count 5000]
        [--seed 1] [--jobs 2] [--timeout 20] [--wall-timeout 900] [--out DIR]

Independent of the libFuzzer target: it writes COUNT programs made from the
seeds (examples/*.zpl, testsuite/e2e/lang/*.zpl, testsuite/lit/frontend/*.zpl)
by token and line mutations, extreme numbers and bounds, deep nesting and bad
bytes, runs `zplc --emit=c` on each (at most TIMEOUT seconds of CPU time),
compiles the C of
every accepted program (`cc -std=c11 -c`, against runtime/include), and
prints how many of each kind of failure there were:

  crash          zplc died from a signal or exited with a status other than 0/1
  hang           zplc used more than TIMEOUT seconds of CPU time (or ran
                 for WALL_TIMEOUT seconds: stuck without computing). CPU
                 time, not elapsed time, so that a loaded machine (the
                 script runs at a low priority next to other work) does
                 not turn slow scheduling into hangs.
  no location    zplc rejected the program (status 1) without any
                 `file:line:col: error:` line
  C fails        zplc accepted the program but its C does not compile

Every failing program is kept in OUT/<kind>/ with zplc's stderr next to it;
the exit status is 1 if any failure was found. The same --seed gives the
same corpus.
"""

import argparse
import concurrent.futures
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

KEYWORDS = """program config var constant region direction grid distribution
procedure begin end if then elsif else for to downto by do while repeat until
exit continue return halt wrap reflect write writeln of in at with without
true false integer double float boolean block cyclic blockcyclic""".split()
OPERATORS = """:= += -= *= /= @^ @ << >> || .. <= >= != < > = + - * / % ^ ! & |
# ( ) [ ] , ; :""".split()
EXTREME_NUMBERS = [
    "0", "-1", "1", "2147483647", "2147483648", "4294967296",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "(-9223372036854775807 - 1)", "99999999999999999999999999",
    "1e308", "1e309", "1e-400", "0.0", ".5e-320", "4611686018427387904",
    "3037000500",
]
BAD_BYTES = [b"\x00", b"\xff", b"\xfe", b"\xc0\x80", b"\xe2\x82", b"\xed\xa0\x80",
             b"\xf4\x90\x80\x80", b"\x80", b"\x1b", b"\x7f", b"\r", b"\t",
             "\u00e9".encode(), "\u2028".encode(), b"\xef\xbb\xbf"]

TOKEN_RE = re.compile(
    r"--[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|[A-Za-z_][A-Za-z_0-9]*"
    r"|\d+\.\d+(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|\d+(?:[eE][+-]?\d+)?"
    r"|:=|\+=|-=|\*=|/=|@\^|<<|>>|\|\||\.\.|<=|>=|!=|\s+|.", re.S)
LOCATED_ERROR = re.compile(r"^[^\n:]+:\d+:\d+: error: ", re.M)


def read_seeds():
    seeds = []
    for folder in ("examples", "testsuite/e2e/lang", "testsuite/lit/frontend"):
        path = os.path.join(ROOT, folder)
        for name in sorted(os.listdir(path)):
            if name.endswith(".zpl"):
                with open(os.path.join(path, name), "rb") as f:
                    seeds.append(f.read().decode("utf-8"))
    return seeds


# --- mutations: each takes (rng, seed text) and returns bytes -----------------

def tokens_of(text):
    return TOKEN_RE.findall(text)


def random_token(rng, toks):
    pick = rng.random()
    if pick < 0.35:
        return rng.choice(KEYWORDS)
    if pick < 0.7:
        return rng.choice(OPERATORS)
    if pick < 0.85:
        return rng.choice(EXTREME_NUMBERS)
    return rng.choice(toks) if toks else "x"


def mutate_tokens(rng, text):
    toks = tokens_of(text)
    for _ in range(rng.randint(1, 4)):
        if not toks:
            break
        i = rng.randrange(len(toks))
        op = rng.randrange(5)
        if op == 0:
            del toks[i]
        elif op == 1:
            toks.insert(i, random_token(rng, toks) + " ")
        elif op == 2:
            toks[i] = random_token(rng, toks)
        elif op == 3:
            j = rng.randrange(len(toks))
            toks[i], toks[j] = toks[j], toks[i]
        else:
            toks.insert(i, toks[rng.randrange(len(toks))])
    return "".join(toks).encode()


def mutate_lines(rng, text):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        op = rng.randrange(4)
        if op == 0 and len(lines) > 1:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    return "\n".join(lines).encode()


def mutate_numbers(rng, text):
    toks = tokens_of(text)
    numeric = [i for i, t in enumerate(toks) if re.fullmatch(r"[\d.]\S*", t)
               and t != ".."]
    if not numeric:
        return mutate_tokens(rng, text)
    for i in rng.sample(numeric, min(len(numeric), rng.randint(1, 3))):
        toks[i] = rng.choice(EXTREME_NUMBERS)
    return "".join(toks).encode()


def mutate_bytes(rng, text):
    data = bytearray(text.encode())
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(data) + 1)
        op = rng.randrange(3)
        if op == 0:
            data[i:i] = rng.choice(BAD_BYTES)
        elif op == 1 and i < len(data):
            data[i] = rng.randrange(256)
        else:
            del data[i:]  # truncate
    return bytes(data)


def program(body, decls=""):
    return ("program deep;\n" + decls +
            "procedure deep();\nvar x : integer;\nbegin\n" + body +
            "\nend;\n")


def deep_nesting(rng, _text):
    depth = rng.choice([50, 200, 1000, 3000, 10000, 30000, 100000])
    kind = rng.randrange(11)
    if kind == 0:
        return program("x := " + "(" * depth + "1" + ")" * depth + ";").encode()
    if kind == 1:
        return program("x := " + "1+" * depth + "1;").encode()
    if kind == 2:
        return program("x := " + "-" * depth + "1;").encode()
    if kind == 3:
        return program("x := " + "2^" * depth + "1;").encode()
    if kind == 4:
        return program("if true then " * depth + "x := 1;" +
                       " end;" * depth).encode()
    if kind == 5:
        return program("begin " * depth + "x := 1;" + " end;" * depth).encode()
    if kind == 6:
        return program("for x := 1 to 2 do " * depth + "x := 1;" +
                       " end;" * depth).encode()
    if kind == 7:
        return program("[R] " * depth + "A := 1;",
                       "region R = [1..4];\nvar A : [R] integer;\n").encode()
    if kind == 8:
        return program("x := " + "+<< " * depth + "A;",
                       "region R = [1..4];\nvar A : [R] integer;\n").encode()
    if kind == 9:
        return program("[R] A := A" + "@d" * depth + ";",
                       "region R = [1..4];\ndirection d = [1];\n"
                       "var A : [R] integer;\n").encode()
    # a statement list, a long line and an unclosed construct at the end
    return program("x := 1; " * depth).encode()[:-rng.randrange(1, 30)]


MUTATORS = [(mutate_tokens, 40), (mutate_lines, 20), (mutate_numbers, 15),
            (mutate_bytes, 15), (deep_nesting, 10)]


def generate(rng, seeds):
    total = sum(w for _, w in MUTATORS)
    pick = rng.randrange(total)
    for fn, weight in MUTATORS:
        if pick < weight:
            return fn.__name__, fn(rng, rng.choice(seeds))
        pick -= weight
    raise AssertionError


# --- running -------------------------------------------------------------------

def run_zplc(args, src, out_c):
    """Runs `zplc --emit=c` on src; returns (status, stderr, CPU seconds,
    hung). The child may use TIMEOUT seconds of CPU time (RLIMIT_CPU ends
    it with SIGXCPU) and WALL_TIMEOUT seconds in all."""
    def limit_cpu():
        cpu = int(args.timeout + 0.999)
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))

    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([args.zplc, src, "--emit=c", "-o", out_c],
                                stdout=subprocess.DEVNULL, stderr=err,
                                preexec_fn=limit_cpu)
        stalled = threading.Event()

        def kill():
            stalled.set()
            proc.kill()

        timer = threading.Timer(args.wall_timeout, kill)
        timer.start()
        _, status, usage = os.wait4(proc.pid, 0)  # reaped here: keep rusage
        timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        cpu = usage.ru_utime + usage.ru_stime
        err.seek(0)
        stderr = err.read()
    hung = (stalled.is_set() or cpu > args.timeout or
            proc.returncode == -signal.SIGXCPU)
    return proc.returncode, stderr, cpu, hung


def run_one(args, index, kind, data, workdir):
    src = os.path.join(workdir, "p%05d.zpl" % index)
    with open(src, "wb") as f:
        f.write(data)
    out_c = src[:-4] + ".c"
    status, stderr, seconds, hung = run_zplc(args, src, out_c)
    if hung:
        return index, kind, "hang", stderr, seconds
    if status < 0 or status not in (0, 1):
        return index, kind, "crash", stderr, seconds
    if status == 1:
        text = stderr.decode("utf-8", "replace")
        verdict = "rejected" if LOCATED_ERROR.search(text) else "no location"
        return index, kind, verdict, stderr, seconds
    cc = subprocess.run([args.cc, "-std=c11", "-O0", "-w", "-c", "-I",
                         os.path.join(ROOT, "runtime", "include"), out_c,
                         "-o", os.devnull], capture_output=True)
    if cc.returncode != 0:
        return index, kind, "C fails", cc.stderr, seconds
    return index, kind, "accepted", b"", seconds


def keep(args, workdir, index, verdict, stderr):
    folder = os.path.join(args.out, verdict.replace(" ", "-"))
    os.makedirs(folder, exist_ok=True)
    src = os.path.join(workdir, "p%05d.zpl" % index)
    shutil.copy(src, folder)
    with open(os.path.join(folder, "p%05d.stderr" % index), "wb") as f:
        f.write(stderr[:65536])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--zplc", default=os.path.join(ROOT, "build", "bin", "zplc"))
    parser.add_argument("--cc", default="cc")
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=20.0,
                        help="CPU seconds a compile may take")
    parser.add_argument("--wall-timeout", type=float, default=900.0,
                        help="seconds a compile may last in all")
    parser.add_argument("--out", default="mutation-corpus-findings")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    seeds = read_seeds()
    programs = [generate(rng, seeds) for _ in range(args.count)]
    verdicts = ["accepted", "rejected", "crash", "hang", "no location", "C fails"]
    table = {}  # mutation -> verdict -> count
    slowest = (0.0, None)
    shutil.rmtree(args.out, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="zplc-mutation-") as workdir, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(run_one, args, i, kind, data, workdir)
                   for i, (kind, data) in enumerate(programs)]
        for done, fut in enumerate(concurrent.futures.as_completed(futures), 1):
            index, kind, verdict, stderr, seconds = fut.result()
            table.setdefault(kind, dict.fromkeys(verdicts, 0))[verdict] += 1
            slowest = max(slowest, (seconds, index))
            if verdict not in ("accepted", "rejected"):
                keep(args, workdir, index, verdict, stderr)
            if done % 500 == 0:
                so_far = {v: sum(row[v] for row in table.values())
                          for v in verdicts}
                print("mutation-corpus: %d/%d %s" % (
                    done, args.count,
                    " ".join("%s=%d" % (v.replace(" ", "-"), n)
                             for v, n in so_far.items())),
                      file=sys.stderr, flush=True)

    width = max(len(k) for k in table) + 2
    print("%-*s" % (width, "mutation") +
          "".join("%12s" % v for v in verdicts + ["total"]))
    totals = dict.fromkeys(verdicts, 0)
    for kind in sorted(table):
        row = table[kind]
        for v in verdicts:
            totals[v] += row[v]
        print("%-*s" % (width, kind) + "".join("%12d" % row[v] for v in verdicts) +
              "%12d" % sum(row.values()))
    print("%-*s" % (width, "all") + "".join("%12d" % totals[v] for v in verdicts) +
          "%12d" % sum(totals.values()))
    print("slowest compile: %.2f s of CPU time (program %d); seed %d; "
          "failures kept in %s" %
          (slowest[0], slowest[1], args.seed, args.out))
    failures = sum(totals[v] for v in ("crash", "hang", "no location", "C fails"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
