-- Masks [R with M] / [R without M] on assignments and on reductions (interior checkerboard, single-corner mask).
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- CHECK: 11 0 13 0 15
-- CHECK-NEXT: 0 22 0 24 0
-- CHECK-NEXT: 31 0 33 0 35
-- CHECK-NEXT: 0 42 0 44 0
-- CHECK-NEXT: 51 0 53 0 55
-- CHECK-NEXT: 11 -1 13 -1 15
-- CHECK-NEXT: -1 22 -1 24 -1
-- CHECK-NEXT: 31 -1 33 -1 35
-- CHECK-NEXT: -1 42 -1 44 -1
-- CHECK-NEXT: 51 -1 53 -1 55
-- CHECK-NEXT: 429 396
-- CHECK-NEXT: 19.5
-- CHECK-NEXT: 55 54
-- CHECK-NEXT: 55 11
-- CHECK-NEXT: 111 112 113 114 115
-- CHECK-NEXT: 121 122 123 124 125
-- CHECK-NEXT: 131 132 133 134 135
-- CHECK-NEXT: 141 142 143 144 145
-- CHECK-NEXT: 151 152 153 154 0
-- CHECK-NOT: {{.}}

program masks;
region R = [1..5, 1..5];
var A, B : [R] integer;
var D : [R] double;
var M : [R] boolean;
var s, t : integer;
var d : double;
procedure masks();
begin
  [R] A := Index1 * 10 + Index2;
  [R] M := (Index1 + Index2) % 2 = 0;
  [R] B := 0;
  [R with M] B := A;
  [R] writeln(B);
  [R without M] B := -1;
  [R] writeln(B);
  [R with M] s := +<< A;
  [R without M] t := +<< A;
  writeln(s, " ", t);
  [R] D := Index2 / 2.0;
  [R with M] d := +<< D;
  writeln(d);
  -- edge case: a mask true at one corner only
  [R] M := Index1 = 5 & Index2 = 5;
  [R with M] s := max<< A;
  [R without M] t := max<< A;
  writeln(s, " ", t);
  [R with M] s := +<< A;
  [R without M] t := min<< A;
  writeln(s, " ", t);
  [R with M] A := 0;
  [R without M] A := A + 100;
  [R] writeln(A);
end;
