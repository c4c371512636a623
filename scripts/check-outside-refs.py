#!/usr/bin/env python3
"""Fail when a file of the repository refers to a file outside it.

usage: scripts/check-outside-refs.py [--known=FILE] [ROOT]
       scripts/check-outside-refs.py --self-test

Looks at every file of ROOT (default: the current directory): the files
`git ls-files` names when ROOT is the top of a git checkout (tracked ones and
new ones that .gitignore does not exclude), else every file
under ROOT except .git and build trees (a directory named build* or holding
a CMakeCache.txt). A file refers outside the repository when it names the
shared directory beside it (by a relative path going up into it, or by
its absolute path) or one of the three notes kept there, the machine, language
and design notes, by their bare file names. A name with a directory in
front that leads to a file of the repository (docs/machines.md,
docs/<note>.md) is a reference inside it and is fine.

Prints `path:line: text` for every such reference and exits 1 if any.
--known=FILE lists paths still waiting to be fixed (one a line, `#`
comments allowed): their references are not reported, so a new reference
fails the check while the list shrinks; a listed path that no longer refers
outside (or no longer exists) is reported as stale, so the list cannot rot.
--self-test builds a small tree in a temporary directory and checks that
both kinds of failure are found.
"""
import os
import re
import subprocess
import sys
import tempfile

# Written so that this file does not match itself.
OUTSIDE_DIR = re.compile(r"\.\./shared/|/work/share[d]\b")
NOTE = re.compile(r"((?:[\w.-]+/)*)\b((?:MACHINES|LANGUAGE|DESIGN)\.md)\b")


def tracked_files(root):
    """Repository-relative paths of the files to check."""
    try:
        top = subprocess.run(["git", "-C", root, "rev-parse", "--show-toplevel"],
                             capture_output=True, text=True, check=True).stdout.strip()
        if os.path.realpath(top) == os.path.realpath(root):
            out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached",
                                  "--others", "--exclude-standard"],
                                 capture_output=True, check=True).stdout
            names = [n.decode("utf-8", "surrogateescape") for n in out.split(b"\0") if n]
            return sorted(n for n in names if os.path.isfile(os.path.join(root, n)))
    except (OSError, subprocess.CalledProcessError):
        pass
    found = []
    for dirpath, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs
                         if d != ".git" and not d.startswith("build")
                         and not os.path.exists(os.path.join(dirpath, d, "CMakeCache.txt")))
        for name in sorted(names):
            found.append(os.path.relpath(os.path.join(dirpath, name), root))
    return found


def offending_lines(root, path, files):
    try:
        with open(os.path.join(root, path), "rb") as f:
            data = f.read()
    except OSError:
        return []
    # Binary files too (fuzz inputs carry whole source files); lines are
    # printed with their unprintable bytes replaced.
    text = data.decode("utf-8", "replace")
    here = os.path.dirname(path)
    hits = []
    for number, line in enumerate(text.splitlines(), 1):
        bad = bool(OUTSIDE_DIR.search(line))
        for m in NOTE.finditer(line):
            if bad:
                break
            prefix, name = m.group(1), m.group(2)
            if not prefix:
                bad = True  # a bare name: the note outside the repository
                continue
            inside = {os.path.normpath(prefix + name),
                      os.path.normpath(os.path.join(here, prefix + name))}
            if not inside & files:
                bad = True
        if bad:
            hits.append((number, "".join(c if c.isprintable() else "?" for c in line.strip())))
    return hits


def read_known(path):
    known = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                known.append(line)
    return known


def check(root, known_file=None, out=sys.stdout):
    paths = tracked_files(root)
    files = set(os.path.normpath(p) for p in paths)
    known = read_known(known_file) if known_file else []
    known_set = set(os.path.normpath(k) for k in known)
    failed = False
    offenders = set()
    for path in paths:
        hits = offending_lines(root, path, files)
        if not hits:
            continue
        offenders.add(os.path.normpath(path))
        if os.path.normpath(path) in known_set:
            continue
        failed = True
        for number, text in hits:
            print(f"{path}:{number}: refers outside the repository: {text[:160]}", file=out)
    for k in known:
        if os.path.normpath(k) not in offenders:
            failed = True
            print(f"{known_file}: stale entry '{k}': it no longer refers outside the "
                  f"repository; remove it from the list", file=out)
    return 1 if failed else 0


def self_test():
    import io
    with tempfile.TemporaryDirectory() as root:
        def put(path, text):
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(text)
        note = "MACHINES" + ".md"
        put("docs/machines.md", "the figures\n")
        put("machines/a.toml", "x = 1   # docs/machines.md table 1\n")
        put("machines/b.toml", "x = 1   # " + note + " table 1\n")
        put("model/c.h", "// see ../" + "sha" + "red/notes/x.md\n")
        put("model/d.h", "// fine\n")
        put("build/e.txt", note + "\n")  # a build tree: not looked at
        put("known.txt", "# waiting\nmodel/c.h\nmodel/d.h\n")
        buf = io.StringIO()
        rc = check(root, os.path.join(root, "known.txt"), buf)
        lines = buf.getvalue().splitlines()
        expect = [
            "machines/b.toml:1: refers outside the repository: x = 1   # " + note + " table 1",
            os.path.join(root, "known.txt") + ": stale entry 'model/d.h': it no longer "
            "refers outside the repository; remove it from the list",
        ]
        if rc != 1 or lines != expect:
            print("self-test failed: rc", rc, "output:", *lines, sep="\n  ")
            return 1
        print("self-test passed: a new reference and a stale entry are both reported")
        return 0


def main(argv):
    known_file = None
    root = "."
    for arg in argv[1:]:
        if arg == "--self-test":
            return self_test()
        if arg.startswith("--known="):
            known_file = arg[len("--known="):]
        elif arg.startswith("-"):
            print(__doc__, file=sys.stderr)
            return 2
        else:
            root = arg
    return check(root, known_file)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
