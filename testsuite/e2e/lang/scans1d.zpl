-- Scans over rank-1 regions (docs/language.md section 6): with an exact
-- operator (integer + and *, max, min, &) each PE scans its block and adds
-- the totals of the blocks before it; a floating-point sum keeps the
-- sequential walk. Blocks of uneven sizes (3 PEs), empty blocks (more PEs
-- than the 2-index region), a strided region, a part of the array's
-- region, and distributions without one block per PE (cyclic and block-
-- cyclic, --dist) must all give the sequential result.
-- Expected values computed independently (plain Python:
-- testsuite/e2e/lang/reference/scans1d.py), not from zplc.
-- RUN: python3 %S/reference/scans1d.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 3 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi | diff %t.ref -
-- RUN: %zplc %s --backend=mpi --dist=cyclic -o %t.cyc
-- RUN: %mpirun -np 3 %t.cyc | diff %t.ref -
-- RUN: %zplc %s --backend=mpi '--dist=blockcyclic(2)' -o %t.bc
-- RUN: %mpirun -np 4 %t.bc | diff %t.ref -
-- RUN: %zplc %s --backend=sim --machine=t3d -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -
-- RUN: %t.sim --pes=3 | diff %t.ref -
program scans1d;
config var n : integer = 13;
region R = [1..n];
region Tail = [3..n];
region Every3 = [R by 3];
region Two = [1..2];
var K, S : [R] integer;
var A, D : [R] double;
var M, B : [R] boolean;
var K2, S2 : [Two] integer;

procedure scans1d();
begin
  [R] K := (Index1 * 7) % 11 - 5;
  [R] A := (Index1 * 5) % 9 - 3.5;
  [R] M := (Index1 % 4) != 3;
  [R] S := +|| K;
  [R] writeln(S);
  [R] S := max|| K;
  [R] writeln(S);
  [R] S := min|| K;
  [R] writeln(S);
  [R] S := *|| (K % 3 + 2);
  [R] writeln(S);
  [R] D := max|| A;
  [R] writeln(D);
  [R] D := 0.1 * A;
  [R] D := +|| D;
  [R] writeln(D);
  [R] B := &|| M;
  [R] writeln(integer(B));
  [R] S := 0;
  [Tail] S := +|| K;
  [R] writeln(S);
  [R] S := 0;
  [Every3] S := +|| K;
  [R] writeln(S);
  [Two] K2 := Index1 * 10;
  [Two] S2 := +|| K2;
  [Two] writeln(S2);
end;
