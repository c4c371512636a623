#!/usr/bin/env python3
"""Compiles and runs the programs shown in Markdown documents.

Usage: doctest.py [--mpirun='CMD'] ZPLC FILE.md [FILE.md ...]

Conventions (for writers: docs/language.md states the first three,
docs/tutorial.md, "How this page is tested", the markers):
  * A ```zpl block that contains a `program NAME;` line is a complete
    program: it is compiled (serial back end) and must compile.
  * If the next block after it (blank lines allowed between) is an
    ```output block without a marker (below), the program is run on the
    serial back end and must print exactly that text.
  * A ```zpl block without a `program` line is a fragment and is only
    shown, never compiled.
  * A line `<!-- doctest: HOW -->` right before an ```output block (an HTML
    comment, hidden when the Markdown is rendered) checks that block
    against another run of the nearest complete program above it, however
    many blocks lie between. HOW is one of
        serial [ARGS]           ./prog ARGS
        mpi N [ARGS]            CMD -np N ./prog ARGS (--backend=mpi;
                                CMD is --mpirun's, default mpirun)
        sim MACHINE N [ARGS]    ./prog --pes=N ARGS (--backend=sim
                                --machine=MACHINE)
    ARGS (split like a shell's words) may end in `| grep REGEX`: only the
    printed lines in which the Python regular expression REGEX matches are
    compared. A marker anywhere else is an error.
Prints one line per program checked (per run for a program with output
blocks), then 'N passed, N failed'; exits 1 if any check failed.
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```(\S*)\s*$")
MARKER = re.compile(r"^<!--\s*doctest:(.*?)-->\s*$")


class DocError(Exception):
    """A malformed document: path:line: message."""


def blocks(path):
    """(kind, first line number, text, marker) of each fenced block of the
    file; marker is the text of a `<!-- doctest: ... -->` line right before
    the block's opening fence, or None."""
    out, kind, start, lines, marker = [], None, 0, [], None
    markers = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            text = line.rstrip("\n")
            m = FENCE.match(text)
            if kind is None and MARKER.match(text):
                markers[number] = MARKER.match(text).group(1).strip()
            if kind is None and m:
                kind, start, lines = m.group(1), number + 1, []
                marker = markers.pop(number - 1, None)
                if marker is not None and kind != "output":
                    raise DocError("%s:%d: a doctest marker must come right before an ```output "
                                   "block" % (path, number - 1))
            elif kind is not None and text == "```":
                out.append((kind, start, "".join(lines), marker))
                kind = None
            elif kind is not None:
                lines.append(line)
    if kind is not None:
        raise SystemExit("%s:%d: unterminated code block" % (path, start - 1))
    if markers:
        raise DocError("%s:%d: a doctest marker must come right before an ```output block"
                       % (path, min(markers)))
    return out


def parse_marker(where, marker):
    """(backend, machine, pes, args, grep) of a marker's text."""
    grep = None
    if "| grep " in marker:
        marker, grep = marker.split("| grep ", 1)
        grep = grep.strip()
        try:
            re.compile(grep)
        except re.error as e:
            raise DocError("%s: bad grep pattern '%s': %s" % (where, grep, e))
    try:
        words = shlex.split(marker)
    except ValueError as e:
        raise DocError("%s: the doctest marker's arguments: %s" % (where, e))
    usage = "%s: the doctest marker needs 'serial [ARGS]', 'mpi N [ARGS]' or " \
            "'sim MACHINE N [ARGS]', got '%s'" % (where, marker.strip())
    if not words:
        raise DocError(usage)
    if words[0] == "serial":
        return "serial", None, 1, words[1:], grep
    if words[0] == "mpi" and len(words) >= 2 and words[1].isdigit():
        return "mpi", None, int(words[1]), words[2:], grep
    if words[0] == "sim" and len(words) >= 3 and words[2].isdigit():
        return "sim", words[1], int(words[2]), words[3:], grep
    raise DocError(usage)


