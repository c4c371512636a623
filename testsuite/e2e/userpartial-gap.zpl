-- A user-defined partial reduction (docs/language.md section 6) whose
-- scope has an index onto which nothing reduces: there is no identity,
-- so the program stops with one line and status 2, on every PE, instead
-- of storing a made-up value (rows 2, 4, 6 of Col get nothing from Odd).
-- RUN: %zplc %s -o %t
-- RUN: %t > %t.out 2>&1; test $? -eq 2
-- RUN: FileCheck %s < %t.out
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi > %t.out4 2>&1; test $? -eq 2
-- RUN: FileCheck %s < %t.out4
-- RUN: %zplc %s --backend=sim --machine=t3d -o %t.sim
-- RUN: %t.sim --pes=3 > %t.out3 2>&1; test $? -eq 2
-- RUN: FileCheck %s < %t.out3
-- CHECK: error: the reduction 'skew<<' has no value at some index of its destination: its region selects no index there
-- CHECK-NOT: never
program gap;
region R = [1..6, 1..6];
region Col = [1..6, 1];
region Odd = [R by [2, 2]];
var K : [R] integer;
var S : [Col] integer;

procedure skew(a, b : integer) : integer;
begin
  return 3 * a - b;
end;

procedure gap();
begin
  [R] K := Index1 + Index2;
  [Col] S := skew<< [Odd] K;
  writeln("never");
end;
