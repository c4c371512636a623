-- Remaps executed again and again on one static transfer: the schedule is
-- computed by the inspector once and reused while the index arrays keep
-- their contents, recomputed when they change, and kept for a gather into
-- a temporary allocated anew in every iteration. Values computed by hand
-- (n = 6):
--   A = 10, 20, .., 60; P = 7 - i (reversal) for iterations 1-3, then
--   P = i % 6 + 1 (rotation) for 4-5; each iteration B := A#[P]; A := B + 1:
--     it 1: 61 51 41 31 21 11   it 2: 12 22 32 42 52 62
--     it 3: 63 53 43 33 23 13   it 4: 54 44 34 24 14 64
--     it 5: 45 35 25 15 65 55
--   A := A#[P] + 100 it (rotation), it = 1, 2:
--     135 125 115 165 155 145, then 325 315 365 355 345 335
--   D#[Q] := A with Q = (i + 1) / 2 = 1 1 2 2 3 3 (the larger position
--   wins: D(1) = A(2), D(2) = A(4), D(3) = A(6)), twice, A += 1 between:
--     316 356 336 0 0 0
-- Inspections: the first gather 2 (iterations 1 and 4), the gather into a
-- temporary 1, the scatter 1: 4 on any number of PEs. Every PE runs 9
-- remap transfers (5 + 2 + 2).
-- Indexed messages (hand count; blocks of 6 over 4 PEs are 1-2, 3-4, 5, 6;
-- over 2 PEs 1-3, 4-6): on 4 PEs the reversal sends 4 messages per
-- execution (3 executions), the rotation 4 (4 executions), the scatter 2
-- (the losing writes of points 3 and 5 are never sent; 2 executions):
-- 12 + 16 + 4 = 32 messages of one element (256 bytes). On 2 PEs: 2
-- messages of 3 elements, 2 of 1 and 1 of 2 per execution: 6 + 8 + 2 = 16
-- (144 + 64 + 32 = 240 bytes). Copies within a PE are no messages.
-- RUN: %zplc %s -o %t && %t --stats | FileCheck --match-full-lines %s --check-prefixes=CHECK,NP1
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi --stats | FileCheck --match-full-lines %s --check-prefixes=CHECK,NP1
-- RUN: %mpirun -np 2 %t.mpi --stats | FileCheck --match-full-lines %s --check-prefixes=CHECK,NP2
-- RUN: %mpirun -np 4 %t.mpi --stats | FileCheck --match-full-lines %s --check-prefixes=CHECK,NP4
-- Both strategies move the same data.
-- RUN: %zplc %s --backend=mpi --strategy=chained -o %t.chained
-- RUN: %mpirun -np 4 %t.chained --stats | FileCheck --match-full-lines %s --check-prefixes=CHECK,NP4
-- RUN: %zplc %s --backend=mpi --strategy=packed -o %t.packed
-- RUN: %mpirun -np 4 %t.packed --stats | FileCheck --match-full-lines %s --check-prefixes=CHECK,NP4
-- CHECK: 45 35 25 15 65 55
-- CHECK-NEXT: 325 315 365 355 345 335
-- CHECK-NEXT: 316 356 336 0 0 0
-- NP1-NEXT: stats.transfers 9
-- NP2-NEXT: stats.transfers 18
-- NP4-NEXT: stats.transfers 36
-- NP1-NEXT: stats.messages 0
-- NP2-NEXT: stats.messages 16
-- NP4-NEXT: stats.messages 32
-- CHECK: stats.messages.contiguous 0
-- CHECK-NEXT: stats.messages.strided 0
-- NP1-NEXT: stats.messages.indexed 0
-- NP2-NEXT: stats.messages.indexed 16
-- NP4-NEXT: stats.messages.indexed 32
-- NP2: stats.bytes.indexed 240
-- NP4: stats.bytes.indexed 256
-- CHECK: stats.remap.inspections 4

program remaploop;
config var n     : integer = 6;
config var iters : integer = 5;
region R = [1..n];
var A, B, P, Q, D : [R] integer;

procedure remaploop();
var it : integer;
begin
  [R] P := n + 1 - Index1;
  [R] A := 10 * Index1;
  for it := 1 to iters do
    if it = 4 then
      [R] P := Index1 % n + 1;
    end;
    [R] B := A#[P];
    [R] A := B + 1;
  end;
  [R] writeln(A);

  for it := 1 to 2 do
    [R] A := A#[P] + 100 * it;
  end;
  [R] writeln(A);

  [R] Q := (Index1 + 1) / 2;
  [R] D := 0;
  for it := 1 to 2 do
    [R] D#[Q] := A;
    [R] A := A + 1;
  end;
  [R] writeln(D);
end;
