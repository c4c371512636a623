-- Recursion: bounded (depth n) prints n; unbounded (n < 0: a tail call
-- that never ends) must end with a stack-overflow message.
program recursion;
config var n : integer = 1000;

procedure count(k : integer) : integer;
begin
  if k = 0 then
    return 0;
  end;
  return count(k - 1) + 1;
end;

procedure forever(k : integer);
begin
  forever(k + 1);
end;

procedure recursion();
begin
  if n < 0 then
    forever(0);
  end;
  writeln("depth ", count(n));
end;
