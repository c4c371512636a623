-- Array renaming of a statement's own temporary (zpl-rename-arrays, -O1
-- and above): `[R] A := f(A@d)` computes into A's spare (allocated once,
-- zrt_array_spare) and exchanges the two storages instead of copying
-- back. A's boundary ring (outside R) holds values the spare never had,
-- and A is read shifted every sweep (halo transfers whose cached handles
-- follow the storage): the output must be the copy's. Expected values from
-- a separately written Python model of the same loop (exact integers).
-- RUN: %zplc -O0 %s --emit=c | FileCheck %s --check-prefix=COPY
-- RUN: %zplc -O1 %s --emit=c | FileCheck %s --check-prefix=RENAME
-- RUN: %zplc -O0 %s -o %t.O0 && %t.O0 | FileCheck --match-full-lines %s
-- RUN: %zplc -O1 %s -o %t.O1 && %t.O1 | FileCheck --match-full-lines %s
-- RUN: %zplc -O2 %s -o %t.O2 && %t.O2 | FileCheck --match-full-lines %s
-- RUN: %zplc -O2 %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 3 %t.mpi --grid=1x3 | FileCheck --match-full-lines %s
-- A tiled (cyclic) distribution: the runtime declines and the temporary
-- is copied back.
-- RUN: %zplc -O2 %s --backend=mpi --dist=cyclic,block -o %t.cyc
-- RUN: %mpirun -np 2 %t.cyc | FileCheck --match-full-lines %s
-- RUN: %zplc -O2 %s --backend=sim -o %t.sim && %t.sim --pes=4 | FileCheck --match-full-lines %s
-- COPY: zrt_array_temp(
-- COPY: zrt_array_free(
-- COPY-NOT: zrt_array_spare
-- COPY-NOT: zrt_array_rename
-- RENAME-NOT: zrt_array_temp(
-- RENAME: zrt_array* [[T:v[0-9]+]] = zrt_array_spare(
-- RENAME: bool [[OK:v[0-9]+]] = zrt_array_rename({{v[0-9]+}}, [[T]],
-- RENAME: if (!{{\(?}}[[OK]]
-- RENAME-NOT: zrt_array_free([[T]])
-- CHECK: 27083 40011 864213
-- CHECK-NEXT: 359 870 654 389 994 159 594
-- CHECK-NEXT: 448 436 508 745 368 155 357
-- CHECK-NOT: {{.}}

program renameself;
config var n     : integer = 7;
config var iters : integer = 6;
region R    = [1..n, 1..n];
region BigR = [0..n+1, 0..n+1];
region Top  = [1..2, 1..n];
direction north = [-1, 0]; east = [0, 1]; south = [1, 0]; west = [0, -1];
          ne = [-1, 1];
var A : [BigR] integer;
var s, b, c : integer;

procedure renameself();
var it : integer;
begin
  [BigR] A := Index1 * 100 + Index2;   -- a ring the loop never writes
  for it := 1 to iters do
    [R] A := (A@north + 2 * A@east + 3 * A@south + A@west + A@ne + it) % 1009;
  end;
  [R] s := +<< A;
  [BigR] b := +<< A;                   -- the ring too
  [R] c := +<< (A * (Index1 * 7 + Index2));
  writeln(s, " ", b, " ", c);
  [Top] writeln(A);
end;

-- The Python model (python3 model.py 7 6) the expected lines come from:
--   import sys
--   n, iters = int(sys.argv[1]), int(sys.argv[2])
--   A = [[i * 100 + j for j in range(n + 2)] for i in range(n + 2)]
--   for it in range(1, iters + 1):
--       B = [row[:] for row in A]
--       for i in range(1, n + 1):
--           for j in range(1, n + 1):
--               B[i][j] = (A[i-1][j] + 2*A[i][j+1] + 3*A[i+1][j] + A[i][j-1] + A[i-1][j+1] + it) % 1009
--       A = B
--   s = sum(A[i][j] for i in range(1, n+1) for j in range(1, n+1))
--   b = sum(map(sum, A))
--   c = sum(A[i][j] * (i*7 + j) for i in range(1, n+1) for j in range(1, n+1))
--   print(s, b, c)
--   for i in (1, 2):
--       print(" ".join(str(A[i][j]) for j in range(1, n+1)))
