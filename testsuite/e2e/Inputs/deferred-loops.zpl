-- Deferred scatters (deferred.test) in a while loop into an array parameter,
-- and in a for loop left early by a return (the settle runs after the
-- loop, before the procedure returns).
program deferredloops;
config var n : integer = 30;
region R = [1..n];
region B = [0..4];
var K : [R] integer;
var Q, P : [B] integer;
var s : integer;

procedure hist(H : [B] integer; steps : integer);
var t : integer;
begin
  t := 0;
  while t < steps do
    t += 1;
    [R] H#[K] += t;
  end;
end;

procedure early(stop : integer) : integer;
var t : integer;
begin
  for t := 1 to 10 do
    [R with Index1 <= t] P#[K] += 1;
    if t = stop then
      return t;
    end;
  end;
  return 0;
end;

procedure deferredloops();
begin
  [R] K := Index1 % 5;
  hist(Q, 3);
  [B] writeln(Q);
  s := early(4);
  [B] writeln(P);
  s := early(20);
  [B] writeln(P);
end;
