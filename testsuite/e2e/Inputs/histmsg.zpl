-- A histogram of 32 points into 7 of 16 bins (squares modulo 13), accumulated 10 times over the
-- same bins, of reals (Hist) and of integers (Count) (accumulate-stats.test).
program histmsg;
config var n : integer = 32;
region L = [1..n];
region Bins = [1..16];
var Bin : [L] integer;
var Hist : [Bins] double;
var Count : [Bins] integer;
var t : integer;

procedure histmsg();
begin
  [L] Bin := (Index1 * Index1) % 13 + 1;
  [Bins] Hist := 0.0;
  [Bins] Count := 0;
  for t := 1 to 10 do
    [L] Hist#[Bin] += double(Index1 * t);
    [L] Count#[Bin] += Index1 * t;
  end;
  [Bins] writeln(Hist);
  [Bins] writeln(Count);
end;
