-- User-defined partial reductions (docs/language.md section 6): f<< over a
-- region reduced onto the scope's shape, combined per destination element
-- in row-major order of the source, so an operator that neither commutes
-- nor associates gives the same result on any number of PEs and any grid:
-- onto a column, a row, a flood dimension, a single point; a strided
-- source; an integer operand of a real operator; a scalar operand
-- (testsuite/e2e/userpartial-gap.zpl: an element with no value).
-- Expected values computed independently (plain Python:
-- testsuite/e2e/lang/reference/userpartial.py), not from zplc.
-- RUN: python3 %S/reference/userpartial.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 3 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | diff %t.ref -
-- RUN: %zplc %s --backend=sim --machine=t3d -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -
-- RUN: %t.sim --pes=3 --grid=3x1 | diff %t.ref -
program userpartial;
config var n : integer = 6;
region R = [1..n, 1..n];
region Col = [1..n, 1];
region Row = [1, 1..n];
region Odd = [R by [2, 2]];
region OddCol = [Col by [2, 1]];
var K : [R] integer;
var A : [R] double;
var S : [Col] integer;
var T : [Row] integer;
var F : [1..n, *] double;
var D : [Col] double;
var P : [R] integer;

-- neither commutes nor associates: 3a - b
procedure skew(a, b : integer) : integer;
begin
  return 3 * a - b;
end;

-- b's decimal digits written after a's (associative, not commuting)
procedure digits(a, b : integer) : integer;
var p : integer;
begin
  p := 10;
  while p <= b do p := p * 10; end;
  return a * p + b;
end;

-- halfway from a towards b
procedure toward(a, b : double) : double;
begin
  return (a + b) / 2.0;
end;

procedure userpartial();
begin
  [R] K := (Index1 * 7 + Index2 * 3) % 10;
  [R] A := Index1 - 0.5 * Index2;
  [Col] S := skew<< [R] K;
  [Col] writeln(S);
  [Row] T := digits<< [R] K;
  [Row] writeln(T);
  [1..n, *] F := toward<< [R] A;
  [Col] D := F;
  [Col] writeln(D);
  [Col] D := toward<< [R] K;
  [Col] writeln(D);
  [OddCol] S := skew<< [Odd] K;
  [Col] writeln(S);
  [1, 1] S := skew<< [R] K;
  [1, 1] writeln(S);
  [Row] T := skew<< [R] 2;
  [Row] writeln(T);
end;
