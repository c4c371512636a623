-- Remaps with arrays over strided regions as source, destination and
-- index (strided-remaps.test; expected values: strided_remaps.py): the
-- arrays stay compact (zpl.compact), the runtime's remaps address their
-- lattice points.
program stridedremaps;
config var n : integer = 12;
region R = [1..n, 1..n];
region C = [R by [2, 2]];           -- (1, 3, ..)^2
region L = [1..n by [3]];           -- 1, 4, 7, ..
region S = [[1..n] by [1]];
var F : [R] integer;
var A, B, I, J : [C] integer;
var M : [C] boolean;
var X, Y, K : [L] integer;
var H : [S] integer;
var T : [C] integer;

procedure stridedremaps();
begin
  [R] F := Index1 * 100 + Index2;
  [C] A := Index1 * 100 + Index2;
  -- Gather: compact source, destination and indices (the mirror image).
  [C] I := 2 + 2 * ((n - 1) / 2) - Index1;
  [C] J := Index2;
  [C] B := A#[I, J];
  [C] writeln(B);
  -- Gather from a dense array by compact indices.
  [C] B := F#[J, I];
  [C] writeln(B);
  -- Transpose of a compact array.
  [C] T := A#[Index2, Index1];
  [C] writeln(T);
  -- Scatter into a compact array, masked.
  [C] M := (Index1 + Index2) % 4 = 2;
  [C] B := 0;
  [C with M] B#[I, J] := A;
  [C] writeln(B);
  -- 1-D: a permutation of a compact array, and a combining scatter
  -- from compact indices into a dense histogram.
  [L] X := Index1 * 10;
  [L] K := 2 + 3 * ((n - 1) / 3) - Index1;
  [L] writeln(K);
  [L] Y := X#[K];
  [L] writeln(Y);
  [L] K := (Index1 % 5) + 1;
  [S] H := 0;
  [L] H#[K] += X;
  [S] writeln(H);
  writeln(+<< [L] Y);
end;
