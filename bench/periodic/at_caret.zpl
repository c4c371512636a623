-- at_caret.zpl: a 4-point periodic average written with periodic shifts,
-- B := (A@^no + A@^so + A@^ea + A@^we) / 4, for bench/periodic/run.sh
-- (bands.zpl is the same update with `wrap` statements and plain shifts).
program at_caret;
config var n : integer = 2048;
config var steps : integer = 50;
region R = [1..n, 1..n];
direction no = [-1, 0]; so = [1, 0]; ea = [0, 1]; we = [0, -1];
var A, B : [R] double;
var s : double;
procedure at_caret();
var k : integer;
begin
  [R] A := double((Index1 * 7 + Index2 * 3) % 11);
  for k := 1 to steps do
    [R] B := (A@^no + A@^so + A@^ea + A@^we) * 0.25;
    [R] A := B;
  end;
  [R] s := +<< A;
  writeln(s:"%.6f");
end;
