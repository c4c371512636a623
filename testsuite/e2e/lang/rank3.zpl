-- Rank-3 arrays: Index1..3, shifts in all dimensions, periodic diagonal shift, reductions, partial scan along dim 3, wrap, printing planes.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=1x2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2x1 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1x1 | FileCheck --match-full-lines %s
-- CHECK: 111 112 113 114
-- CHECK-NEXT: 121 122 123 124
-- CHECK-NEXT: 131 132 133 134
-- CHECK-NEXT: 211 212 213 214
-- CHECK-NEXT: 221 222 223 224
-- CHECK-NEXT: 231 232 233 234
-- CHECK-NEXT: 112 113 114 0
-- CHECK-NEXT: 122 123 124 0
-- CHECK-NEXT: 132 133 134 0
-- CHECK-NEXT: 323 325 327 114
-- CHECK-NEXT: 343 345 347 124
-- CHECK-NEXT: 363 365 367 134
-- CHECK-NEXT: -211 -212 -213 -214
-- CHECK-NEXT: -110 -110 -110 -110
-- CHECK-NEXT: -110 -110 -110 -110
-- CHECK-NEXT: 0 0 0 0
-- CHECK-NEXT: 211 212 213 214
-- CHECK-NEXT: 221 222 223 224
-- CHECK-NEXT: 224 221 222 223
-- CHECK-NEXT: 234 231 232 233
-- CHECK-NEXT: 214 211 212 213
-- CHECK-NEXT: 124 121 122 123
-- CHECK-NEXT: 134 131 132 133
-- CHECK-NEXT: 114 111 112 113
-- CHECK-NEXT: 4140
-- CHECK-NEXT: 6
-- CHECK-NEXT: 111 223 336 450
-- CHECK-NEXT: 121 243 366 490
-- CHECK-NEXT: 131 263 396 530
-- CHECK-NEXT: 211 423 636 850
-- CHECK-NEXT: 221 443 666 890
-- CHECK-NEXT: 231 463 696 930
-- CHECK-NEXT: 111 211 311 411
-- CHECK-NEXT: 121 221 321 421
-- CHECK-NEXT: 131 231 331 431
-- CHECK-NEXT: 112 212 312 412
-- CHECK-NEXT: 122 222 322 422
-- CHECK-NEXT: 132 232 332 432
-- CHECK-NEXT: 111
-- CHECK-NEXT: 121
-- CHECK-NEXT: 131
-- CHECK-NEXT: 211
-- CHECK-NEXT: 221
-- CHECK-NEXT: 231
-- CHECK-NOT: {{.}}

program rank3;
region R   = [1..2, 1..3, 1..4];
region Big = [0..3, 0..4, 0..5];
direction up = [-1, 0, 0]; down = [1, 0, 0]; east = [0, 0, 1]; north = [0, -1, 0];
direction diag = [1, 1, -1];
var A : [Big] integer;
var B, C : [R] integer;
var s : integer;
procedure rank3();
begin
  [Big] A := 0;
  [R] A := Index1 * 100 + Index2 * 10 + Index3;
  [R] writeln(A);
  [R] B := A@up + A@east;
  [R] writeln(B);
  [R] B := A@north - A@down;
  [R] writeln(B);
  [R] C := A;
  [R] B := C@^diag;
  [R] writeln(B);
  [R] s := +<< A;
  writeln(s);
  [R] s := max<< (A % 7);
  writeln(s);
  [R] B := +|| [3] A;
  [R] writeln(B);
  [R] B := Index3 * 100 + Index2 * 10 + Index1;
  [R] writeln(B);
  [east of R] wrap A;
  [1..2, 1..3, 5] writeln(A);
end;
