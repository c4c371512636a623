-- Scans: full +|| max|| (row-major), partial +|| [1] / [2], max|| [1], min|| [2], *|| [2] on doubles.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | FileCheck --match-full-lines %s
-- CHECK: -1 1 -1 0 4
-- CHECK-NEXT: 8 8 11 10 12
-- CHECK-NEXT: 14 12 13 17 17
-- CHECK-NEXT: 17 20 19 21 19
-- CHECK-NEXT: -1 2 -2 1 4
-- CHECK-NEXT: 3 2 1 0 6
-- CHECK-NEXT: 5 0 2 4 6
-- CHECK-NEXT: 5 3 1 6 4
-- CHECK-NEXT: -1 1 -1 0 4
-- CHECK-NEXT: 4 4 7 6 8
-- CHECK-NEXT: 2 0 1 5 5
-- CHECK-NEXT: 0 3 2 4 2
-- CHECK-NEXT: -1 2 2 2 4
-- CHECK-NEXT: 4 4 4 4 4
-- CHECK-NEXT: 4 4 4 4 4
-- CHECK-NEXT: 4 4 4 4 4
-- CHECK-NEXT: -1 2 -2 1 4
-- CHECK-NEXT: 4 2 3 1 4
-- CHECK-NEXT: 4 2 3 4 4
-- CHECK-NEXT: 4 3 3 4 4
-- CHECK-NEXT: -1 -1 -2 -2 -2
-- CHECK-NEXT: 4 0 0 -1 -1
-- CHECK-NEXT: 2 -2 -2 -2 -2
-- CHECK-NEXT: 0 0 -1 -1 -2
-- CHECK-NEXT: 0.5 1.5 3 5 7.5
-- CHECK-NEXT: 8 9 10.5 12.5 15
-- CHECK-NEXT: 15.5 16.5 18 20 22.5
-- CHECK-NEXT: 23 24 25.5 27.5 30
-- CHECK-NEXT: 0.5 0.5 0.75 1.5 3.75
-- CHECK-NEXT: 0.5 0.5 0.75 1.5 3.75
-- CHECK-NEXT: 0.5 0.5 0.75 1.5 3.75
-- CHECK-NEXT: 0.5 0.5 0.75 1.5 3.75
-- CHECK-NOT: {{.}}

program scans;
region R = [1..4, 1..5];
var A, B : [R] integer;
var D, E : [R] double;
procedure scans();
begin
  [R] A := (Index1 * 5 + Index2 * 3) % 7 - 2;
  [R] begin
    B := +|| A;
    writeln(B);
    B := +|| [1] A;
    writeln(B);
    B := +|| [2] A;
    writeln(B);
    B := max|| A;
    writeln(B);
    B := max|| [1] A;
    writeln(B);
    B := min|| [2] A;
    writeln(B);
    D := Index2 * 0.5;
    E := +|| D;
    writeln(E);
    E := *|| [2] D;
    writeln(E);
  end;
end;
