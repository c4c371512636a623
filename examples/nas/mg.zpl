-- nas-class S: --n=32 --nit=4
-- nas-class W: --n=128 --nit=4
-- nas-class A: --n=256 --nit=4
-- nas-class B: --n=256 --nit=20
program mg;
-- NPB MG (NAS Parallel Benchmarks 3.4): nit V-cycles of multigrid on the
-- discrete Poisson problem A u = v over an n^3 periodic grid, where v is
-- zero but +1 at the ten largest and -1 at the ten smallest of n^3 NPB
-- random numbers; the L2 norm of the final residual v - A u is checked
-- against NPB's value for the class.
--
-- The levels are strided regions sharing the fine grid's index space:
-- level j holds the points whose indices are multiples of 2^j, down to the
-- coarsest level of two points per dimension. A coarse level's array lines
-- up with the finer one, so the restriction reads the fine residual at
-- the coarse points and their neighbours one fine stride away, and the
-- prolongation writes the coarse points of the fine level and then every
-- other point as the mean of the coarse points around it. Shifts are
-- periodic (@^), by whole strides of the level.
--
-- One procedure per operator and level: a procedure cannot take a region
-- or shift by a direction chosen at run time, and there are no arrays
-- over levels, so the levels (up to 8: n <= 256) are spelled out and
-- dispatched by level number.

config var n : integer = 32;   -- grid points per dimension, a power of two
config var nit : integer = 4;  -- V-cycles

constant a0 : double = -8.0 / 3.0;  -- A: centre, (faces 0), edges, corners
constant a2 : double = 1.0 / 6.0;
constant a3 : double = 1.0 / 12.0;
constant tolerance : double = 1e-8; -- NPB's relative tolerance on the norm
constant amult : integer = 1220703125; -- 5^13, the generator's multiplier
constant seed : integer = 314159265;

var c0, c1, c2 : double;  -- the smoother S: centre, faces, edges
var levels : integer;     -- log2(n); level levels - 1 is the coarsest

region L0 = [1..n, 1..n, 1..n];
region L1 = [[2 / ((2 + n - 1) / n)..n, 2 / ((2 + n - 1) / n)..n,
              2 / ((2 + n - 1) / n)..n] by 2];
region L2 = [[4 / ((4 + n - 1) / n)..n, 4 / ((4 + n - 1) / n)..n,
              4 / ((4 + n - 1) / n)..n] by 4];
region L3 = [[8 / ((8 + n - 1) / n)..n, 8 / ((8 + n - 1) / n)..n,
              8 / ((8 + n - 1) / n)..n] by 8];
region L4 = [[16 / ((16 + n - 1) / n)..n, 16 / ((16 + n - 1) / n)..n,
              16 / ((16 + n - 1) / n)..n] by 16];
region L5 = [[32 / ((32 + n - 1) / n)..n, 32 / ((32 + n - 1) / n)..n,
              32 / ((32 + n - 1) / n)..n] by 32];
region L6 = [[64 / ((64 + n - 1) / n)..n, 64 / ((64 + n - 1) / n)..n,
              64 / ((64 + n - 1) / n)..n] by 64];
region L7 = [[128 / ((128 + n - 1) / n)..n, 128 / ((128 + n - 1) / n)..n,
              128 / ((128 + n - 1) / n)..n] by 128];
-- (level j's points are the multiples of 2^j up to n; a level the grid
-- does not reach (2^j > n) keeps the one point n, inside the grid, instead
-- of being empty: the lower bound is 2^j / ceil(2^j / n))

var V : [L0] double;                   -- the charges
var U0, R0 : [L0] double;              -- the solution and its residual
var U1, R1 : [L1] double;              -- each coarser level's correction
var U2, R2 : [L2] double;              -- and restricted residual
var U3, R3 : [L3] double;
var U4, R4 : [L4] double;
var U5, R5 : [L5] double;
var U6, R6 : [L6] double;
var U7, R7 : [L7] double;

-- Level 0 (stride 1).
procedure resid0();
begin
  [L0] R0 := V - a0 * U0
    - a2 * (U0@^[-1, -1, 0] + U0@^[-1, 0, -1] + U0@^[-1, 0, 1] +
            U0@^[-1, 1, 0] + U0@^[0, -1, -1] + U0@^[0, -1, 1] +
            U0@^[0, 1, -1] + U0@^[0, 1, 1] + U0@^[1, -1, 0] +
            U0@^[1, 0, -1] + U0@^[1, 0, 1] + U0@^[1, 1, 0])
    - a3 * (U0@^[-1, -1, -1] + U0@^[-1, -1, 1] + U0@^[-1, 1, -1] +
            U0@^[-1, 1, 1] + U0@^[1, -1, -1] + U0@^[1, -1, 1] +
            U0@^[1, 1, -1] + U0@^[1, 1, 1]);
end;

