-- Compact arrays (zpl.compact) read and written by a procedure that runs
-- under its caller's scope: zpl.check_lattice keeps the array compact,
-- and an access off its lattice stops the program (status 2) instead of
-- reading a wrong element. Expected values: Inputs/strided_callerscope.py.
-- RUN: python3 %S/Inputs/strided_callerscope.py > %t.ref
-- RUN: %zplc --emit=ironman %s | FileCheck %s
-- CHECK: zpl.array_decl @A {{.*}}zpl.compact
-- CHECK: zpl.array_decl @B {{.*}}zpl.compact
-- CHECK: zpl.check_lattice
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi | diff %t.ref -
-- RUN: %zplc %s --backend=sim --machine=t3d -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -
-- RUN: not %t --off=1 2>&1 | FileCheck %s --check-prefix=OFF
-- OFF: array A over [1..11, 1..11] by [2, 2] is accessed over [1..11, 2..12] by [2, 2] shifted by [0, 2], at indices that are not points of its strided region
program stridedcallerscope;
config var off : integer = 0;
region R = [1..12, 1..12];
region C = [R by [2, 2]];
var A, B : [C] integer;
procedure step();
begin
  B := A@[0, 2] + A;
end;
procedure stridedcallerscope();
begin
  [C] A := Index1 * 100 + Index2;
  if off = 1 then
    [[1..12, 2..12] by [2, 2]] step();
  end;
  [C] step();
  [C] writeln(B);
  [[1..12, 1..12] by [4, 2]] step();
  [C] writeln(B);
end;
