-- A 5-point stencil in integers (exact), for the access-pattern statistics
-- of stats-patterns.test.
program stencil5;
config var n     : integer = 8;
config var iters : integer = 10;
region R    = [1..n, 1..n];
region BigR = [0..n+1, 0..n+1];
direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
var A, T : [BigR] integer;
var total : integer;

procedure stencil5();
var it : integer;
begin
  [BigR] A := 0;
  [R] A := (Index1 + 2 * Index2) % 7;
  for it := 1 to iters do
    [R] T := (A@north + A@east + A@south + A@west + A) % 1000;
    [R] A := T;
  end;
  [R] total := +<< (A * (Index1 + Index2));
  writeln("total: ", total);
end;
