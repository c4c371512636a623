-- Statements reading arrays of another distribution: shifted reads of a
-- block array in a statement assigning a cyclic x blockcyclic(2) one (the
-- array is redistributed over the statement's region widened by the
-- shifts, and the temporary's halo exchanged), a mask of another
-- distribution, and reductions following their first array.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi --p=1 --q=2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi --p=2 --q=1 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --p=2 --q=2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --p=4 --q=1 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --p=1 --q=4 | FileCheck --match-full-lines %s
-- CHECK: -97 -96 -95 -94 -93 -92 -91
-- CHECK-NEXT: 3 4 5 6 7 8 9
-- CHECK-NEXT: 103 104 105 106 107 108 109
-- CHECK-NEXT: 203 204 205 206 207 208 209
-- CHECK-NEXT: 303 304 305 306 307 308 309
-- CHECK-NEXT: 403 404 405 406 407 408 409
-- CHECK-NEXT: -97 7 -95 -94 13 -92 -91
-- CHECK-NEXT: 205 4 5 211 7 8 9
-- CHECK-NEXT: 103 104 409 106 107 415 109
-- CHECK-NEXT: 203 607 205 206 613 208 209
-- CHECK-NEXT: 805 304 305 811 307 308 309
-- CHECK-NEXT: 403 404 1009 406 407 1015 409
-- CHECK-NEXT: 6468994
-- CHECK-NEXT: -138
-- CHECK-NOT: {{.}}

program redistshift;
config var p : integer = 1;
config var q : integer = 1;
grid G = [p, q];
distribution Cyc : G = [cyclic, blockcyclic(2)];
direction north = [-1, 0]; east = [0, 1]; sw = [1, -1];
region R   = [1..6, 1..7];
region Big = [0..7, 0..8];
region RC : Cyc = [1..6, 1..7];
var A : [Big] integer;
var B : [RC] integer;
var M : [R] boolean;
var s, t : integer;
procedure redistshift();
begin
  [Big] A := Index1 * 100 + Index2;
  [R] B := A@north + A@east - A@sw;
  [R] writeln(B);
  [R] M := (Index1 + Index2) % 3 = 0;
  [1..6, 1..6 with M] B := B@east + A;
  [R] writeln(B);
  [R] s := +<< (B * A@sw);
  writeln(s);
  [R] t := +<< (A@north - B);
  writeln(t);
end;
