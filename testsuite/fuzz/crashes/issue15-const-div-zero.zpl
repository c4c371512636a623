program p;
procedure p();
var x : integer;
begin
  x := 7;
  writeln(x % 0, 1 / 0);
end;
