"""Independent model of Inputs/register-arrays.zpl: the element-wise
updates one index at a time, in exact rationals (every value is dyadic, so
doubles hold them exactly). Prints the sums of Acc, Out and Kept."""
import sys
from fractions import Fraction as F

n = int(sys.argv[1]) if len(sys.argv) > 1 else 12
steps = int(sys.argv[2]) if len(sys.argv) > 2 else 3
idx = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
acc = {p: F(0) for p in idx}
out = {p: F(0) for p in idx}
kept = {p: F(0) for p in idx}
odd = {p: F(0) for p in idx}  # arrays start at zero
w = {p: F(0) for p in idx}
for step in range(1, steps + 1):
    sh = {}
    for i, j in idx:
        t = F(i, 2) + F(j, 4) + step
        inside = (t - 7) * (F(step & 1) - F(1, 2)) > 0
        kept[i, j] = t - 1
        sh[i, j] = t * 2
        if inside:
            s = (t * t) / (t + t)
            t = t * s + 1
            acc[i, j] += s * t
            odd[i, j] = t + 2
            w[i, j] = s + t
        out[i, j] += t
        if j > 4:
            out[i, j] += odd[i, j]
        if not inside:
            out[i, j] += w[i, j]
    for i, j in idx:
        # Sh@east: column n + 1 lies outside R, in the zeroed fluff.
        out[i, j] += sh.get((i, j + 1), F(0))
print("%.4f %.4f %.4f" % (float(sum(acc.values())), float(sum(out.values())),
                          float(sum(kept.values()))))
