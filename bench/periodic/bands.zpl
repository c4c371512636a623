-- bands.zpl: the 4-point periodic average of at_caret.zpl written the other
-- way: each step wraps A's four bands (`[no of R] wrap A;` ...) and reads
-- them with plain shifts, B := (A@no + A@so + A@ea + A@we) / 4.
program bands;
config var n : integer = 2048;
config var steps : integer = 50;
region R = [1..n, 1..n];
direction no = [-1, 0]; so = [1, 0]; ea = [0, 1]; we = [0, -1];
var A, B : [R] double;
var s : double;
procedure bands();
var k : integer;
begin
  [R] A := double((Index1 * 7 + Index2 * 3) % 11);
  for k := 1 to steps do
    [no of R] wrap A; [so of R] wrap A; [ea of R] wrap A; [we of R] wrap A;
    [R] B := (A@no + A@so + A@ea + A@we) * 0.25;
    [R] A := B;
  end;
  [R] s := +<< A;
  writeln(s:"%.6f");
end;
