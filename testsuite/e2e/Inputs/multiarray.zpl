program multiarray;
config var n : integer = 16;
config var bad : integer = 0;
constant top : integer = 3;
-- A hierarchy of levels: level k keeps every 2^k-th point of [1..n, 1..n].
region L{0..top} = [[1..n, 1..n] by [bsl(1, {}), bsl(1, {})]];
-- Levels of different sizes: 3 x 3, 5 x 5, 9 x 9.
region S{1..3} = [1..bsl(1, {}) + 1, 1..bsl(1, {}) + 1];
direction east = [0, 1]; west = [0, -1]; south = [1, 0];
          far = [0, 8]; down = [8, 0];
var U{0..top}, R{0..top} : [L{}] double;
var V{1..3}, W{1..3} : [S{}] integer;

-- No scope of its own: it runs over its caller's, one level or another.
procedure smooth(X : [,] double; Y : [,] double; c : double);
begin
  Y := c * X + Index2;
end;

procedure multiarray();
var j, k : integer;
begin
  [L{0}] R{0} := Index1 * 100 + Index2;
  for j := 1 to top do
    -- Restriction: level j's points read level j - 1 (8 is a whole number
    -- of strides on every level below the top).
    [L{j}] R{j} := 0.5 * R{j - 1} + 0.25 * (R{j - 1}@^far + R{j - 1}@down);
    [L{j}] smooth(R{j}, U{j}, 0.5 * j);
    writeln(j, " ", +<< [L{j}] R{j}, " ", max<< [L{j}] U{j});
    [L{j}] writeln(U{j});
  end;
  for j := 1 to 3 do
    [S{j}] V{j} := Index1 * 10 + Index2;
    [east of S{j}] wrap V{j};
    [S{j}] W{j} := V{j}@east + V{j}@^south;
    [S{j}] writeln(W{j});
  end;
  writeln(+<< [S{2}] W{2}, " ", min<< [L{2}] R{2});
  -- Two spellings of one element: the statement still reads old values.
  j := 2;
  k := 2;
  [S{j}] V{j} := V{k}@west;
  [S{2}] writeln(V{2});
  j := top + bad;
  [L{j}] U{j} := 0.0;
  writeln("done");
end;
