-- Accumulating and masked scatters (docs/language.md section 7): a histogram with +=, += of values,
-- -= of reals, *= into a rank-2 array, masked += and := (masked-out points carry invalid
-- indices, which must not move), and scatters inside a shattered if.
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/histogram.py), not from zplc.
-- RUN: python3 %S/reference/histogram.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 3 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | diff %t.ref -

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
