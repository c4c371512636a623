# Independent reference for testsuite/e2e/lang/scattersizes.zpl (plain
# Python): fill(H, C, nb) point by point, for the 4-bin and 16-bin arrays
# in turn, three times. Every value is an integer or a half or quarter,
# exact in any order, printed as zplc's writeln prints reals (%g).
def row(v): print(" ".join("%g" % x for x in v))
H = {4: [0.5] * 4, 16: [0.25] * 16}
C = {4: [0] * 4, 16: [0] * 16}
for t in range(1, 4):
    for nb in (4, 16):
        key = {i: (i * 5) % nb + 1 for i in range(1, 13)}
        for i in range(1, 13):
            H[nb][key[i] - 1] += i * t + nb
            C[nb][key[i] - 1] += i * t
        row([H[nb][key[i] - 1] for i in range(1, 13)])
row(H[4]); row(H[16]); row(C[4]); row(C[16])
