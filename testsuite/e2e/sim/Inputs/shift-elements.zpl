-- A shift and a reduction of an array of ELEM (substituted by the test).
program shift;
config var n : integer = 64;
region R = [1..n];
direction east = [1];
var A, B : [R] ELEM;
procedure shift();
begin
  [R] A := Index1;
  [1..n - 1] B := A@east + A;
  writeln(+<< [1..n - 1] B);
end;
