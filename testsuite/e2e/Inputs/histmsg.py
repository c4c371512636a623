# Independent reference for Inputs/histmsg.zpl on NP PEs (argument): the
# two histograms (reals, then integers; the same sums), and the messages
# of their accumulating scatters. L = [1..32] and Bins = [1..16] share the
# implicit rank-1 distribution, which blocks their bounding box 1..32:
# index x lives on PE (x - 1) // (32 // NP).
# - Reals: the first execution has no schedule (its indices are new): it
#   runs directly, each PE sending every contribution to a bin another PE
#   owns as a (bin, value) record of 16 bytes; the second, with the same
#   bins, builds the schedule (one inspection), which the other eight
#   reuse: each PE combines its contributions per bin before sending, one
#   8-byte element per bin and PE.
# - Integers never build a schedule: all 10 executions run directly. When
#   the bins are no more than the points per PE (16 * NP <= 32), each PE
#   first combines its contributions per remote bin and sends each PE
#   owning some of them a form word, then either one (bin, value) record
#   per bin it touched there or, when it touched at least half of that PE's
#   bins, the values of all of them (8 bytes each); else one record per
#   point.
# Each execution sends, from every PE, one message to each other PE owning
# bins it contributes to.
import sys

np_ = int(sys.argv[1])
n, block = 32, 32 // np_
bins = {x: (x * x) % 13 + 1 for x in range(1, n + 1)}
hist = [0] * 17
for t in range(1, 11):
    for x in range(1, n + 1):
        hist[bins[x]] += x * t
print(" ".join(str(h) for h in hist[1:]))
print(" ".join(str(h) for h in hist[1:]))
owner = lambda x: (x - 1) // block
pairs = {(owner(x), bins[x]) for x in bins if owner(bins[x]) != owner(x)}
messages = {(pe, owner(b)) for pe, b in pairs}
points = sum(1 for x in bins if owner(bins[x]) != owner(x))
print("stats.transfers %d" % (2 * 10 * np_))  # every PE counts each execution
print("stats.messages %d" % (2 * 10 * len(messages)))


def integer_bytes():
    """The bytes of one execution of the integer histogram's scatter."""
    if 16 * np_ > n:
        return 16 * points
    total = 0
    for sender, dest in messages:
        touched = sum(1 for pe, b in pairs if pe == sender and owner(b) == dest)
        owned = sum(1 for b in range(1, 17) if owner(b) == dest)
        total += 8 + (16 * touched if 2 * touched < owned else 8 * owned)
    return total


print("stats.bytes %d" % (9 * 8 * len(pairs) + 16 * points + 10 * integer_bytes()))
print("stats.remap.inspections 1")
print("stats.remap.direct 11")
# Combining sends fewer elements than there are points with a remote bin.
assert np_ == 1 or points > len(pairs), (points, len(pairs))
