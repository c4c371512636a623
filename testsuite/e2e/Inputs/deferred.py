# Independent reference for Inputs/deferred.zpl: the histograms computed
# point by point in plain Python, then the transfers of one run on NP PEs
# (argument; none without): only the scatter into Big, whose 65,537
# elements are too many to defer, moves per trip (every PE counts each
# execution); the deferred ones move nothing until their one allreduce,
# which is no transfer.
import sys

n, steps = 1000, 6
hist, hist2, prod, big = [0] * 100, [0] * 100, [1] * 10, [0] * 65537
for t in range(1, steps + 1):
    for x in range(1, n + 1):
        k, v = (x * 7 + t * 13) % 100, x % 7
        if k % 3 == 0:
            hist[k] += t
        if x % 97 == t:
            prod[k % 10] *= 3
        hist2[k] += v
        big[k * 600 + t] += v
print(" ".join(map(str, hist)))
print(" ".join(map(str, hist2)))
print(" ".join(map(str, prod)))
print(sum(big), max(big))
if len(sys.argv) > 1:
    print("stats.transfers %d" % (steps * int(sys.argv[1])))
