-- Floods >> into [1..m, *] and [*, 1..n] arrays (interior and edge source column/row), used with ordinary arrays.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- CHECK: -1 0 1 2 3
-- CHECK-NEXT: -1 0 1 2 3
-- CHECK-NEXT: -1 0 1 2 3
-- CHECK-NEXT: -1 0 1 2 3
-- CHECK-NEXT: 15011 15012 15013 15014 15015
-- CHECK-NEXT: 25011 25012 25013 25014 25015
-- CHECK-NEXT: 35011 35012 35013 35014 35015
-- CHECK-NEXT: 45011 45012 45013 45014 45015
-- CHECK-NEXT: 42 42 42 42 42
-- CHECK-NEXT: 42 42 42 42 42
-- CHECK-NEXT: 42 42 42 42 42
-- CHECK-NEXT: 42 42 42 42 42
-- CHECK-NEXT: 7.5 8.5 9.5 10.5 11.5
-- CHECK-NEXT: 12.5 13.5 14.5 15.5 16.5
-- CHECK-NEXT: 17.5 18.5 19.5 20.5 21.5
-- CHECK-NEXT: 22.5 23.5 24.5 25.5 26.5
-- CHECK-NOT: {{.}}

program floods;
config var m : integer = 4;
config var n : integer = 5;
region R    = [1..m, 1..n];
region ColF = [1..m, *];
region RowF = [*, 1..n];
var A, B : [R] integer;
var C, C2 : [ColF] integer;
var W : [RowF] integer;
var D : [ColF] double;
var E : [R] double;
procedure floods();
begin
  [R] A := Index1 * 10 + Index2;
  [1..m, *] C := >>[1..m, 2] A;
  [R] B := A - C;
  [R] writeln(B);
  [1..m, *] C2 := >>[1..m, n] A;
  [*, 1..n] W := >>[1, 1..n] A;
  [R] B := C2 * 1000 + W;
  [R] writeln(B);
  [RowF] W := >>[m, 1..n] A;
  [R] B := W - A + C;
  [R] writeln(B);
  [ColF] D := >>[1..m, 3] A;
  [R] E := D / 2.0 + Index2;
  [R] writeln(E);
end;
