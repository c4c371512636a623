-- The bounds of indexed arrays from config vars, evaluated at start-up: a
-- bound that overflows, bounds beyond the runtime's limits and an array
-- too large for memory each stop the program with one line.
program indexedsize;
config var n : integer = 3;
var T : array [0..n + 1] of integer;

procedure indexedsize();
begin
  T[n + 1] := n;
  writeln("T[n + 1] = ", T[n + 1]);
end;
