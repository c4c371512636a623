#!/usr/bin/env python3
"""List compile errors of the front end and driver that no test mentions.

usage: scripts/check-diagnostics-tested.py [--known=FILE] SOURCE_DIR...
           --tests TESTS_DIR

For every `error(...)` call in the C++ files of SOURCE_DIR, the longest
string literal of the call (the fixed part of the message, without the
quoted names spliced into it) must appear in some file under TESTS_DIR.
Prints `file:line: untested error: "text"` for each one that does not and
exits 1 if any; exit 0 when every message has a test. --known=FILE names
messages still waiting for a test (one `file: text` a line, as printed, `#`
comments allowed): they are not reported, so a new error without a test
fails the check while the list shrinks; a listed message that has a test
now is reported as stale so the list cannot rot.
"""
import os
import re
import sys

ERROR_CALL = re.compile(r"\berror\((.*?)\);", re.DOTALL)
STRING_LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
# Fragments this short ("'", ": ") say nothing about which error it is.
MIN_FRAGMENT = 6


def fixed_text(call_args):
    literals = [bytes(s, "utf-8").decode("unicode_escape")
                for s in STRING_LITERAL.findall(call_args)]
    literals = [s.strip(" '") for s in literals]
    longest = max(literals, key=len, default="")
    return longest if len(longest) >= MIN_FRAGMENT else None


def error_messages(source_dirs):
    for root in source_dirs:
        for dirpath, _, names in os.walk(root):
            for name in sorted(names):
                if not name.endswith(".cpp"):
                    continue
                path = os.path.join(dirpath, name)
                with open(path) as f:
                    text = f.read()
                for call in ERROR_CALL.finditer(text):
                    if call.group(1).lstrip().startswith("const "):
                        continue  # the definition of an error() helper
                    message = fixed_text(call.group(1))
                    if message:
                        line = text.count("\n", 0, call.start()) + 1
                        yield path, line, message


def all_test_text(tests_dir):
    chunks = []
    for dirpath, _, names in os.walk(tests_dir):
        for name in names:
            try:
                with open(os.path.join(dirpath, name), errors="replace") as f:
                    chunks.append(f.read())
            except OSError:
                continue
    return "\n".join(chunks)


def read_known(path):
    known = set()
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                known.add(line)
    return known


def main():
    args = sys.argv[1:]
    known = set()
    if args and args[0].startswith("--known="):
        known = read_known(args.pop(0)[len("--known="):])
    if "--tests" not in args or args.index("--tests") != len(args) - 2:
        sys.exit("usage: check-diagnostics-tested.py [--known=FILE] "
                 "SOURCE_DIR... --tests TESTS_DIR")
    corpus = all_test_text(args[-1])
    problems, seen = [], set()
    for path, line, message in error_messages(args[:-2]):
        key = f"{path}: {message}"
        seen.add(key)
        if message not in corpus and key not in known:
            problems.append(f'{path}:{line}: untested error: "{message}"')
        elif message in corpus and key in known:
            problems.append(f'{path}:{line}: tested now, drop from the '
                            f'known list: "{message}"')
    problems += [f"stale known entry (no such error): {k}"
                 for k in sorted(known - seen)]
    for problem in problems:
        print(problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
