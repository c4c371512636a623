-- Shifts with amounts from the command line: a scalar one (every PE fails
-- together) and a parallel one that is out of range at one index only (one
-- PE fails, the others must not be left behind).
program shift;
config var m : integer = -40;
config var s : integer = 3;
config var w : integer = 0;
region R = [1..8];
var A : [R] integer;

procedure shift();
var l, r : integer;
begin
  l := bsl(m, s);
  r := bsr(m, s);
  writeln("l = ", l, " r = ", r);
  [R] A := bsr(-1024, Index1 + w);
  writeln("sum = ", +<< [R] A);
end;
