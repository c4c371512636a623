#!/usr/bin/env python3
"""Mutation corpus: generate hostile ZPL programs, compile each, tabulate.

    testsuite/fuzz/mutation-corpus.py [--zplc build/bin/zplc] [--count 5000]
        [--seed 1] [--jobs 2] [--timeout 20] [--wall-timeout 900] [--out DIR]
        [--feature-weight 1]

Independent of the libFuzzer target: it writes COUNT programs made from the
seeds (the .zpl files of SEED_FOLDERS: the examples, the language tests, the
programs of the run-time error tests, the front end's and MLIRGen's lit
tests) by token and line mutations, extreme numbers and bounds, deep nesting and bad
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

A second table counts, for each of the newer language features (file I/O,
accumulating and masked remaps, shattered `if`, promoted procedures), the
programs made from a seed that uses it and how many of those compiled to C
(the feature's code, or what the mutation left of it, went through the
whole compiler). --feature-weight W makes those seeds W times as likely to
be picked as the others.

Every failing program is kept in OUT/<kind>/ with zplc's stderr next to it;
the exit status is 1 if any failure was found. The same --seed (and
--feature-weight) gives the same corpus.
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
true false integer double float boolean file block cyclic blockcyclic""".split()
# Names the language predefines (not keywords): file I/O, Index arrays,
# intrinsic functions.
BUILTINS = """open close read Index1 Index2 Index3 abs min max sqrt pow floor
ceil""".split()
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


SEED_FOLDERS = ("examples", "testsuite/e2e/lang", "testsuite/e2e/Inputs",
                "testsuite/lit/frontend", "testsuite/lit/mlirgen")


def promotes_procedure(text):
    """A procedure with a result called in a statement under a region."""
    names = re.findall(r"\bprocedure\s+(\w+)\s*\([^)]*\)\s*:", text)
    return any(re.search(r"^\s*\[[^\n]*\b%s\s*\(" % re.escape(name), text,
                         re.M) for name in names)


# The newer language features, as recognised in a seed's text.
FEATURES = {
    "file I/O": lambda t: re.search(r"\bopen\s*\(", t) is not None,
    "accumulating remap": lambda t:
        re.search(r"#\[[^\]\n]*\]\s*[-+*]=", t) is not None,
    "masked remap": lambda t:
        re.search(r"\[[^\]\n]*\bwith(out)?\b[^\]\n]*\][^;\n]*#\[", t)
        is not None,
    "shattered if": lambda t: re.search(r"\[[^\]\n]*\]\s*if\b", t) is not None,
    "promoted procedure": promotes_procedure,
}


def read_seeds():
    """(name, text, features) of every seed program."""
    seeds = []
    for folder in SEED_FOLDERS:
        path = os.path.join(ROOT, folder)
        for name in sorted(os.listdir(path)):
            if name.endswith(".zpl"):
                with open(os.path.join(path, name), "rb") as f:
                    text = f.read().decode("utf-8")
                features = [k for k, found in FEATURES.items() if found(text)]
                seeds.append((os.path.join(folder, name), text, features))
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
    if pick < 0.8:
        return rng.choice(EXTREME_NUMBERS)
    if pick < 0.85:
        return rng.choice(BUILTINS)
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


def generate(rng, seeds, seed_weights):
    """(mutation, seed, program bytes)."""
    total = sum(w for _, w in MUTATORS)
    pick = rng.randrange(total)
    for fn, weight in MUTATORS:
        if pick < weight:
            seed = rng.choices(seeds, seed_weights)[0]
            return fn.__name__, seed, fn(rng, seed[1])
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
    parser.add_argument("--feature-weight", type=int, default=1,
                        help="how much likelier a seed using a newer "
                        "feature is picked")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    seeds = read_seeds()
    seed_weights = [args.feature_weight if features else 1
                    for _, _, features in seeds]
    programs = [generate(rng, seeds, seed_weights) for _ in range(args.count)]
    features_of = [seed[2] for _, seed, _ in programs]
    # feature -> [programs from a seed using it, of them accepted]
    reach = {feature: [0, 0] for feature in FEATURES}
    verdicts = ["accepted", "rejected", "crash", "hang", "no location", "C fails"]
    table = {}  # mutation -> verdict -> count
    slowest = (0.0, None)
    shutil.rmtree(args.out, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="zplc-mutation-") as workdir, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(run_one, args, i, kind, data, workdir)
                   for i, (kind, _, data) in enumerate(programs)]
        for done, fut in enumerate(concurrent.futures.as_completed(futures), 1):
            index, kind, verdict, stderr, seconds = fut.result()
            table.setdefault(kind, dict.fromkeys(verdicts, 0))[verdict] += 1
            for feature in features_of[index]:
                reach[feature][0] += 1
                reach[feature][1] += verdict == "accepted"
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
    print()
    width = max(len(f) for f in FEATURES) + 2
    print("%-*s%10s%10s%12s" % (width, "newer feature in the seed", "seeds",
                                "programs", "accepted"))
    for feature, (made, accepted) in reach.items():
        users = sum(feature in features for _, _, features in seeds)
        print("%-*s%10d%10d%12d" % (width, feature, users, made, accepted))
    failures = sum(totals[v] for v in ("crash", "hang", "no location", "C fails"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
