-- Accumulating integer scatters of one value (no source array): a
-- histogram by += of a changing step, -= under a mask, *= at shifted
-- indices, and a 2-D histogram of a scalar variable; Few and Spread have
-- few bins (every PE first combines its contributions to other PEs' bins,
-- and Spread's lie on two of 4 PEs). --over=1 moves the
-- keys past the bins (a run-time error). Inputs/scatter_value.py computes
-- the same sequentially.
program scattervalue;
config var n : integer = 1000;
config var m : integer = 600;
config var over : integer = 0;
region Keys = [1..n];
region Bins = [0..m - 1];
region Plane = [1..n, 1..3];
region Cells = [0..4, 0..5];
region Small = [0..6];
region Mid = [700..800];
var Key : [Keys] integer;
var Odd : [Keys] boolean;
var Count : [Bins] integer;
var KI, KJ : [Plane] integer;
var Cell : [Cells] integer;
var Few : [Small] integer;
var Spread : [Mid] integer;
var step, k : integer;

procedure scattervalue();
begin
  [Keys] Key := (Index1 * Index1 * 31 + 7) % m + over * Index1;
  [Keys] Odd := Key % 2 = 1;
  [Bins] Count := 1;
  for step := 1 to 3 do
    [Keys] Count#[Key] += step;
  end;
  [Keys with Odd] Count#[Key] -= 2;
  [Keys without Odd] Count#[(Key + 1) % m] *= -1;
  [Bins] writeln(Count);
  [Plane] KI := (Index1 + Index2) % 5;
  [Plane] KJ := (Index1 * Index2) % 6;
  [Cells] Cell := 0;
  k := 4;
  [Plane] Cell#[KI, KJ] += k;
  [Cells] writeln(Cell);
  [Small] Few := 1;
  [Keys] Few#[Key % 7] += 2;
  [Keys with Odd] Few#[Key % 7] *= -1;
  [Small] writeln(Few);
  [Mid] Spread := 0;
  [Keys] Spread#[700 + (Key + Index1) % 101] -= 3;
  [Mid] writeln(Spread);
  writeln(+<< [Bins] Count, " ", +<< [Cells] Cell);
end;
