"""Expected output of gatherdup.zpl on P PEs (argv[1]), written separately
from the runtime: the gathered values, and what moves. L = [1..48] and
S = [1..12] share one block distribution over [1..48] (regions of one rank
share one), so PE q owns 48/P consecutive points of L and V lies on the
PEs owning 1..12. A PE asks each other PE once for each distinct element
it reads there: a message per (reader, owner) pair that reads anything,
8 bytes per distinct element. The schedule is built at the first gather
and again after Key changes: 2 inspections."""
import sys

P = int(sys.argv[1])
n = 48
block = n // P


def owner(i):
    return (i - 1) // block


def gather(keys, t):
    return [100 * k + t for k in keys]


def moved(keys):
    messages = bytes_ = 0
    for q in range(P):
        for o in range(P):
            if o == q:
                continue
            distinct = {k for i, k in enumerate(keys, 1) if owner(i) == q and owner(k) == o}
            messages += 1 if distinct else 0
            bytes_ += 8 * len(distinct)
    return messages, bytes_


keys = [(5 * i) % 12 + 1 for i in range(1, n + 1)]
total = sum(sum(gather(keys, t)) for t in range(1, 11))
print(" ".join(str(g) for g in gather(keys, 10)))
print(total)
new_keys = [13 - k for k in keys]
print(" ".join(str(g) for g in gather(new_keys, 10)))
m1, b1 = moved(keys)
m2, b2 = moved(new_keys)
print(f"stats.messages {10 * m1 + m2}")
print(f"stats.bytes {10 * b1 + b2}")
print("stats.remap.inspections 2")
