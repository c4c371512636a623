-- Remap: gather A#[Index2, Index1] (transpose), with explicit index arrays (reversal, rotation, all-same source), scatter B#[I, J] := A.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- CHECK: 11 21 31 41 51
-- CHECK-NEXT: 12 22 32 42 52
-- CHECK-NEXT: 13 23 33 43 53
-- CHECK-NEXT: 14 24 34 44 54
-- CHECK-NEXT: 15 25 35 45 55
-- CHECK-NEXT: 51 52 53 54 55
-- CHECK-NEXT: 41 42 43 44 45
-- CHECK-NEXT: 31 32 33 34 35
-- CHECK-NEXT: 21 22 23 24 25
-- CHECK-NEXT: 11 12 13 14 15
-- CHECK-NEXT: 23 24 25 21 22
-- CHECK-NEXT: 33 34 35 31 32
-- CHECK-NEXT: 43 44 45 41 42
-- CHECK-NEXT: 53 54 55 51 52
-- CHECK-NEXT: 13 14 15 11 12
-- CHECK-NEXT: 52 52 52 52 52
-- CHECK-NEXT: 53 53 53 53 53
-- CHECK-NEXT: 54 54 54 54 54
-- CHECK-NEXT: 55 55 55 55 55
-- CHECK-NEXT: 56 56 56 56 56
-- CHECK-NEXT: 11 21 31 41 51
-- CHECK-NEXT: 12 22 32 42 52
-- CHECK-NEXT: 13 23 33 43 53
-- CHECK-NEXT: 14 24 34 44 54
-- CHECK-NEXT: 15 25 35 45 55
-- CHECK-NEXT: 55 45 35 25 15
-- CHECK-NEXT: 54 44 34 24 14
-- CHECK-NEXT: 53 43 33 23 13
-- CHECK-NEXT: 52 42 32 22 12
-- CHECK-NEXT: 51 41 31 21 11
-- CHECK-NOT: {{.}}

program remap;
config var n : integer = 5;
region R = [1..n, 1..n];
var A, B : [R] integer;
var I, J : [R] integer;
procedure remap();
begin
  [R] A := Index1 * 10 + Index2;
  [R] B := A#[Index2, Index1];
  [R] writeln(B);
  [R] I := n + 1 - Index1;
  [R] J := Index2;
  [R] B := A#[I, J];
  [R] writeln(B);
  [R] I := Index1 % n + 1;
  [R] J := (Index2 + 1) % n + 1;
  [R] B := A#[I, J];
  [R] writeln(B);
  -- every element reads the same corner
  [R] I := n;
  [R] J := 1;
  [R] B := A#[I, J] + Index1;
  [R] writeln(B);
  -- scatter
  [R] B := 0;
  [R] B#[Index2, Index1] := A;
  [R] writeln(B);
  [R] I := n + 1 - Index2;
  [R] J := n + 1 - Index1;
  [R] B#[I, J] := A;
  [R] writeln(B);
end;
