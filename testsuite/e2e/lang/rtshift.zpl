-- Shifts by directions known only at run time (docs/language.md section
-- 5): `@` and `@^` by a direction of config vars and by literals of a
-- procedure's parameters and locals, on global arrays (dense, and compact
-- over a strided region), on rank-only array parameters and under the
-- caller's scope; ghost cells grown when a shift reaches past them (the
-- arrays start with none: every shift here is run-time), a statement
-- reading its own destination shifted, a reduction, and a 3-D 27-point
-- periodic stencil; `at`, `in` and `by` of strided regions with run-time
-- directions. A shift off a strided array's lattice, or a band that is
-- not a whole number of strides, stops the program (OFF and BAND lines).
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/rtshift.py), not from zplc.
-- RUN: python3 %S/reference/rtshift.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi | diff %t.ref -
-- RUN: %zplc %s --backend=sim -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -
-- RUN: python3 %S/reference/rtshift.py 2 > %t.ref2
-- RUN: %t --k=2 | diff %t.ref2 -
-- RUN: %mpirun -np 4 %t.mpi --k=2 | diff %t.ref2 -
-- RUN: %t.sim --pes=4 --k=2 | diff %t.ref2 -
-- RUN: not %t --odd=1 2>&1 | FileCheck %s --check-prefix=OFF
-- RUN: not %mpirun -np 2 %t.mpi --odd=1 2>&1 | FileCheck %s --check-prefix=OFF
-- RUN: not %t --band=1 2>&1 | FileCheck %s --check-prefix=BAND
-- BAND: error: 'in' on a region of stride [2, 2] needs a direction whose components are multiples of the stride (have [0, 3])
-- OFF: error: {{.*}}rtshift.zpl:[[#@LINE+19]]:9: array C over [1..7, 1..7] by [2, 2] is accessed over [1..7, 1..5] by [2, 2] shifted by [0, 3], at indices that are not points of its strided region

program rtshift;
config var n : integer = 8;
config var k : integer = 1;
config var odd : integer = 0;
config var band : integer = 0;
direction dn = [k, 0]; rt = [0, k];
region R = [1..n, 1..n];
region S = [R by [2, 2]];
region T = [[1..n-2, 1..n] by [2, 2]];
region Q = [1..4, 1..4, 1..4];
var A, B : [R] integer;
var C, D : [S] integer;
var U, V : [Q] double;

-- Under the caller's scope: C and D are compact (stored at S's points).
procedure coarse(s : integer);
begin
  D := C@[0, s] + C@^[-s, s];
end;

-- Rank-only parameters, under the caller's scope.
procedure smooth(X, Y : [,] integer; s : integer);
begin
  Y := X@^[s, 0] + X@^[-s, 0] + X@^[0, s] + X@^[0, -s] - 4 * X@[0, 0];
end;

procedure stencil27(s : integer);
begin
  [Q] V := 0.5 * U + 0.01 * (U@^[-s, -s, -s] + U@^[-s, -s, 0] + U@^[-s, -s, s] +
            U@^[-s, 0, -s] + U@^[-s, 0, 0] + U@^[-s, 0, s] + U@^[-s, s, -s] +
            U@^[-s, s, 0] + U@^[-s, s, s] + U@^[0, -s, -s] + U@^[0, -s, 0] +
            U@^[0, -s, s] + U@^[0, 0, -s] + U@^[0, 0, s] + U@^[0, s, -s] +
            U@^[0, s, 0] + U@^[0, s, s] + U@^[s, -s, -s] + U@^[s, -s, 0] +
            U@^[s, -s, s] + U@^[s, 0, -s] + U@^[s, 0, 0] + U@^[s, 0, s] +
            U@^[s, s, -s] + U@^[s, s, 0] + U@^[s, s, s]);
end;

procedure rtshift();
var s : integer;
begin
  [R] A := Index1 * 10 + Index2;
  [1..n-k, 1..n-k] B := A@dn + A@rt;
  writeln(+<< [1..n-k, 1..n-k] B);
  [S] C := Index1 * 100 + Index2;
  [[1..n, 1..n-2*k] by [2, 2]] coarse(2 * k + odd);
  [[1..n, 1..n-2*k] by [2, 2]] writeln(D);
  for s := 1 to 3 do
    [R] smooth(A, B, s);
    [R] writeln(B);
    writeln(+<< [1..n, 1..n-s] A@[0, s - 1]);
  end;
  [[1..n, 1..n] by [2, 2]] smooth(A, B, 2);
  [S] writeln(B);
  s := 2;
  [1..n-s, 1..n] A := A@[s, 0] - A;
  [R] writeln(A);
  [Q] U := Index1 * 1.0 + Index2 * 0.25 + Index3 * Index3;
  stencil27(1);
  [Q] writeln(+<< V);
  [Q] writeln(V);
  stencil27(2);
  [Q] writeln(+<< V);
  -- strided regions derived with run-time directions
  [R] B := 0;
  [T at [k, 0]] B := C@[-k, 0];
  [[0, 2 * k + band] in S] B := 7;
  [R by [k, 2 * k]] B := B + 1;
  [R] writeln(B);
end;
