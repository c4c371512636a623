-- Redistribution `[R] B := A` between distributions: block to cyclic, to
-- blockcyclic(2) x block over part of the region, a reduction in the new
-- distribution, and rank 1 on its own grid (block to blockcyclic(3), and
-- back over part of it).
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi --p=1 --q=2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi --p=2 --q=1 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --p=2 --q=2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --p=4 --q=1 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --p=1 --q=4 | FileCheck --match-full-lines %s
-- Each copy between distributions is one IRONMAN redistribution.
-- RUN: %zplc --emit=ironman %s | FileCheck --check-prefix=IR %s
-- IR-COUNT-4: kind = #ironman.kind<redist>
-- IR-NOT: kind = #ironman.kind<redist>
-- CHECK: 11 12 13 14 15 16 17 18
-- CHECK-NEXT: 21 22 23 24 25 26 27 28
-- CHECK-NEXT: 31 32 33 34 35 36 37 38
-- CHECK-NEXT: 41 42 43 44 45 46 47 48
-- CHECK-NEXT: 51 52 53 54 55 56 57 58
-- CHECK-NEXT: 61 62 63 64 65 66 67 68
-- CHECK-NEXT: -1 -1 -1 -1 -1 -1 -1 -1
-- CHECK-NEXT: -1 -1 23 24 25 26 27 -1
-- CHECK-NEXT: -1 -1 33 34 35 36 37 -1
-- CHECK-NEXT: -1 -1 43 44 45 46 47 -1
-- CHECK-NEXT: -1 -1 53 54 55 56 57 -1
-- CHECK-NEXT: -1 -1 -1 -1 -1 -1 -1 -1
-- CHECK-NEXT: 740
-- CHECK-NEXT: 1 4 9 16 25 36 49 64 81 100
-- CHECK-NEXT: 1 4 109 116 125 136 149 164 81 100
-- CHECK-NOT: {{.}}

program redist;
config var p : integer = 1;
config var q : integer = 1;
grid G = [p, q];
grid L = [p * q];
distribution Cyc : G = [cyclic, cyclic];
distribution Bc  : G = [blockcyclic(2), block];
distribution Odd : L = [blockcyclic(3)];
region R  = [1..6, 1..8];
region RC : Cyc = [1..6, 1..8];
region RB : Bc = [0..7, 0..9];
region V  = [1..10];
region VO : Odd = [1..10];
var A : [R] integer;
var B : [RC] integer;
var C : [RB] integer;
var X : [V] integer;
var Y : [VO] integer;
var s : integer;
procedure redist();
begin
  [R] A := Index1 * 10 + Index2;
  [R] B := A;
  [R] writeln(B);
  [RB] C := -1;
  [2..5, 3..7] C := B;
  [1..6, 1..8] writeln(C);
  [RB] s := +<< C;
  writeln(s);
  [V] X := Index1 * Index1;
  [V] Y := X;
  [V] writeln(Y);
  [V] Y := Y + 100;
  [3..8] X := Y;
  [V] writeln(X);
end;
