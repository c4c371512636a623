-- Integer division and remainder with divisors from the command line:
-- a scalar one (every PE fails together) and a parallel one that is zero
-- at one index only (one PE fails, the others must not be left behind).
program division;
config var m : integer = 7;
config var z : integer = 2;
config var w : integer = 0;
region R = [1..8];
var A : [R] integer;

procedure division();
var q, r : integer;
begin
  q := m / z;
  r := m % z;
  writeln("q = ", q, " r = ", r);
  [R] A := 100 / (Index1 - w);
  writeln("sum = ", +<< [R] A);
end;
