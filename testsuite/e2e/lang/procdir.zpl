-- Directions whose components use a procedure's parameters and locals
-- (docs/language.md section 5): `of`, `in` and `at` on literal directions
-- inside a procedure called with several values, and a reduction over such
-- a region. A band outside an array's storage stops the program
-- (runtime-errors.test: `in` wider than its region, with --n=3).
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/procdir.py), not from zplc.
-- RUN: python3 %S/reference/procdir.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi | diff %t.ref -
-- RUN: %zplc %s --backend=sim -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -
-- RUN: python3 %S/reference/procdir.py 4 > %t.ref4
-- RUN: %t --n=4 | diff %t.ref4 -
-- RUN: %mpirun -np 4 %t.mpi --n=4 | diff %t.ref4 -
-- RUN: %t.sim --pes=4 --n=4 | diff %t.ref4 -

program procdir;
config var n : integer = 6;
region R = [1..n, 1..n];
var A : [1..n+4, 1..n+4] integer;

-- Marks the s rows below R with v and the s+1 columns at R's right edge
-- with 10 v, then sums A over R moved by s down and right.
procedure mark(s : integer; v : integer);
var t : integer;
begin
  t := s + 1;
  [[s, 0] of R] A += v;
  [[0, t] in R] A += 10 * v;
  writeln("sum ", +<< [R at [s, s]] A);
end;

procedure procdir();
var k : integer;
begin
  [1..n+4, 1..n+4] A := Index1 * 100 + Index2;
  for k := 1 to 3 do
    mark(k, k);
  end;
  [1..n+4, 1..n+4] writeln(A);
end;
