-- The bit built-ins band, bor, bxor, bnot, bsl, bsr and the conversions of
-- a boolean (docs/language.md section 13): on constants (folded by the
-- compiler), on scalar variables (shifts checked at run time) and
-- elementwise on arrays, with negative numbers, the arithmetic right shift
-- and the edge amounts 0 and 63, and bsl's 64-bit wrap-around (combined
-- with bxor, not +, so that no sum overflows).
-- Expected values computed independently (plain Python: testsuite/e2e/lang/reference/bits.py), not from zplc.
-- RUN: python3 %S/reference/bits.py > %t.ref
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | diff %t.ref -
-- RUN: %zplc %s --backend=sim -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -

program bits;
config var n : integer = 6;
config var top : integer = 63;
region R = [1..n, 1..n];
var A, B, C, S : [R] integer;
var D : [R] double;
var F : [R] float;
var P : [R] boolean;
var i, j, k, total : integer;
var x : double;
var f : float;
var p : boolean;

procedure bits();
begin
  -- Constants.
  writeln(band(12, 10), " ", bor(12, 10), " ", bxor(12, 10), " ", bnot(0), " ",
          bnot(-1), " ", bnot(41));
  writeln(band(-6, 13), " ", bor(-16, 5), " ", bxor(-1, 85), " ", band(-1, -1), " ",
          bxor(-8, -3), " ", bor(0, 0));
  writeln(bsl(1, 0), " ", bsl(1, 62), " ", bsl(1, 63), " ", bsl(-1, 63), " ",
          bsl(3, 62), " ", bsl(-5, 2));
  writeln(bsr(100, 3), " ", bsr(-100, 3), " ", bsr(-1, 63), " ", bsr(-5, 1), " ",
          bsr(5, 63), " ", bsr(-9223372036854775807 - 1, 63), " ", bsr(7, 0));
  -- Variables: every amount 0..63 (a config var the compiler cannot fold).
  i := 9223372036854775807; j := -9223372036854775807 - 1; total := 0;
  for k := 0 to top do
    total := bxor(bxor(total, bsl(k + 1, k)), bsr(i, k) + bsr(j, k));
  end;
  writeln(total);
  i := -123456789;
  writeln(bsr(i, 0), " ", bsr(i, 7), " ", bsr(i, top), " ", bsl(i, 20), " ",
          bsl(i, top), " ", bsr(bsl(i, 30), 30));
  writeln(bor(band(i, 65535), bsl(bxor(i, bnot(i)), 16)), " ", bnot(bnot(i)));
  -- Booleans to numbers.
  p := i < 0;
  x := double(p) + 0.5;
  f := float(!p);
  writeln(integer(p), " ", integer(!p), " ", x, " ", f, " ", double(i > 0),
          " ", integer(p) + integer(true));
  -- Arrays (negative values too), amounts varying per element.
  [R] A := (Index1 - 3) * 1000 + Index2 * 37 - 111;
  [R] writeln(A);
  [R] B := band(A, 255) + bor(A, Index2) - bxor(A, -1);
  [R] writeln(B);
  [R] C := bxor(bsl(A, Index2 + 50), bsr(A, Index1 * 10 - 1));
  [R] writeln(C);
  [R] S := bnot(bxor(bsr(A, top), bsl(Index1, Index2 * 9)));
  [R] writeln(S);
  -- Booleans to numbers, elementwise, and in reductions.
  [R] P := band(A, 1) = 1;
  [R] D := double(P) * 2.5 - double(A < 0);
  [R] F := float(P) + float(Index2 > 3);
  [R] writeln(D);
  [R] writeln(F);
  [R] C := integer(P) + integer(A > 500) * 10;
  [R] writeln(C);
  [R] total := +<< integer(P);
  writeln(total, " ", +<< [R] band(A, 7), " ", max<< [R] bsr(A, 2), " ",
          min<< [R] bsl(A, 3));
  -- A scalar shift amount, loop-invariant in an array statement.
  k := 4;
  [R] A := bsr(A, k) + bsl(Index1, k);
  [R] writeln(A);
end;
