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
-- One procedure per operator serves every level: the caller's scope
-- ([L{j}]) says which points it works on, and its shifts are by the
-- level's stride s, a parameter; the levels' arrays are the families U{j}
-- and R{j} (up to 8 levels: n <= 256).

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

-- Level j's points are the multiples of s = 2^j up to n in each dimension
-- (a level the grid does not reach, s > n, keeps the one point n, inside
-- the grid, instead of being empty: its lower bound is s / ceil(s / n)).
-- Y{j} and Z{j} are the points of level j that the prolongation from level
-- j + 1 fills second and third: level j's stride in the first dimension
-- (and in the second for Z), level j + 1's in the others.
region L{0..7} = [[bsl(1, {}) / ((bsl(1, {}) + n - 1) / n)..n,
                   bsl(1, {}) / ((bsl(1, {}) + n - 1) / n)..n,
                   bsl(1, {}) / ((bsl(1, {}) + n - 1) / n)..n]
                  by [bsl(1, {}), bsl(1, {}), bsl(1, {})]];
region Y{0..6} = [[bsl(1, {}) / ((bsl(1, {}) + n - 1) / n)..n,
                   bsl(2, {}) / ((bsl(2, {}) + n - 1) / n)..n,
                   bsl(2, {}) / ((bsl(2, {}) + n - 1) / n)..n]
                  by [bsl(1, {}), bsl(2, {}), bsl(2, {})]];
region Z{0..6} = [[bsl(1, {}) / ((bsl(1, {}) + n - 1) / n)..n,
                   bsl(1, {}) / ((bsl(1, {}) + n - 1) / n)..n,
                   bsl(2, {}) / ((bsl(2, {}) + n - 1) / n)..n]
                  by [bsl(1, {}), bsl(1, {}), bsl(2, {})]];

var V : [L{0}] double;                 -- the charges
var U{0..7}, R{0..7} : [L{}] double;   -- each level's solution (correction)
                                       -- and residual

-- The residual R = V - A U of the level the caller's scope selects, whose
-- points are s apart.
procedure resid(U, V, R : [,,] double; s : integer);
begin
  R := V - a0 * U
    - a2 * (U@^[-s, -s, 0] + U@^[-s, 0, -s] + U@^[-s, 0, s] +
            U@^[-s, s, 0] + U@^[0, -s, -s] + U@^[0, -s, s] +
            U@^[0, s, -s] + U@^[0, s, s] + U@^[s, -s, 0] +
            U@^[s, 0, -s] + U@^[s, 0, s] + U@^[s, s, 0])
    - a3 * (U@^[-s, -s, -s] + U@^[-s, -s, s] + U@^[-s, s, -s] +
            U@^[-s, s, s] + U@^[s, -s, -s] + U@^[s, -s, s] +
            U@^[s, s, -s] + U@^[s, s, s]);
end;

-- The smoother: U += S R.
procedure psinv(R, U : [,,] double; s : integer);
begin
  U := U + c0 * R
    + c1 * (R@^[-s, 0, 0] + R@^[0, -s, 0] + R@^[0, 0, -s] +
            R@^[0, 0, s] + R@^[0, s, 0] + R@^[s, 0, 0])
    + c2 * (R@^[-s, -s, 0] + R@^[-s, 0, -s] + R@^[-s, 0, s] +
            R@^[-s, s, 0] + R@^[0, -s, -s] + R@^[0, -s, s] +
            R@^[0, s, -s] + R@^[0, s, s] + R@^[s, -s, 0] +
            R@^[s, 0, -s] + R@^[s, 0, s] + R@^[s, s, 0]);
end;

