-- swm.zpl: a shallow-water model in the style of SPEC swm256.
--
-- The finite-difference shallow-water equations of Sadourny's scheme on a
-- doubly periodic m x n grid (the SPEC benchmark swm256 uses 256 x 256 and
-- 1200 steps). Staggered fields: u and v (velocities), p (geopotential), and
-- derived each step: cu, cv (mass fluxes), z (potential vorticity), h
-- (Bernoulli function). Each time step has the three phases of the original:
--   1. cu, cv, z, h from u, v, p;
--   2. unew, vnew, pnew from uold, vold, pold and cu, cv, z, h (leapfrog);
--   3. time smoothing (Robert filter): uold := u + alpha*(unew - 2u + uold),
--      u := unew (the first step only copies and doubles the time step).
-- Periodicity: every field lives on R = [1..m, 1..n] plus a one-cell band;
-- before a field is read shifted, `[d of R] wrap X;` copies the opposite
-- edge of R into the band on side d (index 0 holds index m, m+1 holds 1).
-- Only the bands that the following phase reads are filled.
--
-- Sizes: defaults m=64, n=48, itmax=10 run in milliseconds. Benchmark sizes:
--   ./swm --m=256 --n=256 --itmax=1200      (the SPEC swm256 problem)
--   ./swm --m=1024 --n=1024 --itmax=100     (a large run)
--
-- Output. Per step: the maximum and minimum of p and the maximum of |u| and
-- |v|, to 10 digits: max/min reductions are exact, so they do not depend on
-- the number of PEs (and the elementwise work is the same on any number of
-- PEs, bit for bit). At the end, checksums in the style of SPEC's: the sums
-- of |pnew - 50000| (p is 50000 plus a small perturbation, and subtracting
-- the constant is exact), |unew| and |vnew|.
-- These sums have positive terms only, so they are well conditioned: over
-- k terms each partial sum rounds by at most half an ulp, so any two
-- summation orders differ by at most about k * 2^-53 relative (4e-13 at
-- the default 3072 terms, 1.2e-10 at 1024 x 1024). "%.6e" resolves 5e-7
-- relative, so the printed digits could only differ if an exact sum fell
-- within ~1e-10 relative of a rounding boundary of the 7th digit; at the
-- defaults and at both sizes above the sums are more than 1e-9 relative
-- away (2e-8 or more; reference/swm.c built with -DCHECK_ORDERS shows it).

program swm;

config var m     : integer = 64;       -- grid rows    (./swm --m=256)
config var n     : integer = 48;       -- grid columns (./swm --n=256)
config var itmax : integer = 10;       -- time steps   (./swm --itmax=1200)

constant dt    : double = 90.0;        -- time step (s)
constant dx    : double = 100000.0;    -- grid spacing (m)
constant dy    : double = 100000.0;
constant a     : double = 1000000.0;   -- amplitude of the stream function
constant alpha : double = 0.001;       -- time-filter coefficient
constant pi    : double = 3.141592653589793;

region R   = [1..m, 1..n];             -- the periodic domain
region Psi = [1..m+1, 1..n+1];         -- stream function, one extra row/col

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
direction ne = [-1, 1]; nw = [-1, -1]; se = [1, 1]; sw = [1, -1];

var u, v, p          : [R] double;     -- current fields
var uold, vold, pold : [R] double;     -- previous time level
var unew, vnew, pnew : [R] double;     -- next time level
var cu, cv, z, h     : [R] double;     -- derived fields
var psi              : [Psi] double;

-- The initial state: a stream function gives a non-divergent velocity
-- field; p is a smooth positive geopotential.
procedure initial();
var di, dj, el, pcf : double;
begin
  di  := (pi + pi) / m;
  dj  := (pi + pi) / n;
  el  := n * dx;
  pcf := pi * pi * a * a / (el * el);
  [Psi] psi := a * sin((Index1 - 0.5) * di) * sin((Index2 - 0.5) * dj);
  [R] begin
    p := pcf * (cos(2.0 * (Index1 - 1) * di) + cos(2.0 * (Index2 - 1) * dj))
         + 50000.0;
    u := -(psi@east - psi) / dy;
    v := (psi@south - psi) / dx;
    uold := u;
    vold := v;
    pold := p;
  end;
