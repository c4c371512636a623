-- A region with fewer indices along a dimension than the grid has PEs there (3x2 region on 4x1 and 1x4 grids): the output must not depend on the number of PEs.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- (The MPI runs are under timeout -s KILL: on this failure mpiexec was seen to hang after every rank had exited.)
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: timeout -s KILL 60 %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: timeout -s KILL 60 %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: timeout -s KILL 60 %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: timeout -s KILL 60 %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- CHECK: 11 23
-- CHECK-NEXT: 44 66
-- CHECK-NEXT: 97 129
-- CHECK-NEXT: 129
-- CHECK-NOT: {{.}}

program fewidx;
region R = [1..3, 1..2];
var A, B : [R] integer;
var s : integer;
procedure fewidx();
begin
  [R] A := Index1 * 10 + Index2;
  [R] B := +|| A;
  [R] writeln(B);
  [R] s := +<< A;
  writeln(s);
end;
