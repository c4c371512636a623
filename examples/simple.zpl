-- simple.zpl: Lagrangian hydrodynamics with heat conduction, in the spirit
-- of the Livermore SIMPLE code.
--
-- A planar 2D staggered Lagrangian scheme on a logically rectangular mesh:
-- nodes (i, j), 0 <= i <= m, 0 <= j <= n, carry coordinates (Xn, Yn) and
-- velocities (U, W); zones (i, j), 1 <= i <= m, 1 <= j <= n, are the
-- quadrilaterals with corners (i-1, j-1), (i-1, j), (i, j), (i, j-1) and
-- carry mass, density, specific internal energy, pressure, artificial
-- viscosity and sound speed. The box walls are fixed (boundary nodes do
-- not move). A hot spot (a circular set of zones, selected with a mask)
-- drives a blast wave. Each step
--   1. zone velocity divergence; quadratic artificial viscosity Q in
--      compressing zones (a `with` mask);
--   2. time-step control: dt = cfl / max<< ((c + 2 sqrt(Q/rho)) / sqrt(V)),
--      growing by at most 10% a step;
--   3. node accelerations from the pressures of the four surrounding zones
--      (zones at the node's own index and @south, @east, @se; the corner
--      forces use the node's four neighbours @north, @south, @east, @west);
--   4. node positions; new zone areas from the four corner nodes (@nw,
--      @north, @west); p dV work; new densities;
--   5. implicit heat conduction, solved with a few Jacobi iterations of a
--      9-point (8 neighbours) stencil; zero-flux walls through
--      `[d of ZR] reflect T;` on all four sides and corners;
--   6. equation of state (ideal gas) and sound speed.
--
-- Sizes: defaults m=32, n=24, steps=20, cgit=6 run in milliseconds.
-- Benchmark sizes:
--   ./simple --m=512 --n=512 --steps=50 --cgit=10
--   ./simple --m=1024 --n=1024 --steps=20 --cgit=20
--
-- Output. Per step: dt, the maximum pressure, the maximum temperature, and
-- the minimum zone area: all max/min reductions, exact on any number of
-- PEs (the elementwise work is identical bit for bit). At the end: the
-- internal and kinetic energies, sums of positive terms (well conditioned:
-- any two summation orders differ by at most ~k * 2^-53 relative, 1e-13
-- for the default k = 768 zones), printed with "%.6e" (5e-7 relative); the
-- exact sums lie 3e-8 relative or more from a rounding boundary of the last
-- printed digit at the defaults, 3e-9 at 512 x 512, 50 steps, 10 sweeps.
--
-- `[d of ZR] reflect T;` is read as ZPL's mirror across R's boundary face:
-- a one-wide band copies R's edge (T(0, j) = T(1, j)), and a corner band
-- copies the corner zone (T(0, 0) = T(1, 1)): zero-flux walls.

program simple;

config var m     : integer = 32;       -- zone rows:    ./simple --m=512
config var n     : integer = 24;       -- zone columns: ./simple --n=512
config var steps : integer = 20;       -- time steps
config var cgit  : integer = 6;        -- Jacobi iterations of the conduction

constant gamma : double = 1.4;         -- ideal-gas ratio of specific heats
constant cfl   : double = 0.25;        -- Courant number
constant cq    : double = 1.5;         -- quadratic viscosity coefficient
constant kappa : double = 0.05;        -- conductivity
constant ehot  : double = 10.0;        -- energy of the hot spot
constant ecold : double = 0.1;         -- energy elsewhere
constant pi    : double = 3.141592653589793;

region NR = [0..m, 0..n];              -- nodes
region NI = [1..m-1, 1..n-1];          -- interior (moving) nodes
region ZR = [1..m, 1..n];              -- zones

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
direction ne = [-1, 1]; nw = [-1, -1]; se = [1, 1]; sw = [1, -1];

var Xn, Yn, U, W   : [NR] double;      -- node coordinates and velocities
var Nm, Fx, Fy     : [NR] double;      -- node masses and forces
var Mass, Rho, E   : [ZR] double;      -- zone mass, density, energy
var P, Q, Cs       : [ZR] double;      -- pressure, viscosity, sound speed
var Vol, Vn, Dv    : [ZR] double;      -- area, new area, divergence
var Sg             : [ZR] double;      -- conduction coefficient
var T              : [ZR] double;      -- temperature (+ reflected band)
var Hot, Cmp       : [ZR] boolean;     -- hot spot; compressing zones

-- The area of every zone from its corner nodes (counter-clockwise in
-- (x, y) = (column, row): (i-1,j-1), (i-1,j), (i,j), (i,j-1)), as half the
-- cross product of the diagonals.
procedure areas(A : [ZR] double);
begin
  [ZR] A := 0.5 * ((Xn - Xn@nw) * (Yn@west - Yn@north)
                 - (Xn@west - Xn@north) * (Yn - Yn@nw));
end;

procedure eos();
begin
  [ZR] begin
    P  := (gamma - 1.0) * Rho * E;
    Cs := sqrt(gamma * P / Rho);
  end;
end;

procedure setup();
var rad2 : double;
begin
  [NR] begin
    Xn := double(Index2) / n + 0.02 * sin(2.0 * pi * Index2 / n) * sin(pi * Index1 / m);
    Yn := double(Index1) / m + 0.01 * sin(2.0 * pi * Index1 / m) * sin(pi * Index2 / n);
    U  := 0.0;
    W  := 0.0;
  end;
  areas(Vol);
  rad2 := 0.02 * m * n;
  [ZR] begin
    Rho  := 1.0;
    Mass := Rho * Vol;
    Hot  := (Index1 - 0.3 * m) * (Index1 - 0.3 * m)
            + (Index2 - 0.4 * n) * (Index2 - 0.4 * n) < rad2;
    E    := ecold;
  end;
  [ZR with Hot] E := ehot;
  [NI] Nm := 0.25 * (Mass + Mass@south + Mass@east + Mass@se);
  eos();
end;

-- Steps 1 and 2: viscosity and the new time step (dt in, dt out).
procedure timestep(var dt : double);
var dtinv, dtn : double;
begin
  [ZR] begin
    Dv := 0.5 * ((U - U@nw) * (Yn@west - Yn@north) + (Xn - Xn@nw) * (W@west - W@north)
               - (U@west - U@north) * (Yn - Yn@nw) - (Xn@west - Xn@north) * (W - W@nw))
          / Vol;
    Cmp := Dv < 0.0;
    Q := 0.0;
  end;
  [ZR with Cmp] Q := cq * Rho * Vol * Dv * Dv;
  [ZR] dtinv := max<< ((Cs + 2.0 * sqrt(Q / Rho)) / sqrt(Vol));
  dtn := cfl / dtinv;
  if dtn > 1.1 * dt then
    dtn := 1.1 * dt;
  end;
  dt := dtn;
end;

-- Steps 3 and 4: accelerate and move the nodes, update the zones.
procedure hydro(dt : double);
begin
  [ZR] P += Q;                          -- P is the total pressure until eos()
  [NI] begin
    Fx := 0.5 * (P * (Yn@west - Yn@north) + P@south * (Yn@south - Yn@west)
               + P@east * (Yn@north - Yn@east) + P@se * (Yn@east - Yn@south));
    Fy := 0.5 * (P * (Xn@north - Xn@west) + P@south * (Xn@west - Xn@south)
               + P@east * (Xn@east - Xn@north) + P@se * (Xn@south - Xn@east));
    U := U + dt * Fx / Nm;
    W := W + dt * Fy / Nm;
    Xn := Xn + dt * U;
    Yn := Yn + dt * W;
  end;
  areas(Vn);
  [ZR] begin
    E   := E - P * (Vn - Vol) / Mass;
    Rho := Mass / Vn;
    Vol := Vn;
  end;
end;

-- Step 5: (T - E)/dt = kappa * Laplacian(T), backward Euler, with the
-- 9-point Laplacian (4 (sides) + (corners) - 20 T) / (6 h^2) and h^2 taken
-- as the zone area; cv = 1, so T is E. Jacobi iterations from T = E.
procedure conduction(dt : double);
var it : integer;
begin
  [ZR] begin
    Sg := kappa * dt / (6.0 * Vol);
    T  := E;
  end;
  for it := 1 to cgit do
    [north of ZR] reflect T;
    [south of ZR] reflect T;
    [east  of ZR] reflect T;
    [west  of ZR] reflect T;
    [ne of ZR] reflect T;
    [nw of ZR] reflect T;
    [se of ZR] reflect T;
    [sw of ZR] reflect T;
    [ZR] T := (E + Sg * (4.0 * (T@north + T@south + T@east + T@west)
                         + (T@ne + T@nw + T@se + T@sw)))
              / (1.0 + 20.0 * Sg);
  end;
  [ZR] E := T;
end;

procedure simple();
var step : integer;
var dt, time, pmax, tmax, vmin, eint, ekin : double;
begin
  writeln("simple: ", m, " x ", n, " zones, ", steps, " steps, ", cgit,
          " conduction iterations");
  setup();
  dt := 1.0;                            -- the first step takes the CFL limit
  time := 0.0;
  for step := 1 to steps do
    timestep(dt);
    hydro(dt);
    [ZR] vmin := min<< Vol;
    if vmin <= 0.0 then
      writeln("step ", step, ": the mesh is tangled");
      halt;
    end;
    conduction(dt);
    eos();
    time += dt;
    [ZR] begin
      pmax := max<< P;
      tmax := max<< E;
    end;
    writeln("step ", step, ": dt ", dt:"%.9e", " pmax ", pmax:"%.9e", " tmax ",
            tmax:"%.9e", " min area ", vmin:"%.9e");
  end;
  [ZR] eint := +<< (Mass * E);
  [NI] ekin := +<< (0.5 * Nm * (U * U + W * W));
  writeln("time ", time:"%.6e", " internal energy ", eint:"%.6e",
          " kinetic energy ", ekin:"%.6e");
end;
