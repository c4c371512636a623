-- Rank-1 arrays: shifts, periodic shift, in-place shift, reduction, scan, wrap/reflect, strided region, printing on one line.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4 | FileCheck --match-full-lines %s
-- CHECK: 0 1 4 9 16 25 36 49 64 0
-- CHECK-NEXT: 4 10 20 34 52 74 100 49
-- CHECK-NEXT: 6 6 6 6 6 6 -18 -18
-- CHECK-NEXT: 0 0 1 4 9 16 25 36 49 0
-- CHECK-NEXT: 108
-- CHECK-NEXT: 3 9 18 30 45 63 84 108
-- CHECK-NEXT: 3 3 5 7 9 11 13 15 17 3
-- CHECK-NEXT: 17 3 5 7 9 11 13 15 17 17
-- CHECK-NEXT: 3 12 21
-- CHECK-NOT: {{.}}

program rank1;
config var n : integer = 8;
region V   = [1..n];
region BigV = [0..n+1];
direction left = [-1]; right = [1]; right2 = [2];
var A, B : [BigV] integer;
var P : [V] integer;
var s : integer;
procedure rank1();
begin
  [BigV] A := 0;
  [V] A := Index1 * Index1;
  [BigV] writeln(A);
  [V] B := A@left + A@right;
  [V] writeln(B);
  [V] P := Index1 * 3;
  [V] B := P@^right2 - P;
  [V] writeln(B);
  [V] A := A@left;
  [BigV] writeln(A);
  [V] s := +<< P;
  writeln(s);
  [V] B := +|| P;
  [V] writeln(B);
  [V] A := Index1 * 2 + 1;
  [right of V] wrap A;
  [left of V] reflect A;
  [BigV] writeln(A);
  [left of V] wrap A;
  [right of V] reflect A;
  [BigV] writeln(A);
  [V by [3]] writeln(P);
end;