procedure psinv0();
begin
  [L0] U0 := U0 + c0 * R0
    + c1 * (R0@^[-1, 0, 0] + R0@^[0, -1, 0] + R0@^[0, 0, -1] +
            R0@^[0, 0, 1] + R0@^[0, 1, 0] + R0@^[1, 0, 0])
    + c2 * (R0@^[-1, -1, 0] + R0@^[-1, 0, -1] + R0@^[-1, 0, 1] +
            R0@^[-1, 1, 0] + R0@^[0, -1, -1] + R0@^[0, -1, 1] +
            R0@^[0, 1, -1] + R0@^[0, 1, 1] + R0@^[1, -1, 0] +
            R0@^[1, 0, -1] + R0@^[1, 0, 1] + R0@^[1, 1, 0]);
end;

procedure rprj0();
begin
  [L1] R1 := 0.5 * R0
    + 0.25 * (R0@^[-1, 0, 0] + R0@^[0, -1, 0] + R0@^[0, 0, -1] +
              R0@^[0, 0, 1] + R0@^[0, 1, 0] + R0@^[1, 0, 0])
    + 0.125 * (R0@^[-1, -1, 0] + R0@^[-1, 0, -1] + R0@^[-1, 0, 1] +
               R0@^[-1, 1, 0] + R0@^[0, -1, -1] + R0@^[0, -1, 1] +
               R0@^[0, 1, -1] + R0@^[0, 1, 1] + R0@^[1, -1, 0] +
               R0@^[1, 0, -1] + R0@^[1, 0, 1] + R0@^[1, 1, 0])
    + 0.0625 * (R0@^[-1, -1, -1] + R0@^[-1, -1, 1] + R0@^[-1, 1, -1] +
                R0@^[-1, 1, 1] + R0@^[1, -1, -1] + R0@^[1, -1, 1] +
                R0@^[1, 1, -1] + R0@^[1, 1, 1]);
end;

procedure interp0();
begin
  [L1] R0 := U1;
  [L1 at [-1, 0, 0]] R0 := 0.5 * (R0@^[-1, 0, 0] + R0@^[1, 0, 0]);
  [[[1..n, 2..n, 2..n] by [1, 2, 2]] at [0, -1, 0]]
    R0 := 0.5 * (R0@^[0, -1, 0] + R0@^[0, 1, 0]);
  [[[1..n, 1..n, 2..n] by [1, 1, 2]] at [0, 0, -1]]
    R0 := 0.5 * (R0@^[0, 0, -1] + R0@^[0, 0, 1]);
end;

-- Level 1 (stride 2).
procedure resid1();
begin
  [L1] R1 := R1 - a0 * U1
    - a2 * (U1@^[-2, -2, 0] + U1@^[-2, 0, -2] + U1@^[-2, 0, 2] +
            U1@^[-2, 2, 0] + U1@^[0, -2, -2] + U1@^[0, -2, 2] +
            U1@^[0, 2, -2] + U1@^[0, 2, 2] + U1@^[2, -2, 0] +
            U1@^[2, 0, -2] + U1@^[2, 0, 2] + U1@^[2, 2, 0])
    - a3 * (U1@^[-2, -2, -2] + U1@^[-2, -2, 2] + U1@^[-2, 2, -2] +
            U1@^[-2, 2, 2] + U1@^[2, -2, -2] + U1@^[2, -2, 2] +
            U1@^[2, 2, -2] + U1@^[2, 2, 2]);
end;

procedure psinv1();
begin
  [L1] U1 := U1 + c0 * R1
    + c1 * (R1@^[-2, 0, 0] + R1@^[0, -2, 0] + R1@^[0, 0, -2] +
            R1@^[0, 0, 2] + R1@^[0, 2, 0] + R1@^[2, 0, 0])
    + c2 * (R1@^[-2, -2, 0] + R1@^[-2, 0, -2] + R1@^[-2, 0, 2] +
            R1@^[-2, 2, 0] + R1@^[0, -2, -2] + R1@^[0, -2, 2] +
            R1@^[0, 2, -2] + R1@^[0, 2, 2] + R1@^[2, -2, 0] +
            R1@^[2, 0, -2] + R1@^[2, 0, 2] + R1@^[2, 2, 0]);
end;

procedure rprj1();
begin
  [L2] R2 := 0.5 * R1
    + 0.25 * (R1@^[-2, 0, 0] + R1@^[0, -2, 0] + R1@^[0, 0, -2] +
              R1@^[0, 0, 2] + R1@^[0, 2, 0] + R1@^[2, 0, 0])
    + 0.125 * (R1@^[-2, -2, 0] + R1@^[-2, 0, -2] + R1@^[-2, 0, 2] +
               R1@^[-2, 2, 0] + R1@^[0, -2, -2] + R1@^[0, -2, 2] +
               R1@^[0, 2, -2] + R1@^[0, 2, 2] + R1@^[2, -2, 0] +
               R1@^[2, 0, -2] + R1@^[2, 0, 2] + R1@^[2, 2, 0])
    + 0.0625 * (R1@^[-2, -2, -2] + R1@^[-2, -2, 2] + R1@^[-2, 2, -2] +
                R1@^[-2, 2, 2] + R1@^[2, -2, -2] + R1@^[2, -2, 2] +
                R1@^[2, 2, -2] + R1@^[2, 2, 2]);
