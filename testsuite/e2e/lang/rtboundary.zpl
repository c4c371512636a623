-- `wrap` and `reflect` whose `of` scope has a direction known only at run
-- time (docs/language.md section 5): a procedure's parameter, a config
-- var, a strided region; the bands grown at run time (the arrays start
-- with no ghost cells) and then read through shifts.
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/rtboundary.py), not from zplc.
-- RUN: python3 %S/reference/rtboundary.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi | diff %t.ref -
-- RUN: %zplc %s --backend=sim -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -
-- RUN: python3 %S/reference/rtboundary.py 3 > %t.ref3
-- RUN: %t --k=3 | diff %t.ref3 -
-- RUN: %mpirun -np 2 %t.mpi --k=3 | diff %t.ref3 -
-- A band that is not a whole number of strides stops the program.
-- RUN: not %t --odd=1 2>&1 | FileCheck %s --check-prefix=OFF
-- OFF: error: 'of' on a region of stride [2] needs a direction whose components are multiples of the stride (have [3])
program rtboundary;
config var n : integer = 6;
config var k : integer = 2;
config var odd : integer = 0;
direction down = [k, 0];
region R = [1..n, 1..n];
region S = [[1..8] by [2]];
var A, B : [R] integer;
var C, D : [S] integer;

procedure bands(s : integer);
begin
  [R] A := Index1 * 10 + Index2;
  [[s, 0] of R] wrap A;
  [[0, -s] of R] reflect A;
  [R] B := A@[s, 0] + A@[0, -s];
  [R] writeln(B);
end;

procedure strided(s : integer);
begin
  [S] C := Index1 * 3;
  [[s] of S] wrap C;
  [S] D := C@[s];
  [S] writeln(D);
end;

procedure rtboundary();
begin
  bands(1);
  bands(2);
  [R] A := Index1 - Index2;
  [down of R] wrap A;
  [R] B := A@down;
  [R] writeln(B);
  strided(2 + odd);
end;
