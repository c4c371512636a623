-- Indices of indexed arrays from the command line: a read (r), a write
-- (w), a local array's index (l) and a row of a two-dimensional array (q)
-- checked in scalar code (every PE fails
-- together), and a read in a promoted procedure (p) that is out of bounds
-- at one index of a parallel statement only (one PE fails, the others must
-- not be left behind). n sizes T (n = 0: empty).
program indexed;
config var n : integer = 5;
config var r : integer = 5;
config var w : integer = 1;
config var l : integer = 0;
config var p : integer = 0;
config var q : integer = 2;
region R = [1..8];
var T : array [1..n] of integer;
var M : array [1..2, 0..n] of integer;
var A : [R] integer;

procedure get(k : integer) : integer;
begin
  return T[k];
end;

procedure scratch(k : integer) : integer;
var L : array [-1..1] of integer;
begin
  L[k] := 7;
  return L[k];
end;

procedure indexed();
var x, y : integer;
begin
  T[w] := 10;
  x := T[r];
  y := scratch(l);
  M[q, n] := y;
  writeln("x = ", x, " y = ", y);
  [R] A := get((Index1 + 1) / 2 + p) + Index1;
  writeln("sum = ", +<< [R] A);
end;