end;

procedure interp1();
begin
  [L2] U1 := U2;
  [L2 at [-2, 0, 0]] U1 := 0.5 * (U1@^[-2, 0, 0] + U1@^[2, 0, 0]);
  [[[2..n, 4..n, 4..n] by [2, 4, 4]] at [0, -2, 0]]
    U1 := 0.5 * (U1@^[0, -2, 0] + U1@^[0, 2, 0]);
  [[[2..n, 2..n, 4..n] by [2, 2, 4]] at [0, 0, -2]]
    U1 := 0.5 * (U1@^[0, 0, -2] + U1@^[0, 0, 2]);
end;

-- Level 2 (stride 4).
procedure resid2();
begin
  [L2] R2 := R2 - a0 * U2
    - a2 * (U2@^[-4, -4, 0] + U2@^[-4, 0, -4] + U2@^[-4, 0, 4] +
            U2@^[-4, 4, 0] + U2@^[0, -4, -4] + U2@^[0, -4, 4] +
            U2@^[0, 4, -4] + U2@^[0, 4, 4] + U2@^[4, -4, 0] +
            U2@^[4, 0, -4] + U2@^[4, 0, 4] + U2@^[4, 4, 0])
    - a3 * (U2@^[-4, -4, -4] + U2@^[-4, -4, 4] + U2@^[-4, 4, -4] +
            U2@^[-4, 4, 4] + U2@^[4, -4, -4] + U2@^[4, -4, 4] +
            U2@^[4, 4, -4] + U2@^[4, 4, 4]);
end;

procedure psinv2();
begin
  [L2] U2 := U2 + c0 * R2
    + c1 * (R2@^[-4, 0, 0] + R2@^[0, -4, 0] + R2@^[0, 0, -4] +
            R2@^[0, 0, 4] + R2@^[0, 4, 0] + R2@^[4, 0, 0])
    + c2 * (R2@^[-4, -4, 0] + R2@^[-4, 0, -4] + R2@^[-4, 0, 4] +
            R2@^[-4, 4, 0] + R2@^[0, -4, -4] + R2@^[0, -4, 4] +
            R2@^[0, 4, -4] + R2@^[0, 4, 4] + R2@^[4, -4, 0] +
            R2@^[4, 0, -4] + R2@^[4, 0, 4] + R2@^[4, 4, 0]);
end;

procedure rprj2();
begin
  [L3] R3 := 0.5 * R2
    + 0.25 * (R2@^[-4, 0, 0] + R2@^[0, -4, 0] + R2@^[0, 0, -4] +
              R2@^[0, 0, 4] + R2@^[0, 4, 0] + R2@^[4, 0, 0])
    + 0.125 * (R2@^[-4, -4, 0] + R2@^[-4, 0, -4] + R2@^[-4, 0, 4] +
               R2@^[-4, 4, 0] + R2@^[0, -4, -4] + R2@^[0, -4, 4] +
               R2@^[0, 4, -4] + R2@^[0, 4, 4] + R2@^[4, -4, 0] +
               R2@^[4, 0, -4] + R2@^[4, 0, 4] + R2@^[4, 4, 0])
    + 0.0625 * (R2@^[-4, -4, -4] + R2@^[-4, -4, 4] + R2@^[-4, 4, -4] +
                R2@^[-4, 4, 4] + R2@^[4, -4, -4] + R2@^[4, -4, 4] +
                R2@^[4, 4, -4] + R2@^[4, 4, 4]);
end;

procedure interp2();
begin
  [L3] U2 := U3;
  [L3 at [-4, 0, 0]] U2 := 0.5 * (U2@^[-4, 0, 0] + U2@^[4, 0, 0]);
  [[[4..n, 8..n, 8..n] by [4, 8, 8]] at [0, -4, 0]]
    U2 := 0.5 * (U2@^[0, -4, 0] + U2@^[0, 4, 0]);
  [[[4..n, 4..n, 8..n] by [4, 4, 8]] at [0, 0, -4]]
    U2 := 0.5 * (U2@^[0, 0, -4] + U2@^[0, 0, 4]);
end;

-- Level 3 (stride 8).
procedure resid3();
begin
  [L3] R3 := R3 - a0 * U3
    - a2 * (U3@^[-8, -8, 0] + U3@^[-8, 0, -8] + U3@^[-8, 0, 8] +
            U3@^[-8, 8, 0] + U3@^[0, -8, -8] + U3@^[0, -8, 8] +
            U3@^[0, 8, -8] + U3@^[0, 8, 8] + U3@^[8, -8, 0] +
            U3@^[8, 0, -8] + U3@^[8, 0, 8] + U3@^[8, 8, 0])
    - a3 * (U3@^[-8, -8, -8] + U3@^[-8, -8, 8] + U3@^[-8, 8, -8] +
            U3@^[-8, 8, 8] + U3@^[8, -8, -8] + U3@^[8, -8, 8] +
            U3@^[8, 8, -8] + U3@^[8, 8, 8]);
