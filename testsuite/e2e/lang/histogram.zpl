-- Accumulating and masked scatters (LANGUAGE.md, remap): a histogram with +=, += of values,
-- -= of reals, *= into a rank-2 array, masked += and := (masked-out points carry invalid
-- indices, which must not move), and scatters inside a shattered if.
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/histogram.py), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 3 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- CHECK: 16 14 14 15 14 14 14 15 14 14
-- CHECK-NEXT: 16 -10 26 30 -22 14 50 0 2 38
-- CHECK-NEXT: 48 52.5 55.5 52.5 51.5 54.5 57.5 50 53.5 56.5
-- CHECK-NEXT: 7200 4800 3600 2880
-- CHECK-NEXT: 2880 14400 7200 4800
-- CHECK-NEXT: 4800 3600 2880 14400
-- CHECK-NEXT: 14400 7200 4800 3600
-- CHECK-NEXT: 14 5 8 12 4 7 10 3 6 9
-- CHECK-NEXT: 303 306 309 312
-- CHECK-NEXT: 0 606 609 612
-- CHECK-NEXT: 0 0 909 912
-- CHECK-NEXT: 0 0 0 1212
-- CHECK-NEXT: 32 50 80 21 40 70 10 30 60 9
-- CHECK-NOT: {{.}}

program histogram;
config var n : integer = 12;
region R = [1..n, 1..n];
region Bins = [1..10];
var Bin, I, J, B, C : [R] integer;
var X : [R] double;
var M : [R] boolean;
var Hist : [Bins] integer;
var Sum : [Bins] double;
var S : [1..4, 1..4] integer;

procedure histogram();
begin
  -- A histogram: every point adds 1 to its bin.
  [R] Bin := (Index1 * 7 + Index2 * 13) % 10 + 1;
  [Bins] Hist := 0;
  [R] Hist#[Bin] += 1;
  [Bins] writeln(Hist);
  -- `+=` of values onto non-zero contents, `-=` of reals.
  [R] B := Index1 - Index2;
  [R] Hist#[Bin] += B * 3;
  [Bins] writeln(Hist);
  [Bins] Sum := 100.0;
  [R] X := double(Index2) * 0.5;
  [R] Sum#[Bin] -= X;
  [Bins] writeln(Sum);
  -- `*=` into a rank-2 array: each element of S gets several factors.
  [1..4, 1..4] S := 1;
  [R] I := (Index1 - 1) / 3 + 1;
  [R] J := (Index2 - 1) / 3 + 1;
  [R] C := (Index1 + 2 * Index2) % 5 + 1;
  [R] S#[I, J] *= C;
  [1..4, 1..4] writeln(S);
  -- Masked: only the selected points move (and only theirs must be valid).
  [R] M := Index1 <= Index2;
  [R without M] Bin := -5;
  [Bins] Hist := 0;
  [R with M] Hist#[Bin] += 1;
  [Bins] writeln(Hist);
  [1..4, 1..4] S := 0;
  [R without M] I := -1;
  [R with M] S#[I, J] := Index1 * 100 + Index2;
  [1..4, 1..4] writeln(S);
  -- A scatter inside a shattered if is masked by its branch.
  [Bins] Hist := 0;
  [R with M] if B < -3 then Hist#[Bin] += 10; else Hist#[Bin] += 1; end;
  [Bins] writeln(Hist);
end;
