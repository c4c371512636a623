-- Grids and distributions: config-var grid sizes, cyclic / blockcyclic(2) / block / * dimensions, with shifts, reductions, partial scan, wrap, gather, periodic shift, partial reduction.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --p=2 --q=2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi --p=1 --q=2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi --p=2 --q=1 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --p=4 --q=1 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --p=1 --q=4 | FileCheck --match-full-lines %s
-- CHECK: 12 -8 -8 -8 -8 -8 -26
-- CHECK-NEXT: 33 4 5 6 7 8 -19
-- CHECK-NEXT: 53 14 15 16 17 18 -19
-- CHECK-NEXT: 73 24 25 26 27 28 -19
-- CHECK-NEXT: 93 34 35 36 37 38 -19
-- CHECK-NEXT: 113 115 117 119 121 123 57
-- CHECK-NEXT: 1638
-- CHECK-NEXT: 11 23 36 50 65 81 98
-- CHECK-NEXT: 21 43 66 90 115 141 168
-- CHECK-NEXT: 31 63 96 130 165 201 238
-- CHECK-NEXT: 41 83 126 170 215 261 308
-- CHECK-NEXT: 51 103 156 210 265 321 378
-- CHECK-NEXT: 61 123 186 250 315 381 448
-- CHECK-NEXT: 11
-- CHECK-NEXT: 21
-- CHECK-NEXT: 31
-- CHECK-NEXT: 41
-- CHECK-NEXT: 51
-- CHECK-NEXT: 61
-- CHECK-NEXT: 17 16 15 14 13 12 11
-- CHECK-NEXT: 27 26 25 24 23 22 21
-- CHECK-NEXT: 5 10 15 20
-- CHECK-NEXT: 1 2 3 4
-- CHECK-NEXT: 2 4 6 8
-- CHECK-NEXT: 3 6 9 12
-- CHECK-NEXT: 4 8 12 16
-- CHECK-NEXT: 10
-- CHECK-NEXT: 20
-- CHECK-NEXT: 30
-- CHECK-NEXT: 40
-- CHECK-NEXT: 50
-- CHECK-NOT: {{.}}

program distrib;
config var p : integer = 1;
config var q : integer = 1;
grid G = [p, q];
distribution D : G = [cyclic, blockcyclic(2)];
distribution E : G = [block, *];
region R   : D = [1..6, 1..7];
region Big : D = [0..7, 0..8];
region S   : E = [1..5, 1..4];
direction north = [-1, 0]; east = [0, 1]; sw = [1, -1];
var A : [Big] integer;
var B : [R] integer;
var C, C2 : [S] integer;
var s : integer;
procedure distrib();
begin
  [Big] A := 0;
  [R] A := Index1 * 10 + Index2;
  [R] B := A@north + A@east - A@sw;
  [R] writeln(B);
  [R] s := +<< A;
  writeln(s);
  [R] B := +|| [2] A;
  [R] writeln(B);
  [east of R] wrap A;
  [east of R] writeln(A);
  [R] B := A#[Index1, 8 - Index2];
  [1..2, 1..7] writeln(B);
  [S] C := Index1 * Index2;
  [S] C2 := C@^north;
  [S] writeln(C2);
  [1..5, 1] C2 := +<< [S] C;
  [1..5, 1] writeln(C2);
end;
