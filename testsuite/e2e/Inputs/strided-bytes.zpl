-- The bytes a shift of an array over a strided region moves
-- (testsuite/e2e/strided.test): only its lattice points.
program sb;
region Fine = [1..16, 1..16];
region Coarse = [Fine by [4, 4]];
var F : [Fine] double;
var C, D : [Coarse] double;
procedure sb();
begin
  [Fine] F := Index1 * 100 + Index2;
  [Coarse] C := F;
  [Coarse] D := C@^[0, 4];
  [Coarse] writeln(D);
end;
