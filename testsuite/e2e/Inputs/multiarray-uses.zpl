program multiarrayuses;
constant top : integer = 2;
-- Levels of sizes 8 and 16, and their odd points.
region L{1..top} = [1..bsl(4, {})];
region C{1..top} = [L{} by [2]];
direction right = [1]; left = [-1];
var A{1..top}, B{1..top}, P{1..top} : [L{}] integer;
var M{1..top} : [L{}] boolean;
var F{1..top} : [L{}] double;
var f : file;

procedure multiarrayuses();
var j : integer;
begin
  for j := 1 to top do
    [L{j}] A{j} := Index1 * j;
    [L{j}] M{j} := Index1 % 3 = 0;
    [L{j} with M{j}] A{j} := 0;
    [L{j}] writeln(A{j});
    [L{j}] B{j} := +|| A{j};
    [right in L{j}] B{j} := -1;
    [L{j}] writeln(B{j});
    [left of L{j}] reflect A{j};
    [L{j}] B{j} := B{j} + A{j}@left;
    [L{j}] writeln(B{j});
    [C{j}] writeln(A{j});
    [L{j} at right] B{j} := 100;
    [L{j}] P{j} := Index1 % bsl(4, j) + 1;
    [L{j}] B{j} := B{j}#[P{j}];
    [L{j}] writeln(B{j});
    writeln(max<< [L{j}] B{j}, " ", +<< [C{j}] A{j}, " ", +<< [L{j} without M{j}] A{j});
  end;
  f := open("levels.txt", "w");
  for j := 1 to top do
    [L{j}] writeln(f, A{j} * 2);
  end;
  close(f);
  f := open("levels.txt", "r");
  for j := 1 to top do
    [L{j}] read(f, F{j});
    [C{j}] writeln(F{j} / 4.0);
  end;
  close(f);
end;
