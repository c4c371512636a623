-- The 32-bit integer type int32 (docs/language.md section 3): scalars,
-- config vars, parallel and indexed arrays; arithmetic that wraps modulo
-- 2^32 between int32 operands and widens to integer when mixed with one;
-- `/`, `%` and the bit built-ins in 64 bits; the conversions int32() and
-- integer(); reductions, scans (which wrap like the arithmetic), partial
-- reductions and floods of int32 arrays; gathers and scatters with int32
-- values and int32 index arrays (a histogram `+= 1` into an integer array,
-- `+=` and `-=` into an int32 one); procedures (parameters, results,
-- `var` parameters, promotion); shifts; writeln and a file written and
-- read back.
-- Expected values computed independently (plain Python:
-- testsuite/e2e/lang/reference/int32.py), not from zplc.
-- RUN: python3 %S/reference/int32.py > %t.ref
-- RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
-- RUN: %zplc %s -o %t && %t | diff %t.ref -
-- RUN: %zplc %s -O0 -o %t.O0 && %t.O0 | diff %t.ref -
-- RUN: %zplc %s --backend=mpi -o %t.mpi
-- RUN: %mpirun -np 1 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 2 %t.mpi | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=2x2 | diff %t.ref -
-- RUN: %mpirun -np 4 %t.mpi --grid=1x4 | diff %t.ref -
-- RUN: %zplc %s --backend=sim --machine=t3d -o %t.sim
-- RUN: %t.sim --pes=4 | diff %t.ref -
-- A config var outside int32's range is malformed.
-- RUN: not %t --big=2147483648 2>&1 | FileCheck --check-prefix=RANGE %s
-- RANGE: bad value '2147483648' for config var big (expected int32)

program int32test;
config var n : integer = 4;
config var m : integer = 5;
config var big : int32 = 2147483000;
region R = [1..n, 1..m];
region Col = [1..n, *];
region Bins = [0..6];
direction south = [1, 0];
direction east = [0, 1];
var A, B, C : [R] int32;
var L : [R] integer;
var Top : [Col] int32;
var H : [Bins] integer;
var G : [Bins] int32;
var T : array [1..3] of int32;
var x, y : int32;
var k : integer;
var d : double;
var f : file;

-- a + b in 32 bits; the result is int32.
procedure add32(a : int32; b : int32) : int32;
begin
  return a + b;
end;

procedure halve(var v : int32);
begin
  v := v / 2;
end;

procedure int32test();
begin
  -- Scalars: int32 + int32 wraps, int32 + integer does not.
  x := big;
  y := x + x;
  k := x + 1000;
  writeln(x, " ", y, " ", k, " ", x + 1000, " ", add32(x, 1000));
  writeln(-x, " ", x * 3, " ", integer(x) * 3, " ", int32(5000000000), " ",
          int32(-7.9), " ", int32(true), " ", int32(k) - x);
  writeln(x / 7, " ", x % 7, " ", -x / 7, " ", -x % 7, " ", band(x, 255), " ",
          bsl(int32(3), 40), " ", bsr(-x, 3), " ", bxor(x, -1));
  writeln(x > k, " ", x < k, " ", x = big, " ", abs(int32(-5)), " ",
          max(x, int32(7)), " ", min(x, k), " ", double(x) / 2.0);
  d := 2.5;
  y := int32(d * 4.0);
  halve(y);
  x := 100;
  x += 1;
  x -= 3;
  x *= 2;
  x /= 5;
  writeln(y, " ", x);
  T[1] := 7;
  T[2] := T[1] * 6;
  T[3] := big + T[2];
  writeln(T[1], " ", T[2], " ", T[3]);

  -- Arrays: elementwise arithmetic, wrap-around, mixing with integer.
  [R] A := Index1 * 10 + Index2;
  [R] B := A * 100000000;
  [R] L := A * 100000000;
  [R] writeln(B);
  [R] writeln(L - B);
  [R] C := A - 3 * (A / 3);
  [R] writeln(C);
  -- Shifts move int32 elements between PEs.
  [R] C := 0;
  [1..n - 1, 1..m - 1] C := A@south * 1000 + A@east;
  [R] writeln(C);

  -- Reductions and scans: int32 results that wrap; integer() widens first.
  writeln(+<< [R] A, " ", max<< [R] A, " ", min<< [R] B, " ", +<< [R] B, " ",
          +<< [R] integer(B), " ", *<< [1..2, 1..3] A);
  [R] C := +|| A;
  [R] writeln(C);
  [R] C := max|| [2] B;
  [R] writeln(C);
  -- A partial reduction to a column, and a flood of a column.
  [1..n, 1] C := +<< [R] A;
  [1..n, 1] writeln(C);
  [Col] Top := >>[1..n, m] A;
  [R] C := A - Top;
  [R] writeln(C);

  -- Gathers and scatters with int32 indices and values.
  [R] C := (A * 7) % 7 + Index2 - 1;      -- 0 .. m - 1
  [Bins] H := 0;
  [R] H#[C] += 1;
  [Bins] writeln(H);
  [Bins] G := 0;
  [R] G#[C] += A;
  [R] G#[C + 1] -= Index1;
  [Bins] writeln(G);
  [R] B := A#[n + 1 - Index1, C + 1];
  [R] writeln(B);
  [R] B := 0;
  [R] B#[Index1, m - C] := A;
  [R] writeln(B);

  -- Promotion: add32 applied elementwise.
  [R] C := add32(A, B);
  [R] writeln(C);

  -- A file written and read back.
  f := open("int32.txt", "w");
  writeln(f, big, " ", y);
  [R] writeln(f, B);
  close(f);
  [R] C := 0;
  f := open("int32.txt", "r");
  read(f, x, y);
  [R] read(f, C);
  close(f);
  writeln(x, " ", y, " ", +<< [R] integer(C != B));
end;
