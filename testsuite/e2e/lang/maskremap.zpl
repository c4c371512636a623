-- Masked gathers and scatters (docs/language.md section 7): only the selected
-- elements move, so unselected points may hold indices outside the
-- indexed array; `with` and `without`, a transpose by the Index arrays,
-- gathers in a masked reduction and in a shattered if, computed indices,
-- a masked plain scatter (the largest selected position wins), and masked
-- remaps in a loop whose mask changes for three iterations and then stays
-- (the schedule is computed again only when the mask or indices change).
-- Expected values computed independently (plain Python:
-- testsuite/e2e/lang/reference/maskremap.py), not from zplc.
-- Inspections (the same on any number of PEs): 6 masked remaps before the
-- loop and the last one once each; in the loop the gather and the scatter
-- 3 times each (iterations 1-3; 4 and 5 keep the schedule of 3): 13; and
-- the accumulating scatter of reals, which runs without a schedule while
-- its mask is new (iterations 1-3: 3 direct runs) and builds one when the
-- mask of 3 recurs in 4, kept in 5: 1. Inspections 14, direct runs 3.
-- RUN: python3 %S/reference/maskremap.py > %t.ref
-- RUN: %zplc %s -o %t && %t --stats > %t.out && FileCheck --match-full-lines --check-prefix=STATS %s < %t.out && grep -v '^stats\.' %t.out | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi --stats > %t.out && FileCheck --match-full-lines --check-prefix=STATS %s < %t.out && grep -v '^stats\.' %t.out | diff %t.ref -
-- RUN: %mpirun -np 3 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 --stats > %t.out && FileCheck --match-full-lines --check-prefix=STATS %s < %t.out && grep -v '^stats\.' %t.out | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | diff %t.ref -
-- STATS: stats.remap.inspections 14
-- STATS-NEXT: stats.remap.direct 3

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