-- The restriction: the coarse residual Rc at the caller's (coarse) points
-- from the fine R around them, s (the fine stride) apart.
procedure rprj(R, Rc : [,,] double; s : integer);
begin
  Rc := 0.5 * R
    + 0.25 * (R@^[-s, 0, 0] + R@^[0, -s, 0] + R@^[0, 0, -s] +
              R@^[0, 0, s] + R@^[0, s, 0] + R@^[s, 0, 0])
    + 0.125 * (R@^[-s, -s, 0] + R@^[-s, 0, -s] + R@^[-s, 0, s] +
               R@^[-s, s, 0] + R@^[0, -s, -s] + R@^[0, -s, s] +
               R@^[0, s, -s] + R@^[0, s, s] + R@^[s, -s, 0] +
               R@^[s, 0, -s] + R@^[s, 0, s] + R@^[s, s, 0])
    + 0.0625 * (R@^[-s, -s, -s] + R@^[-s, -s, s] + R@^[-s, s, -s] +
                R@^[-s, s, s] + R@^[s, -s, -s] + R@^[s, -s, s] +
                R@^[s, s, -s] + R@^[s, s, s]);
end;

-- The prolongation of level j + 1's Uc into level j's U: the coarse points
-- copied, then the points between them, one dimension after the other, as
-- the mean of their two neighbours s apart along it.
procedure interp(Uc, U : [,,] double; j : integer);
var s : integer;
begin
  s := bsl(1, j);
  [L{j + 1}] U := Uc;
  [L{j + 1} at [-s, 0, 0]] U := 0.5 * (U@^[-s, 0, 0] + U@^[s, 0, 0]);
  [Y{j} at [0, -s, 0]] U := 0.5 * (U@^[0, -s, 0] + U@^[0, s, 0]);
  [Z{j} at [0, 0, -s]] U := 0.5 * (U@^[0, 0, -s] + U@^[0, 0, s]);
end;

-- One V-cycle (NPB's mg3P): the residual restricted down to the coarsest
-- level, smoothed there from zero, and on the way up each level's
-- correction prolongated from the level below, its residual recomputed
-- and smoothed; at the finest level the prolongation (into R{0}, which the
-- residual then overwrites) is added to the solution.
procedure vcycle();
var j, top : integer;
begin
  top := levels - 1;
  for j := 0 to top - 1 do
    [L{j + 1}] rprj(R{j}, R{j + 1}, bsl(1, j));
  end;
  [L{top}] begin
    U{top} := 0.0;
    psinv(R{top}, U{top}, bsl(1, top));
  end;
  for j := top - 1 downto 1 do
    [L{j}] U{j} := 0.0;
    interp(U{j + 1}, U{j}, j);
    [L{j}] begin
      resid(U{j}, R{j}, R{j}, bsl(1, j));
      psinv(R{j}, U{j}, bsl(1, j));
    end;
  end;
  interp(U{1}, R{0}, 0);
  [L{0}] begin
    U{0} := U{0} + R{0};
    resid(U{0}, V, R{0}, 1);
    psinv(R{0}, U{0}, 1);
  end;
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

-- v: NPB's charges (zran3). R{0} holds the random numbers meanwhile; the
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
  [L{0}] begin
    R{0} := randomAt(Index1, Index2, Index3);
    V := 0.0;
  end;
  for i := 1 to 10 do
    high := max<< [L{0}] (R{0} - 2.0 * abs(V));
    low := min<< [L{0}] (R{0} + 2.0 * abs(V));
    [L{0}] if R{0} = high then V := 1.0; end;
    [L{0}] if R{0} = low then V := -1.0; end;
  end;
end;

-- sqrt(sum r^2 / n^3) over the finest level.
procedure l2norm() : double;
begin
  return sqrt(+<< [L{0}] (R{0} * R{0}) / (double(n) * double(n) * double(n)));
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
  [L{0}] U{0} := 0.0;
  [L{0}] resid(U{0}, V, R{0}, 1);
  vcycle();
  [L{0}] U{0} := 0.0;
  makeCharges();

  t0 := timer();
  [L{0}] resid(U{0}, V, R{0}, 1);
  norm := l2norm();
  for it := 1 to nit do
    if it = 1 | it = nit | it % 5 = 0 then
      writeln("  iter ", it:"%4d");
    end;
    vcycle();
    [L{0}] resid(U{0}, V, R{0}, 1);
  end;
  norm := l2norm();
  t := timer() - t0;
  [L{0}] slowest := max<< t;
  report(letter, norm, slowest);
end;
