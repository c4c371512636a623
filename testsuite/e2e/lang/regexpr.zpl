-- `of`, `in`, `at` and `by` on region literals and on other region
-- expressions in brackets (docs/language.md section 4): bands of a
-- literal, a translated literal, a stride given as one integer (a literal
-- and a constant) or as a vector, a band of a translated literal, a band
-- inside a strided literal, `wrap` and `reflect` into bands of a literal,
-- and an array declared over a strided literal.
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/regexpr.py), not from zplc.
-- RUN: python3 %S/reference/regexpr.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi | diff %t.ref -
-- RUN: %zplc %s --backend=sim -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -
-- The literals' bounds are config vars, evaluated at start-up.
-- RUN: python3 %S/reference/regexpr.py 9 > %t.ref9
-- RUN: %t --n=9 | diff %t.ref9 -
-- RUN: %mpirun -np 4 %t.mpi --n=9 | diff %t.ref9 -
-- RUN: %t.sim --pes=4 --n=9 | diff %t.ref9 -

program regexpr;
config var n : integer = 6;
constant two : integer = 2;
direction east = [0, 1]; north = [-1, 0];
direction se = [1, 1]; west2 = [0, -2]; south2 = [2, 0];
var A, B : [0..n+1, 0..n+1] integer;
var C : [[1..n, 1..n] by 2] integer;
var s : integer;

procedure regexpr();
begin
  [0..n+1, 0..n+1] A := 0;
  [east of [1..n, 1..n]] A := 1;
  [north in [2..n-1, 2..n-1]] A := 2;
  [[1..n, 1..n] by 2] A += 3;
  [[1..2, 1..2] at se] A += 10;
  [east of [[1..3, 1..3] at se]] A += 20;
  [[2..n, 2..n] by two] A += 100;
  [[1..n, 1..n] by [1, 3]] A += 1000;
  [[1..n, 1..n] at [0, 0]] A += 5000 * integer(Index1 = Index2);
  [0..n+1, 0..n+1] writeln(A);
  s := +<< [west2 in [[1..n, 1..n] by 2]] A;
  writeln("sum ", s);

  [0..n+1, 0..n+1] B := 0;
  [1..n, 1..n] B := Index1 * 10 + Index2;
  [east of [1..n, 1..n]] wrap B;
  [north of [1..n, 1..n]] reflect B;
  [0..n+1, 0..n+1] writeln(B);

  [[1..n, 1..n] by 2] C := Index1 * 10 + Index2;
  [[1..n, 1..n] by 2] writeln(C@^[2, 0] - C);
  [south2 in [[1..n, 1..n] by 2]] writeln(C);
end;
