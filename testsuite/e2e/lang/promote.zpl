-- Promoted scalar procedures (docs/language.md section 9): recursive, several scalar
-- arguments, loops and locals, calls of scalar procedures; in assignments, reductions,
-- masks, with shifted arguments, and in statements that fuse (-O2) or not (-O0).
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/promote.py), not from zplc.
-- RUN: python3 %S/reference/promote.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=4x1 | diff %t.ref -

program promote;
config var n : integer = 5;
region R = [1..n, 1..n];
region BigR = [0..n+1, 0..n+1];
direction east = [0, 1]; south = [1, 0];
var A : [BigR] integer;
var B, C : [R] integer;
var X : [R] double;
var s : integer;
var d : double;

-- Recursive.
procedure fib(k : integer) : integer;
begin
  if k < 2 then return k; end;
  return fib(k - 1) + fib(k - 2);
end;

-- Several scalar arguments, early returns.
procedure clamp(x : double; lo : double; hi : double) : double;
begin
  if x < lo then return lo; end;
  if x > hi then return hi; end;
  return x;
end;

-- A loop and local variables.
procedure collatz(k : integer) : integer;
var steps, m : integer;
begin
  steps := 0;
  m := k;
  while m != 1 do
    if m % 2 = 0 then m := m / 2; else m := 3 * m + 1; end;
    steps += 1;
  end;
  return steps;
end;

-- Calls a scalar procedure; reads a config var (replicated).
procedure twice(k : integer) : integer;
begin
  return 2 * fib(k) + n - 5;
end;

procedure promote();
begin
  [BigR] A := Index1 * (n + 2) + Index2;
  [R] B := fib(Index1 + Index2);
  [R] writeln(B);
  [R] X := clamp(double(Index2 - Index1), -1.5, 2.0);
  [R] writeln(X);
  [R] d := +<< clamp(double(Index2 - Index1) * 0.5, -0.5, 1.5);
  writeln(d);
  -- Shifted arguments (communication at block edges).
  [R] C := collatz(Index1 * n + Index2) + twice(A@east % 7);
  [R] writeln(C);
  [R] s := +<< fib(A@south % 10);
  writeln(s);
  -- A promoted call in a mask.
  [R with collatz(Index1 + Index2) > 5] B := 0;
  [R] writeln(B);
  -- Statements that -O1 and -O2 fuse into one loop nest.
  [R] B := fib(Index2) + 1;
  [R] C := B * twice(Index1);
  [R] writeln(C);
end;
