-- Remap indices outside the declared region, for runtime-errors.test: a
-- gather on a kept schedule whose index array goes bad in iteration `bad`
-- (P(n) = n + 1), and a transpose reading A, which has only `cols`
-- columns, over an n x n region.
program remaperr;
config var n    : integer = 6;
config var cols : integer = 6;
config var bad  : integer = 0;
region L = [1..n];
region R = [1..n, 1..cols];
region Q = [1..n, 1..n];
var X, Y, P : [L] integer;
var A       : [R] integer;
var B       : [Q] integer;

procedure remaperr();
var it : integer;
begin
  [L] X := Index1;
  [L] P := n + 1 - Index1;
  for it := 1 to 4 do
    if it = bad then
      [L] P := Index1 + 1;
    end;
    [L] Y := X#[P];
  end;
  [R] A := Index1;
  [Q] B := A#[Index2, Index1];
  writeln("done");
end;
