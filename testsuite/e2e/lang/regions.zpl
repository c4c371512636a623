-- Derived regions: [d of R], [d in R] (side, corner, two-wide), [R at d], [R by s] with a literal and a direction stride.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- CHECK: 7 1 1 1 1 1 1 0
-- CHECK-NEXT: 0 11 12 13 14 2 2 0
-- CHECK-NEXT: 0 21 22 23 24 2 2 0
-- CHECK-NEXT: 0 31 32 33 34 2 2 0
-- CHECK-NEXT: 0 41 42 43 44 2 2 0
-- CHECK-NEXT: 0 51 52 53 54 2 2 0
-- CHECK-NEXT: 0 61 62 63 64 2 3 0
-- CHECK-NEXT: 0 0 0 0 0 0 0 0
-- CHECK-NEXT: 22 23 24 2 2 0
-- CHECK-NEXT: 32 33 34 2 2 0
-- CHECK-NEXT: 42 43 44 2 2 0
-- CHECK-NEXT: 52 53 54 2 2 0
-- CHECK-NEXT: 62 63 64 2 3 0
-- CHECK-NEXT: 0 0 0 0 0 0
-- CHECK-NEXT: 1 2 3 4 5 6
-- CHECK-NEXT: 101 102 103 104 105 106
-- CHECK-NEXT: 201 202 203 204 205 206
-- CHECK-NEXT: 301 302 303 304 305 306
-- CHECK-NEXT: 401 402 403 404 405 406
-- CHECK-NEXT: 501 502 503 504 505 506
-- CHECK-NEXT: 11 13 2
-- CHECK-NEXT: 31 33 2
-- CHECK-NEXT: 51 53 2
-- CHECK-NEXT: 11 14
-- CHECK-NEXT: 31 34
-- CHECK-NEXT: 51 54
-- CHECK-NEXT: 0 0 0 0 0 0 0 0
-- CHECK-NEXT: 0 11 0 13 0 15 0 0
-- CHECK-NEXT: 0 0 0 0 0 0 0 0
-- CHECK-NEXT: 0 0 0 0 0 0 0 0
-- CHECK-NEXT: 0 41 0 43 0 45 0 0
-- CHECK-NEXT: 0 0 0 0 0 0 0 0
-- CHECK-NEXT: 0 0 0 0 0 0 0 0
-- CHECK-NEXT: 0 0 0 0 0 0 0 0
-- CHECK-NOT: {{.}}

program regions;
config var n : integer = 6;
region R   = [1..n, 1..n];
region Big = [0..n+1, 0..n+1];
direction north = [-1, 0]; east = [0, 1]; se = [1, 1]; east2 = [0, 2]; nw = [-1, -1];
direction by23 = [2, 3];
var A, B : [Big] integer;
procedure regions();
begin
  [Big] A := 0;
  [R] A := Index1 * 10 + Index2;
  [north of R] A := 1;
  [nw of R] A := 7;
  [east2 in R] A := 2;
  [se in R] A := 3;
  [Big] writeln(A);
  [R at se] writeln(A);
  [R at north] B := Index1 * 100 + Index2;
  [R at north] writeln(B);
  [R by [2, 2]] writeln(A);
  [R by by23] writeln(A);
  [Big] B := 0;
  [R by [3, 2]] B := Index1 * 10 + Index2;
  [Big] writeln(B);
end;
