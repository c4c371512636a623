-- overlap.zpl: statements that zpl-overlap-halos splits into an interior
-- part (computed while the halo is in flight) and boundary strips, in the
-- cases that could go wrong: a run whose second statement reads what the
-- first writes, with a max and an integer sum; a masked statement reading
-- its own destination shifted (a temporary); a region narrower than the
-- stencil (empty interiors); wrap-around shifts; a 3-D stencil reaching
-- two cells. Integers only, so the Python model (overlap.py) is exact.

program overlap;

config var n     : integer = 10;
config var steps : integer = 3;

region R    = [1..n, 1..n];
region Big  = [0..n+1, 0..n+1];
region Thin = [1..n, 2..2];
region V    = [1..4, 1..n, 1..5];
region BigV = [-1..6, -1..n+2, -1..7];

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
          ne = [-1, 1]; sw = [1, -1];
direction up2 = [-2, 0, 0]; down = [1, 0, 0]; left = [0, 0, -1];
          right2 = [0, 0, 2]; in1 = [0, 1, 0];

var A, B, C  : [Big] integer;
var Mask     : [Big] boolean;
var W, X     : [R] integer;
var P, Q     : [BigV] integer;
var hi, s, t : integer;

procedure overlap();
var it : integer;
begin
  [Big] A := (Index1 * 7 + Index2 * 3) % 11;
  [Big] Mask := (Index1 + Index2) % 3 = 0;
  [BigV] P := (Index1 * 5 + Index2 * 3 + Index3) % 13;
  [R] W := (Index1 * 2 + Index2 * 5) % 7;
  for it := 1 to steps do
    [R] begin
      B := A@north + A@south + 2 * A@east + A@sw;
      C := B + A;
      hi := max<< C;
      s := +<< B;
    end;
    writeln("step ", it, ": max ", hi, " sum ", s);
    [Thin] B := A@east + A@west + A@north + A@south;
    [R with Mask] A := (A@north + A@ne + C) % 1000;
    [R] C := A@^north + A@^east + B;
    [R] X := W@^north + W@^east + W@^sw;
    [R] W := (X + W) % 97;
    [V] Q := P@up2 + P@down + P@left + P@right2 + P@in1;
    [V] P := Q % 101;
  end;
  [R] t := +<< (A * Index1 + B * Index2 + C);
  writeln("A: ", t);
  [V] t := +<< (P * (Index1 + Index2 + Index3));
  writeln("P: ", t);
  [R] t := max<< (C * 3 + A);
  writeln("C: ", t);
  [R] t := +<< (W * Index1 + X * Index2);
  writeln("W: ", t);
end;
