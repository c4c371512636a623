-- Shifts by more than one index (periodic [2,-3], plain [0,3]) must give the same result on any grid, even when the shift reaches past the neighbouring PE's block.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- (The MPI runs are under timeout -s KILL: on this failure mpiexec was seen to hang after every rank had exited.)
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: timeout -s KILL 60 %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: timeout -s KILL 60 %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: timeout -s KILL 60 %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: timeout -s KILL 60 %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- CHECK: 33 34 35 31 32
-- CHECK-NEXT: 43 44 45 41 42
-- CHECK-NEXT: 13 14 15 11 12
-- CHECK-NEXT: 23 24 25 21 22
-- CHECK-NEXT: 14 15 16 17 18
-- CHECK-NEXT: 24 25 26 27 28
-- CHECK-NEXT: 34 35 36 37 38
-- CHECK-NEXT: 44 45 46 47 48
-- CHECK-NOT: {{.}}

program pshiftfar;
region R   = [1..4, 1..5];
region Big = [1..4, -2..8];
direction far = [2, -3]; east3 = [0, 3];
var A, B : [R] integer;
var C : [Big] integer;
procedure pshiftfar();
begin
  [R] A := Index1 * 10 + Index2;
  [R] B := A@^far;
  [R] writeln(B);
  [Big] C := Index1 * 10 + Index2;
  [R] B := C@east3;
  [R] writeln(B);
end;
