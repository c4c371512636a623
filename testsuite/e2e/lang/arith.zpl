-- Arithmetic: % on integers, integer and real ^ (right-assoc, precedence), integer division, mixed integer/real promotion, 32-bit float, built-ins, comparisons and logic, elementwise on arrays.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- CHECK: 2 0 3 3 13
-- CHECK-NEXT: 1024 1099511627776 512 12 1
-- CHECK-NEXT: 1.41421 3 0.5 2.25
-- CHECK-NEXT: 3 3.5 1.5 4.5 9.75
-- CHECK-NEXT: 1
-- CHECK-NEXT: 1.75
-- CHECK-NEXT: 7.5
-- CHECK-NEXT: 16777216.0 16777217.0
-- CHECK-NEXT: 3.25 1.625 8.5
-- CHECK-NEXT: 3 2.5 4 2 3 3 3.5
-- CHECK-NEXT: 3 5 -1 8 1 0
-- CHECK-NEXT: true false true false true false true
-- CHECK-NEXT: 2 3 3
-- CHECK-NEXT: 5 5 5
-- CHECK-NEXT: 4.75 3 4.25
-- CHECK-NEXT: 5.25 6.5 7.75
-- CHECK-NEXT: 30 35.75 42
-- CHECK-NEXT: 110 120.75 132
-- CHECK-NEXT: 21 44 69
-- CHECK-NEXT: 41 84 29
-- CHECK-NEXT: 4.5826 6.6332 8.3066
-- CHECK-NEXT: 6.4031 9.1652 5.3852
-- CHECK-NOT: {{.}}

program arith;
region R = [1..2, 1..3];
var A : [R] integer;
var D : [R] double;
var F : [R] float;
var f, g : float;
var d : double;
var i, k : integer;
procedure arith();
begin
  writeln(17 % 5, " ", 20 % 4, " ", 3 % 7, " ", 17 / 5, " ", 2 + 3 * 4 - 6 / 4);
  writeln(2 ^ 10, " ", 2 ^ 40, " ", 2 ^ 3 ^ 2, " ", 3 * 2 ^ 2, " ", 5 ^ 0);
  writeln(2.0 ^ 0.5, " ", 9.0 ^ 0.5, " ", 2 ^ -1.0, " ", 1.5 ^ 2);
  writeln(7 / 2, " ", 7 / 2.0, " ", 1 + 0.5, " ", 3 * 1.5, " ", 10 - 0.25);
  i := 7;
  d := i / 4;
  writeln(d);
  d := i / 4.0;
  writeln(d);
  d := i;
  writeln(d + 0.5);
  f := 16777216.0;
  f := f + 1.0;
  d := 16777216.0;
  d := d + 1.0;
  writeln(f:"%.1f", " ", d:"%.1f");
  f := 1.5;
  g := f * 2.25 - 0.125;
  writeln(g, " ", g / 2.0, " ", f + i);
  writeln(abs(-3), " ", abs(-2.5), " ", sqrt(16.0), " ", floor(2.7), " ", ceil(2.1), " ", integer(3.9), " ", double(7) / 2);
  writeln(min(3, 5), " ", max(3, 5), " ", min(2.5, -1.0), " ", pow(2.0, 3.0), " ", exp(0.0), " ", log(1.0));
  writeln(1 < 2, " ", 2 <= 1, " ", 3 = 3, " ", 3 != 3, " ", !(1 > 2), " ", true & false, " ", true | false);
  [R] A := Index1 * 10 + Index2;
  [R] D := A / 4;
  [R] writeln(D);
  [R] D := A / 4.0 + A % 3;
  [R] writeln(D);
  [R] F := A * 0.5;
  [R] F := F * F - 0.25;
  [R] writeln(F);
  [R] A := A ^ 2 % 100;
  [R] writeln(A);
  [R] D := double(A) ^ 0.5;
  [R] writeln(D:"%.4f");
end;
