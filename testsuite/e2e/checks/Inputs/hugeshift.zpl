-- A shift by a direction far beyond any array's storage.
program hugeshift;
region R = [1..8, 1..8];
direction far = [4611686018427387904, 0];
var A, B : [R] integer;

procedure hugeshift();
begin
  [R] A := 1;
  [R] B := A@far;
  writeln(+<< [R] B);
end;
