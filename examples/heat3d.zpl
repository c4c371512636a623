-- heat3d.zpl: explicit heat diffusion on an n x n x n grid with a 7-point
-- stencil (rank 3).
--
-- The grid has a boundary shell one element thick. Three faces of the shell
-- hold fixed temperatures (a hot lid, a patterned floor and a graded north
-- wall); the other three stay at 0. Each step replaces every interior value
-- by T + alpha * (sum of the six face neighbours - 6 T), reports the largest
-- change (a max-reduction) and continues. At the end it prints the largest
-- change of the last step, the total heat, the extremes and a small slice.
--
-- Exactness. All initial and boundary values are integers in [0, 1023] and
-- alpha = 1/8, so after s steps every value is k / 8^s with |k| < 2^10 8^s,
-- and each operation of the update (the six-term sum, 6.0 * T, the
-- difference, the product with 1/8, the final sum) is exact in double as
-- long as 13 + 3 s <= 53. The total over the n^3 interior values needs
-- 10 + 3 s + log2(n^3) bits; at the defaults (n = 12, 4 steps) that is 33
-- bits, so the sum is exact and its text cannot depend on the number of
-- PEs or on the order of the additions. max and min are always exact.
-- At benchmark sizes (many steps) the values are rounded, identically on
-- any number of PEs since each element's expression is evaluated in the
-- same order; only the total's last bits depend on the summation order.
-- The total is a sum of n^3 values in [0, 1023] (no cancellation): with
-- n = 256 its relative error is below n^3 * 2^-53 ~ 2e-9, so "%.3f" of a
-- total ~ 1e9 could then differ in the last printed digits between PE
-- counts; compare large runs with a tolerance, or with --steps <= 12.
--
-- Default size: n = 12, 4 steps. Benchmark sizes:
--   ./heat3d --n=128 --steps=100     (~2.5 s on one core)
--   ./heat3d --n=256 --steps=50
-- The printed slice is the plane i = mid, rows and columns 1..show.

program heat3d;

config var n     : integer = 12;       -- interior is n x n x n
config var steps : integer = 4;        -- time steps
config var show  : integer = 4;        -- printed slice size (<= n)
config var mid   : integer = (n + 1) / 2;   -- printed plane

constant alpha : double = 0.125;       -- diffusion number (stable: <= 1/6)

region R     = [1..n, 1..n, 1..n];
region Big   = [0..n+1, 0..n+1, 0..n+1];
region Slice = [mid, 1..show, 1..show];

direction up    = [-1, 0, 0]; down  = [1, 0, 0];
          north = [0, -1, 0]; south = [0, 1, 0];
          west  = [0, 0, -1]; east  = [0, 0, 1];

var T, Tn                       : [Big] double;
var delta, total, hottest, coolest : double;

procedure heat3d();
var s : integer;
begin
  -- Boundary shell and initial interior.
  [Big]        T := 0.0;
  [up of R]    T := 1023.0;                                  -- hot lid
  [down of R]  T := double((Index2 * 5 + Index3 * 3) % 64);  -- floor
  [north of R] T := double((Index1 * 8 + Index3) % 1024);    -- graded wall
  [R]          T := double((Index1 * Index2 + 3 * Index3) % 100);

  delta := 0.0;
  for s := 1 to steps do
    [R] begin
      Tn    := T + alpha * (T@up + T@down + T@north + T@south
                            + T@west + T@east - 6.0 * T);
      delta := max<< abs(Tn - T);
      T     := Tn;
    end;
  end;

  [R] begin
    total   := +<< T;
    hottest := max<< T;
    coolest := min<< T;
  end;
  writeln("heat3d: n = ", n, ", steps = ", steps);
  writeln("last max change: ", delta:"%.6f");
  writeln("total heat: ", total:"%.6f");
  writeln("max: ", hottest:"%.6f", " min: ", coolest:"%.6f");
  [Slice] writeln(T:"%9.4f");
end;
