-- `timer()` (docs/language.md section 13): seconds since the program
-- started, by each PE's own clock. Readings differ from run to run, so this
-- prints only their properties: never negative, never decreasing, on every
-- PE (each compares its own readings; a scalar reduction over R combines
-- the answers of the PEs that own part of R), and the timed kernel's result
-- is unchanged. The simulated machines' virtual times: e2e/sim/timer.test.
-- Expected values computed by hand: 5 sweeps of Index1 over 8x8 sum to 5 * 8 * 36.
-- RUN: %zplc %s -o %t && %t | FileCheck --match-full-lines %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 2 %t.mpi | FileCheck --match-full-lines %s
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | FileCheck --match-full-lines %s
-- CHECK: start non-negative true
-- CHECK-NEXT: non-decreasing true
-- CHECK-NEXT: on every PE true
-- CHECK-NEXT: elapsed in an array true
-- CHECK-NEXT: kernel 1440
-- CHECK-NOT: {{.}}

program timing;
config var n : integer = 8;
region R = [1..n, 1..n];
var A, E : [R] double;
var t0, t1, t2 : double;
var i : integer;
var ok : boolean;

procedure timing();
begin
  t0 := timer();
  for i := 1 to 5 do
    [R] A := A + Index1;
  end;
  t1 := timer();
  t2 := timer();
  writeln("start non-negative ", t0 >= 0.0);
  writeln("non-decreasing ", t0 <= t1 & t1 <= t2);
  [R] ok := &<< (t0 >= 0.0 & t0 <= t1 & t1 <= t2 & t2 <= timer());
  writeln("on every PE ", ok);
  [R] E := timer() - t2;
  writeln("elapsed in an array ", &<< [R] (E >= 0.0));
  writeln("kernel ", +<< [R] A);
end;
