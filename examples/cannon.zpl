-- cannon.zpl: Cannon's algorithm for the n x n matrix product C = A * B.
--
-- At the element level (one "processor" per matrix element, which zplc then
-- maps onto the real PE grid by blocks):
--   1. skew: row i of A moves i-1 places to the left and column j of B moves
--      j-1 places up (periodically), so that element (i, j) then holds
--      A(i, k) and B(k, j) for the same k = i + j - 1 (mod n);
--   2. n times: C += A * B elementwise, then rotate A one place left
--      (A := A@^east) and B one place up (B := B@^south).
-- After step 2 every C(i, j) has met every k exactly once.
--
-- The skew uses shrinking region literals: at round i = 2..n, rows i..n of
-- A ([i..n, 1..n]) and columns i..n of B ([1..n, i..n]) take one more
-- periodic step; @^ wraps inside the arrays' declared region R, not the
-- scope. Before multiplying, the skewed matrices are checked against
-- gathers A0#[Index1, K] and B0#[K, Index2] of the originals.
--
-- The inputs are small integers stored as doubles, so every product and
-- every partial sum is an integer below 2^53: C and all the sums printed
-- are exact, independent of the number of PEs and of the summation order
-- ("%.0f" prints them; C starts at +0.0, so no "-0" can appear).
--
-- Defaults run in a few milliseconds. For benchmarking (n rounds of two
-- periodic shifts of an n x n array, plus the skew):
--   ./cannon --n=1024 --show=0
--   mpirun -np 16 ./cannon --n=2048 --show=0

program cannon;

config var n    : integer = 24;        -- matrix size:          --n=1024
config var show : integer = 6;         -- print C over [1..show, 1..show]

region R   = [1..n, 1..n];
region Top = [1, 1..n];                -- one row: column sums

direction east = [0, 1]; south = [1, 0];

var A, B, C : [R] double;
var A0, B0  : [R] double;              -- the unskewed inputs, for the check
var K       : [R] integer;             -- gather indices
var ColSum  : [Top] double;

-- Small integer entries (-6..6 for A, -5..5 for B), from the indices only.
procedure init(X : [,] double; a : integer; b : integer; c : integer;
               r : integer; off : integer);
begin
  [R] X := double((a * Index1 * Index1 + b * Index2 * Index2 + c * Index1 * Index2
                   + Index1 + Index2) % r - off);
end;

procedure skew();
var i : integer;
begin
  for i := 2 to n do
    [i..n, 1..n] A := A@^east;         -- rows i..n: one more step left
    [1..n, i..n] B := B@^south;        -- columns i..n: one more step up
  end;
end;

procedure cannon();
var k, s : integer;
var bad, total, trace, weighted, big, small : double;
begin
  init(A0, 2, 3, 1, 13, 6);            -- A(i,j) = (2i^2 + 3j^2 + ij + i + j) mod 13 - 6
  init(B0, 4, 1, 3, 11, 5);            -- B(i,j) = (4i^2 + j^2 + 3ij + i + j) mod 11 - 5
  [R] begin
    A := A0;
    B := B0;
  end;
  skew();

  -- after the skew, A(i,j) = A0(i, k) and B(i,j) = B0(k, j), k = (i+j-2) mod n + 1
  [R] begin
    K   := (Index1 + Index2 - 2) % n + 1;
    bad := max<< abs(A - A0#[Index1, K]) + max<< abs(B - B0#[K, Index2]);
  end;
  writeln("skew check: ", bad:"%.0f");

  [R] C := 0.0;
  for k := 1 to n do
    [R] begin
      C += A * B;
      A := A@^east;
      B := B@^south;
    end;
  end;

  [R] begin
    total    := +<< C;
    weighted := +<< (C * (Index1 - 2 * Index2));
    big      := max<< C;
    small    := min<< C;
  end;
  trace := 0.0;
  for k := 1 to n do
    [k, k] trace += +<< C;
  end;
  [Top] ColSum := +<< [R] C;
  writeln("sum: ", total:"%.0f", " weighted: ", weighted:"%.0f");
  writeln("max: ", big:"%.0f", " min: ", small:"%.0f", " trace: ", trace:"%.0f");

  s := show;
  if s > n then s := n; end;
  if s > 0 then
    writeln("column sums 1..", s, ":");
    [1, 1..s] writeln(ColSum:"%.0f");
    writeln("C[1..", s, ", 1..", s, "]:");
    [1..s, 1..s] writeln(C:"%4.0f");
  end;
end;
