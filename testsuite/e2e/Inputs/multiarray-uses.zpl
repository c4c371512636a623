program multiarrayuses;
constant top : integer = 2;
-- Levels of sizes 8 and 16, and their odd points.
region L{1..top} = [1..bsl(4, {})];
region C{1..top} = [L{} by [2]];
direction right = [1]; left = [-1];
var A{1..top}, B{1..top}, P{1..top} : [L{}] integer;
var M{1..top} : [L{}] boolean;
var F{1..top} : [L{}] double;
var T{1..top} : [L{}] integer; -- only @^ reads its bands: wrapped in place
var f : file;
-- Two-dimensional levels (4 x 4 and 8 x 4), their flood regions and
-- their second columns.
region G{1..top} = [1..bsl(2, {}), 1..4];
region Col{1..top} = [1..bsl(2, {}), *];
region K{1..top} = [1..bsl(2, {}), 2];
var X{1..top}, Y{1..top}, Z{1..top} : [G{}] integer;
var Q{1..top} : [Col{}] integer;

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
    [L{j}] T{j} := Index1;
    [L{j}] B{j} := T{j}@^right * 10 + T{j}@^left;
    [L{j}] writeln(B{j});
  end;
  [L{1}] writeln(T{1}@^left);
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
  for j := 1 to top do
    [G{j}] X{j} := Index1 * 10 + Index2;
    [Col{j}] Q{j} := >>[K{j}] X{j};
    [G{j}] Y{j} := Q{j} + X{j};
    [G{j}] Z{j} := 5 - Index2;
    [G{j}] X{j}#[Index1, Z{j}] := Y{j};
    [[G{j}] by [1, 2]] X{j} := 0;
    [G{j}] writeln(X{j});
  end;
end;
