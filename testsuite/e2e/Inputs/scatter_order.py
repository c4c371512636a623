# Independent reference for Inputs/scatter-order.zpl on NP PEs (argument)
# with its config var spread (second argument). Each PE holds a block of
# the 1000 points (n / NP each) and sums its contributions to one target
# in walk order; every target then adds the PEs' sums in PE order to its
# initial 0.5 (the accumulating scatter's semantics). Printed with 17
# significant digits, one element per line: column 1, then column spread;
# three times (the program runs its scatter three times).
import sys

np_, spread = int(sys.argv[1]), int(sys.argv[2])
n = 1000
block = n // np_
groups = {}  # (pe, row, col) -> that PE's sum, in walk order
for i in range(1, n + 1):
    key = ((i - 1) // block, (i * 7919) % 64 + 1, 1 + (i % 2) * (spread - 1))
    groups[key] = groups[key] + 1.0 / i if key in groups else 1.0 / i
for run in range(3):
    for col in (1, spread):
        for row in range(1, 65):
            value = 0.5
            for pe in range(np_):
                if (pe, row, col) in groups:
                    value += groups[(pe, row, col)]
            print("%.17g" % value)
