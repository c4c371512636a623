# Independent reference for Inputs/deferred-loops.zpl, point by point.
n = 30
key = {i: i % 5 for i in range(1, n + 1)}
q = [0] * 5
for t in range(1, 4):
    for i in key:
        q[key[i]] += t
print(" ".join(map(str, q)))
p = [0] * 5
for stop in (4, 20):
    for t in range(1, 11):
        for i in key:
            if i <= t:
                p[key[i]] += 1
        if t == stop:
            break
    print(" ".join(map(str, p)))
