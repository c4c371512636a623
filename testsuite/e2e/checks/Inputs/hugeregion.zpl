-- A region with more indices than any machine holds.
program hugeregion;
region R = [0..9223372036854775807];
var A : [R] integer;

procedure hugeregion();
begin
  [R] A := 1;
  writeln(+<< [R] A);
end;
