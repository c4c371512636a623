-- tomcatv.zpl: Thompson mesh generation in the style of SPEC tomcatv.
--
-- An m x n mesh of points (X, Y) with a fixed boundary (the unit square with
-- a bump on its first row) is relaxed towards the solution of Thompson's
-- elliptic mesh-generation equations
--     a X_ss + b X_tt - 2c X_st = 0   (and the same for Y)
-- whose metric coefficients a, b, c depend on the mesh itself. Each
-- iteration
--   1. computes the residuals RX, RY at every interior point from its eight
--      neighbours (8-way shifts, including the diagonal ones),
--   2. takes their maxima with `max<< abs(...)` (the convergence test),
--   3. solves one tridiagonal system per column, along the rows, for the
--      corrections: forward elimination and back substitution are `for`
--      loops over the rows i, each statement running on the single row
--      `[i, 2..n-1]` and reading the previous (@north) or next (@south) row,
--   4. adds the corrections to the interior points.
-- SPEC tomcatv uses a 257 x 257 mesh (rows here are its second index J,
-- columns its first index I).
--
-- Sizes: defaults m=48, n=40, itmax=12 run in milliseconds. Benchmark sizes:
--   ./tomcatv --m=257 --n=257 --itmax=100     (the SPEC problem size)
--   ./tomcatv --m=513 --n=513 --itmax=100     (a large run)
-- --eps=1e-10 stops early once both residual maxima are <= eps.
--
-- Output. Per iteration the residual maxima and the largest correction:
-- max reductions are exact, so they print the same on any number of PEs
-- (the elementwise work is the same bit for bit). At the end the smallest
-- mesh spacing along rows and columns (min reductions, exact) and the sums
-- of X and of Y. The sums have positive terms (about 2000 terms in [0, 1]
-- at the defaults), so any summation order is within ~1920 * 2^-53
-- relative, about 2e-13, of any other; "%.8e" resolves 1e-6 here, and the
-- exact sums lie 7e-7 (X) and 1.5e-7 (Y) from a rounding boundary of the
-- last printed digit at the defaults (2e-3 at 513 x 513), far more than the
-- spread.

program tomcatv;

config var m     : integer = 48;       -- rows:    ./tomcatv --m=257
config var n     : integer = 40;       -- columns: ./tomcatv --n=257
config var itmax : integer = 12;       -- iterations: ./tomcatv --itmax=100
config var eps   : double  = 1e-12;    -- residual tolerance

constant pi  : double = 3.141592653589793;
constant rel : double = 2.0;           -- weight of a in the diagonal

region R = [1..m, 1..n];               -- the whole mesh
region I = [2..m-1, 2..n-1];           -- the interior points

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
direction ne = [-1, 1]; nw = [-1, -1]; se = [1, 1]; sw = [1, -1];

var X, Y     : [R] double;             -- the mesh
var RX, RY   : [R] double;             -- residuals, then corrections
var AA, DD   : [R] double;             -- the tridiagonal systems
var D        : [R] double;             -- inverted pivots
var Rt       : [R] double;             -- elimination multipliers
var XX, YX, XY, YY : [R] double;       -- centred first differences
var Ca, Cb, Cc     : [R] double;       -- metric coefficients
var S, T     : [R] double;             -- parameter coordinates

-- The initial mesh: the unit square, its bottom edge bent into a bump,
-- the interior perturbed by smooth waves.
procedure initmesh();
begin
  [R] begin
    S := (Index2 - 1) / (n - 1.0);
    T := (Index1 - 1) / (m - 1.0);
    X := S + 0.05 * sin(3.0 * pi * T) * sin(pi * S);
    Y := T + 0.1 * (1.0 - T) * sin(pi * S)
           + 0.03 * sin(2.0 * pi * S) * sin(pi * T);
  end;
end;

-- Step 1: residuals and tridiagonal coefficients at the interior points.
procedure residuals();
begin
  [I] begin
    XX := X@east - X@west;
    YX := Y@east - Y@west;
    XY := X@south - X@north;
    YY := Y@south - Y@north;
    Ca := 0.25 * (XY * XY + YY * YY);
    Cb := 0.25 * (XX * XX + YX * YX);
    Cc := 0.125 * (XX * XY + YX * YY);
    AA := -Cb;
    DD := Cb + Cb + Ca * rel;
    RX := Ca * (X@east - 2.0 * X + X@west) + Cb * (X@south - 2.0 * X + X@north)
          - Cc * (X@se - X@ne - X@sw + X@nw);
    RY := Ca * (Y@east - 2.0 * Y + Y@west) + Cb * (Y@south - 2.0 * Y + Y@north)
          - Cc * (Y@se - Y@ne - Y@sw + Y@nw);
  end;
end;

-- Step 3: for every interior column at once, the LU solve along the rows
-- 2..m-1 of the system with diagonal DD and off-diagonals AA; RX and RY
-- are overwritten by the solutions.
procedure tridiagonal();
var i : integer;
begin
  [2, 2..n-1] D := 1.0 / DD;
  for i := 3 to m - 1 do
    [i, 2..n-1] begin
      Rt := AA * D@north;
      D  := 1.0 / (DD - AA@north * Rt);
      RX := RX - RX@north * Rt;
      RY := RY - RY@north * Rt;
    end;
  end;
  [m-1, 2..n-1] begin
    RX := RX * D;
    RY := RY * D;
  end;
  for i := m - 2 downto 2 do
    [i, 2..n-1] begin
      RX := (RX - AA * RX@south) * D;
      RY := (RY - AA * RY@south) * D;
    end;
  end;
end;

procedure tomcatv();
var iter : integer;
var rxm, rym, cmax : double;
var xsum, ysum, xmin, ymin : double;
begin
  writeln("tomcatv: ", m, " x ", n, " mesh, at most ", itmax, " iterations");
  initmesh();
  for iter := 1 to itmax do
    residuals();
    [I] begin
      rxm := max<< abs(RX);
      rym := max<< abs(RY);
    end;
    tridiagonal();
    [I] begin
      X += RX;
      Y += RY;
      cmax := max<< max(abs(RX), abs(RY));
    end;
    writeln("iteration ", iter, ": max|rx| ", rxm:"%.9e", " max|ry| ", rym:"%.9e",
            " max correction ", cmax:"%.9e");
    if rxm <= eps & rym <= eps then
      exit;
    end;
  end;
  [R] begin
    xsum := +<< X;
    ysum := +<< Y;
  end;
  [1..m, 2..n] xmin := min<< (X - X@west);
  [2..m, 1..n] ymin := min<< (Y - Y@north);
  writeln("sum X ", xsum:"%.8e", " sum Y ", ysum:"%.8e");
  writeln("min dX along rows ", xmin:"%.9e", " min dY along columns ", ymin:"%.9e");
end;
