"""Expected output of remapstamps.zpl: G = V#[Key] with V(i) = 10 i + 2
(the second round) after each way of writing Key."""

n = 12
idx = range(1, n + 1)


def gather_twice(key):
    v = {i: 10 * i + 2 for i in idx}
    print(" ".join(str(v[key[i]]) for i in idx))


key = {i: 13 - i for i in idx}
gather_twice(key)
tmp = {i: (5 * i) % 12 + 1 for i in idx}
key = {i: tmp[key[i]] for i in idx}
gather_twice(key)
key = {i: i for i in idx}  # +|| of ones
gather_twice(key)
tmp = {i: 13 - i for i in idx}
for i in idx:  # Key#[Tmp] := Index1 % 3 + 1
    key[tmp[i]] = i % 3 + 1
gather_twice(key)
key = {i: key[i] % 12 + 1 for i in idx}
gather_twice(key)
