-- transpose.zpl: a 2D separable transform with transposes, the data
-- movement of a 2D FFT.
--
-- A 2D FFT transforms every row, transposes, transforms every row again
-- (the columns of the original) and transposes back. Here the 1D "FFT" of
-- a row is a cheap exact stand-in with the same shape of computation:
--   a prefix sum along the row (the scan +|| [2]), then a periodic 3-tap
--   weighted sum (a circular convolution written with wrap-around shifts
--   @^ along the row), all modulo a prime m,
-- and between the two passes every element is multiplied by a "twiddle
-- factor" that depends on its position (built from a row of terms flooded
-- down the columns with >>). The row passes move no data
-- across rows; the transposes B := A#[Index2, Index1] move almost all of
-- it (an all-to-all exchange on a 2D PE grid).
--
-- The data are integers below m ~ 2^20, so everything is exact and the
-- output cannot depend on the number of PEs or on reduction order.
--
-- Checks printed at the end:
--   * the sum, max, min and a position-weighted checksum of the result;
--   * its row sums and column sums, both by partial reduction; the row
--     sums are turned into a row by a remap, so both print as a line;
--   * "scan check": the column prefix sum +|| [1] of the input computed
--     directly, against transpose, row prefix sum, transpose back; the
--     largest difference must be 0.
--
-- Default size: n = 8, 2 iterations. Benchmark sizes:
--   ./transpose --n=1024 --iters=4   (~6 s on one core)
--   ./transpose --n=2048 --iters=2
-- `show` (<= n) is the size of the printed corner.

program transpose;

config var n     : integer = 8;        -- the array is n x n (square)
config var iters : integer = 2;        -- forward 2D transforms
config var show  : integer = 6;        -- printed corner [1..show, 1..show]

constant m : integer = 1000003;        -- a prime; all values stay below it

region R     = [1..n, 1..n];
region Show  = [1..show, 1..show];
region Col1  = [1..n, 1];              -- targets of the partial reductions
region Row1  = [1, 1..n];
region Line  = [1, 1..show];

direction ea = [0, 1]; we = [0, -1];

var A, B, D, E        : [R] integer;
var RS, CS, RT, W     : [R] integer;
var TF                : [*, 1..n] integer;  -- one twiddle term per column
var total, high, low, check, diff : integer;

-- The 1D transform of every row of V, in place.
procedure rowxform(V : [R] integer);
begin
  [R] begin
    V := (+|| [2] V) % m;                          -- prefix sum along rows
    V := (V@^we + 2 * V + 3 * V@^ea) % m;          -- circular 3-tap filter
  end;
end;

procedure transpose();
var it : integer;
begin
  [R] A := (Index1 * 31 + Index2 * 17 + Index1 * Index2) % 101;

  -- The scan check, on the input: a column scan done directly, and the
  -- same thing through two transposes and a row scan.
  [R] begin
    D := +|| [1] A;
    E := A#[Index2, Index1];
    E := +|| [2] E;
    D := D - E#[Index2, Index1];
    diff := max<< abs(D);
  end;

  -- Twiddle terms 2 j, made in row 1 and flooded down every column.
  [Row1] W := 2 * Index2;
  [*, 1..n] TF := >>[Row1] W;

  for it := 1 to iters do
    rowxform(A);                                   -- transform the rows
    [R] B := A#[Index2, Index1];                   -- transpose
    [R] B := (B * ((Index1 + TF) % 5 + 1)) % m;    -- twiddle
    rowxform(B);                                   -- transform the columns
    [R] A := B#[Index2, Index1];                   -- transpose back
  end;

  [R] begin
    total := +<< A;
    high  := max<< A;
    low   := min<< A;
    check := +<< (A * ((Index1 * 7 + Index2 * 13) % 97 + 1));
  end;
  [Col1] RS := +<< [R] A;                          -- row sums, in column 1
  [Row1] CS := +<< [R] A;                          -- column sums, in row 1
  [Row1] RT := RS#[Index2, Index1];                -- row sums as a row

  writeln("transpose: n = ", n, ", iterations = ", iters);
  writeln("scan check: ", diff);
  writeln("sum: ", total, " max: ", high, " min: ", low);
  writeln("checksum: ", check);
  writeln("row sums 1..", show, ":");
  [Line] writeln(RT);
  writeln("column sums 1..", show, ":");
  [Line] writeln(CS);
  [Show] writeln(A);
end;
