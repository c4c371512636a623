-- Arrays over strided regions passed to procedures keep their compact
-- layout (zpl.may_be_compact parameters): one procedure body reads and
-- writes compact and dense arguments, under its caller's strided or dense
-- scope or its own, with @^, @ by whole strides, writeln and reductions
-- through the parameter (strided-procedures.test; expected values:
-- strided_procedures.py).
program stridedprocedures;
config var n : integer = 12;
region R = [1..n, 1..n];
region C = [R by [2, 2]];
region I = [3..n-2, 3..n-2];
region CI = [I by [2, 2]];
region V = [R by [4, 1]];
region VI = [[1..n, 2..n] by [4, 1]];
direction e2 = [0, 2]; s2 = [2, 0]; s4 = [4, 0]; w1 = [0, -1];
var F, G : [R] integer;
var A, B : [C] integer;
var P, Q : [V] integer;

-- Periodic shifts by whole strides, under the caller's scope.
procedure smooth(X, Y : [,] integer);
begin
  Y := X@^e2 * 100 + X@^s2 * 10 + X;
end;

-- Shifts into the ghost cells, under the caller's scope.
procedure inner(X, Y : [,] integer);
begin
  Y := X@[0, 2] - X@[-2, 0] + 3 * X@[2, -2];
end;

-- Its own scope: the lattice of V's rows, every column.
procedure rows(X, Y : [,] integer);
begin
  [VI] Y := X@^s4 + X@w1;
end;

procedure show(X : [,] integer);
begin
  writeln(X);
  writeln(+<< X);
  writeln(max<< X);
end;

procedure stridedprocedures();
begin
  [R] F := Index1 * 100 + Index2;
  [C] A := Index1 * 100 + Index2;
  [V] P := Index1 * 100 + Index2;
  [C] smooth(A, B);
  [C] show(B);
  [C] smooth(F, G);
  [C] show(G);
  [R] smooth(F, G);
  [R] show(G);
  [CI] inner(A, B);
  [CI] show(B);
  [CI] inner(F, G);
  [CI] show(G);
  rows(P, Q);
  [V] show(Q);
  rows(F, G);
  [VI] show(G);
end;