end;

procedure psinv3();
begin
  [L3] U3 := U3 + c0 * R3
    + c1 * (R3@^[-8, 0, 0] + R3@^[0, -8, 0] + R3@^[0, 0, -8] +
            R3@^[0, 0, 8] + R3@^[0, 8, 0] + R3@^[8, 0, 0])
    + c2 * (R3@^[-8, -8, 0] + R3@^[-8, 0, -8] + R3@^[-8, 0, 8] +
            R3@^[-8, 8, 0] + R3@^[0, -8, -8] + R3@^[0, -8, 8] +
            R3@^[0, 8, -8] + R3@^[0, 8, 8] + R3@^[8, -8, 0] +
            R3@^[8, 0, -8] + R3@^[8, 0, 8] + R3@^[8, 8, 0]);
end;

procedure rprj3();
begin
  [L4] R4 := 0.5 * R3
    + 0.25 * (R3@^[-8, 0, 0] + R3@^[0, -8, 0] + R3@^[0, 0, -8] +
              R3@^[0, 0, 8] + R3@^[0, 8, 0] + R3@^[8, 0, 0])
    + 0.125 * (R3@^[-8, -8, 0] + R3@^[-8, 0, -8] + R3@^[-8, 0, 8] +
               R3@^[-8, 8, 0] + R3@^[0, -8, -8] + R3@^[0, -8, 8] +
               R3@^[0, 8, -8] + R3@^[0, 8, 8] + R3@^[8, -8, 0] +
               R3@^[8, 0, -8] + R3@^[8, 0, 8] + R3@^[8, 8, 0])
    + 0.0625 * (R3@^[-8, -8, -8] + R3@^[-8, -8, 8] + R3@^[-8, 8, -8] +
                R3@^[-8, 8, 8] + R3@^[8, -8, -8] + R3@^[8, -8, 8] +
                R3@^[8, 8, -8] + R3@^[8, 8, 8]);
end;

procedure interp3();
begin
  [L4] U3 := U4;
  [L4 at [-8, 0, 0]] U3 := 0.5 * (U3@^[-8, 0, 0] + U3@^[8, 0, 0]);
  [[[8..n, 16..n, 16..n] by [8, 16, 16]] at [0, -8, 0]]
    U3 := 0.5 * (U3@^[0, -8, 0] + U3@^[0, 8, 0]);
  [[[8..n, 8..n, 16..n] by [8, 8, 16]] at [0, 0, -8]]
    U3 := 0.5 * (U3@^[0, 0, -8] + U3@^[0, 0, 8]);
end;

-- Level 4 (stride 16).
procedure resid4();
begin
  [L4] R4 := R4 - a0 * U4
    - a2 * (U4@^[-16, -16, 0] + U4@^[-16, 0, -16] + U4@^[-16, 0, 16] +
            U4@^[-16, 16, 0] + U4@^[0, -16, -16] + U4@^[0, -16, 16] +
            U4@^[0, 16, -16] + U4@^[0, 16, 16] + U4@^[16, -16, 0] +
            U4@^[16, 0, -16] + U4@^[16, 0, 16] + U4@^[16, 16, 0])
    - a3 * (U4@^[-16, -16, -16] + U4@^[-16, -16, 16] + U4@^[-16, 16, -16] +
            U4@^[-16, 16, 16] + U4@^[16, -16, -16] + U4@^[16, -16, 16] +
            U4@^[16, 16, -16] + U4@^[16, 16, 16]);
end;

procedure psinv4();
begin
  [L4] U4 := U4 + c0 * R4
    + c1 * (R4@^[-16, 0, 0] + R4@^[0, -16, 0] + R4@^[0, 0, -16] +
            R4@^[0, 0, 16] + R4@^[0, 16, 0] + R4@^[16, 0, 0])
    + c2 * (R4@^[-16, -16, 0] + R4@^[-16, 0, -16] + R4@^[-16, 0, 16] +
            R4@^[-16, 16, 0] + R4@^[0, -16, -16] + R4@^[0, -16, 16] +
            R4@^[0, 16, -16] + R4@^[0, 16, 16] + R4@^[16, -16, 0] +
            R4@^[16, 0, -16] + R4@^[16, 0, 16] + R4@^[16, 16, 0]);
end;

