-- Stencils whose sums zpl-group-sums regroups and whose partial sums the
-- lowering carries along the innermost loop (-O2), in ranks 1, 2 and 3,
-- with @ and @^, differences, a coefficient inside a sum, math calls, a
-- strided scope and a statement reading its own destination off its
-- lattice. Expected: stencil_sums.py (written separately), compared with
-- a tolerance (the regrouped sums round differently).
program sums;
config var n : integer = 8;      -- 3-D grid n^3 (n even); 2-D n x m
config var m : integer = 11;
config var steps : integer = 2;
constant a0 : double = -8.0 / 3.0;
constant a2 : double = 1.0 / 6.0;
constant a3 : double = 1.0 / 12.0;
region L = [1..m];
region P = [1..n, 1..m];
region PB = [0..n+1, 0..m+1];
region G = [1..n, 1..n, 1..n];
region C = [2..n, 2..n, 2..n by [2, 2, 2]];
var X, Y : [L] double;
var A, B : [PB] double;
var E, D : [P] double;
var U, V, R : [G] double;
var Rc : [C] double;
var w0, w1, w2, s : double;

procedure sums();
var t : integer;
begin
  w0 := 0.5; w1 := 0.125; w2 := 0.0625;
  -- Rank 1: a computed expression (sqrt) at three offsets, strided.
  [L] X := ((Index1 * 7) % 5) + 0.25;
  [L] Y := 0.0;
  [[2..m] by 2] Y := sqrt(X@^[-1]) * X@^[-1] + sqrt(X) * X + sqrt(X@^[1]) * X@^[1];
  [L] s := +<< (Y * Index1);
  writeln("Y ", s:"%.15e");
  -- Rank 2: a 9-point operator with shared coefficients, into a zero band.
  [PB] A := 0.0;
  [P] A := ((Index1 * 37 + Index2 * 101) % 97) / 97.0 - 0.5;
  for t := 1 to steps do
    [P] B := w0 * A + w1 * (A@[-1, 0] + A@[1, 0] + A@[0, -1] + A@[0, 1])
           + w2 * (A@[-1, -1] + A@[-1, 1] + A@[1, -1] + A@[1, 1]);
    [P] A := B;
  end;
  [P] s := +<< (A * Index2 + Index1);
  writeln("A ", s:"%.15e");
  -- Differences and a coefficient applied to a sum, periodic.
  [P] E := A;
  [P] D := (E@^[-1, -1] - E@^[1, -1]) + 2.0 * (E@^[-1, 0] - E@^[1, 0])
         + (E@^[-1, 1] - E@^[1, 1]);
  [P] s := +<< (D * Index2 + D * D);
  writeln("D ", s:"%.15e");
  -- Rank 3: NAS MG's residual (27 points, @^) ...
  [G] U := ((Index1 * 13 + Index2 * 7 + Index3 * 29) % 31) / 31.0 - 0.5;
  [G] V := ((Index1 * 5 + Index2 * 11 + Index3 * 3) % 17) / 17.0;
  [G] R := V - a0 * U
    - a2 * (U@^[-1, -1, 0] + U@^[-1, 0, -1] + U@^[-1, 0, 1] +
            U@^[-1, 1, 0] + U@^[0, -1, -1] + U@^[0, -1, 1] +
            U@^[0, 1, -1] + U@^[0, 1, 1] + U@^[1, -1, 0] +
            U@^[1, 0, -1] + U@^[1, 0, 1] + U@^[1, 1, 0])
    - a3 * (U@^[-1, -1, -1] + U@^[-1, -1, 1] + U@^[-1, 1, -1] +
            U@^[-1, 1, 1] + U@^[1, -1, -1] + U@^[1, -1, 1] +
            U@^[1, 1, -1] + U@^[1, 1, 1]);
  [G] s := +<< (R * Index3 + R * R);
  writeln("R ", s:"%.15e");
  -- ... its restriction over a strided scope ...
  [C] Rc := 0.5 * R
    + 0.25 * (R@^[-1, 0, 0] + R@^[0, -1, 0] + R@^[0, 0, -1] +
              R@^[0, 0, 1] + R@^[0, 1, 0] + R@^[1, 0, 0])
    + 0.125 * (R@^[-1, -1, 0] + R@^[-1, 0, -1] + R@^[-1, 0, 1] +
               R@^[-1, 1, 0] + R@^[0, -1, -1] + R@^[0, -1, 1] +
               R@^[0, 1, -1] + R@^[0, 1, 1] + R@^[1, -1, 0] +
               R@^[1, 0, -1] + R@^[1, 0, 1] + R@^[1, 1, 0])
    + 0.0625 * (R@^[-1, -1, -1] + R@^[-1, -1, 1] + R@^[-1, 1, -1] +
                R@^[-1, 1, 1] + R@^[1, -1, -1] + R@^[1, -1, 1] +
                R@^[1, 1, -1] + R@^[1, 1, 1]);
  [C] s := +<< (Rc * Index3 + Rc * Rc);
  writeln("Rc ", s:"%.15e");
  -- ... and its interpolation, which reads its destination only at
  -- points it does not write.
  [G] U := 0.0;
  [C] U := Rc;
  [C at [-1, 0, 0]] U := 0.5 * (U@^[-1, 0, 0] + U@^[1, 0, 0]);
  [[[1..n, 2..n, 2..n] by [1, 2, 2]] at [0, -1, 0]]
    U := 0.5 * (U@^[0, -1, 0] + U@^[0, 1, 0]);
  [[[1..n, 1..n, 2..n] by [1, 1, 2]] at [0, 0, -1]]
    U := 0.5 * (U@^[0, 0, -1] + U@^[0, 0, 1]);
  [G] s := +<< (U * Index3 + U * Index1 + U * U);
  writeln("U ", s:"%.15e");
end;
