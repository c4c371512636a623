-- The coarse level of NAS MG written the natural way (issue 25): an array
-- over [8..n, 8..n, 8..n by [8, 8, 8]] shifted periodically by whole strides
-- and wrapped/reflected into its bands. Expected output: strided_mg.py.
program mg;
config var n : integer = 32;
region R3 = [1..n, 1..n, 1..n];
region S3 = [8..n, 8..n, 8..n by [8, 8, 8]];
direction up = [-8, 0, 0]; dn = [8, 0, 0]; ea = [0, 0, 8]; sw = [0, 8, -8];
var F : [R3] integer;
var U3, V3 : [S3] integer;
procedure mg();
begin
  [R3] F := Index1 * 10000 + Index2 * 100 + Index3;
  [S3] U3 := F;
  [S3] V3 := U3@^dn - U3@^up + 7 * U3@^sw;
  [S3] writeln(V3);
  [dn of S3] wrap U3;
  [up of S3] wrap U3;
  [ea of S3] reflect U3;
  [S3] V3 := U3@dn - U3@up + 3 * U3@ea;
  [S3] writeln(V3);
  writeln(+<< [S3] V3);
end;