def programs(path):
    """(line, source, runs) of each complete program: runs lists
    (output line, how, expected) with how None for the plain serial run of
    an unmarked ```output block right after the program, else the parsed
    marker of a marked block below it (a DocError if it is malformed)."""
    found = blocks(path)
    current = None
    for i, (kind, line, text, marker) in enumerate(found):
        if kind == "zpl" and re.search(r"^\s*program\s+\w+\s*;", text, re.M):
            if current:
                yield current
            current = (line, text, [])
            nxt = found[i + 1] if i + 1 < len(found) else None
            if nxt and nxt[0] == "output" and nxt[3] is None:
                current[2].append((nxt[1], None, nxt[2]))
        elif kind == "output" and marker is not None:
            where = "%s:%d" % (path, line - 2)
            if current is None:
                raise DocError("%s: a doctest marker with no program above it" % where)
            try:
                how = parse_marker(where, marker)
            except DocError as e:
                how = e
            current[2].append((line, how, text))
    if current:
        yield current


def build(zplc, source, workdir, line, backend, machine):
    """Compiles a program for a back end; (executable, error or None)."""
    tag = backend + ("-" + machine if machine else "")
    src = os.path.join(workdir, "doc%d.zpl" % line)
    exe = os.path.join(workdir, "doc%d-%s" % (line, tag))
    with open(src, "w", encoding="utf-8") as f:
        f.write(source)
    command = [zplc, src, "-o", exe, "--backend=" + backend]
    if machine:
        command.append("--machine=" + machine)
    built = subprocess.run(command, capture_output=True, text=True)
    if built.returncode != 0:
        return exe, built.stderr
    return exe, None


def run(exe, how, mpirun, workdir):
    """Runs a compiled program as `how` says; (status, printed text, its
    standard error)."""
    backend, _, pes, args, grep = how
    if backend == "mpi":
        command = shlex.split(mpirun) + ["-np", str(pes), exe] + args
    elif backend == "sim":
        command = [exe, "--pes=%d" % pes] + args
    else:
        command = [exe] + args
    ran = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=workdir)
    out = ran.stdout
    if grep is not None:
        out = "".join(l for l in out.splitlines(True) if re.search(grep, l))
    return ran.returncode, out, ran.stderr


def describe(how):
    backend, machine, pes, args, grep = how
    words = [backend] + ([machine] if machine else []) + \
            ([str(pes)] if backend != "serial" else []) + args
    return " ".join(words) + (" | grep " + grep if grep is not None else "")


def check(zplc, mpirun, path, line, source, runs, workdir):
    """Compiles a program and makes its runs; yields (where, what, error or
    None) per run (one for a program without runs)."""
    executables = {}
    if not runs:
        _, error = build(zplc, source, workdir, line, "serial", None)
        where = "%s:%d" % (path, line)
        yield where, "compiled", (None if error is None else
                                  "%s: does not compile:\n%s" % (where, error))
        return
    for out_line, how, expected in runs:
        if how is None:
            how, where, what = ("serial", None, 1, [], None), "%s:%d" % (path, line), "ran"
        elif isinstance(how, DocError):
            yield "%s:%d" % (path, out_line), "marker", str(how)
            continue
        else:
            where, what = "%s:%d" % (path, out_line), "ran: " + describe(how)
        key = (how[0], how[1])
        if key not in executables:
            executables[key] = build(zplc, source, workdir, line, how[0], how[1])
        exe, error = executables[key]
        if error is not None:
            yield where, what, "%s: does not compile (program at line %d, --backend=%s):\n%s" % (
                where, line, how[0], error)
            continue
        status, printed, errors = run(exe, how, mpirun, workdir)
        if status != 0 or printed != expected:
            yield where, what, "%s: printed (status %d)\n%s\nexpected\n%s%s" % (
                where, status, printed, expected,
                "standard error:\n" + errors if status != 0 else "")
        else:
            yield where, what, None


def main(argv):
    args = argv[1:]
    mpirun = "mpirun"
    while args and args[0].startswith("--mpirun="):
        mpirun = args.pop(0)[len("--mpirun="):]
    if len(args) < 2:
        print(__doc__)
        return 2
    zplc, passed, failed = args[0], 0, 0
    with tempfile.TemporaryDirectory() as workdir:
        for path in args[1:]:
            try:
                found = list(programs(path))
            except DocError as e:
                failed += 1
                print("FAIL %s" % e)
                continue
            for line, source, runs in found:
                for where, what, error in check(zplc, mpirun, path, line, source, runs,
                                                workdir):
                    if error:
                        failed += 1
                        print("FAIL " + error)
                    else:
                        passed += 1
                        print("ok   %s (%s)" % (where, what))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
