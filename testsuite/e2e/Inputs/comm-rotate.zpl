-- A loop whose transfer can start an iteration early (see
-- ../comm-pipeline-loops.test): A's north and south halos are read by the
-- first statement, A is written by the second, and B over Inner only
-- reads A's own cells: at -O2 the next iteration's DR and SR go between
-- the write of A and the statement over Inner.
--
-- The values, by the recurrence (i, j in 1..n, row 0 and row n+1 fixed):
--   A0[i,j] = 10i + j;  B0 = 0
--   Ak[i,j] = A(k-1)[i-1,j] + A(k-1)[i+1,j] - A(k-1)[i,j] + k*j
--   Bk[i,j] = B(k-1)[i,j] + Ak[i,j]  on Inner = [2..n-1, 2..n-1]
-- evaluated for n = 6, iters = 4 (a dozen lines of Python); any stale
-- halo changes A from the first iteration on.
program rotate;

config var n     : integer = 6;
config var iters : integer = 4;

region R     = [1..n, 1..n];
region Inner = [2..n-1, 2..n-1];
region Big   = [0..n+1, 0..n+1];
direction north = [-1, 0];
direction south = [1, 0];

var A, T, B : [Big] integer;

procedure rotate();
var it : integer;
begin
  [Big] A := Index1 * 10 + Index2;
  [Big] B := 0;
  for it := 1 to iters do
    [R] T := A@north + A@south;
    [R] A := T - A + it * Index2;
    [Inner] B := B + A;
  end;
  [R] writeln(A);
  [R] writeln(B);
end;

-- OUT:      16 22 28 34 40 46
-- OUT-NEXT: 30 40 50 60 70 80
-- OUT-NEXT: 40 50 60 70 80 90
-- OUT-NEXT: 50 60 70 80 90 100
-- OUT-NEXT: 60 70 80 90 100 110
-- OUT-NEXT: 66 72 78 84 90 96
-- OUT-NEXT: 0 0 0 0 0 0
-- OUT-NEXT: 0 124 146 168 190 0
-- OUT-NEXT: 0 166 189 212 235 0
-- OUT-NEXT: 0 206 229 252 275 0
-- OUT-NEXT: 0 244 266 288 310 0
-- OUT-NEXT: 0 0 0 0 0 0
-- 2X2:    stats.messages 16
-- 2X2:    stats.bytes 384
-- 4X1:    stats.messages 24
-- 4X1:    stats.bytes 1152
-- ZERO:   stats.messages 0
-- ONE:    stats.messages 4
