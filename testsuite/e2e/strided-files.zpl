-- Arrays over strided regions stored compactly (zpl.compact) written to a
-- file and read back (docs/language.md sections 10 and 12), on every back
-- end: the file holds the lattice points in row-major order, and the read
-- fills the lattice points of another compact array. Expected values from
-- the language rules in plain Python (the RUN lines), not from zplc.
-- RUN: python3 -c "print('\n'.join(' '.join(str(i * 100 + j) for j in range(1, 11, 2)) for i in range(1, 13, 3)))" > %t.file
-- RUN: python3 -c "v = [i * 100 + j for i in range(1, 13, 3) for j in range(1, 11, 2)]; print('\n'.join(' '.join(str(x + 1) for x in v[r * 5:r * 5 + 5]) for r in range(4))); print(sum(v), max(v))" > %t.ref
-- RUN: %zplc --emit=ironman %s | FileCheck %s
-- CHECK: zpl.array_decl @A {{.*}}zpl.compact
-- CHECK: zpl.array_decl @B {{.*}}zpl.compact
-- RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: diff %t.file strided.txt
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: rm strided.txt && %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: rm strided.txt && %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: rm strided.txt && %mpirun -np 4 %t.mpi --grid=2x2 | diff %t.ref -
-- RUN: diff %t.file strided.txt
-- RUN: %zplc %s --backend=sim --machine=t3d -o %t.sim
-- RUN: rm strided.txt && %t.sim --pes=4 | diff %t.ref -
-- RUN: diff %t.file strided.txt
program stridedfiles;
region R = [1..12, 1..10];
region C = [R by [3, 2]];
var A, B : [C] integer;
var f : file;
procedure stridedfiles();
begin
  [C] A := Index1 * 100 + Index2;
  f := open("strided.txt", "w");
  [C] writeln(f, A);
  close(f);
  f := open("strided.txt", "r");
  [C] read(f, B);
  close(f);
  [C] writeln(B + 1);
  writeln(+<< [C] B, " ", max<< [C] B);
end;
