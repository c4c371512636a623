-- A sparse product, Y#[Row] += V * S#[Col] (zpl.scatter_product, one
-- pass over each PE's points), whose sums depend on the order of their
-- terms: n/8 targets spread over all of Y, about 8 terms each from points
-- anywhere. Four runs: the first builds the schedule, the second and
-- third reuse it (the index arrays are written again with the same
-- values), the fourth has new columns (a new schedule). With --bad=k the
-- columns of run k leave S's region (a one-line error, status 2).
program scatterproduct;
config var n : integer = 1000;
config var bad : integer = 0;
region P = [1..n];
var Row, Col : [P] integer;
var V, S, Y : [P] double;
var run : integer;

procedure scatterproduct();
begin
  [P] V := 1.0 / double(Index1) - 0.0003;
  [P] S := 2.0 + 1.0 / double(Index1 + 7);
  for run := 1 to 4 do
    [P] Row := ((Index1 * 7919) % (n / 8)) * 8 + 1;
    if run = 4 then
      [P] Col := (Index1 * 31) % n + 1;
    else
      [P] Col := (Index1 * 613) % n + 1;
    end;
    if run = bad then
      [P] Col := Col + n / 2;
    end;
    [P] Y := 0.5;
    [P] Y#[Row] += V * S#[Col];
    [P] writeln(Y:"%.17g");
  end;
end;
