-- Shattered if (docs/language.md section 9): if/else, an elsif chain with
-- shifted reads in its branches, conditions evaluated before any branch runs, array
-- semantics inside a branch, composed with with/without masks, nested parallel and
-- scalar ifs, promoted calls in conditions and branches, += in a branch.
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/shatter.py), not from zplc.
-- RUN: python3 %S/reference/shatter.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | diff %t.ref -

program shatter;
config var n : integer = 6;
region R = [1..n, 1..n];
region BigR = [0..n+1, 0..n+1];
direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
var A : [BigR] integer;
var B, C : [R] integer;
var X : [R] double;
var M : [R] boolean;
var s : integer;

procedure sgn(k : integer) : integer;
begin
  if k > 0 then return 1; elsif k < 0 then return -1; end;
  return 0;
end;

procedure shatter();
begin
  [BigR] A := (Index1 * 7 + Index2 * 3) % 11 - 5;
  -- if/else.
  [R] if A > 0 then B := A; else B := -A; end;
  [R] writeln(B);
  -- An elsif chain whose branches read shifted values.
  [R] if A < -2 then C := A@north;
      elsif A < 2 then C := A@east + A@west;
      elsif A = 2 then C := 100;
      else C := A@south * 10;
      end;
  [R] writeln(C);
  -- A branch overwrites what a later condition reads: every condition is
  -- evaluated before the first branch runs.
  [R] B := A;
  [R] if B > 0 then B := -B - 10; elsif B > -3 then B := 50; end;
  [R] writeln(B);
  -- Reads of the assigned array at a shift inside a branch (ZPL array
  -- semantics: old values).
  [R] C := Index1 * 10 + Index2;
  [R] if A >= 0 & Index2 < n then C := C@east; end;
  [R] writeln(C);
  -- Composed with a mask, nested, with a promoted call and `+=`.
  [R] M := Index1 <= Index2;
  [R] C := 0;
  [R with M] if A > 0 then
      C := 1;
      if A > 3 then C += 10; else C += 20; end;
    else
      C := sgn(A) * 5;
      if Index2 - Index1 > 2 then C := 7; end;
    end;
  [R] writeln(C);
  [R] s := +<< C;
  writeln(s);
  -- `without`, a promoted call in the condition, a scalar `if` inside.
  [R] X := 0.0;
  [R without M] if sgn(A) != 0 then
      if n > 3 then X := double(A) / 4.0; else X := 99.0; end;
    else
      X := 0.5;
    end;
  [R] writeln(X);
end;