end;

-- Phase 1: fluxes, vorticity and Bernoulli function from u, v, p.
-- Reads p at north, west, north-west; u at south, west; v at north, east.
procedure calc1();
var fsdx, fsdy : double;
begin
  fsdx := 4.0 / dx;
  fsdy := 4.0 / dy;
  [north of R] wrap p, v;
  [west  of R] wrap p, u;
  [nw    of R] wrap p;
  [south of R] wrap u;
  [east  of R] wrap v;
  [R] begin
    cu := 0.5 * (p + p@north) * u;
    cv := 0.5 * (p + p@west) * v;
    z  := (fsdx * (v - v@north) - fsdy * (u - u@west))
          / (p@nw + p@west + p + p@north);
    h  := p + 0.25 * (u@south * u@south + u * u + v@east * v@east + v * v);
  end;
end;

-- Phase 2: the new time level. Reads z at east, south; cv at east,
-- north-east, north; cu at south, west, south-west; h at north, west.
procedure calc2(tdt : double);
var tdts8, tdtsdx, tdtsdy : double;
begin
  tdts8  := tdt / 8.0;
  tdtsdx := tdt / dx;
  tdtsdy := tdt / dy;
  [east  of R] wrap z, cv;
  [south of R] wrap z, cu;
  [north of R] wrap cv, h;
  [west  of R] wrap cu, h;
  [ne    of R] wrap cv;
  [sw    of R] wrap cu;
  [R] begin
    unew := uold + tdts8 * (z@east + z) * (cv@east + cv@ne + cv@north + cv)
                 - tdtsdx * (h - h@north);
    vnew := vold - tdts8 * (z@south + z) * (cu@south + cu + cu@west + cu@sw)
                 - tdtsdy * (h - h@west);
    pnew := pold - tdtsdx * (cu@south - cu) - tdtsdy * (cv@east - cv);
  end;
end;

-- Phase 3: time smoothing, then advance the time levels.
procedure calc3();
begin
  [R] begin
    uold := u + alpha * (unew - 2.0 * u + uold);
    vold := v + alpha * (vnew - 2.0 * v + vold);
    pold := p + alpha * (pnew - 2.0 * p + pold);
    u := unew;
    v := vnew;
    p := pnew;
  end;
end;

procedure swm();
var ncycle : integer;
var tdt, time : double;
var pmax, pmin, umax, vmax : double;
var pcheck, ucheck, vcheck : double;
begin
  writeln("swm: ", m, " x ", n, " grid, ", itmax, " steps, dt = ", dt:"%.1f");
  initial();
  [R] begin
    pmax := max<< p;
    pmin := min<< p;
    umax := max<< abs(u);
    vmax := max<< abs(v);
  end;
  writeln("initial: pmax ", pmax:"%.9e", " pmin ", pmin:"%.9e",
          " |u|max ", umax:"%.9e", " |v|max ", vmax:"%.9e");

  tdt  := dt;
  time := 0.0;
  for ncycle := 1 to itmax do
    calc1();
    calc2(tdt);
    time += dt;
    if ncycle > 1 then
      calc3();
    else
      -- the first step is a forward step: no smoothing, and from now on
      -- the leapfrog spans two steps
      tdt := tdt + tdt;
      [R] begin
        uold := u;  vold := v;  pold := p;
        u := unew;  v := vnew;  p := pnew;
      end;
    end;
    [R] begin
      pmax := max<< p;
      pmin := min<< p;
      umax := max<< abs(u);
      vmax := max<< abs(v);
    end;
    writeln("cycle ", ncycle, " time ", time:"%.1f",
            ": pmax ", pmax:"%.9e", " pmin ", pmin:"%.9e",
            " |u|max ", umax:"%.9e", " |v|max ", vmax:"%.9e");
  end;

  [R] begin
    pcheck := +<< abs(pnew - 50000.0);
    ucheck := +<< abs(unew);
    vcheck := +<< abs(vnew);
  end;
  writeln("pcheck ", pcheck:"%.6e");
  writeln("ucheck ", ucheck:"%.6e");
  writeln("vcheck ", vcheck:"%.6e");
end;
