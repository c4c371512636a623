#!/usr/bin/env python3
"""Sequential model of overlap.zpl, written independently of zplc: plain
Python on dictionaries, each statement evaluated on the old values."""
import argparse


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=10)
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--swapped", action="store_true",
                    help="the masked update of A before the one over Thin"
                    " (overlap.test's swapped variant)")
    args = ap.parse_args()
    n, steps = args.n, args.steps

    big = [(i, j) for i in range(0, n + 2) for j in range(0, n + 2)]
    r = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
    thin = [(i, 2) for i in range(1, n + 1)]
    bigv = [(i, j, k) for i in range(-1, 7) for j in range(-1, n + 3)
            for k in range(-1, 8)]
    v = [(i, j, k) for i in range(1, 5) for j in range(1, n + 1)
         for k in range(1, 6)]

    def cmod(a, b):  # C's remainder (truncating), as ZPL's integer %
        q = abs(a) // abs(b)
        return a - (q if (a >= 0) == (b >= 0) else -q) * b

    A = {p: cmod(p[0] * 7 + p[1] * 3, 11) for p in big}
    B = {p: 0 for p in big}
    C = {p: 0 for p in big}
    mask = {p: cmod(p[0] + p[1], 3) == 0 for p in big}
    P = {p: cmod(p[0] * 5 + p[1] * 3 + p[2], 13) for p in bigv}
    Q = {p: 0 for p in bigv}
    W = {(i, j): cmod(i * 2 + j * 5, 7) for (i, j) in r}
    X = {p: 0 for p in r}

    def wrap(x):  # periodic inside Big = [0..n+1]
        return x % (n + 2)

    def wrap_r(x):  # periodic inside R = [1..n]
        return (x - 1) % n + 1

    for it in range(1, steps + 1):
        newB = {(i, j): A[i - 1, j] + A[i + 1, j] + 2 * A[i, j + 1]
                + A[i + 1, j - 1] for (i, j) in r}
        B.update(newB)
        C.update({p: B[p] + A[p] for p in r})
        hi = max(C[p] for p in r)
        s = sum(B[p] for p in r)
        print(f"step {it}: max {hi} sum {s}")
        def update_thin():
            B.update({(i, j): A[i, j + 1] + A[i, j - 1] + A[i - 1, j]
                      + A[i + 1, j] for (i, j) in thin})

        def update_masked():
            A.update({(i, j): cmod(A[i - 1, j] + A[i - 1, j + 1] + C[i, j],
                                   1000) for (i, j) in r if mask[i, j]})

        for update in ((update_masked, update_thin) if args.swapped
                       else (update_thin, update_masked)):
            update()
        C.update({(i, j): A[wrap(i - 1), j] + A[i, wrap(j + 1)] + B[i, j]
                  for (i, j) in r})
        X.update({(i, j): W[wrap_r(i - 1), j] + W[i, wrap_r(j + 1)]
                  + W[wrap_r(i + 1), wrap_r(j - 1)] for (i, j) in r})
        W.update({p: cmod(X[p] + W[p], 97) for p in r})
        Q.update({(i, j, k): P[i - 2, j, k] + P[i + 1, j, k] + P[i, j, k - 1]
                  + P[i, j, k + 2] + P[i, j + 1, k] for (i, j, k) in v})
        P.update({p: cmod(Q[p], 101) for p in v})
    print("A:", sum(A[i, j] * i + B[i, j] * j + C[i, j] for (i, j) in r))
    print("P:", sum(P[i, j, k] * (i + j + k) for (i, j, k) in v))
    print("C:", max(C[p] * 3 + A[p] for p in r))
    print("W:", sum(W[i, j] * i + X[i, j] * j for (i, j) in r))


main()
