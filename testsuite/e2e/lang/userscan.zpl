-- User-defined scans (docs/language.md section 6): `f|| A` in row-major
-- order over the scope and `f|| [d] A` along one dimension, with an
-- operator that does not commute ("the last value that is not zero": a
-- fill-forward), a real operator, an integer operand of a real operator,
-- and a rank-3 scan; on every number of PEs and distribution the result
-- is the sequential one.
-- Expected values computed independently (plain Python:
-- testsuite/e2e/lang/reference/userscan.py), not from zplc.
-- RUN: python3 %S/reference/userscan.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | diff %t.ref -
-- RUN: %zplc %s --backend=sim --machine=t3d -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -
-- RUN: %t.sim --pes=3 --grid=3x1 | diff %t.ref -
program userscan;
region R = [1..4, 1..5];
region C = [1..2, 1..2, 1..3];
var V, S : [R] integer;
var A, D : [R] double;
var W, T : [C] integer;

-- b, or a where b is zero: associative, not commutative
procedure lastnz(a, b : integer) : integer;
begin
  if b != 0 then return b; end;
  return a;
end;

-- the value of larger magnitude, keeping the earlier one on a tie
procedure maxabs(a, b : double) : double;
begin
  if abs(b) > abs(a) then return b; end;
  return a;
end;

procedure userscan();
begin
  [R] V := (Index1 * 7 + Index2 * 3) % 5 * ((Index1 + Index2) % 3);
  [R] writeln(V);
  [R] S := lastnz|| V;
  [R] writeln(S);
  [R] S := lastnz|| [1] V;
  [R] writeln(S);
  [R] S := lastnz|| [2] V;
  [R] writeln(S);
  [R] A := (Index1 - 2.5) * (Index2 - 3) + 0.25 * Index2;
  [R] D := maxabs|| A;
  [R] writeln(D);
  [R] D := maxabs|| [1] (V - 2);
  [R] writeln(D);
  [C] W := (Index1 + 2 * Index2 + Index3) % 4;
  [C] T := lastnz|| W;
  [C] writeln(T);
end;
