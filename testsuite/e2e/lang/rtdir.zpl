-- Directions whose components use config vars (docs/language.md section
-- 5), known at start-up: `of`, `in` and `at` of named and literal regions
-- with them, an assignment, a reduction and a masked statement over such
-- regions, a region declared with one. Changing --k moves every band; a
-- band outside an array's storage stops the program (runtime-errors.test).
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/rtdir.py), not from zplc.
-- RUN: python3 %S/reference/rtdir.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi | diff %t.ref -
-- RUN: %zplc %s --backend=sim -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -
-- RUN: python3 %S/reference/rtdir.py 3 > %t.ref3
-- RUN: %t --k=3 | diff %t.ref3 -
-- RUN: %mpirun -np 4 %t.mpi --k=3 | diff %t.ref3 -
-- RUN: %t.sim --pes=4 --k=3 | diff %t.ref3 -
-- RUN: python3 %S/reference/rtdir.py 1 > %t.ref1
-- RUN: %mpirun -np 2 %t.mpi --k=1 | diff %t.ref1 -

program rtdir;
config var n : integer = 6;
config var k : integer = 2;
region R = [1..n, 1..n];
direction down = [k, 0]; up = [-k, 0]; wide = [0, k - 1];
region Below = [down of R];
var A : [0..n+3, 0..n+3] integer;
var M : [0..n+3, 0..n+3] boolean;
var s : integer;

procedure rtdir();
begin
  [0..n+3, 0..n+3] A := 0;
  [Below] A := 1;
  [up in R] A := 2;
  [[1..2, 1..2] at down] A += 10;
  [wide of [1..n, 1..n]] A += 100;
  [0..n+3, 0..n+3] writeln(A);
  s := +<< [R at [k, k]] A;
  writeln("sum ", s);
  [0..n+3, 0..n+3] M := Index2 % 2 = 0;
  [[k, k] in R with M] A := -Index1;
  [0..n+3, 0..n+3] writeln(A);
end;
