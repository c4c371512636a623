-- Exact integer scatters whose bins (Bins, on its own grid of p PEs) are
-- no more than the points per PE, so each PE combines its contributions
-- to other PEs' bins first and sends them per block: Count and Prod touch
-- every bin (dense blocks), Few one bin per 15 (records); partials-by-block.test.
program pbb;
config var p : integer = 1;
config var n : integer = 480;
grid G = [p];
distribution D : G = [block];
region Keys = [1..n];
region Bins : D = [0..59];
var Key, Weight, Spot : [Keys] integer;
var Count, Prod, Few : [Bins] integer;

procedure pbb();
begin
  [Keys] Key := (Index1 * 7) % 60;
  [Keys] Weight := Index1 % 5 + 1;
  [Keys] Spot := (Index1 % 4) * 15;
  [Bins] Count := 0;
  [Bins] Prod := 1;
  [Bins] Few := 0;
  [Keys] Count#[Key] += Weight;
  [Keys] Prod#[Key] *= Weight;
  [Keys] Few#[Spot] += Index1;
  [Bins] writeln(Count);
  [Bins] writeln(Prod);
  [Bins] writeln(Few);
end;
