-- A rank-1 array over [[1..n] by 16] of a large n: compact storage holds
-- its n / 16 lattice points only (32 MB at n = 64000000), where the
-- bounding box's layout touched every page (a lattice point every 128
-- bytes), 512 MB (strided-memory.test). Expected output:
-- strided_memory1.py.
program stridedmemory1;
config var n : integer = 64000000;
region R = [1..n];
region S = [R by [16]];
direction right = [16]; left = [-16];
var U, V : [S] integer;
procedure stridedmemory1();
begin
  [S] U := Index1;
  writeln(+<< [S] U);
  [S] V := U@^right - U;
  writeln(+<< [S] V, " ", min<< [S] V, " ", max<< [S] V);
  [left of S] wrap U;
  [S] V := U@left * 2 + Index1;
  writeln(+<< [S] V, " ", min<< [S] V);
end;
