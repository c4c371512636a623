#!/usr/bin/env python3
"""sor.py: an independent sequential reference for examples/sor.zpl.

Red-black SOR for -laplace(u) = f on an n x n interior grid, h = 1/(n+1),
written as the textbook in-place sweep: visit the red points (i+j even) in
row-major order and relax each one, then the black points (i+j odd).
A red point only has black neighbours and vice versa, so the visiting order
inside one colour does not matter.

  boundary: u[0][j] = 1 (j = 1..n), u[i][0] = i*h (i = 1..n), u[n+1][j] = 0,
            east side Neumann: the neighbour east of (i, n) is (i, n) itself.
  source:   g[i][j] = ((3i + 5j) mod 7 - 3) * h * h       (that is h^2 f)
  update:   c = omega * ((up + down + right + left + g) / 4 - u);  u += c
  stop:     after an iteration whose largest |c| is < tol, or after maxit.

The floating-point operations are done in the order the ZPL statements
specify (the sum of the four neighbours left to right: north, south, east,
west, then the source), so U is bit-identical to the compiled program's.

Prints:
  iterations: <it> last update: <max |c| of the last iteration, %.3e>
  residual: <max |4u - (N + S + E + W) - g|, %.3e>
  sum: <sum of u over the interior, row-major, %.6f> max: <max, %.6f>
  the values u[1..s][1..s] (s = min(show, n)), one row per line, "%.5f".

Options: --n --maxit --omega --tol --show, as --name=value.
"""
import sys


def parse_args(argv):
    opts = {"n": 32, "maxit": 1000, "omega": 1.8, "tol": 1e-6, "show": 4}
    kinds = {"n": int, "maxit": int, "omega": float, "tol": float, "show": int}
    for arg in argv:
        if not arg.startswith("--") or "=" not in arg:
            sys.stderr.write("error: unknown option '%s'\n" % arg)
            sys.exit(2)
        name, text = arg[2:].split("=", 1)
        if name not in kinds:
            sys.stderr.write("error: unknown option '%s'\n" % arg)
            sys.exit(2)
        try:
            opts[name] = kinds[name](text)
        except ValueError:
            sys.stderr.write("error: bad value for --%s: '%s'\n" % (name, text))
            sys.exit(2)
    return opts


def main():
    o = parse_args(sys.argv[1:])
    n, maxit, omega, tol, show = o["n"], o["maxit"], o["omega"], o["tol"], o["show"]
    h = 1.0 / (n + 1)

    # u has rows/columns 0..n+1; column n+1 is never read (Neumann east side).
    u = [[0.0] * (n + 2) for _ in range(n + 2)]
    for j in range(1, n + 1):
        u[0][j] = 1.0
    for i in range(1, n + 1):
        u[i][0] = i * h
    g = [[0.0] * (n + 2) for _ in range(n + 2)]
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            g[i][j] = float((3 * i + 5 * j) % 7 - 3) * h * h

    def east(row, j):
        return row[j] if j == n else row[j + 1]

    iters = 0
    while True:
        biggest = 0.0
        for colour in (0, 1):
            for i in range(1, n + 1):
                above, row, below = u[i - 1], u[i], u[i + 1]
                gi = g[i]
                start = 1 if (1 + i) % 2 == colour else 2
                for j in range(start, n + 1, 2):
                    c = omega * ((above[j] + below[j] + east(row, j) + row[j - 1]
                                  + gi[j]) / 4.0 - row[j])
                    row[j] = row[j] + c
                    if abs(c) > biggest:
                        biggest = abs(c)
        iters += 1
        if biggest < tol or iters >= maxit:
            break

    resid = 0.0
    total = 0.0
    top = None
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            x = u[i][j]
            r = abs(4.0 * x - (u[i - 1][j] + u[i + 1][j] + east(u[i], j) + u[i][j - 1])
                    - g[i][j])
            resid = max(resid, r)
            total += x
            top = x if top is None or x > top else top

    print("iterations: %d last update: %.3e" % (iters, biggest))
    print("residual: %.3e" % resid)
    print("sum: %.6f max: %.6f" % (total, top))
    s = min(show, n)
    for i in range(1, s + 1):
        print(" ".join("%.5f" % u[i][j] for j in range(1, s + 1)))


if __name__ == "__main__":
    main()
