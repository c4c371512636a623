-- zpl-narrow-integers and accumulating scatters (issue 14): an array
-- written by a scatter has no known range, so `%` and `/` by constants on
-- a histogram stay 64-bit. Its bins add up to 4.5e10..7.8e10, beyond 32
-- bits (a 32-bit remainder would be wrong: 78000001917 truncated to 32
-- bits is 690590589). The control statement on Small, which only ever
-- holds remainders by 1009, is the one op narrowed in the C. Expected
-- values from the Python model below (C's remainder and quotient truncate
-- towards zero).
-- RUN: %zplc -O2 %s --emit=c | FileCheck %s --check-prefix=C
-- RUN: %zplc -O0 %s -o %t.O0 && %t.O0 | FileCheck --match-full-lines %s
-- RUN: %zplc -O1 %s -o %t.O1 && %t.O1 | FileCheck --match-full-lines %s
-- RUN: %zplc -O2 %s -o %t.O2 && %t.O2 | FileCheck --match-full-lines %s
-- RUN: %zplc -O2 %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi | FileCheck --match-full-lines %s
-- C-NOT: int32_t
-- C: (int32_t)
-- C-SAME: % 7
-- C-NOT: int32_t
-- CHECK: 78000001917 57000001566 45000001377 51000001431 57000001485
-- CHECK-NEXT: 917 566 377 431 485
-- CHECK-NEXT: 703 514 406 460 514
-- CHECK-NEXT: 189
-- CHECK-NOT: {{.}}

program narrowhist;
config var n : integer = 8;
region R = [1..n, 1..n];
region V = [1..5];
var Bin, Big : [R] integer;
var Hist, Q : [V] integer;
var Small : [R] integer;
var t : integer;

procedure narrowhist();
begin
  [R] Bin := (Index1 * Index2) % 5 + 1;
  [V] Hist := 0;
  for t := 1 to 3 do
    [R] Big := Index1 * 1000000007 + Index2 * t - 3000000000;
    [R] Hist#[Bin] += Big;
  end;
  [V] writeln(Hist);
  [V] Q := Hist % 1000;
  [V] writeln(Q);
  [V] Q := Hist / 1000 % 997;
  [V] writeln(Q);
  [R] Small := (Index1 * 37 + Index2) % 1009;
  [R] Small := (Small * 3 + 5) % 7;
  writeln(+<< [R] Small);
end;

-- The Python model:
--   def crem(x, m):  # C's %: the sign of the dividend
--       r = abs(x) % m
--       return -r if x < 0 else r
--   def cdiv(x, m):  # C's /: truncates towards zero
--       q = abs(x) // abs(m)
--       return q if (x < 0) == (m < 0) else -q
--   n = 8
--   R = [(i, j) for i in range(1, n + 1) for j in range(1, n + 1)]
--   Bin = {(i, j): (i * j) % 5 + 1 for (i, j) in R}
--   Hist = [0] * 6
--   for t in range(1, 4):
--       for (i, j) in R:
--           Hist[Bin[(i, j)]] += i * 1000000007 + j * t - 3000000000
--   print(" ".join(str(h) for h in Hist[1:]))
--   print(" ".join(str(crem(h, 1000)) for h in Hist[1:]))
--   print(" ".join(str(crem(cdiv(h, 1000), 997)) for h in Hist[1:]))
--   print(sum(((i * 37 + j) % 1009 * 3 + 5) % 7 for (i, j) in R))
