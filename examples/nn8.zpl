-- nn8.zpl: the 8-way nearest-neighbour communication micro benchmark.
--
-- Every iteration reads all eight neighbours of every element of an n x n
-- array (A@d for the four edge and the four corner directions) and writes
-- a new value, so each pair of neighbouring PEs exchanges the same volume
-- every iteration: a row or column of n/P elements across an edge of the
-- PE grid, a single element across a corner. The loop body is one array
-- statement, which keeps the computation per byte moved small: the run
-- time is dominated by the exchange.
--
-- The data are integers and the update is taken modulo a prime, so every
-- value is exact, stays below 2^20, and the output cannot depend on the
-- number of PEs or on the order of the reductions.
--
-- Default size: n = 16, 1000 iterations (fast: a test runs it many times).
-- Benchmark sizes:
--   ./nn8 --n=64   --iters=100000   (latency-bound: small messages)
--   ./nn8 --n=1024 --iters=1000     (balanced; ~15 s on one core)
--   ./nn8 --n=4096 --iters=50       (bandwidth-bound: long edges)
-- `show` (<= n) is the size of the printed top-left corner.

program nn8;

config var n     : integer = 16;       -- the array is n x n
config var iters : integer = 1000;     -- iterations of the exchange
config var show  : integer = 4;        -- print A over [1..show, 1..show]

constant   m     : integer = 65521;    -- the largest prime below 2^16

region R    = [1..n, 1..n];            -- the interior, updated
region Big  = [0..n+1, 0..n+1];        -- plus a fixed boundary band
region Show = [1..show, 1..show];

direction no = [-1,  0]; so = [1,  0]; ea = [ 0, 1]; we = [0, -1];
          ne = [-1,  1]; nw = [-1, -1]; se = [ 1, 1]; sw = [1, -1];

var A                        : [Big] integer;
var total, high, low, check  : integer;

procedure nn8();
var it : integer;
begin
  -- The boundary band keeps these values for the whole run; the interior
  -- is overwritten next.
  [Big] A := (Index1 * 131 + Index2 * 71) % 1000;
  [R]   A := (Index1 * Index2 * 37 + Index1 * 11 + Index2) % m;

  -- The exchange. The right side reads only the old A (ZPL semantics), so
  -- this is a Jacobi-style update; every term is below m, the sum below
  -- 15 m + iters, far from overflow.
  for it := 1 to iters do
    [R] A := (A@no + A@so + A@ea + A@we
              + 2 * (A@ne + A@nw + A@se + A@sw)
              + 3 * A + it) % m;
  end;

  [R] begin
    total := +<< A;
    high  := max<< A;
    low   := min<< A;
    -- A position-dependent checksum, so a misplaced element shows up.
    check := +<< (A * ((Index1 * 7 + Index2 * 13) % 97 + 1));
  end;
  writeln("nn8: n = ", n, ", iterations = ", iters);
  writeln("sum: ", total, " max: ", high, " min: ", low);
  writeln("checksum: ", check);
  [Show] writeln(A);
end;
