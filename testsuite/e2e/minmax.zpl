-- Built-in max/min on parallel operands (reals and integers) inside reductions.
-- RUN: %zplc %s -o %t && %t | FileCheck %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi && %mpirun -np 4 %t.mpi | FileCheck %s
-- CHECK: 5 199
program mx;
region R = [1..4, 1..4];
var A, B : [R] double;
var I, J : [R] integer;
var s : double;
var k : integer;
procedure mx();
begin
  [R] A := Index1;
  [R] B := Index2;
  [R] I := Index1 - 2;
  [R] J := 3 - Index2;
  [R] s := max<< max(A, B) + min<< min(A, B);
  [R] k := max<< max(I, J) * 100 + min<< min(I, J);
  writeln(s, " ", k);
end;
