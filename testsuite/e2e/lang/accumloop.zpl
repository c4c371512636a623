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
-- Inspections (the same on any number of PEs). An integer scatter runs
-- without a schedule (direct) when its indices are new, and is inspected
-- when the same indices come again: the histogram direct in 1, 4 and 6,
-- inspected in 2 and 5; `*=` direct in 1, inspected in 2; the two masked
-- scatters direct in 1 and 2, inspected in 3; `-=` of reals inspected in 1:
-- 6 inspections, 8 direct runs.
-- RUN: %zplc %s -o %t && %t --stats | FileCheck --match-full-lines %s --check-prefixes=CHECK,STATS
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | FileCheck --match-full-lines %s --check-prefixes=CHECK,END
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | FileCheck --match-full-lines %s --check-prefixes=CHECK,END
-- RUN: %mpirun -np 2 %t.mpi --stats | FileCheck --match-full-lines %s --check-prefixes=CHECK,STATS
-- RUN: %mpirun -np 3 %t.mpi | FileCheck --match-full-lines %s --check-prefixes=CHECK,END
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 --stats | FileCheck --match-full-lines %s --check-prefixes=CHECK,STATS
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s --check-prefixes=CHECK,END
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s --check-prefixes=CHECK,END
-- RUN: %zplc %s --backend=mpi --strategy=chained -o %t.chained
-- RUN: %mpirun -np 4 %t.chained | FileCheck --match-full-lines %s --check-prefixes=CHECK,END
-- RUN: %zplc %s --backend=sim --machine=t3e -o %t.sim
-- RUN: %t.sim --pes=4 --stats | FileCheck --match-full-lines %s --check-prefixes=CHECK,STATS
-- CHECK: 448 528 288 368 288 368 448 208
-- CHECK-NEXT: 904 1064 584 744 584 744 904 424
-- CHECK-NEXT: 1368 1608 888 1128 888 1128 1368 648
-- CHECK-NEXT: 1720 1784 2088 1304 1240 1304 1896 824
-- CHECK-NEXT: 2080 1964 3308 1484 1600 1484 2436 1004
-- CHECK-NEXT: 2568 2532 3636 1892 1928 1892 2924 1252
-- CHECK-NEXT: 14871275274240000 3614546073600000 9368903422771200 1892707762176000
-- CHECK-NEXT: 8520001459200000 813272866560000 9958443264000000 169009008537600000
-- CHECK-NEXT: 82987027200 21344400000 50295168000 49397040000
-- CHECK-NEXT: -42 -39 -36 -45
-- CHECK-NEXT: -45 -42 -39 -36
-- CHECK-NEXT: -21 -27 -33 -27
-- CHECK-NEXT: 2111 2309 2111 2309 2111 1814 2210 2309
-- END-NOT: {{.}}
-- STATS: stats.remap.inspections 6
-- STATS-NEXT: stats.remap.direct 8

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
