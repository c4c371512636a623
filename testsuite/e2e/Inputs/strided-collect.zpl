-- Partial reductions, scans and floods into arrays over strided regions
-- keep them compact: the runtime stores each result at the destination's
-- lattice points (strided-collect.test; expected values:
-- strided_collect.py).
program stridedcollect;
config var n : integer = 12;
region R = [1..n, 1..n];
region C = [R by [2, 2]];
region Col = [[1..n, 1] by [2, 1]];
region Row = [[1, 1..n] by [1, 2]];
region L = [1..n by [3]];
region CF = [[1..n, *] by [2, 1]];
var A, Fl : [C] integer;
var D : [Col] integer;
var E : [Row] integer;
var X, S : [L] integer;
var Sc, B : [C] integer;

procedure stridedcollect();
begin
  [C] A := Index1 * 100 + Index2;
  -- Onto column 1 and row 1 of the lattice.
  [Col] D := +<< [C] A;
  [Col] writeln(D);
  [Row] E := max<< [C] A;
  [Row] writeln(E);
  -- Scans: 1-D, and along the rows of a compact 2-D array.
  [L] X := Index1;
  [L] S := +|| X;
  [L] writeln(S);
  [C] Sc := +|| [2] A;
  [C] writeln(Sc);
  -- A flood of the lattice's first column across its columns.
  [C] Fl := >>[Col] A;
  [C] writeln(Fl);
  writeln(+<< [C] Fl);
  -- Onto a scope with a flood dimension: every lattice point of B.
  [CF] B := +<< [C] A;
  [C] writeln(B);
end;
