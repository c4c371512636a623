# Sequential reference for Inputs/partials-by-block.zpl on NP PEs (the
# argument): the three histograms over bins 0..59 of keys 1..480, one line
# each, then the messages and bytes of their scatters. Keys and Bins are
# blocked over the NP PEs (NP divides 480 and 60). Each PE combines its
# contributions to another PE's bins first and, when it touched some,
# sends that PE one message: a form word, then one (bin, value) record of
# 16 bytes per bin touched or, when it touched at least half of that PE's
# bins, the values of all of them (8 bytes each).
import sys

np_ = int(sys.argv[1])
n, bins = 480, 60
keys = {
    "Count": [(i * 7) % bins for i in range(n + 1)],
    "Prod": [(i * 7) % bins for i in range(n + 1)],
    "Few": [(i % 4) * 15 for i in range(n + 1)],
}
count, prod, few = [0] * bins, [1] * bins, [0] * bins
for i in range(1, n + 1):
    count[keys["Count"][i]] += i % 5 + 1
    prod[keys["Prod"][i]] *= i % 5 + 1
    few[keys["Few"][i]] += i
for h in (count, prod, few):
    print(" ".join(str(v) for v in h))

key_owner = lambda i: (i - 1) // (n // np_)
bin_owner = lambda b: b // (bins // np_)
messages = nbytes = 0
for key in keys.values():
    for sender in range(np_):
        for dest in range(np_):
            touched = {key[i] for i in range(1, n + 1)
                       if key_owner(i) == sender and bin_owner(key[i]) == dest}
            if dest == sender or not touched:
                continue
            owned = bins // np_
            messages += 1
            nbytes += 8 + (16 * len(touched) if 2 * len(touched) < owned else 8 * owned)
print("stats.messages %d" % messages)
print("stats.bytes %d" % nbytes)
