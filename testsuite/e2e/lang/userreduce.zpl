-- User-defined reductions (docs/language.md section 6): a procedure of
-- two values returning one combines the elements of the scope: reals,
-- integers, booleans, a mask, a scalar operand, an integer operand of a
-- real operator (testsuite/e2e/userreduce-order.zpl: an operator that
-- does not commute, and an empty reduction).
-- Expected values computed independently (plain Python:
-- testsuite/e2e/lang/reference/userreduce.py), not from zplc.
-- RUN: python3 %S/reference/userreduce.py > %t.ref
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
program userreduce;
config var n : integer = 7;
region R = [1..n, 1..n];
var A : [R] double;
var K : [R] integer;
var M : [R] boolean;

-- the larger absolute value, keeping its sign
procedure maxabs(a, b : double) : double;
begin
  if abs(b) > abs(a) then return b; end;
  return a;
end;

-- the greatest common divisor (associative and commutative)
procedure gcd(a, b : integer) : integer;
var x, y, t : integer;
begin
  x := abs(a); y := abs(b);
  while y != 0 do
    t := x % y; x := y; y := t;
  end;
  return x;
end;

procedure bothtrue(a, b : boolean) : boolean;
begin
  return a & b;
end;

procedure userreduce();
var m : double;
var g : integer;
begin
  [R] A := (Index1 - 4) * (Index2 + 1) * 0.5 - Index2;
  [R] K := 6 * Index1 * Index2 + 12;
  [R] M := Index1 + Index2 > n;
  m := maxabs<< [R] A;
  g := gcd<< [R] K;
  writeln("maxabs ", m, " gcd ", g);
  [R with M] writeln("masked maxabs ", maxabs<< A);
  [R] writeln("gcd of a scalar operand ", gcd<< 18);
  [R] writeln("all ", bothtrue<< (K > 0), " ", bothtrue<< M);
  [R with M] writeln("maxabs of integers ", maxabs<< K);
end;
