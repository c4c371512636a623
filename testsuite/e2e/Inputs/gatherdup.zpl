-- Gathers of 48 points from the 12 elements of V, many points reading one
-- element (Key = 5 * Index1 mod 12 + 1), repeated 10 times with the same
-- keys, then once with new ones (gather-distinct.test).
program gatherdup;
config var n : integer = 48;
region L = [1..n];
region S = [1..12];
var Key, G : [L] integer;
var V : [S] integer;
var t, total : integer;

procedure gatherdup();
begin
  [L] Key := (5 * Index1) % 12 + 1;
  total := 0;
  for t := 1 to 10 do
    [S] V := 100 * Index1 + t;
    [L] G := V#[Key];
    total += +<< [L] G;
  end;
  [L] writeln(G);
  writeln(total);
  [L] Key := 13 - Key;
  [L] G := V#[Key];
  [L] writeln(G);
end;
