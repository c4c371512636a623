-- zpl-narrow-integers (-O1 and above): `% m` by the constant m in 32 bits
-- where the dividend fits. A only holds remainders by m, so the stencil's
-- sum fits when the scalars base and it lie in [-2^30, 2^30]; the
-- statement runs narrowed under that check, as written otherwise
-- (--base=3000000000: a 32-bit remainder would be wrong). Expected values
-- from the Python model below (C's remainder takes the dividend's sign).
-- RUN: %zplc -O0 %s --emit=c | FileCheck %s --check-prefix=WIDE
-- RUN: %zplc -O2 %s --emit=c | FileCheck %s --check-prefix=NARROW
-- RUN: %zplc -O0 %s -o %t.O0 && %t.O0 | FileCheck --match-full-lines %s --check-prefix=B0
-- RUN: %zplc -O2 %s -o %t.O2 && %t.O2 | FileCheck --match-full-lines %s --check-prefix=B0
-- RUN: %t.O2 --base=3000000000 | FileCheck --match-full-lines %s --check-prefix=BIG
-- RUN: %t.O2 --base=-3000000000 | FileCheck --match-full-lines %s --check-prefix=NEG
-- RUN: %t.O0 --base=3000000000 | FileCheck --match-full-lines %s --check-prefix=BIG
-- RUN: %zplc -O2 %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s --check-prefix=B0
-- RUN: %mpirun -np 2 %t.mpi --base=3000000000 | FileCheck --match-full-lines %s --check-prefix=BIG
-- WIDE-NOT: int32_t
-- WIDE: zrt_rem_i64(
-- WIDE-NOT: int32_t
-- WIDE: zrt_rem_i64(
-- WIDE-NOT: int32_t
-- NARROW: (int32_t)
-- NARROW-SAME: % 1009
-- B0: 17441 63612
-- BIG: 17055 61964
-- NEG: -19506 -66919

program narrow;
config var n    : integer = 6;
config var base : integer = 0;
constant   m    : integer = 1009;
region R   = [1..n, 1..n];
region Big = [0..n+1, 0..n+1];
direction ea = [0, 1]; we = [0, -1]; no = [-1, 0];
var A : [Big] integer;
var s, c : integer;

procedure narrow();
var it : integer;
begin
  [Big] A := (Index1 * 13 + Index2) % m;
  for it := 1 to 5 do
    [R] A := (A@ea + 2 * A@we + 3 * A@no + A + base + it) % m;
  end;
  [R] s := +<< A;
  [R] c := +<< (A * Index1 + Index2);
  writeln(s, " ", c);
end;

-- The Python model (python3 model.py BASE):
--   import sys
--   def crem(x, m):  # C's %: the sign of the dividend
--       r = abs(x) % m
--       return -r if x < 0 else r
--   n, base, m = 6, int(sys.argv[1]), 1009
--   A = [[crem(i * 13 + j, m) for j in range(n + 2)] for i in range(n + 2)]
--   for it in range(1, 6):
--       B = [row[:] for row in A]
--       for i in range(1, n + 1):
--           for j in range(1, n + 1):
--               B[i][j] = crem(A[i][j+1] + 2*A[i][j-1] + 3*A[i-1][j] + A[i][j] + base + it, m)
--       A = B
--   s = sum(A[i][j] for i in range(1, n+1) for j in range(1, n+1))
--   c = sum(A[i][j] * i + j for i in range(1, n+1) for j in range(1, n+1))
--   print(s, c)
