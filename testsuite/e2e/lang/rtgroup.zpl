-- A statement's run-time shifts of one array move as one exchange
-- (zrt_shift_wraps, zrt_shift_halos): a 9-point periodic stencil by a
-- procedure's stride `s` sends each PE one wrap and one halo message, and
-- each ghost cell once, however many of the 8 directions need it. On 2
-- PEs (rows split in two, n = 16): each PE gets its wrap row and its
-- halo row, each n + 2 cells with the corners: 4 messages, 4 * 18 * 8 =
-- 576 bytes (without leaving out the repeats the three halos reaching
-- across a PE boundary would move 3 * 16 cells each, 1056 bytes).
-- A statement that reads its destination by run-time shifts writes in
-- place when the shifts miss what it writes (s = 1: the rows between the
-- points of a stride-2 region) and through the destination's spare when
-- they may not (s = 2: on the lattice). Under a cyclic distribution a
-- PE holds several blocks and the repeats stay (one message per peer).
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/rtgroup.py), not from zplc.
-- RUN: python3 %S/reference/rtgroup.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi --dist=cyclic,block -o %t.cyclic
-- RUN: %mpirun -np 3 %t.cyclic | diff %t.ref -
-- RUN: %zplc %s --backend=sim -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi --stencil_only=1 --stats | FileCheck %s --check-prefix=TWO
-- RUN: %t.sim --pes=2 --stencil_only=1 --stats | FileCheck %s --check-prefix=TWO
-- TWO: stats.messages 4
-- TWO: stats.bytes 576
-- RUN: %zplc %s --emit=c | FileCheck %s --check-prefix=C
-- C: zrt_shift_wraps({{.*}}, 8,
-- C: zrt_shift_halos({{.*}}, 8,
-- C: zrt_shift_misses_writes(
-- C: zrt_array_spare_if(

program rtgroup;
config var n : integer = 16;
config var stencil_only : integer = 0;
region R = [1..n, 1..n];
region C = [R by [2, 2]];
region F = [[1..n - 2, 1..n] by [2, 2]];
region G = [[1..n - 4, 1..n] by [2, 2]];
var A, B : [R] double;

procedure smooth(X, Y : [,] double; s : integer);
begin
  Y := X@^[-s, -s] + X@^[-s, 0] + X@^[-s, s] + X@^[0, -s]
     + X@^[0, s] + X@^[s, -s] + X@^[s, 0] + X@^[s, s];
end;

-- Rows between (s = 1) or on (s = 2) the points that are read.
procedure fill(Y : [,] double; s : integer);
begin
  Y := 0.5 * (Y@[-s, 0] + Y@[s, 0]) + Index2;
end;

procedure rtgroup();
begin
  [R] A := Index1 * 100 + Index2;
  [R] smooth(A, B, 1);
  writeln(+<< [R] integer(B));
  if stencil_only = 0 then
    [R] A := Index1 * Index1 + 3 * Index2;
    [R] smooth(A, B, 2);
    writeln(+<< [R] integer(B));
    [R] B := 0.0;
    [C] B := Index1 * 100 + Index2;
    [F at [1, 0]] fill(B, 1);
    writeln(+<< [R] integer(B));
    [G at [2, 0]] fill(B, 2);
    writeln(+<< [R] integer(B));
  end;
end;
