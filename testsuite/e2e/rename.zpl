-- Array renaming (zpl-rename-arrays, -O1 and above): `[R] A := Temp` in
-- the loop becomes an exchange of the two arrays' storage. A's boundary
-- ring (outside R) holds values Temp never had, and A is read shifted
-- (halo transfers, whose cached handles must follow the storage): the
-- output must be the copy's. Expected values computed independently with
-- exact rational arithmetic (Python fractions; every value here is exact
-- in binary, so the sums do not depend on the order).
-- RUN: %zplc -O0 %s --emit=c | FileCheck %s --check-prefix=COPY
-- RUN: %zplc -O1 %s --emit=c | FileCheck %s --check-prefix=RENAME
-- RUN: %zplc -O0 %s -o %t.O0 && %t.O0 | FileCheck --match-full-lines %s
-- RUN: %zplc -O1 %s -o %t.O1 && %t.O1 | FileCheck --match-full-lines %s
-- RUN: %zplc -O2 %s -o %t.O2 && %t.O2 | FileCheck --match-full-lines %s
-- RUN: %zplc -O2 %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 3 %t.mpi --grid=1x3 | FileCheck --match-full-lines %s
-- A tiled (cyclic) distribution: the runtime declines and the rows are
-- copied.
-- RUN: %zplc -O2 %s --backend=mpi --dist=cyclic,block -o %t.cyc
-- RUN: %mpirun -np 2 %t.cyc | FileCheck --match-full-lines %s
-- RUN: %zplc -O2 %s --backend=sim -o %t.sim && %t.sim --pes=4 | FileCheck --match-full-lines %s
-- COPY-NOT: zrt_array_rename
-- COPY: memmove(
-- COPY-NOT: zrt_array_rename
-- RENAME: bool [[OK:v[0-9]+]] = zrt_array_rename(
-- RENAME: if (!{{\(?}}[[OK]]
-- RENAME: memmove(
-- CHECK: 5 608.390625 12861.187500 22759.187500
-- CHECK-NOT: {{.}}

program rename;
config var n     : integer = 6;
config var iters : integer = 5;
region R    = [1..n, 1..n];
region BigR = [0..n+1, 0..n+1];
direction north = [-1, 0]; east = [0, 1]; south = [1, 0]; west = [0, -1];
var A, Temp : [BigR] double;
var m, s, b : double;

procedure rename();
var it : integer;
begin
  [BigR] A := Index1 * 100 + Index2;   -- a ring Temp never has
  it := 0;
  repeat
    [R] Temp := (A@north + A@east + A@south + A@west) / 4.0 + 1.0;
    [R] m := max<< Temp;
    [R] A := Temp;
    it += 1;
  until it >= iters;
  [R] s := +<< A;
  [BigR] b := +<< A;                   -- the ring too: A's, not Temp's
  writeln(it, " ", m:"%.6f", " ", s:"%.6f", " ", b:"%.6f");
end;
