#!/usr/bin/env python3
"""Reads a --help text on stdin and checks that every option states its
default (or that it is required).

An option's entry is its line (two or more spaces, then `-`) with the lines
after it that are indented deeper and do not start another option; an
entry passes when it contains "default" or "required". --help, --help-list
and --version need none. The `config vars:` section of a compiled program
is left out: each line there shows the default as its value. Prints each
offender and exits 1 if there is one.
"""
import re
import sys

OPTION = re.compile(r"^(\s{2,})(-{1,2}[\w-]+)")
EXEMPT = {"--help", "--help-list", "--version", "-h"}


def entries(lines):
    current, indent = None, 0
    for line in lines:
        if line.startswith("config vars:"):
            break
        m = OPTION.match(line)
        if m and (current is None or len(m.group(1)) <= indent):
            if current:
                yield current
            current, indent = [m.group(2), line], len(m.group(1))
        elif current and line.startswith(" " * (indent + 1)):
            current.append(line)
        elif current:
            yield current
            current = None
    if current:
        yield current


def main():
    bad = 0
    for name, *text in entries(sys.stdin.read().splitlines()):
        body = " ".join(text).lower()
        if name not in EXEMPT and "default" not in body and "required" not in body:
            print("no default: %s" % text[0].strip())
            bad += 1
    print("%d options without a default" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
