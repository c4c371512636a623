-- Two arrays over a coarse level [8..n by 8] of a large grid, with no fine
-- array: their storage spans the grid's bounding box, but only the lattice
-- points' pages are ever touched, so the program's resident memory is a
-- small part of the box (strided-memory.test). Expected output:
-- strided_memory.py.
program stridedmemory;
config var n : integer = 384;
region R3 = [1..n, 1..n, 1..n];
region S3 = [R3 by [8, 8, 8]];
direction up = [-8, 0, 0]; ea = [0, 0, 8]; nw = [-8, 8, 0];
var U, V : [S3] integer;
procedure stridedmemory();
begin
  [S3] U := Index1 * 1000000 + Index2 * 1000 + Index3;
  [S3] V := U@^up + 2 * U@^nw - U;
  writeln(+<< [S3] V);
  [ea of S3] wrap U;
  [S3] V := U@ea - U;
  writeln(+<< [S3] V);
  writeln(max<< [S3] V);
end;