procedure rprj4();
begin
  [L5] R5 := 0.5 * R4
    + 0.25 * (R4@^[-16, 0, 0] + R4@^[0, -16, 0] + R4@^[0, 0, -16] +
              R4@^[0, 0, 16] + R4@^[0, 16, 0] + R4@^[16, 0, 0])
    + 0.125 * (R4@^[-16, -16, 0] + R4@^[-16, 0, -16] + R4@^[-16, 0, 16] +
               R4@^[-16, 16, 0] + R4@^[0, -16, -16] + R4@^[0, -16, 16] +
               R4@^[0, 16, -16] + R4@^[0, 16, 16] + R4@^[16, -16, 0] +
               R4@^[16, 0, -16] + R4@^[16, 0, 16] + R4@^[16, 16, 0])
    + 0.0625 * (R4@^[-16, -16, -16] + R4@^[-16, -16, 16] + R4@^[-16, 16, -16] +
                R4@^[-16, 16, 16] + R4@^[16, -16, -16] + R4@^[16, -16, 16] +
                R4@^[16, 16, -16] + R4@^[16, 16, 16]);
end;

procedure interp4();
begin
  [L5] U4 := U5;
  [L5 at [-16, 0, 0]] U4 := 0.5 * (U4@^[-16, 0, 0] + U4@^[16, 0, 0]);
  [[[16..n, 32..n, 32..n] by [16, 32, 32]] at [0, -16, 0]]
    U4 := 0.5 * (U4@^[0, -16, 0] + U4@^[0, 16, 0]);
  [[[16..n, 16..n, 32..n] by [16, 16, 32]] at [0, 0, -16]]
    U4 := 0.5 * (U4@^[0, 0, -16] + U4@^[0, 0, 16]);
end;

-- Level 5 (stride 32).
procedure resid5();
begin
  [L5] R5 := R5 - a0 * U5
    - a2 * (U5@^[-32, -32, 0] + U5@^[-32, 0, -32] + U5@^[-32, 0, 32] +
            U5@^[-32, 32, 0] + U5@^[0, -32, -32] + U5@^[0, -32, 32] +
            U5@^[0, 32, -32] + U5@^[0, 32, 32] + U5@^[32, -32, 0] +
            U5@^[32, 0, -32] + U5@^[32, 0, 32] + U5@^[32, 32, 0])
    - a3 * (U5@^[-32, -32, -32] + U5@^[-32, -32, 32] + U5@^[-32, 32, -32] +
            U5@^[-32, 32, 32] + U5@^[32, -32, -32] + U5@^[32, -32, 32] +
            U5@^[32, 32, -32] + U5@^[32, 32, 32]);
end;

procedure psinv5();
begin
  [L5] U5 := U5 + c0 * R5
    + c1 * (R5@^[-32, 0, 0] + R5@^[0, -32, 0] + R5@^[0, 0, -32] +
            R5@^[0, 0, 32] + R5@^[0, 32, 0] + R5@^[32, 0, 0])
    + c2 * (R5@^[-32, -32, 0] + R5@^[-32, 0, -32] + R5@^[-32, 0, 32] +
            R5@^[-32, 32, 0] + R5@^[0, -32, -32] + R5@^[0, -32, 32] +
            R5@^[0, 32, -32] + R5@^[0, 32, 32] + R5@^[32, -32, 0] +
            R5@^[32, 0, -32] + R5@^[32, 0, 32] + R5@^[32, 32, 0]);
end;

procedure rprj5();
begin
  [L6] R6 := 0.5 * R5
    + 0.25 * (R5@^[-32, 0, 0] + R5@^[0, -32, 0] + R5@^[0, 0, -32] +
              R5@^[0, 0, 32] + R5@^[0, 32, 0] + R5@^[32, 0, 0])
    + 0.125 * (R5@^[-32, -32, 0] + R5@^[-32, 0, -32] + R5@^[-32, 0, 32] +
               R5@^[-32, 32, 0] + R5@^[0, -32, -32] + R5@^[0, -32, 32] +
               R5@^[0, 32, -32] + R5@^[0, 32, 32] + R5@^[32, -32, 0] +
               R5@^[32, 0, -32] + R5@^[32, 0, 32] + R5@^[32, 32, 0])
    + 0.0625 * (R5@^[-32, -32, -32] + R5@^[-32, -32, 32] + R5@^[-32, 32, -32] +
                R5@^[-32, 32, 32] + R5@^[32, -32, -32] + R5@^[32, -32, 32] +
                R5@^[32, 32, -32] + R5@^[32, 32, 32]);
end;

procedure interp5();
begin
  [L6] U5 := U6;
  [L6 at [-32, 0, 0]] U5 := 0.5 * (U5@^[-32, 0, 0] + U5@^[32, 0, 0]);
  [[[32..n, 64..n, 64..n] by [32, 64, 64]] at [0, -32, 0]]
    U5 := 0.5 * (U5@^[0, -32, 0] + U5@^[0, 32, 0]);
  [[[32..n, 32..n, 64..n] by [32, 32, 64]] at [0, 0, -32]]
    U5 := 0.5 * (U5@^[0, 0, -32] + U5@^[0, 0, 32]);
end;

