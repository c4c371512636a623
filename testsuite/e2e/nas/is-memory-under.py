"""is-memory-under.py LIMIT_KB FILE...: fails unless every FILE (the output
of /usr/bin/time -f %M: peak resident KB on its last line) is below
LIMIT_KB."""
import sys

limit = int(sys.argv[1])
for path in sys.argv[2:]:
    with open(path) as f:
        kb = int(f.read().split()[-1])
    print(f"{path}: {kb} KB (limit {limit} KB)")
    if kb >= limit:
        sys.exit(1)
