-- Procedures run under their caller's scope (docs/language.md section 9):
-- stencils with @ and @^ (halos and wraps over a region passed at run
-- time), reductions, writeln, a strided scope and a strided array, and a
-- procedure that passes its caller's scope on. Lattice and storage errors
-- through such scopes: e2e/lattice-checks.test.
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/callerscope.py), not from zplc.
-- RUN: python3 %S/reference/callerscope.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi | diff %t.ref -
-- RUN: %zplc %s --backend=sim -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -
-- RUN: python3 %S/reference/callerscope.py 10 > %t.ref10
-- RUN: %t --n=10 | diff %t.ref10 -
-- RUN: %mpirun -np 4 %t.mpi --n=10 | diff %t.ref10 -
-- RUN: %t.sim --pes=4 --n=10 | diff %t.ref10 -

program callerscope;
config var n : integer = 8;
region R = [1..n, 1..n];
region Inner = [2..n-1, 2..n-1];
region Even = [R by [2, 2]];
direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
var A, B : [R] integer;
var C, D : [Even] integer;
var total : integer;

-- The four neighbours' sum, over whatever scope the caller has.
procedure cross(Y, X : [,] integer);
begin
  Y := X@north + X@south + X@east + X@west;
end;

-- Periodic in X's own region: two columns on, minus the point.
procedure ring(Y, X : [,] integer);
begin
  Y := X@^[0, 2] - X;
end;

procedure sum(X : [,] integer) : integer;
begin
  return +<< X;
end;

-- A global strided array under its caller's (strided) scope.
procedure halveC();
begin
  C := C@^[2, 0] / 2 + C;
end;

-- Passes its caller's scope on to cross, then reduces over it.
procedure crossTotal(Y, X : [,] integer);
begin
  cross(Y, X);
  total := +<< Y;
  writeln(Y);
end;

procedure callerscope();
begin
  [R] A := Index1 * 10 + Index2;
  [R] B := 0;
  [Inner] cross(B, A);
  [R] writeln(B);
  [R] ring(B, A);
  [R] writeln(B);
  [Even] C := A;
  [Even] ring(D, C);
  [Even] writeln(D);
  [Even] halveC();
  [Even] writeln(C);
  [Even] total := sum(A);
  writeln("even ", total);
  [Inner] total := sum(A);
  writeln("inner ", total);
  [R] B := 0;
  [Even] crossTotal(B, A);
  writeln("cross ", total);
  [R] writeln(B);
end;
