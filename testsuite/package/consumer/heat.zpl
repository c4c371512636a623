-- heat.zpl: explicit heat diffusion on an n x n plate whose top edge is held
-- at 100 degrees; the program of the CMake package test (consumer project).
program heat;

config var n     : integer = 32;
config var steps : integer = 50;

region    R    = [1..n, 1..n];
region    BigR = [0..n+1, 0..n+1];
direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];

var T, New : [BigR] double;
var total, hottest : double;

procedure heat();
var s : integer;
begin
  [BigR] T := 0.0;
  [north of R] T := 100.0;
  for s := 1 to steps do
    [R] New := T + 0.1 * (T@north + T@south + T@east + T@west - 4.0 * T);
    [R] T := New;
  end;
  [R] total := +<< T;
  [R] hottest := max<< T;
  writeln("steps: ", steps, " total: ", total:"%.6f", " hottest: ", hottest:"%.6f");
end;
