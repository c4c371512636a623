-- File I/O (docs/language.md section 12): scalars and arrays of every element type and rank
-- written to a file in the text format `write` prints, appended to, and
-- read back into other variables (whole regions and a subregion), on
-- every back end; the file's text is checked too. Expected values computed
-- independently (plain Python: testsuite/e2e/lang/reference/fileio.py), not
-- from zplc. Arrays pass through PE 0 in row blocks of about one PE's share
-- (5 x 4 over 4 PEs: one row per block).
-- RUN: python3 %S/reference/fileio.py > %t.ref
-- RUN: python3 %S/reference/fileio.py --file > %t.file
-- RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: diff %t.file fileio.txt
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: rm fileio.txt && %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: diff %t.file fileio.txt
-- RUN: rm fileio.txt && %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: diff %t.file fileio.txt
-- RUN: rm fileio.txt && %mpirun -np 4 %t.mpi --grid=2x2 | diff %t.ref -
-- RUN: diff %t.file fileio.txt
-- RUN: rm fileio.txt && %mpirun -np 4 %t.mpi --grid=4x1 | diff %t.ref -
-- RUN: diff %t.file fileio.txt
-- RUN: rm fileio.txt && %mpirun -np 3 %t.mpi --grid=1x3 | diff %t.ref -
-- RUN: diff %t.file fileio.txt

program fileio;
config var n : integer = 5;
config var m : integer = 4;
region R = [1..n, 1..m];
region V = [1..m];
region K = [1..2, 1..3, 1..2];
var A, B : [R] double;
var I, J : [R] integer;
var P, Q : [R] boolean;
var X, Y : [V] integer;
var C, D : [K] integer;
var f, g : file;
var k : integer;
var x : double;
var t : boolean;

procedure fileio();
begin
  [R] A := double(Index1 * 10 + Index2) / 4.0;
  [R] I := (Index1 - 3) * 100 + Index2;
  [R] P := (Index1 + Index2) % 2 = 0;
  [V] X := Index1 * Index1;
  [K] C := Index1 * 100 + Index2 * 10 + Index3;
  f := open("fileio.txt", "w");
  writeln(f, 42, " ", 2.5, " ", true);
  [R] writeln(f, A);
  [R] writeln(f, I);
  [R] writeln(f, P);
  [V] write(f, X);
  writeln(f);
  [K] writeln(f, C);
  close(f);
  f := open("fileio.txt", "a");
  [2..3, 2..3] writeln(f, I + 1000);
  close(f);
  -- Read it all back into other variables.
  g := open("fileio.txt", "r");
  read(g, k, x, t);
  [R] read(g, B);
  [R] read(g, J, Q);
  [V] read(g, Y);
  [K] read(g, D);
  [R] J := 0;
  [2..3, 2..3] read(g, J);
  close(g);
  writeln(k, " ", x, " ", t);
  writeln(+<< [R] abs(A - B), " ", +<< [R] A);
  [R] writeln(J);
  writeln(&<< [R] (P = Q), " ", +<< [V] (X - Y), " ", +<< [K] abs(C - D));
end;