-- Level 6 (stride 64).
procedure resid6();
begin
  [L6] R6 := R6 - a0 * U6
    - a2 * (U6@^[-64, -64, 0] + U6@^[-64, 0, -64] + U6@^[-64, 0, 64] +
            U6@^[-64, 64, 0] + U6@^[0, -64, -64] + U6@^[0, -64, 64] +
            U6@^[0, 64, -64] + U6@^[0, 64, 64] + U6@^[64, -64, 0] +
            U6@^[64, 0, -64] + U6@^[64, 0, 64] + U6@^[64, 64, 0])
    - a3 * (U6@^[-64, -64, -64] + U6@^[-64, -64, 64] + U6@^[-64, 64, -64] +
            U6@^[-64, 64, 64] + U6@^[64, -64, -64] + U6@^[64, -64, 64] +
            U6@^[64, 64, -64] + U6@^[64, 64, 64]);
end;

procedure psinv6();
begin
  [L6] U6 := U6 + c0 * R6
    + c1 * (R6@^[-64, 0, 0] + R6@^[0, -64, 0] + R6@^[0, 0, -64] +
            R6@^[0, 0, 64] + R6@^[0, 64, 0] + R6@^[64, 0, 0])
    + c2 * (R6@^[-64, -64, 0] + R6@^[-64, 0, -64] + R6@^[-64, 0, 64] +
            R6@^[-64, 64, 0] + R6@^[0, -64, -64] + R6@^[0, -64, 64] +
            R6@^[0, 64, -64] + R6@^[0, 64, 64] + R6@^[64, -64, 0] +
            R6@^[64, 0, -64] + R6@^[64, 0, 64] + R6@^[64, 64, 0]);
end;

procedure rprj6();
begin
  [L7] R7 := 0.5 * R6
    + 0.25 * (R6@^[-64, 0, 0] + R6@^[0, -64, 0] + R6@^[0, 0, -64] +
              R6@^[0, 0, 64] + R6@^[0, 64, 0] + R6@^[64, 0, 0])
    + 0.125 * (R6@^[-64, -64, 0] + R6@^[-64, 0, -64] + R6@^[-64, 0, 64] +
               R6@^[-64, 64, 0] + R6@^[0, -64, -64] + R6@^[0, -64, 64] +
               R6@^[0, 64, -64] + R6@^[0, 64, 64] + R6@^[64, -64, 0] +
               R6@^[64, 0, -64] + R6@^[64, 0, 64] + R6@^[64, 64, 0])
    + 0.0625 * (R6@^[-64, -64, -64] + R6@^[-64, -64, 64] + R6@^[-64, 64, -64] +
                R6@^[-64, 64, 64] + R6@^[64, -64, -64] + R6@^[64, -64, 64] +
                R6@^[64, 64, -64] + R6@^[64, 64, 64]);
end;

procedure interp6();
begin
  [L7] U6 := U7;
  [L7 at [-64, 0, 0]] U6 := 0.5 * (U6@^[-64, 0, 0] + U6@^[64, 0, 0]);
  [[[64..n, 128..n, 128..n] by [64, 128, 128]] at [0, -64, 0]]
    U6 := 0.5 * (U6@^[0, -64, 0] + U6@^[0, 64, 0]);
  [[[64..n, 64..n, 128..n] by [64, 64, 128]] at [0, 0, -64]]
    U6 := 0.5 * (U6@^[0, 0, -64] + U6@^[0, 0, 64]);
end;

-- Level 7 (stride 128).
procedure resid7();
begin
  [L7] R7 := R7 - a0 * U7
    - a2 * (U7@^[-128, -128, 0] + U7@^[-128, 0, -128] + U7@^[-128, 0, 128] +
            U7@^[-128, 128, 0] + U7@^[0, -128, -128] + U7@^[0, -128, 128] +
            U7@^[0, 128, -128] + U7@^[0, 128, 128] + U7@^[128, -128, 0] +
            U7@^[128, 0, -128] + U7@^[128, 0, 128] + U7@^[128, 128, 0])
    - a3 * (U7@^[-128, -128, -128] + U7@^[-128, -128, 128] + U7@^[-128, 128, -128] +
            U7@^[-128, 128, 128] + U7@^[128, -128, -128] + U7@^[128, -128, 128] +
            U7@^[128, 128, -128] + U7@^[128, 128, 128]);
end;

procedure psinv7();
begin
  [L7] U7 := U7 + c0 * R7
    + c1 * (R7@^[-128, 0, 0] + R7@^[0, -128, 0] + R7@^[0, 0, -128] +
            R7@^[0, 0, 128] + R7@^[0, 128, 0] + R7@^[128, 0, 0])
    + c2 * (R7@^[-128, -128, 0] + R7@^[-128, 0, -128] + R7@^[-128, 0, 128] +
            R7@^[-128, 128, 0] + R7@^[0, -128, -128] + R7@^[0, -128, 128] +
            R7@^[0, 128, -128] + R7@^[0, 128, 128] + R7@^[128, -128, 0] +
            R7@^[128, 0, -128] + R7@^[128, 0, 128] + R7@^[128, 128, 0]);
