-- runtime-errors.test: an assignment over a region translated by a
-- direction of config vars; with --k=1 it writes column 5 of A, which A
-- does not store.
program rtdirwrite;
config var k : integer = 0;
direction right = [0, k];
var A : [1..4, 1..4] integer;

procedure rtdirwrite();
begin
  [[1..4, 1..4] at right] A := 1;
  writeln("done");
end;
