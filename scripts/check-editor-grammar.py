#!/usr/bin/env python3
"""Check the TextMate grammar for .zpl files against the parser's grammar.

usage: scripts/check-editor-grammar.py TMLANGUAGE.json ZPL.g4

Fails (exit 1, one line per problem) when the JSON does not parse, a regex
does not compile, the words the editor grammar highlights as keywords differ
from the keyword tokens of ZPL.g4 (so the two cannot drift apart), or a
sample of ZPL text is not scoped as expected.
"""
import json
import re
import sys

# A keyword token in ZPL.g4 looks like `BLOCKCYCLIC  : 'blockcyclic' ;`.
G4_KEYWORD = re.compile(r"^[A-Z_]+\s*:\s*'([a-z]+)'\s*;", re.MULTILINE)
# A keyword pattern in the editor grammar is `\b(word|word|...)\b`.
TM_WORD_LIST = re.compile(r"^\\b\(([a-z|]+)\)\\b$")

# (text, scope the first match in that text must carry, matched text)
SAMPLES = [
    ("-- note := 1", "comment.line.double-dash.zpl", "-- note := 1"),
    ("/* a\nb */", "comment.block.zpl", None),
    ('"a\\tb"', "string.quoted.double.zpl", None),
    ("2.5e3", "constant.numeric.float.zpl", "2.5e3"),
    (".5", "constant.numeric.float.zpl", ".5"),
    ("42", "constant.numeric.integer.zpl", "42"),
    ("+<< A", "keyword.operator.reduction.zpl", "+<<"),
    ("max<< A", "keyword.operator.reduction.zpl", "max<<"),
    ("+|| A", "keyword.operator.scan.zpl", "+||"),
    ("A@^east", "keyword.operator.shift.zpl", "@^"),
    ("A@east", "keyword.operator.shift.zpl", "@"),
    ("region", "keyword.other.zpl", "region"),
    ("blockcyclic", "storage.modifier.distribution.zpl", "blockcyclic"),
]


def keyword_words(grammar):
    words = set()
    for rule in grammar["repository"]["keywords"]["patterns"]:
        found = TM_WORD_LIST.match(rule["match"])
        if found:
            words.update(found.group(1).split("|"))
    return words


def leaf_rules(node):
    """Yield (scope, compiled start regex) for every rule, in match order."""
    if "include" in node:
        return
    if "patterns" in node and "match" not in node and "begin" not in node:
        for child in node["patterns"]:
            yield from leaf_rules(child)
        return
    yield node["name"], re.compile(node.get("match") or node["begin"], re.M)


def ordered_rules(grammar):
    for top in grammar["patterns"]:
        section = grammar["repository"][top["include"].lstrip("#")]
        yield from leaf_rules(section)


def first_scope(rules, text):
    """The scope a TextMate engine gives the leftmost match in text."""
    best = None
    for scope, regex in rules:
        found = regex.search(text)
        if found and (best is None or found.start() < best[2].start()):
            best = (scope, regex, found)
    return (best[0], best[2].group(0)) if best else (None, None)


def check(grammar_path, g4_path):
    problems = []
    try:
        with open(grammar_path) as f:
            grammar = json.load(f)
    except (OSError, ValueError) as err:
        return [f"{grammar_path}: {err}"]
    with open(g4_path) as f:
        reserved = set(G4_KEYWORD.findall(f.read()))
    highlighted = keyword_words(grammar)
    for word in sorted(reserved - highlighted):
        problems.append(f"keyword '{word}' of {g4_path} is not highlighted")
    for word in sorted(highlighted - reserved):
        problems.append(f"'{word}' is highlighted but is no keyword of {g4_path}")
    try:
        rules = list(ordered_rules(grammar))
    except re.error as err:
        return problems + [f"{grammar_path}: bad regex: {err}"]
    for text, scope, matched in SAMPLES:
        got_scope, got_text = first_scope(rules, text)
        if got_scope != scope or (matched and got_text != matched):
            problems.append(f"{text!r}: got {got_scope} on {got_text!r}, "
                            f"expected {scope} on {matched!r}")
    return problems


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2])
    problems = check(sys.argv[1], sys.argv[2])
    for line in problems:
        print(line)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
