-- User-defined reductions (docs/language.md section 6), the order of
-- combination and the empty case. Over a rank-1 region with its default
-- block distribution the PEs hold consecutive blocks, so an associative
-- operator that does not commute (b's decimal digits written after a's)
-- gives the index order's result on any number of PEs: 2, 4, 6, ... 20
-- written one after the other, and under a mask (Index1 = 1, 4, 7, 10) 1,
-- 7, 13, 19 (worked out by hand). A reduction whose
-- mask selects nothing stops the program with one line and status 2, on
-- every back end.
-- RUN: %zplc %s -o %t && %t | FileCheck %s
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 3 %t.mpi | FileCheck %s
-- RUN: %mpirun -np 4 %t.mpi | FileCheck %s
-- RUN: %zplc %s --backend=sim --machine=t3e -o %t.sim
-- RUN: %t.sim --pes=4 | FileCheck %s
-- CHECK: digits 2468101214161820
-- CHECK-NEXT: masked digits 171319
-- RUN: %t --empty=true > %t.empty 2>&1; test $? -eq 2
-- RUN: FileCheck %s --check-prefix=EMPTY < %t.empty
-- RUN: %mpirun -np 2 %t.mpi --empty=true > %t.empty2 2>&1; test $? -eq 2
-- RUN: FileCheck %s --check-prefix=EMPTY < %t.empty2
-- RUN: %t.sim --pes=3 --empty=true > %t.empty3 2>&1; test $? -eq 2
-- RUN: FileCheck %s --check-prefix=EMPTY < %t.empty3
-- EMPTY: error: the reduction 'digits<<' has no value: its region (or mask) selects no index
program order;
config var empty : boolean = false;
region Line = [1..10];
var V : [Line] integer;

procedure digits(a, b : integer) : integer;
var p : integer;
begin
  p := 10;
  while p <= b do p := p * 10; end;
  return a * p + b;
end;

procedure order();
begin
  [Line] V := 2 * Index1;
  [Line] writeln("digits ", digits<< V);
  [Line with Index1 % 3 = 1] writeln("masked digits ", digits<< (V - 1));
  if empty then
    [Line with V < 0] writeln(digits<< V);
  end;
end;
