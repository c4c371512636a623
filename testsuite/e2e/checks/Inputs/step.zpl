-- A for loop whose step comes from the command line.
program step;
config var s : integer = 2;

procedure step();
var i, total : integer;
begin
  total := 0;
  for i := 1 to 10 by s do
    total += i;
  end;
  writeln("total ", total);
end;
