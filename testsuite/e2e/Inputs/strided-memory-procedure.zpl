-- strided-memory.zpl with its arrays passed to a procedure: they stay
-- compact (zpl.compact; the parameters are zpl.may_be_compact), so the
-- program takes as little memory (strided-memory.test). Expected output:
-- strided_memory.py.
program stridedmemoryprocedure;
config var n : integer = 384;
region R3 = [1..n, 1..n, 1..n];
region S3 = [R3 by [8, 8, 8]];
direction up = [-8, 0, 0]; ea = [0, 0, 8]; nw = [-8, 8, 0];
var U, V : [S3] integer;
procedure work(U, V : [S3] integer);
begin
  [S3] U := Index1 * 1000000 + Index2 * 1000 + Index3;
  [S3] V := U@^up + 2 * U@^nw - U;
  writeln(+<< [S3] V);
  [ea of S3] wrap U;
  [S3] V := U@ea - U;
  writeln(+<< [S3] V);
  writeln(max<< [S3] V);
end;
procedure stridedmemoryprocedure();
begin
  work(U, V);
end;
