-- Transposes (remaps by a permutation of the Index arrays): non-square,
-- rank 3, over a strided region, in a loop, one row from one column; under
-- both orientations (the T3D's model picks strided stores, the Paragon's
-- strided loads) and both strategies. Values by hand:
--   A(i, j) = 10 i + j over [1..2, 1..3]; B := A#[Index2, Index1] over
--   [1..3, 1..2]: B(i, j) = A(j, i) = 10 j + i.
--   U(i, j, k) = 100 i + 10 j + k over [1..2, 1..3, 1..2];
--   V := U#[Index3, Index1, Index2] over [1..3, 1..2, 1..2]:
--   V(i, j, k) = U(k, i, j) = 100 k + 10 i + j.
--   [RT by [2, 1]] W := A#[Index2, Index1]: rows 1 and 3 as B, row 2 stays 0.
--   S(i, j) = 10 i + j over [1..3, 1..3]; three times T := S#[Index2,
--   Index1]; S := T + 1: S(i, j) = 10 j + i + 3.
--   [1, 1..3] Row := S#[Index2, Index1]: Row(1, j) = S(j, 1) = 13 + j.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi --machine=t3d -o %t.stores
-- RUN: %zplc %s --backend=mpi --machine=paragon -o %t.loads
-- RUN: %zplc %s --backend=mpi --machine=t3d --strategy=packed -o %t.stores-packed
-- RUN: %zplc %s --backend=mpi --machine=paragon --strategy=packed -o %t.loads-packed
-- RUN: %mpirun -np 2 %t.stores | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.stores | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.stores-packed --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.loads | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.loads --grid=4x1 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.loads-packed | FileCheck --match-full-lines %s
-- RUN: %zplc --emit=ironman --machine=t3d %s | FileCheck %s --check-prefix=T3D
-- T3D-COUNT-5: kind = #ironman.kind<transpose>, orientation = #ironman.orientation<stores>
-- Transposes need no inspector: no remap inspections, strided messages.
-- RUN: %mpirun -np 4 %t.loads --stats | FileCheck %s --check-prefix=STATS
-- STATS: stats.messages.strided {{[1-9][0-9]*}}
-- STATS-NEXT: stats.messages.indexed 0
-- STATS: stats.remap.inspections 0
-- CHECK: 11 21
-- CHECK-NEXT: 12 22
-- CHECK-NEXT: 13 23
-- CHECK-NEXT: 111 211
-- CHECK-NEXT: 112 212
-- CHECK-NEXT: 121 221
-- CHECK-NEXT: 122 222
-- CHECK-NEXT: 131 231
-- CHECK-NEXT: 132 232
-- CHECK-NEXT: 11 21
-- CHECK-NEXT: 0 0
-- CHECK-NEXT: 13 23
-- CHECK-NEXT: 14 24 34
-- CHECK-NEXT: 15 25 35
-- CHECK-NEXT: 16 26 36
-- CHECK-NEXT: 14 15 16
-- CHECK-NOT: {{.}}

program transposes;
region R  = [1..2, 1..3];
region RT = [1..3, 1..2];
region C  = [1..2, 1..3, 1..2];
region CT = [1..3, 1..2, 1..2];
region Q  = [1..3, 1..3];
direction two = [2, 1];
var A    : [R] integer;
var B, W : [RT] integer;
var U    : [C] integer;
var V    : [CT] integer;
var S, T, Row : [Q] integer;

procedure transposes();
var it : integer;
begin
  [R] A := 10 * Index1 + Index2;
  [RT] B := A#[Index2, Index1];
  [RT] writeln(B);

  [C] U := 100 * Index1 + 10 * Index2 + Index3;
  [CT] V := U#[Index3, Index1, Index2];
  [CT] writeln(V);

  [RT] W := 0;
  [RT by two] W := A#[Index2, Index1];
  [RT] writeln(W);

  [Q] S := 10 * Index1 + Index2;
  for it := 1 to 3 do
    [Q] T := S#[Index2, Index1];
    [Q] S := T + 1;
  end;
  [Q] writeln(S);

  [1, 1..3] Row := S#[Index2, Index1];
  [1, 1..3] writeln(Row);
end;
