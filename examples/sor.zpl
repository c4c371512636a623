-- sor.zpl: red-black successive over-relaxation (SOR) for a Poisson problem.
--
-- Solves  -laplace(u) = f  on the unit square with an n x n interior grid,
-- spacing h = 1/(n+1), using the 5-point stencil:
--   u(i,j) = (u(i-1,j) + u(i+1,j) + u(i,j+1) + u(i,j-1) + h^2 f(i,j)) / 4.
-- Boundary conditions:
--   north edge (row 0)        u = 1                  (Dirichlet)
--   west edge  (column 0)     u = i / (n+1)          (Dirichlet)
--   south edge (row n+1)      u = 0                  (Dirichlet)
--   east edge  (column n+1)   du/dx = 0              (Neumann: `reflect`)
-- The source is an integer pattern f(i,j) = (3i + 5j) mod 7 - 3.
--
-- The points are coloured like a chess board: red where i+j is even, black
-- where it is odd. Each iteration relaxes all red points at once (their four
-- neighbours are all black), then all black points (reading the new red
-- values), with over-relaxation factor omega. Because a point never reads a
-- neighbour of its own colour, the masked array statements compute exactly
-- what a sequential red-then-black Gauss-Seidel sweep computes.
-- Iterations stop when the largest update of an iteration falls below tol
-- or after maxit iterations.
--
-- Defaults run in a few milliseconds. For benchmarking, fix the amount of
-- work with a tolerance that is never reached:
--   ./sor --n=2048 --maxit=200 --tol=0
--   mpirun -np 16 ./sor --n=4096 --maxit=100 --tol=0
--
-- Output and rounding. All elementwise arithmetic is the same on any number
-- of PEs (every PE evaluates the same expression tree on the same values),
-- so U, the update sizes and the iteration count are bit-identical however
-- the arrays are distributed. `max<<` of identical values is exact. The only
-- order-dependent result is the floating-point sum: at the default size it
-- adds n^2 = 1024 values below 1 to about 512; each addition rounds by at
-- most half an ulp of the partial sum (2^-44 ~ 5.7e-14), so two summation
-- orders differ by less than 1024 * 2 * 5.7e-14 ~ 1.2e-10 (measured: 9e-13).
-- The exact sum (511.99009121976...) is 2.8e-7 from the nearest "%.6f"
-- rounding boundary, more than a thousand times the worst spread, so the
-- printed digits cannot change (at n=48: 1151.94084266426..., 1.6e-7 away,
-- spread < 5e-10). At benchmark sizes the bound grows (n=2048: 4M terms,
-- sum ~1e5, bound ~1e-5), so there the last digits of `sum` may depend on
-- the PE count; the iteration count, update, residual and max stay exact.

program sor;

config var n     : integer = 32;       -- interior size:        --n=2048
config var maxit : integer = 1000;     -- iteration cap:        --maxit=200
config var omega : double  = 1.8;      -- relaxation factor, 0 < omega < 2
config var tol   : double  = 1e-6;     -- stop when max |update| < tol
config var show  : integer = 4;        -- print U over [1..show, 1..show]

region R    = [1..n, 1..n];            -- the unknowns
region BigR = [0..n+1, 0..n+1];        -- plus the boundary ring

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];

var U      : [BigR] double;            -- the solution and its boundary values
var F      : [R] double;               -- h^2 f
var Change : [R] double;               -- the last update of every point
var Red    : [R] boolean;              -- the red points of the chess board

-- One half sweep: relax the points selected by M (when keep is true) or the
-- others (keep false), then refresh the Neumann boundary they may feed.
procedure relax(M : [R] boolean; keep : boolean);
begin
  if keep then
    [R with M] begin
      Change := omega * ((U@north + U@south + U@east + U@west + F) / 4.0 - U);
      U += Change;
    end;
  else
    [R without M] begin
      Change := omega * ((U@north + U@south + U@east + U@west + F) / 4.0 - U);
      U += Change;
    end;
  end;
  [east of R] reflect U;
end;

-- The largest defect of the discrete equation, |4u - sum of nbrs - h^2 f|.
procedure residual() : double;
var r : double;
begin
  [R] r := max<< abs(4.0 * U - (U@north + U@south + U@east + U@west) - F);
  return r;
end;

procedure sor();
var it    : integer;
var err   : double;
var h     : double;
var total : double;
var big   : double;
var s     : integer;
begin
  h := 1.0 / (n + 1);

  [BigR]      U := 0.0;
  [north of R] U := 1.0;
  [west of R]  U := Index1 * h;
  [east of R]  reflect U;
  [R] begin
    F      := double((3 * Index1 + 5 * Index2) % 7 - 3) * h * h;
    Red    := (Index1 + Index2) % 2 = 0;
    Change := 0.0;
  end;

  it := 0;
  repeat
    relax(Red, true);                  -- red points
    relax(Red, false);                 -- black points
    [R] err := max<< abs(Change);
    it += 1;
  until err < tol | it >= maxit;

  [R] begin
    total := +<< U;
    big   := max<< U;
  end;
  writeln("iterations: ", it, " last update: ", err:"%.3e");
  writeln("residual: ", residual():"%.3e");
  writeln("sum: ", total:"%.6f", " max: ", big:"%.6f");

  s := show;
  if s > n then s := n; end;
  if s > 0 then
    [1..s, 1..s] writeln(U:"%.5f");
  end;
end;
