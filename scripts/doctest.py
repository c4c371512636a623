#!/usr/bin/env python3
"""Compiles and runs the programs shown in Markdown documents.

Usage: doctest.py ZPLC FILE.md [FILE.md ...]

Conventions (docs/language.md says the same for writers):
  * A ```zpl block that contains a `program NAME;` line is a complete
    program: it is compiled (serial back end) and must compile.
  * If the next block after it (blank lines allowed between) is an
    ```output block, the program is run and must print exactly that text.
  * A ```zpl block without a `program` line is a fragment and is only
    shown, never compiled.
Prints one line per program checked, then 'N passed, N failed'; exits 1 if
any program failed.
"""
import os
import re
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```(\S*)\s*$")


def blocks(path):
    """(kind, first line number, text) of each fenced block of the file."""
    out, kind, start, lines = [], None, 0, []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = FENCE.match(line.rstrip("\n"))
            if kind is None and m:
                kind, start, lines = m.group(1), number + 1, []
            elif kind is not None and line.rstrip("\n") == "```":
                out.append((kind, start, "".join(lines)))
                kind = None
            elif kind is not None:
                lines.append(line)
    if kind is not None:
        raise SystemExit("%s:%d: unterminated code block" % (path, start - 1))
    return out


def programs(path):
    """(line, source, expected output or None) of each complete program."""
    found = blocks(path)
    for i, (kind, line, text) in enumerate(found):
        if kind != "zpl" or not re.search(r"^\s*program\s+\w+\s*;", text, re.M):
            continue
        nxt = found[i + 1] if i + 1 < len(found) else None
        expected = nxt[2] if nxt and nxt[0] == "output" else None
        yield line, text, expected


def check(zplc, path, line, source, expected, workdir):
    where = "%s:%d" % (path, line)
    src = os.path.join(workdir, "doc%d.zpl" % line)
    exe = os.path.join(workdir, "doc%d" % line)
    with open(src, "w", encoding="utf-8") as f:
        f.write(source)
    built = subprocess.run([zplc, src, "-o", exe], capture_output=True, text=True)
    if built.returncode != 0:
        return "%s: does not compile:\n%s" % (where, built.stderr)
    if expected is None:
        return None
    ran = subprocess.run([exe], capture_output=True, text=True, timeout=120, cwd=workdir)
    if ran.returncode != 0 or ran.stdout != expected:
        return "%s: printed (status %d)\n%s\nexpected\n%s" % (where, ran.returncode, ran.stdout,
                                                            expected)
    return None


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    zplc, passed, failed = argv[1], 0, 0
    with tempfile.TemporaryDirectory() as workdir:
        for path in argv[2:]:
            for line, source, expected in programs(path):
                error = check(zplc, path, line, source, expected, workdir)
                what = "ran" if expected is not None else "compiled"
                if error:
                    failed += 1
                    print("FAIL " + error)
                else:
                    passed += 1
                    print("ok   %s:%d (%s)" % (path, line, what))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
