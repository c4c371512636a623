# Independent reference for Inputs/scatter-product.zpl on NP PEs (the
# argument): each PE holds a block of the n points (n / NP each) and sums
# its terms V[i] * S[Col[i]] to one target in walk order; every target
# then adds the PEs' sums in PE order to its 0.5 (the accumulating
# scatter's semantics). Prints Y with 17 significant digits, one line of
# its elements for each of the four runs.
import sys

np_ = int(sys.argv[1])
n = 1000
block = n // np_
V = [0.0] + [1.0 / i - 0.0003 for i in range(1, n + 1)]
S = [0.0] + [2.0 + 1.0 / (i + 7) for i in range(1, n + 1)]
for run in range(1, 5):
    groups = {}  # (pe, target) -> that PE's sum, in walk order
    for i in range(1, n + 1):
        row = ((i * 7919) % (n // 8)) * 8 + 1
        col = (i * 31) % n + 1 if run == 4 else (i * 613) % n + 1
        key = ((i - 1) // block, row)
        term = V[i] * S[col]
        groups[key] = groups[key] + term if key in groups else term
    line = []
    for t in range(1, n + 1):
        value = 0.5
        for pe in range(np_):
            if (pe, t) in groups:
                value += groups[(pe, t)]
        line.append("%.17g" % value)
    print(" ".join(line))
