-- An accumulating scatter of reals whose sums depend on the order of
-- their terms: 1000 points add 1/i to 64 rows of Big, the odd points in
-- column 1 and the even ones in column `spread`. Run three times with the
-- same indices: the first runs without a schedule (each PE's terms summed
-- per target in walk order in a dense buffer), the second builds the
-- schedule (the inspector numbers each PE's targets in index order: with
-- spread = 2 they span a small range, numbered through a table, with
-- spread = 3000 a large one, whose distinct targets are sorted), the
-- third reuses it. All must give the same sums.
program scatterorder;
config var n : integer = 1000;
config var spread : integer = 2;
region P = [1..n];
region Big = [1..64, 1..3000];
var Row, Col : [P] integer;
var X : [P] double;
var B : [Big] double;
var run : integer;

procedure scatterorder();
begin
  [P] Row := (Index1 * 7919) % 64 + 1;
  [P] Col := 1 + (Index1 % 2) * (spread - 1);
  [P] X := 1.0 / double(Index1);
  for run := 1 to 3 do
    [Big] B := 0.5;
    [P] B#[Row, Col] += X;
    [1..64, 1..1] writeln(B:"%.17g");
    [1..64, spread..spread] writeln(B:"%.17g");
  end;
end;
