-- Reductions of scalar operands (docs/language.md section 6): the operand is
-- evaluated at every index of the scope (or of the reduction's own region),
-- so `+<< 1` counts the indices, `+<< x` is x times their number and
-- `max<< x` is x; over ranks 1-3, a strided region, masks, inside array
-- statements, partial reductions, a scalar procedure's parameter and a loop.
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/redscalar.py), not from zplc.
-- RUN: python3 %S/reference/redscalar.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | diff %t.ref -

program redscalar;
config var n : integer = 5;
region R = [1..n, 1..n+1];
region L = [1..2*n];
region C = [1..n, 1..n, 1..2];
region S = [R by [2, 3]];
region Col = [1..n, 1];
var A : [R] double;
var M : [R] boolean;
var P : [Col] integer;
var F : [Col] double;
var k, i : integer;
var x, y : double;
var f : float;
var b : boolean;

procedure total(v : double) : double;
var s : double;
begin
  [L] s := +<< v;
  return s;
end;

procedure redscalar();
begin
  [R] k := +<< 1;
  writeln("count R ", k);
  [L] k := +<< 1;
  writeln("count L ", k);
  [C] k := +<< 1;
  writeln("count C ", k);
  [S] k := +<< 1;
  writeln("count S ", k, " ", +<< [S] 2);
  [R] M := (Index1 + Index2) % 3 = 0;
  [R with M] k := +<< 1;
  write("masked ", k);
  [R without M] k := +<< 1;
  writeln(" ", k);
  x := 2.5;
  [R] y := +<< x;
  writeln("sum ", y, " ", +<< [C] (x * 2.0));
  [L] k := *<< 2;
  [R] y := *<< 1.5;
  writeln("product ", k, " ", y:"%.4f");
  [R] y := max<< x;
  writeln("max ", y, " min ", min<< [L] (x - 4.0), " ", max<< [C] n);
  f := 0.5;
  [L] f := +<< f;
  writeln("float ", f);
  b := true;
  [R] b := &<< b;
  write("bool ", b);
  [R] b := |<< (x > 3.0);
  writeln(" ", b);
  [R] A := Index1 * Index2;
  [R] y := +<< x + +<< A;
  writeln("mixed ", y);
  [R] A := +<< 1 - Index1;
  writeln("in statement ", +<< [R] A);
  [Col] P := +<< [R] 1;
  [Col] writeln(P);
  [Col] F := max<< [R] (x + Index1);
  [Col] writeln(F);
  writeln("procedure ", total(1.5));
  for i := 1 to 3 do
    [L] k := +<< i * i;
    write(k, " ");
  end;
  writeln();
end;
