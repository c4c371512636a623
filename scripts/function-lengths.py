#!/usr/bin/env python3
"""Lists C and C++ function bodies longer than a limit.

usage: scripts/function-lengths.py [--max=N] [--top=K] [--exclude=DIR]...
                                   FILE_OR_DIR...

A function's length is counted in lines from the first line of its
signature to its closing brace. Bodies are found by brace matching on the
source with comments, string and character literals blanked out: a `{`
whose preceding declaration text holds a parameter list and is not a
control statement, a lambda or an initialiser opens a function body;
namespaces, classes, structs, enums and extern "C" blocks are entered.
Directories are searched recursively, except hidden ones, those git
ignores (in a git checkout), CMake build trees (a directory holding
CMakeCache.txt) and each --exclude=DIR (a path): generated sources and
the old sources scripts/compare-emitted-c.sh exports are not checked.
Exit status: 0 when no function is longer than N (default 80), 1 when some
are (each is listed as file:line: name: length), 2 on bad use.
"""
import os
import re
import subprocess
import sys

SOURCE_SUFFIXES = ('.c', '.cc', '.cpp', '.h', '.hpp', '.inc')
SCOPE_KEYWORDS = re.compile(r'\b(namespace|class|struct|union|enum)\b|extern\s+"C"')
CONTROL_KEYWORDS = re.compile(r'^\s*(if|for|while|switch|do|else|catch|try|return)\b')


def blank_comments_and_literals(text):
    """Replaces comments and literals by spaces, keeping line breaks."""
    out = []
    i, n = 0, len(text)
    while i < n:
        two = text[i:i + 2]
        if two == '//':
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif two == '/*':
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif text[i] in '"\'':
            quote, j = text[i], i + 1
            while j < n and text[j] != quote and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            j = min(j + 1, n)
            out.append(quote + ' ' * (j - i - 2) + quote if j - i >= 2 else text[i:j])
            i = j
        elif text[i] == '#' and (i == 0 or text[i - 1] == '\n'):
            # preprocessor lines (with continuations) are not declarations
            j = i
            while True:
                k = text.find('\n', j)
                if k < 0:
                    k = n
                    break
                if text[k - 1] != '\\':
                    break
                j = k + 1
            out.append(re.sub(r'[^\n]', ' ', text[i:k]))
            i = k
        else:
            out.append(text[i])
            i += 1
    return ''.join(out)


def opens_function_body(head):
    """Whether the declaration text before a `{` is a function's head."""
    head = head.strip()
    if '(' not in head or CONTROL_KEYWORDS.match(head):
        return False
    before_params = head[:head.find('(')]
    if '=' in before_params or re.search(r'\]\s*$', before_params):
        return False  # an initialiser or a lambda
    return not SCOPE_KEYWORDS.search(before_params)


def function_lengths(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        text = blank_comments_and_literals(f.read())
    found = []
    head_start = 0  # where the declaration before the next `{` begins
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in ';}':
            head_start = i + 1
        elif c == '{':
            head = text[head_start:i]
            if opens_function_body(head):
                end = matching_brace(text, i)
                first = text.count('\n', 0, head_start + len(head) - len(head.lstrip())) + 1
                last = text.count('\n', 0, end) + 1
                names = re.findall(r'([~\w:]+)\s*\(', head)
                found.append((last - first + 1, first, names[0] if names else '?'))
                i = end
                head_start = end + 1
            else:
                head_start = i + 1  # enter the scope
        i += 1
    return found


def matching_brace(text, open_at):
    depth = 0
    for j in range(open_at, len(text)):
        if text[j] == '{':
            depth += 1
        elif text[j] == '}':
            depth -= 1
            if depth == 0:
                return j
    return len(text) - 1


def skipped_directory(path, excluded):
    return (os.path.basename(path).startswith('.')
            or os.path.isfile(os.path.join(path, 'CMakeCache.txt'))
            or os.path.realpath(path) in excluded)


def ignored_by_git(directory):
    """The real paths of the files and directories under `directory` that
    git ignores; none outside a git checkout."""
    try:
        listing = subprocess.run(
            ['git', '-C', directory, 'ls-files', '-z', '--others', '--ignored',
             '--exclude-standard', '--directory'],
            capture_output=True, check=True).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        return set()
    return {os.path.realpath(os.path.join(directory, entry))
            for entry in listing.split('\0') if entry}


def source_files(paths, excluded):
    for p in paths:
        if os.path.isdir(p):
            excluded = excluded | ignored_by_git(p)
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs
                                 if not skipped_directory(os.path.join(root, d), excluded))
                for name in sorted(files):
                    if name.endswith(SOURCE_SUFFIXES):
                        yield os.path.join(root, name)
        elif os.path.isfile(p):
            yield p
        else:
            sys.exit(f'function-lengths.py: no such file or directory: {p}')


def main(argv):
    limit, top, paths, excluded = 80, 0, [], set()
    for arg in argv:
        if arg.startswith('--max='):
            limit = int(arg[6:])
        elif arg.startswith('--top='):
            top = int(arg[6:])
        elif arg.startswith('--exclude='):
            excluded.add(os.path.realpath(arg[10:]))
        elif arg.startswith('-'):
            print(__doc__.strip(), file=sys.stderr)
            return 2
        else:
            paths.append(arg)
    if not paths:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    everything = [(length, path, line, name)
                  for path in source_files(paths, excluded)
                  for length, line, name in function_lengths(path)]
    everything.sort(key=lambda r: (-r[0], r[1], r[2]))
    too_long = [r for r in everything if r[0] > limit]
    for length, path, line, name in too_long:
        print(f'{path}:{line}: {name}: {length} lines (limit {limit})')
    for length, path, line, name in everything[:top]:
        print(f'  {length:4d}  {name}  ({path}:{line})')
    print(f'{len(everything)} functions, {len(too_long)} over {limit} lines')
    return 1 if too_long else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
