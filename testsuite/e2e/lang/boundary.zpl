-- wrap and reflect under [d of R]: side and corner directions, one- and two-wide bands; the bands are printed.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- CHECK: 11
-- CHECK-NEXT: 21
-- CHECK-NEXT: 31
-- CHECK-NEXT: 41
-- CHECK-NEXT: 41 42 43 44
-- CHECK-NEXT: 41
-- CHECK-NEXT: 0 41 42 43 44 41
-- CHECK-NEXT: 0 11 12 13 14 11
-- CHECK-NEXT: 0 21 22 23 24 21
-- CHECK-NEXT: 0 31 32 33 34 31
-- CHECK-NEXT: 0 41 42 43 44 41
-- CHECK-NEXT: 14 0 0 0 0 0
-- CHECK-NEXT: 11
-- CHECK-NEXT: 21
-- CHECK-NEXT: 31
-- CHECK-NEXT: 41
-- CHECK-NEXT: 41 42 43 44
-- CHECK-NEXT: 0 0 0 0 0 0
-- CHECK-NEXT: 11 11 12 13 14 0
-- CHECK-NEXT: 21 21 22 23 24 0
-- CHECK-NEXT: 31 31 32 33 34 0
-- CHECK-NEXT: 41 41 42 43 44 0
-- CHECK-NEXT: 41 41 42 43 44 44
-- CHECK-NEXT: 12 11 11 12 13 14 11 12
-- CHECK-NEXT: 22 21 21 22 23 24 21 22
-- CHECK-NEXT: 32 31 31 32 33 34 31 32
-- CHECK-NEXT: 42 41 41 42 43 44 41 42
-- CHECK-NOT: {{.}}

program boundary;
config var n : integer = 4;
region R    = [1..n, 1..n];
region BigR = [0..n+1, 0..n+1];
region W2   = [1..n, -1..n+2];
direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
direction ne = [-1, 1]; sw = [1, -1]; nw = [-1, -1]; se = [1, 1];
direction east2 = [0, 2]; west2 = [0, -2];
var A : [BigR] integer;
var C : [W2] integer;
procedure boundary();
begin
  [BigR] A := 0;
  [R] A := Index1 * 10 + Index2;
  [east of R] wrap A;
  [north of R] wrap A;
  [ne of R] wrap A;
  [sw of R] wrap A;
  [east of R] writeln(A);
  [north of R] writeln(A);
  [ne of R] writeln(A);
  [BigR] writeln(A);
  [BigR] A := 0;
  [R] A := Index1 * 10 + Index2;
  [west of R] reflect A;
  [south of R] reflect A;
  [sw of R] reflect A;
  [se of R] reflect A;
  [west of R] writeln(A);
  [south of R] writeln(A);
  [BigR] writeln(A);
  -- bands two wide
  [W2] C := 0;
  [R] C := Index1 * 10 + Index2;
  [east2 of R] wrap C;
  [west2 of R] reflect C;
  [W2] writeln(C);
end;
