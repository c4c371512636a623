-- Shattered if (LANGUAGE.md, shattered control flow): if/else, an elsif chain with
-- shifted reads in its branches, conditions evaluated before any branch runs, array
-- semantics inside a branch, composed with with/without masks, nested parallel and
-- scalar ifs, promoted calls in conditions and branches, += in a branch.
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/shatter.py), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- CHECK: 5 3 0 3 5 2
-- CHECK-NEXT: 1 4 4 1 2 5
-- CHECK-NEXT: 3 0 3 5 2 1
-- CHECK-NEXT: 4 4 1 2 5 3
-- CHECK-NEXT: 0 3 5 2 1 4
-- CHECK-NEXT: 4 1 2 5 3 0
-- CHECK-NEXT: 10 1 0 -10 -1 -4
-- CHECK-NEXT: 2 0 0 -2 100 10
-- CHECK-NEXT: 1 0 -10 -1 -4 2
-- CHECK-NEXT: 0 0 -2 100 10 1
-- CHECK-NEXT: 0 -10 -1 -4 2 0
-- CHECK-NEXT: 0 -2 100 10 1 0
-- CHECK-NEXT: -15 -3 50 -13 -5 50
-- CHECK-NEXT: -11 -14 -4 50 -12 -15
-- CHECK-NEXT: -3 50 -13 -5 50 -11
-- CHECK-NEXT: -14 -4 50 -12 -15 -3
-- CHECK-NEXT: 50 -13 -5 50 -11 -14
-- CHECK-NEXT: -4 50 -12 -15 -3 50
-- CHECK-NEXT: 12 12 14 15 15 16
-- CHECK-NEXT: 22 23 23 24 26 26
-- CHECK-NEXT: 31 33 34 34 35 36
-- CHECK-NEXT: 42 42 43 45 46 46
-- CHECK-NEXT: 52 53 53 54 56 56
-- CHECK-NEXT: 61 62 64 65 65 66
-- CHECK-NEXT: 11 -5 0 21 7 7
-- CHECK-NEXT: 0 11 -5 -5 21 11
-- CHECK-NEXT: 0 0 21 -5 -5 21
-- CHECK-NEXT: 0 0 0 21 11 -5
-- CHECK-NEXT: 0 0 0 0 21 11
-- CHECK-NEXT: 0 0 0 0 0 0
-- CHECK-NEXT: 165
-- CHECK-NEXT: 0 0 0 0 0 0
-- CHECK-NEXT: 0.25 0 0 0 0 0
-- CHECK-NEXT: -0.75 0.5 0 0 0 0
-- CHECK-NEXT: 1 -1 -0.25 0 0 0
-- CHECK-NEXT: 0.5 0.75 -1.25 -0.5 0 0
-- CHECK-NEXT: -1 -0.25 0.5 1.25 -0.75 0
-- CHECK-NOT: {{.}}

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
