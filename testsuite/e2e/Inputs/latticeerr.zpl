program latticeerr;
-- Arrays over strided regions passed to rank-only parameters: reads on
-- the lattice work; with --fault=N one access leaves it, which the program
-- must report (one line, status 2) instead of reading indices the array
-- does not hold.
config var fault : integer = 0;

region Fine = [1..8];
region Coarse = [Fine by [2]];      -- 1, 3, 5, 7
region Grid = [1..6, 1..6];
region Sparse = [Grid by [2, 3]];   -- rows 1, 3, 5; columns 1, 4

var C, Out : [Coarse] integer;
var F, I : [Fine] integer;
var G, T : [Sparse] integer;
var K : [1..4] integer;
var Cd : [Coarse] double;
var Fd, Gd : [Fine] double;
var KI : [Fine] integer;

-- One coarse step on, periodically and not.
procedure step(A : [] integer);
begin
  [Coarse] Out := A@^[2] * 100 + A@[2];
  [Coarse] writeln(Out);
end;

-- One sparse step down and right.
procedure across(A : [,] integer);
begin
  [Sparse] T := A@^[2, 3];
  [Sparse] writeln(T);
end;

procedure misuse(A : [] integer);
begin
  if fault = 1 then
    [Coarse] Out := A@^[1];
  elsif fault = 2 then
    [Coarse] Out := A@[1];
  elsif fault = 3 then
    [Fine] F := A;
  elsif fault = 4 then
    [Fine] A := 0;
  elsif fault = 5 then
    [Fine] writeln(A);
  elsif fault = 6 then
    writeln(+<< [Fine] A);
  end;
end;

procedure misuse2(A : [,] integer);
begin
  if fault = 7 then
    [Sparse] T := A@[1, 3];
  elsif fault = 8 then
    [[1..6, 1..6] by [2, 1]] A := 1;
  end;
end;

-- Runs under its caller's scope, which the compiler cannot see.
procedure twice(A : [] integer);
begin
  A := 2 * A;
end;

-- A global strided array shifted under its caller's scope.
procedure peekC();
begin
  F := C@[2];
end;

-- A sparse product whose factor is a parameter.
procedure product(V : [] double);
begin
  [Fine] Fd#[KI] += V * Gd#[KI];
end;

procedure latticeerr();
begin
  [Coarse] C := Index1 * 10;
  [Fine] I := Index1;
  [Sparse] G := Index1 * 10 + Index2;
  step(C);
  step(I);
  across(G);
  misuse(C);
  misuse2(G);
  [1..4] K := C#[2 * Index1 - 1];       -- 1, 3, 5, 7: on the lattice
  [1..4] writeln(K);
  if fault = 9 then
    [1..4] K := C#[2 * Index1];         -- 2: not a point of Coarse
  elsif fault = 10 then
    [1..4] C#[Index1 + 3] := K;         -- 4: not a point of Coarse
  elsif fault = 11 then
    [Fine] twice(C);                    -- C under a scope of stride 1
  elsif fault = 12 then
    [0..9] twice(I);                    -- beyond I's storage
  elsif fault = 13 then
    [Fine] peekC();                     -- C shifted over a scope of stride 1
  elsif fault = 14 then
    product(Cd);                        -- Cd read over Fine
  end;
  [Coarse] twice(C);
  [Coarse] writeln(C);
  [Fine] KI := Index1;
  [Fine] Gd := Index1;
  product(Gd);                          -- Fd := Gd * Gd, on the lattice
  [Fine] writeln(Fd);
  writeln("done");
end;
