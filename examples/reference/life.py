#!/usr/bin/env python3
"""life.py: an independent sequential reference for examples/life.zpl.

Conway's game of life (B3/S23) on an n x m torus, with plain lists and
modular indexing. Rows are numbered 1..n and columns 1..m as in the ZPL
program (stored 0-based here).

Initial board: cell (i, j) is alive when (31i^2 + 17j^2 + 7ij + 3i + j) mod 97
< 29;
then, if n >= 4 and m >= 4, the 4 x 4 top left block is cleared and a glider
is placed in it: (1,2), (2,3), (3,1), (3,2), (3,3).

Prints:
  generation 0: population <p>
  generation <g>: population <p>       for g = every, 2*every, ... <= gens
  final population <p> (scan: <p>)     (the last value of a running count
                                        of live cells is the population)
  checksum <sum over live cells of (i-1)*m + j> busiest row <max row count>
  the first min(show, n) rows, cells separated by one space

Options: --n --m --gens --every --show, as --name=value.
"""
import sys


def parse_args(argv):
    opts = {"n": 32, "m": 48, "gens": 60, "every": 20, "show": 8}
    for arg in argv:
        name, sep, text = arg[2:].partition("=")
        if not arg.startswith("--") or not sep or name not in opts:
            sys.stderr.write("error: unknown option '%s'\n" % arg)
            sys.exit(2)
        try:
            opts[name] = int(text)
        except ValueError:
            sys.stderr.write("error: bad value for --%s: '%s'\n" % (name, text))
            sys.exit(2)
    return opts


def next_generation(board, n, m):
    new = []
    for r in range(n):
        up, here, down = board[(r - 1) % n], board[r], board[(r + 1) % n]
        row = []
        for c in range(m):
            left, right = (c - 1) % m, (c + 1) % m
            k = (up[left] + up[c] + up[right] + here[left] + here[right]
                 + down[left] + down[c] + down[right])
            row.append(1 if k == 3 or (k == 2 and here[c] == 1) else 0)
        new.append(row)
    return new


def main():
    o = parse_args(sys.argv[1:])
    n, m, gens, every, show = o["n"], o["m"], o["gens"], o["every"], o["show"]

    board = [[1 if (31 * i * i + 17 * j * j + 7 * i * j + 3 * i + j) % 97 < 29 else 0
              for j in range(1, m + 1)] for i in range(1, n + 1)]
    if n >= 4 and m >= 4:
        for r in range(4):
            for c in range(4):
                board[r][c] = 0
        for (i, j) in [(1, 2), (2, 3), (3, 1), (3, 2), (3, 3)]:
            board[i - 1][j - 1] = 1

    def population():
        return sum(sum(row) for row in board)

    print("generation 0: population %d" % population())
    for g in range(1, gens + 1):
        board = next_generation(board, n, m)
        if every > 0 and g % every == 0:
            print("generation %d: population %d" % (g, population()))

    pop = population()
    checksum = 0
    for r in range(n):
        for c in range(m):
            if board[r][c]:
                checksum += r * m + c + 1
    busiest = max(sum(row) for row in board)
    print("final population %d (scan: %d)" % (pop, pop))
    print("checksum %d busiest row %d" % (checksum, busiest))
    for r in range(min(show, n)):
        print(" ".join(str(x) for x in board[r]))


if __name__ == "__main__":
    main()
