-- Promoted call statements with 'var' parameters (docs/language.md section
-- 9): several results per element, as NPB EP's pair of Gaussian deviates;
-- real and integer outputs, a masked scope (elements outside the mask keep
-- their values), a shifted argument, a procedure that reads an output after
-- assigning it, and the same procedure called on scalars.
-- Expected values computed independently (plain Python:
-- testsuite/e2e/lang/reference/promoteout.py), not from zplc.
-- RUN: python3 %S/reference/promoteout.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | diff %t.ref -
-- RUN: %zplc %s --backend=sim --machine=t3d -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -

program promoteout;
config var n : integer = 6;
region R = [1..n, 1..n];
region Wide = [1..n, 1..n+1];
var U : [Wide] double;
var V, G1, G2, Whole, Part : [R] double;
var In : [R] integer;
var M : [R] boolean;
var a, b : double;
var k : integer;

-- Marsaglia's polar method (NPB EP): uniform x, y in (-1, 1) inside the
-- unit disc give two Gaussian deviates; outside it, none.
procedure gaussians(x, y : double; var g1, g2 : double; var inside : integer);
var t, f : double;
begin
  t := x * x + y * y;
  if t <= 1.0 & t > 0.0 then
    f := sqrt(-2.0 * log(t) / t);
    g1 := x * f;
    g2 := y * f;
    inside := 1;
  end;
end;

-- Integer and fractional parts of x * s (reads 'whole' once assigned).
procedure split(x, s : double; var whole, part : double);
begin
  whole := floor(x * s);
  part := x * s - whole;
end;

procedure promoteout();
begin
  [Wide] U := 2.0 * ((Index1 * 0.37 + Index2 * 0.61) - floor(Index1 * 0.37 + Index2 * 0.61)) - 1.0;
  [R] V := 2.0 * ((Index1 * 0.53 + Index2 * 0.29) - floor(Index1 * 0.53 + Index2 * 0.29)) - 1.0;
  [R] gaussians(U@[0, 1], V, G1, G2, In);
  [R] writeln(G1);
  [R] writeln(G2);
  [R] writeln(In);
  writeln("sums ", +<< [R] G1, " ", +<< [R] G2, " pairs ", +<< [R] In);
  [R] Whole := -1.0;
  [R] Part := -1.0;
  [R] M := (Index1 + Index2) % 3 = 0;
  [R with M] split(V, 3.7, Whole, Part);
  [R] writeln(Whole);
  [R] writeln(Part);
  gaussians(0.25, -0.5, a, b, k);
  writeln("scalar ", a, " ", b, " ", k);
end;
