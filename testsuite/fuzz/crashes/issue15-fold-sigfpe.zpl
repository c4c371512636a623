program p;
constant c : integer = (-9223372036854775807 - 1) / -1;
constant d : integer = (-9223372036854775807 - 1) % -1;
procedure p();
begin
  writeln(c, d);
end;
