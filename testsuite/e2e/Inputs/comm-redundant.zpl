-- Redundant transfers (see ../comm-redundant.test): two statements read
-- A@east with no write of A between them, in a loop that then writes A;
-- a second loop reads A@east and never writes A.
--
-- By hand, with n = 4 and iters = 3: in iteration k of the first loop, A
-- over R is 10i + j + 100(k-1); the band column 5 is outside R and keeps
-- 10i + 5. So A@east is 10i + j + 1 + 100(k-1) for j <= 3 and 10i + 5 for
-- j = 4, and
--   B = sum_k A@east   = 30i + 3j + 3 + 300      = 30i + 3j + 303 (j <= 3),
--                        30i + 15                                 (j = 4);
--   C = sum_k k A@east = 6(10i + j + 1) + 100(0 + 2 + 6)
--                                                = 60i + 6j + 806 (j <= 3),
--                        6(10i + 5) = 60i + 30                    (j = 4).
-- After the loop A over R is 10i + j + 300, so
--   D = 3 A@east       = 30i + 3j + 903 (j <= 3),  30i + 15 (j = 4).
program redundant;

config var n     : integer = 4;
config var iters : integer = 3;

region R   = [1..n, 1..n];
region Big = [0..n+1, 0..n+1];
direction east = [0, 1];

var A, B, C, D : [Big] integer;

procedure redundant();
var it : integer;
begin
  [Big] A := Index1 * 10 + Index2;
  [Big] B := 0;
  [Big] C := 0;
  [Big] D := 0;
  for it := 1 to iters do
    [R] B := B + A@east;
    [R] C := C + A@east * it;
    [R] A := A + 100;
  end;
  for it := 1 to iters do
    [R] D := D + A@east;
  end;
  [R] writeln(B);
  [R] writeln(C);
  [R] writeln(D);
end;

-- OUT:      336 339 342 45
-- OUT-NEXT: 366 369 372 75
-- OUT-NEXT: 396 399 402 105
-- OUT-NEXT: 426 429 432 135
-- OUT-NEXT: 872 878 884 90
-- OUT-NEXT: 932 938 944 150
-- OUT-NEXT: 992 998 1004 210
-- OUT-NEXT: 1052 1058 1064 270
-- OUT-NEXT: 936 939 942 45
-- OUT-NEXT: 966 969 972 75
-- OUT-NEXT: 996 999 1002 105
-- OUT-NEXT: 1026 1029 1032 135
-- O0:       stats.messages 18
-- O0:       stats.bytes 288
-- O2:       stats.messages 8
-- O2:       stats.bytes 128