end;
procedure resid(j : integer);
begin
  if j = 0 then resid0(); elsif j = 1 then resid1();
  elsif j = 2 then resid2(); elsif j = 3 then resid3();
  elsif j = 4 then resid4(); elsif j = 5 then resid5();
  elsif j = 6 then resid6(); else resid7(); end;
end;

procedure psinv(j : integer);
begin
  if j = 0 then psinv0(); elsif j = 1 then psinv1();
  elsif j = 2 then psinv2(); elsif j = 3 then psinv3();
  elsif j = 4 then psinv4(); elsif j = 5 then psinv5();
  elsif j = 6 then psinv6(); else psinv7(); end;
end;

-- Level j + 1's residual from level j's.
procedure rprj(j : integer);
begin
  if j = 0 then rprj0(); elsif j = 1 then rprj1();
  elsif j = 2 then rprj2(); elsif j = 3 then rprj3();
  elsif j = 4 then rprj4(); elsif j = 5 then rprj5(); else rprj6(); end;
end;

-- Level j's correction (R0 at level 0) from level j + 1's.
procedure interp(j : integer);
begin
  if j = 0 then interp0(); elsif j = 1 then interp1();
  elsif j = 2 then interp2(); elsif j = 3 then interp3();
  elsif j = 4 then interp4(); elsif j = 5 then interp5(); else interp6(); end;
end;

procedure zeroU(j : integer);
begin
  if j = 1 then [L1] U1 := 0.0; elsif j = 2 then [L2] U2 := 0.0;
  elsif j = 3 then [L3] U3 := 0.0; elsif j = 4 then [L4] U4 := 0.0;
  elsif j = 5 then [L5] U5 := 0.0; elsif j = 6 then [L6] U6 := 0.0;
  else [L7] U7 := 0.0; end;
end;

