-- Reductions over derived regions (by, at, in, of, band), compound assignments += -= *= /= on arrays, a reduction inside an array expression, scalar broadcast, nested scopes.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- CHECK: by 297
-- CHECK-NEXT: at 55
-- CHECK-NEXT: in 175
-- CHECK-NEXT: of 155
-- CHECK-NEXT: band 0
-- CHECK-NEXT: 27 28 29 30 31
-- CHECK-NEXT: 47 48 49 50 51
-- CHECK-NEXT: 67 68 69 70 71
-- CHECK-NEXT: 87 88 89 90 91
-- CHECK-NEXT: 107 108 109 110 111
-- CHECK-NEXT: 12 12.25 12.5
-- CHECK-NEXT: 17 17.25 17.5
-- CHECK-NEXT: -42 -41 -40 -39 -38
-- CHECK-NEXT: -22 -21 -20 -19 -18
-- CHECK-NEXT: -2 -1 0 1 2
-- CHECK-NEXT: 18 19 20 21 22
-- CHECK-NEXT: 38 39 40 41 42
-- CHECK-NEXT: nested 35
-- CHECK-NEXT: 431.25
-- CHECK-NOT: {{.}}

program misc;
config var n : integer = 5;
region R   = [1..n, 1..n];
region Big = [0..n+1, 0..n+1];
region Top = [1..2, 1..n];
direction east = [0, 1]; west = [0, -1]; south = [1, 0];
var A : [Big] integer;
var D : [R] double;
var s, k : integer;
var d : double;
procedure misc();
begin
  [Big] A := 0;
  [R] A := Index1 * 10 + Index2;
  -- reductions over derived regions
  [R by [2, 2]] s := +<< A;
  writeln("by ", s);
  [R at east] s := max<< A;
  writeln("at ", s);
  [east in R] s := +<< A;
  writeln("in ", s);
  [east of R] wrap A;
  [east of R] s := +<< A;
  writeln("of ", s);
  [south of R] s := min<< A;
  writeln("band ", s);
  -- compound assignment on arrays and scalars
  k := 3;
  [R] begin
    A += k;
    A *= 2;
    A -= Index2;
    D := A;
    D /= 4.0;
  end;
  [R] writeln(A);
  [2..3, 2..4] writeln(D);
  -- a reduction used inside an array expression; scalar broadcast
  [R] A := A - (+<< A) / (n * n);
  [R] writeln(A);
  -- nested scopes: the inner scope replaces the outer one
  [R] begin
    A := 1;
    [Top] A := 2;
    s := +<< A;
  end;
  writeln("nested ", s);
  [R] d := +<< D;
  writeln(d);
end;
