-- max<< and min<< of reals are exact on every back end, -O level and PE
-- count (docs/codegen.md, "Reductions"): a NaN element makes the result
-- NaN (printed "nan" whatever NaN it was: sqrt(-1) is a negative NaN on
-- x86), -0 < +0, so max(-0, +0) = +0 and min(-0, +0) = -0 in any order;
-- the same holds for partial reductions and for float. Boolean &<< and |<<
-- accumulate in a byte. Expected values worked out by hand: A = 10*i + j
-- over 6 x 6 gives 66 and 11; Index2 - 3.5 gives 2.5 and -2.5; i - j gives
-- 5 and -5; i + j < 7 holds at (1, 1) but not at (6, 6); the max of
-- |i - 10 j| is 59, at (1, 6).
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc -O0 %s -o %t.O0 && %t.O0 | FileCheck --match-full-lines %s
-- RUN: %zplc -O1 %s -o %t.O1 && %t.O1 | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 3 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=sim -o %t.sim && %t.sim --pes=4 | FileCheck --match-full-lines %s
-- CHECK: 66 11 -0 -0
-- CHECK-NEXT: 0 -0
-- CHECK-NEXT: nan nan
-- CHECK-NEXT: 2.5 -2.5
-- CHECK-NEXT: false true
-- CHECK-NEXT: true true
-- CHECK-NEXT: 5 -5
-- CHECK-NEXT: nan nan
-- CHECK-NEXT: -0 -0
-- CHECK-NEXT: 59 2.5 0
-- CHECK-NEXT: nan nan
-- CHECK-NOT: {{.}}
program redsem;
config var n : integer = 6;
region R   = [1..n, 1..n];
region Col = [1..n, 1];
var A, Z, P : [R] double;
var F : [R] float;
var M : [R] boolean;
var I : [R] integer;
var a, b, c, d : double;
var f, g : float;
var p, q : boolean;
var i, j : integer;
procedure redsem();
begin
  [R] A := Index1 * 10 + Index2;
  [R] Z := -0.0 * Index1;
  [R] M := Index1 + Index2 < 7;
  [R] I := Index1 - Index2;
  [R] F := Index2 - 3.5;
  [R] begin a := max<< A; b := min<< A; c := max<< Z; d := min<< Z; end;
  writeln(a, " ", b, " ", c, " ", d);
  [n, n] Z := 0.0;                     -- one +0 among the -0s
  [R] begin c := max<< Z; d := min<< Z; end;
  writeln(c, " ", d);
  [1, 1] A := sqrt(0.0 - 1.0);         -- one NaN
  [R] begin a := max<< A; b := min<< A; end;
  writeln(a, " ", b);
  [R] begin f := max<< F; g := min<< F; end;
  writeln(f, " ", g);
  [R] begin p := &<< M; q := |<< M; end;
  writeln(p, " ", q);
  [R] M := Index1 + Index2 < 20;
  [R] begin p := &<< M; q := |<< M; end;
  writeln(p, " ", q);
  [R] begin i := max<< I; j := min<< I; end;
  writeln(i, " ", j);
  [Col] P := max<< [R] A;
  [Col] begin a := max<< P; b := min<< P; end;
  writeln(a, " ", b);
  [Col] P := min<< [R] Z;
  [Col] begin a := max<< P; b := min<< P; end;
  writeln(a, " ", b);
  -- max<< of an absolute value keys on its bits (zplrt.h): the same
  -- results. Every element negative here, the largest magnitude -59 at
  -- (1, 6); |F| is at most 2.5; |-0| is +0.
  [R] A := Index1 - 10.0 * Index2;
  [R] Z := -0.0 * Index1;
  [R] begin a := max<< abs(A); f := max<< abs(F); c := max<< abs(Z); end;
  writeln(a, " ", f, " ", c);
  [2, 3] A := sqrt(0.0 - 1.0);         -- a negative NaN, positive after abs
  [R] begin a := max<< abs(A); b := min<< abs(A); end;
  writeln(a, " ", b);
end;