-- One V-cycle (NPB's mg3P): the residual restricted down to the coarsest
-- level, smoothed there from zero, and on the way up each level's
-- correction prolongated from the level below, its residual recomputed
-- and smoothed; at the finest level the prolongation (into R0, which the
-- residual then overwrites) is added to the solution.
procedure vcycle();
var j : integer;
begin
  for j := 0 to levels - 2 do
    rprj(j);
  end;
  zeroU(levels - 1);
  psinv(levels - 1);
  for j := levels - 2 downto 1 do
    interp(j);
    resid(j);
    psinv(j);
  end;
  interp(0);
  [L0] U0 := U0 + R0;
  resid(0);
  psinv(0);
end;

-- x * y mod 2^46 for 0 <= x, y < 2^46, exact in 64-bit integers: both
-- are split at 2^23 so that no partial product overflows.
procedure mulmod46(x, y : integer) : integer;
var mid : integer;
begin
  mid := band(bsr(x, 23) * band(y, 8388607) + band(x, 8388607) * bsr(y, 23),
              8388607);
  return band(bsl(mid, 23) + band(x, 8388607) * band(y, 8388607),
              70368744177663);
end;

-- amult^e mod 2^46 by repeated squaring.
procedure powmod46(e : integer) : integer;
var result, square, rest : integer;
begin
  result := 1;
  square := amult;
  rest := e;
  while rest > 0 do
    if band(rest, 1) = 1 then
      result := mulmod46(result, square);
    end;
    square := mulmod46(square, square);
    rest := bsr(rest, 1);
  end;
  return result;
end;

var StepX, StepY, StepZ : array [1..256] of integer; -- see randomAt

-- The (x + n (y - 1) + n^2 (z - 1))-th number of NPB's stream from
-- seed, in (0, 1): seed amult^k is seed amult^(n^2 (z-1)) amult^(n (y-1))
-- amult^x, the three factors from tables made once.
procedure randomAt(x, y, z : integer) : double;
begin
  return double(mulmod46(mulmod46(StepZ[z], StepY[y]), StepX[x]))
         / 70368744177664.0;
end;

-- v: NPB's charges (zran3). R0 holds the random numbers meanwhile; the
-- ten largest are found one at a time by max<<, ignoring those found.
procedure makeCharges();
var i : integer;
    high, low : double;
begin
  for i := 1 to n do
    StepX[i] := powmod46(i);
    StepY[i] := powmod46(n * (i - 1));
    StepZ[i] := mulmod46(seed, powmod46(n * n * (i - 1)));
  end;
  [L0] begin
    R0 := randomAt(Index1, Index2, Index3);
    V := 0.0;
  end;
  for i := 1 to 10 do
    high := max<< [L0] (R0 - 2.0 * abs(V));
    low := min<< [L0] (R0 + 2.0 * abs(V));
    [L0] if R0 = high then V := 1.0; end;
    [L0] if R0 = low then V := -1.0; end;
  end;
end;

-- sqrt(sum r^2 / n^3) over the finest level.
procedure l2norm() : double;
begin
  return sqrt(+<< [L0] (R0 * R0) / (double(n) * double(n) * double(n)));
end;

-- x as Fortran's E20.13 prints it: a sign position, "0.", 13 digits, "E"
-- and the signed two-digit exponent.
procedure writeE(x : double);
var e : integer;
    m : double;
begin
  m := abs(x);
  e := 0;
  if m > 0.0 then
    while pow(10.0, e) <= m do
      e += 1;
    end;
    while pow(10.0, e - 1) > m do
      e -= 1;
    end;
    if m / pow(10.0, e) >= 1.0 - 0.5e-13 then
      e += 1; -- the rounded mantissa would print as 1.0
    end;
    m := m / pow(10.0, e);
  end;
  if x < 0.0 then
    write("-");
  else
    write(" ");
  end;
  write(m:"%.13f", "E", e:"%+03d");
end;

-- The NPB class (n, nit) select, as a character code ('U': none).
procedure classLetter() : integer;
begin
  if n = 32 & nit = 4 then return 83; end;
  if n = 128 & nit = 4 then return 87; end;
  if n = 256 & nit = 4 then return 65; end;
  if n = 256 & nit = 20 then return 66; end;
  return 85;
end;

-- NPB's L2 norm for a class (0 for 'U').
procedure officialNorm(letter : integer) : double;
begin
  if letter = 83 then return 0.5307707005734e-04; end;
  if letter = 87 then return 0.6467329375339e-05; end;
  if letter = 65 then return 0.2433365309069e-05; end;
  if letter = 66 then return 0.1800564401355e-05; end;
  return 0.0;
end;

-- NPB's smoother: S(a) for classes S, W and A, S(b) for the others.
procedure chooseSmoother(letter : integer);
begin
  if letter = 83 | letter = 87 | letter = 65 then
    c0 := -3.0 / 8.0;
    c1 := 1.0 / 32.0;
    c2 := -1.0 / 64.0;
  else
    c0 := -3.0 / 17.0;
    c1 := 1.0 / 33.0;
    c2 := -1.0 / 61.0;
  end;
end;

procedure report(letter : integer; norm, slowest : double);
var reference, err, mops : double;
    verified : boolean;
begin
  writeln();
  writeln(" Benchmark completed ");
  reference := officialNorm(letter);
  verified := false;
  if letter = 85 then
    writeln(" Problem size unknown");
    writeln(" NO VERIFICATION PERFORMED");
    write(" L2 Norm is ");
    writeE(norm);
    writeln();
  else
    err := abs(norm - reference) / reference;
    verified := err <= tolerance;
    if verified then
      writeln(" VERIFICATION SUCCESSFUL ");
      write(" L2 Norm is ");
      writeE(norm);
      writeln();
      write(" Error is   ");
      writeE(err);
      writeln();
    else
      writeln(" VERIFICATION FAILED");
      write(" L2 Norm is             ");
      writeE(norm);
      writeln();
      write(" The correct L2 Norm is ");
      writeE(reference);
      writeln();
    end;
  end;
  mops := 0.0;
  if slowest > 0.0 then
    mops := 58.0e-6 * double(nit) * double(n) * double(n) * double(n) / slowest;
  end;
  writeln();
  writeln(" MG Benchmark Completed.");
  writeln(" Class = ", letter:"%c");
  writeln(" Size = ", n:"%4d", "x", n:"%4d", "x", n:"%4d");
  writeln(" Iterations = ", nit);
  writeln(" Time in seconds = ", slowest:"%.4f");
  writeln(" Mop/s total = ", mops:"%.2f");
  if verified then
    writeln(" Verification = SUCCESSFUL");
  else
    writeln(" Verification = UNSUCCESSFUL");
  end;
end;

procedure mg();
var it, letter : integer;
    norm, t0, t, slowest : double;
begin
  levels := 0;
  while bsl(2, levels) <= n do
    levels += 1;
  end;
  if bsl(1, levels) != n | n < 4 | n > 256 then
    writeln("mg: --n must be a power of two from 4 to 256");
    halt;
  end;
  letter := classLetter();
  chooseSmoother(letter);
  writeln();
  writeln();
  writeln(" NAS Parallel Benchmarks 3.4 -- MG Benchmark");
  writeln();
  writeln(" Size: ", n:"%4d", "x", n:"%4d", "x", n:"%4d", "  (class ", letter:"%c", ")");
  writeln(" Iterations: ", nit:"%4d");
  writeln();

  -- One untimed V-cycle first, as in NPB; then u and v start again.
  makeCharges();
  [L0] U0 := 0.0;
  resid(0);
  vcycle();
  [L0] U0 := 0.0;
  makeCharges();

  t0 := timer();
  resid(0);
  norm := l2norm();
  for it := 1 to nit do
    if it = 1 | it = nit | it % 5 = 0 then
      writeln("  iter ", it:"%4d");
    end;
    vcycle();
    resid(0);
  end;
  norm := l2norm();
  t := timer() - t0;
  [L0] slowest := max<< t;
  report(letter, norm, slowest);
end;
