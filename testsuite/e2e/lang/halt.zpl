-- halt stops the program with exit status 1, on every PE, from inside a
-- loop in a called procedure; output written before it is kept, nothing after.
-- RUN: %zplc %s -o %t
-- RUN: %t > %t.out; test $? -eq 1
-- RUN: FileCheck --match-full-lines %s < %t.out
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 > %t.out4; test $? -eq 1
-- RUN: FileCheck --match-full-lines %s < %t.out4
-- RUN: %mpirun -np 2 %t.mpi > %t.out2; test $? -eq 1
-- RUN: FileCheck --match-full-lines %s < %t.out2
-- RUN: %t --stop=0 > %t.nohalt; test $? -eq 0
-- RUN: FileCheck --match-full-lines --check-prefix=NOHALT %s < %t.nohalt
-- CHECK: sum 10
-- CHECK-NEXT: i 1
-- CHECK-NEXT: i 2
-- CHECK-NEXT: i 3
-- CHECK-NOT: {{.}}
-- NOHALT: sum 10
-- NOHALT-NEXT: i 1
-- NOHALT-NEXT: i 2
-- NOHALT-NEXT: i 3
-- NOHALT-NEXT: i 4
-- NOHALT-NEXT: i 5
-- NOHALT-NEXT: done
-- NOHALT-NOT: {{.}}

program stopper;
config var stop : integer = 3;
region R = [1..4, 1..4];
var A : [R] integer;
var s : integer;

procedure work();
var i : integer;
begin
  for i := 1 to 5 do
    writeln("i ", i);
    if i = stop then
      halt;
    end;
  end;
end;

procedure stopper();
begin
  [R] A := Index1;
  [R] s := +<< A;
  writeln("sum ", s / 4);
  work();
  writeln("done");
end;
