-- Partial reductions: +<< to a column (row sums) and to a row (column sums), max<< / min<< to the last column / row, integer and double.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- CHECK: 20
-- CHECK-NEXT: 25
-- CHECK-NEXT: 20
-- CHECK-NEXT: 15
-- CHECK-NEXT: 12 14 16 18 20
-- CHECK-NEXT: 9
-- CHECK-NEXT: 9
-- CHECK-NEXT: 7
-- CHECK-NEXT: 7
-- CHECK-NEXT: 0 0 0 0 2
-- CHECK-NEXT: 12 14 16 18 9
-- CHECK-NEXT: 25 0 0 0 9
-- CHECK-NEXT: 20 0 0 0 7
-- CHECK-NEXT: 0 0 0 0 2
-- CHECK-NEXT: 0.5 0 -0.5 -1 -1.5
-- CHECK-NEXT: 1.5 0 0 0 0
-- CHECK-NEXT: 2.5 0 0 0 0
-- CHECK-NEXT: 3.5 0 0 0 0
-- CHECK-NOT: {{.}}

program redpartial;
config var m : integer = 4;
config var n : integer = 5;
region R    = [1..m, 1..n];
region Col1 = [1..m, 1];
region ColN = [1..m, n];
region Row1 = [1, 1..n];
region RowM = [m, 1..n];
var A : [R] integer;
var D : [R] double;
var S : [R] integer;
var T : [R] double;
procedure redpartial();
begin
  [R] A := (Index1 * 7 + Index2 * 3) % 10;
  [R] S := 0;
  [1..m, 1] S := +<< [R] A;
  [Col1] writeln(S);
  [1, 1..n] S := +<< [R] A;
  [Row1] writeln(S);
  [ColN] S := max<< [R] A;
  [ColN] writeln(S);
  [RowM] S := min<< [R] A;
  [RowM] writeln(S);
  [R] writeln(S);
  [R] D := Index1 - Index2 * 0.5;
  [R] T := 0.0;
  [1..m, 1] T := max<< [R] D;
  [1, 1..n] T := min<< [R] D;
  [R] writeln(T);
end;
