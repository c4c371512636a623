-- One routine called for arrays of two sizes (issue 26, item 3): its
-- accumulating scatter and its gather keep one schedule per array shape at
-- their call site, so alternating the sizes reuses each size's schedule
-- instead of inspecting again at every call. fill(H, nb) adds reals and
-- integers into the nb bins of H and C at keys that depend on nb only, and
-- gathers H back at those keys; it is called for the 4-bin and the 16-bin
-- arrays in turn, three times each, with values that change every call.
-- Expected values computed independently (plain Python:
-- testsuite/e2e/lang/reference/scattersizes.py), not from zplc.
-- Inspections (the same on any number of PEs): the gather once per size
-- (2); the scatter of reals runs without a schedule at each size's first
-- call (2 direct runs) and builds the schedule at its second (2), which
-- the third reuses; the integer scatter always runs directly (6). So 4
-- inspections and 8 direct runs; keeping only the last shape would
-- inspect the gather at every call.
-- RUN: python3 %S/reference/scattersizes.py > %t.ref
-- RUN: %zplc %s -o %t && %t --stats > %t.out && FileCheck --match-full-lines --check-prefix=STATS %s < %t.out && grep -v '^stats\.' %t.out | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi --stats > %t.out && FileCheck --match-full-lines --check-prefix=STATS %s < %t.out && grep -v '^stats\.' %t.out | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi --stats > %t.out && FileCheck --match-full-lines --check-prefix=STATS %s < %t.out && grep -v '^stats\.' %t.out | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --stats > %t.out && FileCheck --match-full-lines --check-prefix=STATS %s < %t.out && grep -v '^stats\.' %t.out | diff %t.ref -
-- RUN: %zplc %s --backend=sim --machine=t3d -o %t.sim
-- RUN: %t.sim --pes=4 --stats > %t.out && FileCheck --match-full-lines --check-prefix=STATS %s < %t.out && grep -v '^stats\.' %t.out | diff %t.ref -
-- STATS: stats.remap.inspections 4
-- STATS-NEXT: stats.remap.direct 8

program scattersizes;
region R = [1..12];
region Small = [1..4];
region Large = [1..16];
var Key : [R] integer;
var X, G : [R] double;
var HS : [Small] double;
var HL : [Large] double;
var CS : [Small] integer;
var CL : [Large] integer;
var t : integer;

procedure fill(H : [] double; C : [] integer; nb : integer);
begin
  [R] Key := (Index1 * 5) % nb + 1;
  [R] X := double(Index1 * t + nb);
  [R] H#[Key] += X;
  [R] C#[Key] += Index1 * t;
  [R] G := H#[Key];
  [R] writeln(G);
end;

procedure scattersizes();
begin
  [Small] HS := 0.5;
  [Large] HL := 0.25;
  [Small] CS := 0;
  [Large] CL := 0;
  for t := 1 to 3 do
    fill(HS, CS, 4);
    fill(HL, CL, 16);
  end;
  [Small] writeln(HS);
  [Large] writeln(HL);
  [Small] writeln(CS);
  [Large] writeln(CL);
end;
