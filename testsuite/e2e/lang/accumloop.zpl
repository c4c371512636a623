-- Accumulating scatters executed again and again on one static transfer
-- (issue 14): the schedule is computed by the inspector once and reused
-- while the index arrays (and a masked scatter's mask) keep their contents,
-- computed again when they change; the values combined change every time.
-- A histogram whose bins stay (iterations 1-3), change (4), stay (5) and
-- change back (6); `*=` with products beyond 2^53 (exact only as
-- integers) and `-=` of reals over index arrays rewritten with the same
-- values in iteration 3; masked `+=` whose mask changes in iterations 1-2
-- and then stays.
-- Expected values computed independently (plain Python:
-- testsuite/e2e/lang/reference/accumloop.py), not from zplc.
-- Inspections (the same on any number of PEs). An integer scatter always
-- runs without a schedule (direct): the histogram 6 times, `*=` 3 times;
-- the two masked scatters, which nothing else in their loop touches, are
-- deferred over it (zpl-defer-combines: no run of their own). A scatter
-- of reals runs direct when its indices are new and is inspected when the
-- same indices come again: `-=` direct in 1, inspected in 2 (I rewritten
-- with its own values in 3 keeps the schedule): 1 inspection, 10 direct
-- runs.
-- RUN: python3 %S/reference/accumloop.py > %t.ref
-- RUN: %zplc %s -o %t && %t --stats > %t.out && FileCheck --match-full-lines --check-prefix=STATS %s < %t.out && grep -v '^stats\.' %t.out | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi --stats > %t.out && FileCheck --match-full-lines --check-prefix=STATS %s < %t.out && grep -v '^stats\.' %t.out | diff %t.ref -
-- RUN: %mpirun -np 3 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 --stats > %t.out && FileCheck --match-full-lines --check-prefix=STATS %s < %t.out && grep -v '^stats\.' %t.out | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi --strategy=chained -o %t.chained
-- RUN: %mpirun -np 4 %t.chained | diff %t.ref -
-- RUN: %zplc %s --backend=sim --machine=t3e -o %t.sim
-- RUN: %t.sim --pes=4 --stats > %t.out && FileCheck --match-full-lines --check-prefix=STATS %s < %t.out && grep -v '^stats\.' %t.out | diff %t.ref -
-- STATS: stats.remap.inspections 1
-- STATS-NEXT: stats.remap.direct 10

program accumloop;
config var n : integer = 8;
region R = [1..n, 1..n];
region V = [1..n];
region H = [1..3, 1..4];
var Bin, I, J, C : [R] integer;
var X : [R] double;
var M : [R] boolean;
var Hist : [V] integer;
var P : [H] integer;
var S : [H] double;
var t : integer;

procedure accumloop();
begin
  -- A histogram of changing values; bins fixed in 1-3, new in 4-5, the first again in 6.
  [V] Hist := 0;
  for t := 1 to 6 do
    if t = 1 | t = 6 then
      [R] Bin := (Index1 * 3 + Index2 * Index2) % n + 1;
    elsif t = 4 then
      [R] Bin := (Index1 * Index2 + 2) % n + 1;
    end;
    [R] Hist#[Bin] += Index1 * 10 + t;
    [V] writeln(Hist);
  end;
  -- `*=` beyond 2^53 and `-=` of reals; I rewritten with its own values in 3.
  [H] P := 1;
  [H] S := 0.0;
  [R] I := (Index1 - 1) % 3 + 1;
  [R] J := (Index1 + Index2) % 4 + 1;
  for t := 1 to 3 do
    if t = 3 then
      [R] I := (Index1 + 2) % 3 + 1;
    end;
    [R] C := (Index1 * Index2 + t) % 7 + 5;
    [R] P#[I, J] *= C;
    [R] X := double(Index2 * t) * 0.25;
    [R] S#[I, J] -= X;
  end;
  [H] writeln(P);
  [H] writeln(S);
  -- Masked, the mask changing in iterations 1-2, then staying.
  [V] Hist := 0;
  [R] Bin := (Index1 + Index2 * 2) % n + 1;
  for t := 1 to 4 do
    [R] M := (Index1 + Index2 + min(t, 2)) % 3 = 0;
    [R with M] Hist#[Bin] += 1;
    [R without M] Hist#[Bin] += 100;
  end;
  [V] writeln(Hist);
end;
