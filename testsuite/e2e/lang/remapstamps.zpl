-- A remap's schedule follows its index array however the array is written
-- (runtime/src/remap.c: the schedule reads the index values again only
-- when the array's write stamp changed): by a statement, by a gather into
-- it, by a prefix scan, by a scatter into it, and inside a procedure that
-- takes it as a parameter. After each, one and the same gather (one
-- call site) through Key must read the new indices; between the writes it
-- runs again with Key unchanged. Expected values computed independently
-- (plain Python: testsuite/e2e/lang/reference/remapstamps.py).
-- RUN: python3 %S/reference/remapstamps.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi | diff %t.ref -
-- RUN: %zplc %s --backend=sim --machine=t3d -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -
program remapstamps;
region R = [1..12];
var Key, G, V, Tmp : [R] integer;
var round : integer;

-- G := V#[Key] twice (the second with Key unchanged), printed.
procedure gatherTwice();
begin
  for round := 1 to 2 do
    [R] V := 10 * Index1 + round;
    [R] G := V#[Key];
  end;
  [R] writeln(G);
end;

procedure shiftKeys(K : [R] integer);
begin
  [R] K := K % 12 + 1;
end;

procedure remapstamps();
begin
  [R] Key := 13 - Index1;          -- a statement
  gatherTwice();
  [R] Tmp := (5 * Index1) % 12 + 1;
  [R] Key := Tmp#[Key];            -- a gather into Key
  gatherTwice();
  [R] Tmp := 1;
  [R] Key := +|| Tmp;              -- a scan: 1, 2, .., 12
  gatherTwice();
  [R] Tmp := 13 - Index1;
  [R] Key#[Tmp] := Index1 % 3 + 1; -- a scatter into Key
  gatherTwice();
  shiftKeys(Key);                  -- a parameter (by reference)
  gatherTwice();
end;
