-- Masked gathers and scatters (LANGUAGE.md, remap): only the selected
-- elements move, so unselected points may hold indices outside the
-- indexed array; `with` and `without`, a transpose by the Index arrays,
-- gathers in a masked reduction and in a shattered if, computed indices,
-- a masked plain scatter (the largest selected position wins), and masked
-- remaps in a loop whose mask changes for three iterations and then stays
-- (the schedule is computed again only when the mask or indices change).
-- Expected values computed independently (plain Python:
-- testsuite/e2e/lang/reference/maskremap.py), not from zplc.
-- Inspections (the same on any number of PEs): 6 masked remaps before the
-- loop and the last one once each; in the loop the accumulating scatter,
-- the gather and the scatter 3 times each (iterations 1-3; 4 and 5 keep
-- the schedule of 3): 16.
-- RUN: %zplc %s -o %t && %t --stats | FileCheck --match-full-lines %s --check-prefixes=CHECK,STATS
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi --stats | FileCheck --match-full-lines %s --check-prefixes=CHECK,STATS
-- RUN: %mpirun -np 3 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 --stats | FileCheck --match-full-lines %s --check-prefixes=CHECK,STATS
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- CHECK: 61 -1 41 31 -1 11
-- CHECK-NEXT: -1 52 42 -1 22 12
-- CHECK-NEXT: 63 53 -1 33 23 -1
-- CHECK-NEXT: 64 -1 44 34 -1 14
-- CHECK-NEXT: -1 55 45 -1 25 15
-- CHECK-NEXT: 66 56 -1 36 26 -1
-- CHECK-NEXT: -1 21.5 -1 -1 51.5 -1
-- CHECK-NEXT: 12.5 -1 -1 42.5 -1 -1
-- CHECK-NEXT: -1 -1 33.5 -1 -1 63.5
-- CHECK-NEXT: -1 24.5 -1 -1 54.5 -1
-- CHECK-NEXT: 15.5 -1 -1 45.5 -1 -1
-- CHECK-NEXT: -1 -1 36.5 -1 -1 66.5
-- CHECK-NEXT: 924
-- CHECK-NEXT: 122 0 82 62 0 22
-- CHECK-NEXT: 1 104 84 0 44 24
-- CHECK-NEXT: 126 106 0 66 46 0
-- CHECK-NEXT: 128 1 88 68 0 28
-- CHECK-NEXT: 1 110 90 1 50 30
-- CHECK-NEXT: 132 112 1 72 52 0
-- CHECK-NEXT: 21 0 61 51 0 31
-- CHECK-NEXT: 0 12 62 0 42 32
-- CHECK-NEXT: 23 13 0 53 43 0
-- CHECK-NEXT: 24 0 64 54 0 34
-- CHECK-NEXT: 0 15 65 0 45 35
-- CHECK-NEXT: 26 16 0 56 46 0
-- CHECK-NEXT: 0 500 0 300 0 100
-- CHECK-NEXT: 12 64 71 139 52 184
-- CHECK-NEXT: 63 23 23 43 75 63
-- CHECK-NEXT: 72 24 102 78 196 64
-- CHECK-NEXT: 138 42 79 0 190 46
-- CHECK-NEXT: 16 76 195 191 56 196
-- CHECK-NEXT: 183 27 63 47 195 67
-- CHECK-NEXT: 2356
-- CHECK-NEXT: 1 2 -7 4 5 6
-- STATS: stats.remap.inspections 16

program maskremap;
config var n : integer = 6;
region R = [1..n, 1..n];
region V = [1..n];
var A, B, T : [R] double;
var I, J, C : [R] integer;
var M : [R] boolean;
var P, Q, W : [V] integer;
var s : double;
var t : integer;

procedure maskremap();
begin
  [R] B := double(Index1 * 10 + Index2);
  [R] M := (Index1 + Index2) % 3 != 0;
  -- Unselected points carry indices outside B: they must not be read.
  [R] I := n + 1 - Index2;
  [R] J := Index1;
  [R without M] I := 0;
  [R] A := -1.0;
  [R with M] A := B#[I, J];
  [R] writeln(A);
  -- `without`, a transpose by the Index arrays, inside an expression.
  [R] A := -1.0;
  [R without M] A := B#[Index2, Index1] + 0.5;
  [R] writeln(A);
  -- In a masked reduction and in a shattered if.
  s := +<< [R with M] B#[I, J];
  writeln(s);
  [R] if M then A := B#[I, J] * 2.0; elsif Index1 > Index2 then A := 1.0; else A := 0.0; end;
  [R] writeln(A);
  -- Indices computed by an expression (evaluated only where selected).
  [R] C := 0;
  [R with M] C := integer(B#[(I + 1) % n + 1, J]);
  [R] writeln(C);
  -- Masked plain scatter: the largest selected row-major position wins.
  [V] P := (Index1 * 5) % n + 1;
  [V] W := 0;
  [V with Index1 % 2 = 1] W#[P] := Index1 * 100;
  [V] writeln(W);
  -- In a loop: the mask changes in the first three iterations, then stays.
  [R] I := n + 1 - Index2;
  [R] T := 0.0;
  for t := 1 to 5 do
    [R] M := (Index1 * 2 + Index2 + min(t, 3)) % 4 = 0;
    [R with M] T#[J, n + 1 - I] += B;
    [R with M] A := T#[J, Index2];
    [R with M] T#[Index2, Index1] := A + 1.0;
  end;
  [R] writeln(T);
  s := +<< [R] A;
  writeln(s);
  -- Rank 1 gather with a mask and a rank 1 source.
  [V] Q := n + 1 - Index1;
  [V] W := -7;
  [V without Index1 = 3] W := P#[Q];
  [V] writeln(W);
end;
