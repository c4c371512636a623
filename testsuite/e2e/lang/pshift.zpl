-- Periodic shifts A@^d: side and diagonal directions on a non-square region; in-place periodic shift.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- CHECK: 12 13 14 15 11
-- CHECK-NEXT: 22 23 24 25 21
-- CHECK-NEXT: 32 33 34 35 31
-- CHECK-NEXT: 42 43 44 45 41
-- CHECK-NEXT: 41 42 43 44 45
-- CHECK-NEXT: 11 12 13 14 15
-- CHECK-NEXT: 21 22 23 24 25
-- CHECK-NEXT: 31 32 33 34 35
-- CHECK-NEXT: 22 23 24 25 21
-- CHECK-NEXT: 32 33 34 35 31
-- CHECK-NEXT: 42 43 44 45 41
-- CHECK-NEXT: 12 13 14 15 11
-- CHECK-NEXT: 60 52 54 56 58
-- CHECK-NEXT: 40 32 34 36 38
-- CHECK-NEXT: 60 52 54 56 58
-- CHECK-NEXT: 80 72 74 76 78
-- CHECK-NEXT: 12 13 14 15 11
-- CHECK-NEXT: 22 23 24 25 21
-- CHECK-NEXT: 32 33 34 35 31
-- CHECK-NEXT: 42 43 44 45 41
-- CHECK-NOT: {{.}}

program pshift;
region R = [1..4, 1..5];
direction north = [-1, 0]; east = [0, 1]; west = [0, -1];
direction se = [1, 1]; nw = [-1, -1];
var A, B : [R] integer;
procedure pshift();
begin
  [R] A := Index1 * 10 + Index2;
  [R] B := A@^east;
  [R] writeln(B);
  [R] B := A@^north;
  [R] writeln(B);
  [R] B := A@^se;
  [R] writeln(B);
  [R] B := A@^nw + A@^west;
  [R] writeln(B);
  -- in place: reads only the old values
  [R] A := A@^east;
  [R] writeln(A);
end;
