-- Indexed arrays (docs/language.md section 3): ordinary arrays every PE
-- holds whole, read and written element by element from scalar code. A
-- table of squares and lookups through it, a prefix sum, a table indexed
-- by an element of another, boolean marks with a stepped loop, a double
-- array whose bounds are negative, compound assignments, a local array in
-- a procedure called again and again, elements used by array statements
-- (as a scalar, as the target of a reduction) and by a promoted procedure,
-- and two-dimensional arrays (Pascal's triangle, a table of doubles).
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/indexed.py), not from zplc.
-- RUN: python3 %S/reference/indexed.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi | diff %t.ref -
-- RUN: %zplc %s --backend=sim -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -
-- A larger config value makes larger arrays (bounds are evaluated at start-up).
-- RUN: python3 %S/reference/indexed.py 25 > %t.ref25
-- RUN: %t --n=25 | diff %t.ref25 -
-- RUN: %mpirun -np 3 %t.mpi --n=25 | diff %t.ref25 -

program indexed;
config var n : integer = 10;
constant m : integer = 5;
region R = [1..n];
var Sq : array [0..m] of integer;
var P : array [1..n] of integer;
var H : array [-2..2] of double;
var Seen : array [1..n] of boolean;
var C : array [0..n, 0..n] of integer;
var G : array [-1..1, 1..3] of double;
var A : [R] integer;
var i, j, k, s : integer;

-- Reads a global indexed array; called elementwise below.
procedure lookup(j : integer) : integer;
begin
  return Sq[j % (m + 1)];
end;

-- A local indexed array, made and freed by every call.
procedure fib(k : integer) : integer;
var F : array [0..90] of integer;
    j : integer;
begin
  F[0] := 0;
  F[1] := 1;
  for j := 2 to k do
    F[j] := F[j - 1] + F[j - 2];
  end;
  return F[k];
end;

procedure indexed();
begin
  -- A table of squares, and lookups through it.
  for i := 0 to m do
    Sq[i] := i * i;
  end;
  s := 0;
  for i := 1 to n do
    s += Sq[(7 * i) % (m + 1)];
  end;
  writeln("lookups ", s, " ", Sq[Sq[2]], " ", Sq[m]);

  -- A prefix sum in scalar code.
  P[1] := 1;
  for i := 2 to n do
    P[i] := P[i - 1] + (i * i) % 7 - 3;
  end;
  write("prefix");
  for i := 1 to n do
    write(" ", P[i]);
  end;
  writeln();

  -- Boolean marks: the multiples of 3, then their count.
  for k := 3 to n by 3 do
    Seen[k] := true;
  end;
  s := 0;
  for i := 1 to n do
    if Seen[i] then
      s += 1;
    end;
  end;
  writeln("marked ", s, " ", Seen[1], " ", Seen[3]);

  -- Doubles with negative bounds, compound assignments.
  for i := -2 to 2 do
    H[i] := double(i) / 4.0;
  end;
  H[0] += 1.5;
  H[-2] *= 6.0;
  H[2] -= 0.125;
  H[1] /= 2.0;
  writeln("halves ", H[-2], " ", H[-1], " ", H[0], " ", H[1], " ", H[2]);

  -- Elements in array statements: a scalar operand, a reduction's target,
  -- and lookups by a promoted procedure.
  [R] A := Index1 * P[3];
  [R] P[n] := +<< A;
  writeln("reduced ", P[n]);
  [R] A := lookup(Index1);
  [R] s := +<< A;
  writeln("promoted ", s);

  -- Two dimensions: Pascal's triangle (row i in C[i, 0..i]) and a small
  -- double table with a negative lower bound.
  for i := 0 to n do
    C[i, 0] := 1;
    for j := 1 to i do
      C[i, j] := C[i - 1, j - 1] + C[i - 1, j];
    end;
  end;
  s := 0;
  for j := 0 to n do
    s += C[n, j];
  end;
  writeln("pascal ", C[n, n / 2], " ", C[n, 1], " ", C[n, n], " ", s);
  for i := -1 to 1 do
    for j := 1 to 3 do
      G[i, j] := double(i) + double(j) / 8.0;
    end;
  end;
  G[0, 2] *= 4.0;
  writeln("grid ", G[-1, 1], " ", G[0, 2], " ", G[1, 3]);

  -- Local arrays, call after call.
  s := 0;
  for i := 1 to n do
    s += fib(i);
  end;
  writeln("fib ", fib(10), " ", fib(90), " ", s);
end;
