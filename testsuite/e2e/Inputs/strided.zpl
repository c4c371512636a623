-- Arrays over strided regions (issue 25, item 1): shifts by whole strides,
-- periodic shifts @^, wrap and reflect in the strided set (period = count x
-- stride), and the 2:1 maps between a fine array and a coarse one through
-- alignment; scans, remaps, partial reductions and floods over strided
-- regions. Expected output: strided.py, an independent model.
program strided;
config var n : integer = 16;
region R = [1..n, 1..n];
region C = [R by [2, 2]];
region Q = [4..n, 2..n by [4, 2]];
region V = [1..8, 1..8, 1..8];
region W = [2..8, 1..8, 1..8 by [2, 4, 2]];
region S = [1..16 by [2]];
region M = [1..8, 1..8 by [2, 2]];
region Mcol = [1..8, 1 by [2, 1]];
region Mrow = [1, 1..8 by [1, 2]];
region Mflood = [1..8, * by [2, 1]];
direction e2 = [0, 2]; s2 = [2, 0]; nw2 = [-2, -2]; w2 = [0, -2]; n2 = [-2, 0];
direction s4 = [4, 0]; n4 = [-4, 0]; se4 = [4, 2];
direction u2 = [2, 0, 0]; d2 = [-2, 0, 0]; r4 = [0, 4, 0]; b2 = [0, 0, -2];
var F, G : [R] integer;
var A, B : [C] integer;
var P, T : [Q] integer;
var X : [V] integer;
var Y, Z : [W] integer;
var L, H, I : [S] integer;
var U, D : [M] integer;
var Pc : [Mcol] integer;
var Pr : [Mrow] integer;
var K : [Mflood] integer;
procedure strided();
begin
  [R] F := Index1 * 100 + Index2;
  -- a coarse array read from the fine one at the coarse points
  [C] A := F;
  [C] writeln(A);
  [C] B := A@^e2 + 1000 * A@^nw2;
  [C] writeln(B);
  [C] A := A@^s2; -- in place
  [C] writeln(A);
  [C] A := F;
  [e2 of C] wrap A;
  [n2 of C] wrap A;
  [w2 of C] wrap A;
  [nw2 of C] wrap A;
  [C] B := A@e2 + 1000 * A@nw2;
  [C] writeln(B);
  [s2 of C] reflect A;
  [w2 of C] reflect A;
  [C] B := A@s2 - A@w2;
  [C] writeln(B);
  -- the fine array written at the coarse points only
  [R] G := 0;
  [C] G := A * 2 + F@[0, 1];
  [R] writeln(G);
  writeln(+<< [C] A, " ", max<< [C] B);
  -- different strides and a lattice not at 1
  [Q] P := F;
  [Q] T := P@^s4 + 10000 * P@^w2 + 100000 * P@^se4;
  [Q] writeln(T);
  [n4 of Q] wrap P;
  [e2 of Q] reflect P;
  [Q] T := P@n4 + 10000 * P@e2;
  [Q] writeln(T);
  -- rank 3
  [V] X := Index1 * 100 + Index2 * 10 + Index3;
  [W] Y := X;
  [W] Z := Y@^u2 + 1000 * Y@^r4 + 1000000 * Y@^b2;
  [W] writeln(Z);
  [d2 of W] wrap Y;
  [b2 of W] reflect Y;
  [W] Z := Y@d2 + 1000 * Y@b2;
  [W] writeln(Z);
  -- scans, remaps, partial reductions and floods
  [S] L := Index1;
  [S] H := +|| L;
  [S] writeln(H);
  [S] I := 16 - Index1;
  [S] H := L#[I] * 100 + L@^[4];
  [S] writeln(H);
  [S] H := 0;
  [S] H#[I] := L * 3;
  [S] writeln(H);
  [M] U := Index1 * 10 + Index2;
  [Mcol] Pc := +<< [M] U;
  [Mcol] writeln(Pc);
  [Mrow] Pr := max<< [M] U;
  [Mrow] writeln(Pr);
  [M] D := >>[1..8, 3 by [2, 1]] U;
  [M] writeln(D);
  [Mflood] K := >>[1..8, 5 by [2, 1]] U;
  [M] D := U - K;
  [M] writeln(D);
  [M] D := +|| [2] U;
  [M] writeln(D);
end;
