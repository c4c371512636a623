-- Array statement semantics: the right side is evaluated over the whole region before storing (A := A@west, A@east + A@west, A@north, diagonal); sequences of statements.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- CHECK: 0 1 2 3 4 5 6
-- CHECK-NEXT: 10 10 11 12 13 14 16
-- CHECK-NEXT: 20 20 21 22 23 24 26
-- CHECK-NEXT: 30 30 31 32 33 34 36
-- CHECK-NEXT: 40 40 41 42 43 44 46
-- CHECK-NEXT: 50 51 52 53 54 55 56
-- CHECK-NEXT: 22 24 26 28 30
-- CHECK-NEXT: 42 44 46 48 50
-- CHECK-NEXT: 62 64 66 68 70
-- CHECK-NEXT: 82 84 86 88 90
-- CHECK-NEXT: -19 -18 -17 -16 -15
-- CHECK-NEXT: -9 -8 -7 -6 -5
-- CHECK-NEXT: 1 2 3 4 5
-- CHECK-NEXT: 11 12 13 14 15
-- CHECK-NEXT: 11 11 11 11 11
-- CHECK-NEXT: 11 11 11 11 11
-- CHECK-NEXT: 11 11 11 11 11
-- CHECK-NEXT: 11 11 11 11 11
-- CHECK-NEXT: 1 1 1 1 1 1 1
-- CHECK-NEXT: 1 3 3 3 3 3 1
-- CHECK-NEXT: 1 4 4 4 4 4 1
-- CHECK-NEXT: 1 4 4 4 4 4 1
-- CHECK-NEXT: 1 4 4 4 4 4 1
-- CHECK-NEXT: 1 1 1 1 1 1 1
-- CHECK-NEXT: 2 4 4 4 4
-- CHECK-NEXT: 2 5 5 5 5
-- CHECK-NEXT: 2 5 5 5 5
-- CHECK-NEXT: 2 5 5 5 5
-- CHECK-NOT: {{.}}

program arraysem;
region R   = [1..4, 1..5];
region Big = [0..5, 0..6];
direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1]; se = [1, 1];
var A, B : [Big] integer;
procedure arraysem();
begin
  [Big] A := Index1 * 10 + Index2;
  [R] A := A@west;
  [Big] writeln(A);
  [Big] A := Index1 * 10 + Index2;
  [R] A := A@east + A@west;
  [R] writeln(A);
  [Big] A := Index1 * 10 + Index2;
  [R] A := A@north * 2 - A@south;
  [R] writeln(A);
  [Big] A := Index1 * 10 + Index2;
  [R] A := A@se - A;
  [R] writeln(A);
  -- statements in sequence see each other's results
  [Big] A := 1;
  [R] begin
    A := A@west + A@east;
    A := A@north + A;
  end;
  [Big] writeln(A);
  [Big] B := 0;
  [R] B := A@west;
  [R] A := B + 1;
  [R] writeln(A);
end;
