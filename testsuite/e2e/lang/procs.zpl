-- Procedures: value / var / array parameters (rank-only [,] double and [R]), functions returning values, recursion (factorial, fib), nested calls.
-- Expected values computed independently (by hand / plain Python), not from zplc.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- CHECK: 5 6
-- CHECK-NEXT: 12
-- CHECK-NEXT: 3 4 5 6
-- CHECK-NEXT: 5 6 7 8
-- CHECK-NEXT: 7 8 9 10
-- CHECK-NEXT: 78
-- CHECK-NEXT: 1 2 3 4
-- CHECK-NEXT: 2 4 6 8
-- CHECK-NEXT: 3 6 9 12
-- CHECK-NEXT: 1 120 2432902008176640000
-- CHECK-NEXT: 0 1 55 6765
-- CHECK-NEXT: hello
-- CHECK-NEXT: 16
-- CHECK-NOT: {{.}}

program procs;
region R = [1..3, 1..4];
var A : [R] double;
var G : [R] integer;
var k, j : integer;
var t : double;

procedure addone(x : integer) : integer;
begin
  x := x + 1;
  return x;
end;

procedure incr(var y : integer; amt : integer);
begin
  y += amt;
end;

procedure scale(B : [,] double; f : double);
begin
  [R] B := B * f;
end;

procedure total(B : [R] double) : double;
var s : double;
begin
  [R] s := +<< B;
  return s;
end;

procedure setidx(X : [R] integer);
begin
  [R] X := Index1 * Index2;
end;

procedure fact(n : integer) : integer;
begin
  if n <= 1 then
    return 1;
  end;
  return n * fact(n - 1);
end;

procedure fib(n : integer) : integer;
begin
  if n < 2 then
    return n;
  else
    return fib(n - 1) + fib(n - 2);
  end;
end;

procedure hello();
begin
  writeln("hello");
end;

procedure procs();
begin
  k := 5;
  j := addone(k);
  writeln(k, " ", j);
  incr(k, 10);
  incr(k, -3);
  writeln(k);
  [R] A := Index1 + Index2 * 0.5;
  scale(A, 2.0);
  [R] writeln(A);
  t := total(A);
  writeln(t);
  setidx(G);
  [R] writeln(G);
  writeln(fact(1), " ", fact(5), " ", fact(20));
  writeln(fib(0), " ", fib(1), " ", fib(10), " ", fib(20));
  hello();
  writeln(addone(addone(fact(3))) * 2);
end;
