-- Output: write vs writeln, empty writeln, %g reals, printf formats on scalars and arrays, booleans as true/false, string escapes, printing rank-1 and rank-2 arrays (rank 3 in rank3.zpl).
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- CHECK: ab1 c
-- CHECK-EMPTY:
-- CHECK-NEXT: x=3.14159 k=-42 b=false t=true
-- CHECK-NEXT: [   3.142][3.14     ][3.14e+00]
-- CHECK-NEXT: 0.1 100000 1e+06 1e-05 0.0001 2500
-- CHECK-NEXT: tab	here "quoted" back\slash
-- CHECK-NEXT: two
-- CHECK-NEXT: lines
-- CHECK-NEXT: 1.125 1.25 1.375
-- CHECK-NEXT: 2.125 2.25 2.375
-- CHECK-NEXT:   1.12   1.25   1.38
-- CHECK-NEXT:   2.12   2.25   2.38
-- CHECK-NEXT: true false false
-- CHECK-NEXT: false true false
-- CHECK-NEXT: -4 -1 4 11 20
-- CHECK-NEXT: -4 -1 4 11 20 end
-- CHECK-NEXT: A: 1.125 1.25 1.375
-- CHECK-NEXT: 2.125 2.25 2.375
-- CHECK-NOT: {{.}}

program io;
region R = [1..2, 1..3];
region V = [1..5];
var A : [R] double;
var B : [R] boolean;
var I : [V] integer;
var x : double;
var b : boolean;
var k : integer;
procedure io();
begin
  write("a");
  write("b", 1, " ");
  writeln("c");
  writeln();
  x := 3.14159265;
  k := -42;
  b := false;
  writeln("x=", x, " k=", k, " b=", b, " t=", true);
  writeln("[", x:"%8.3f", "]", "[", x:"%-9.2f", "]", "[", x:"%.2e", "]");
  writeln(0.1, " ", 100000.0, " ", 1000000.0, " ", 1e-5, " ", 0.0001, " ", 2.5e3);
  writeln("tab\there \"quoted\" back\\slash");
  write("two\nlines");
  writeln();
  [R] A := Index1 + Index2 / 8.0;
  [R] writeln(A);
  [R] writeln(A:"%6.2f");
  [R] B := Index1 = Index2;
  [R] writeln(B);
  [V] I := Index1 * Index1 - 5;
  [V] writeln(I);
  [V] write(I);
  writeln(" end");
  [R] writeln("A: ", A);
end;
