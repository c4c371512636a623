"""Sequential reference for scatter-value.zpl (its default n and m):
the same histograms, computed point by point."""

n, m = 1000, 600
key = {i: (i * i * 31 + 7) % m for i in range(1, n + 1)}
count = [1] * m
for step in (1, 2, 3):
    for i in range(1, n + 1):
        count[key[i]] += step
for i in range(1, n + 1):
    if key[i] % 2 == 1:
        count[key[i]] -= 2
for i in range(1, n + 1):
    if key[i] % 2 == 0:
        count[(key[i] + 1) % m] *= -1
print(" ".join(str(c) for c in count))
cell = [[0] * 6 for _ in range(5)]
for i in range(1, n + 1):
    for j in range(1, 4):
        cell[(i + j) % 5][(i * j) % 6] += 4
for row in cell:
    print(" ".join(str(c) for c in row))
few = [1] * 7
for i in range(1, n + 1):
    few[key[i] % 7] += 2
for i in range(1, n + 1):
    if key[i] % 2 == 1:
        few[key[i] % 7] *= -1
print(" ".join(str(f) for f in few))
spread = [0] * 101
for i in range(1, n + 1):
    spread[(key[i] + i) % 101] -= 3
print(" ".join(str(v) for v in spread))
print(sum(count), sum(sum(row) for row in cell))
