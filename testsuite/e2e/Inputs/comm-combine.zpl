-- Three arrays read north in one statement, all three written in the
-- loop (see ../comm-combine.test).
--
-- By hand: in iteration k (1..iters) the rows of R read, before their
-- update, A[i-1,j] = 10(i-1) + j + (k-1), B[i-1,j] = 100(i-1) + 2(k-1),
-- C[i-1,j] = 1000j + 3(k-1) for i >= 2; row 0 is outside R and keeps
-- A = j, B = 0, C = 1000j. So with iters = 3:
--   S[1,j] = 3 * 1001j = 3003j;
--   S[i,j] = 3 * (110(i-1) + 1001j) + 6 * (0 + 1 + 2)
--          = 330(i-1) + 3003j + 18              for i >= 2.
program combine3;

config var n     : integer = 4;
config var iters : integer = 3;

region R   = [1..n, 1..n];
region Big = [0..n+1, 0..n+1];
direction north = [-1, 0];

var A, B, C, S : [Big] integer;

procedure combine3();
var it : integer;
begin
  [Big] A := Index1 * 10 + Index2;
  [Big] B := Index1 * 100;
  [Big] C := Index2 * 1000;
  [Big] S := 0;
  for it := 1 to iters do
    [R] S := S + A@north + B@north + C@north;
    [R] A := A + 1;
    [R] B := B + 2;
    [R] C := C + 3;
  end;
  [R] writeln(S);
end;

-- OUT:      3003 6006 9009 12012
-- OUT-NEXT: 3351 6354 9357 12360
-- OUT-NEXT: 3681 6684 9687 12690
-- OUT-NEXT: 4011 7014 10017 13020
-- O0-2X2:   stats.transfers 36
-- O0-2X2:   stats.messages 18
-- O0-2X2:   stats.bytes 288
-- O2-2X2:   stats.transfers 12
-- O2-2X2:   stats.messages 6
-- O2-2X2:   stats.bytes 288
-- O0-4X1:   stats.messages 18
-- O0-4X1:   stats.bytes 576
-- O2-4X1:   stats.messages 6
-- O2-4X1:   stats.bytes 576
