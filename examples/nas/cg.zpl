-- nas-class S: --na=1400 --nonzer=7 --niter=15 --shift=10
-- nas-class W: --na=7000 --nonzer=8 --niter=15 --shift=12
-- nas-class A: --na=14000 --nonzer=11 --niter=15 --shift=20
-- nas-class B: --na=75000 --nonzer=13 --niter=75 --shift=60
-- nas-class C: --na=150000 --nonzer=15 --niter=75 --shift=110
program cg;
-- NPB CG (NAS Parallel Benchmarks 3.4): the smallest eigenvalue of a
-- random sparse symmetric matrix A by inverse power iteration. Each of
-- niter outer iterations solves A z = x approximately with 25 iterations
-- of conjugate gradient, prints zeta = shift + 1 / (x . z) and sets
-- x = z / |z|; the last zeta is checked against NPB's value for the class.
--
-- A is the sum of na scaled outer products v v' of random sparse vectors
-- plus (rcond - shift) on the diagonal (NPB's makea). Its generation
-- follows one random stream, so it runs as scalar code on indexed arrays;
-- the products' entries then become the parallel arrays Row, Col and V
-- over E (one row of E per outer product), duplicates unmerged. E has two
-- dimensions so that it is distributed on its own: a one-dimensional list
-- of entries would share the vectors' distribution (regions of one rank
-- share one, over their bounding box) and leave the vectors on the first
-- PEs. The product q = A p is a gather of p at the columns and an
-- accumulating scatter into q at the rows; dot products are +<< reductions.

config var na : integer = 1400;      -- the order of A
config var nonzer : integer = 7;     -- random nonzeros per outer product
config var niter : integer = 15;     -- outer (inverse power) iterations
config var shift : double = 10.0;    -- the eigenvalue shift

constant rcond : double = 0.1;       -- bounds the eigenvalues of A + shift I below
constant cgitmax : integer = 25;     -- CG iterations per outer iteration
constant tolerance : double = 1e-10; -- NPB's relative tolerance on zeta
constant two23 : double = 8388608.0; -- 2^23: the generator's numbers have 46 bits
constant amult : double = 1220703125.0; -- 5^13, the generator's multiplier

region N = [1..na];
region E = [1..na, 1..(nonzer + 1) * (nonzer + 1)];

var X, Z, P, Q, R : [N] double;
var Row, Col : [E] int32;
var V : [E] double;  -- the entries

-- The sparse vector of outer product i: Count[i] positions and values.
var Pos : array [1..na, 1..nonzer + 1] of integer;
var Val : array [1..na, 1..nonzer + 1] of double;
var Count : array [1..na] of integer;
var Scale : array [1..na] of double;   -- its product's factor rcond^((i-1)/na)
var Taken : array [1..na] of boolean;  -- positions drawn for the current vector
var seed : double;                     -- the generator's state

-- NPB's generator: seed := 5^13 seed mod 2^46, returned scaled into
-- (0, 1). Exact in doubles: both factors are split into 23-bit halves.
procedure randlc() : double;
var two46, a_hi, a_lo, x_hi, x_lo, mid, full : double;
begin
  two46 := two23 * two23;
  a_hi := floor(amult / two23);
  a_lo := amult - two23 * a_hi;
  x_hi := floor(seed / two23);
  x_lo := seed - two23 * x_hi;
  mid := a_hi * x_lo + a_lo * x_hi;
  mid := mid - two23 * floor(mid / two23);
  full := two23 * mid + a_lo * x_lo;
  seed := full - two46 * floor(full / two46);
  return seed / two46;
end;

-- Outer product i's vector (NPB's sprnvc, then vecset): nonzer distinct
-- random positions, each drawn after its value (pow2 * u chopped, pow2
-- the least power of two >= na; positions beyond na or taken are drawn
-- again), then position i set to 0.5, added if absent.
procedure makeVector(i, pow2 : integer);
var m, k, j, p : integer;
    value : double;
begin
  m := 0;
  while m < nonzer do
    value := randlc();
    p := integer(double(pow2) * randlc()) + 1;
    if p <= na then
      if !Taken[p] then
        Taken[p] := true;
        m += 1;
        Pos[i, m] := p;
        Val[i, m] := value;
      end;
    end;
  end;
  for k := 1 to m do
    Taken[Pos[i, k]] := false;
  end;
  k := m + 1; -- where position i is, m + 1 when it was not drawn
  for j := 1 to m do
    if Pos[i, j] = i then
      k := j;
    end;
  end;
  if k > m then
    m := k;
    Pos[i, m] := i;
  end;
  Val[i, k] := 0.5;
  Count[i] := m;
end;

-- Entry e of outer product i (column a, row b of the m x m product, a
-- major): its row, column and value Val[b] * (Scale * Val[a]), as NPB
-- computes it. Entries beyond m * m pad E: zero on the diagonal. They
-- are called elementwise over E (promoted), as an indexed array takes no
-- parallel index: `[E] Row := Pos[Index1, ...]` is not allowed.
procedure entryRow(i, e : integer) : integer;
var m : integer;
begin
  m := Count[i];
  if e > m * m then
    return i;
  end;
  return Pos[i, (e - 1) % m + 1];
end;

procedure entryCol(i, e : integer) : integer;
var m : integer;
begin
  m := Count[i];
  if e > m * m then
    return i;
  end;
  return Pos[i, (e - 1) / m + 1];
end;

procedure entryValue(i, e : integer) : double;
var m : integer;
begin
  m := Count[i];
  if e > m * m then
    return 0.0;
  end;
  return Val[i, (e - 1) % m + 1] * (Scale[i] * Val[i, (e - 1) / m + 1]);
end;

-- NPB's makea: one random number drawn first (as NPB does), then the
-- outer products' vectors in order, the k-th scaled by rcond^((k-1)/na).
procedure makeMatrix();
var i, pow2 : integer;
    size, ratio, skipped : double;
begin
  seed := 314159265.0;
  skipped := randlc();
  pow2 := 1;
  repeat
    pow2 := 2 * pow2;
  until pow2 >= na;
  ratio := pow(rcond, 1.0 / double(na));
  size := 1.0;
  for i := 1 to na do
    makeVector(i, pow2);
    Scale[i] := size;
    size := size * ratio;
  end;
  [E] Row := int32(entryRow(Index1, Index2));
  [E] Col := int32(entryCol(Index1, Index2));
  [E] V := entryValue(Index1, Index2);
end;

-- Y := A S: S gathered at the columns, times the entries, summed into the
-- rows (one pass over E, as a compressed-row loop: no temporaries).
procedure multiply(Y, S : [N] double);
begin
  [N] Y := (rcond - shift) * S;
  [E] Y#[Row] += V * S#[Col];
end;

-- Z := 25 iterations of conjugate gradient on A Z = X from Z = 0; rnorm
-- is the residual |X - A Z| computed afresh.
procedure conjGrad(var rnorm : double);
var cgit : integer;
    rho, rho0, alpha, beta : double;
begin
  [N] begin
    Z := 0.0;
    R := X;
    P := R;
  end;
  rho := +<< [N] (R * R);
  for cgit := 1 to cgitmax do
    multiply(Q, P);
    alpha := rho / +<< [N] (P * Q);
    rho0 := rho;
    [N] Z := Z + alpha * P;
    [N] R := R - alpha * Q;
    rho := +<< [N] (R * R);
    beta := rho / rho0;
    [N] P := R + beta * P;
  end;
  multiply(R, Z);
  rnorm := sqrt(+<< [N] ((X - R) * (X - R)));
end;

-- One inverse power iteration: Z from conjGrad, zeta = shift + 1/(X.Z),
-- then X := Z / |Z|.
procedure powerStep(var rnorm, zeta : double);
var xz, scale : double;
begin
  conjGrad(rnorm);
  xz := +<< [N] (X * Z);
  scale := 1.0 / sqrt(+<< [N] (Z * Z));
  zeta := shift + 1.0 / xz;
  [N] X := scale * Z;
end;

-- x as Fortran's E(digits+7).digits prints it: a sign position, "0.",
-- the digits, "E" and the signed two-digit exponent. digits is 13 or 14.
procedure writeE(x : double; digits : integer);
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
    if m / pow(10.0, e) >= 1.0 - 0.5 * pow(10.0, -digits) then
      e += 1; -- the rounded mantissa would print as 1.0
    end;
    m := m / pow(10.0, e);
  end;
  if x < 0.0 then
    write("-");
  else
    write(" ");
  end;
  if digits = 13 then
    write(m:"%.13f");
  else
    write(m:"%.14f");
  end;
  write("E", e:"%+03d");
end;

-- The NPB class the parameters select, as a character code ('U': none).
procedure classLetter() : integer;
begin
  if niter = 15 & na = 1400 & nonzer = 7 & shift = 10.0 then return 83; end;
  if niter = 15 & na = 7000 & nonzer = 8 & shift = 12.0 then return 87; end;
  if niter = 15 & na = 14000 & nonzer = 11 & shift = 20.0 then return 65; end;
  if niter = 75 & na = 75000 & nonzer = 13 & shift = 60.0 then return 66; end;
  if niter = 75 & na = 150000 & nonzer = 15 & shift = 110.0 then return 67; end;
  return 85;
end;

-- NPB's zeta for a class (0 for 'U').
procedure officialZeta(letter : integer) : double;
begin
  if letter = 83 then return 8.5971775078648; end;
  if letter = 87 then return 10.362595087124; end;
  if letter = 65 then return 17.130235054029; end;
  if letter = 66 then return 22.712745482631; end;
  if letter = 67 then return 28.973605592845; end;
  return 0.0;
end;

procedure cg();
var it, letter : integer;
    rnorm, zeta, t0, t, slowest, reference, err, mops : double;
    verified : boolean;
begin
  letter := classLetter();
  writeln();
  writeln();
  writeln(" NAS Parallel Benchmarks 3.4 -- CG Benchmark");
  writeln();
  writeln(" Size: ", na:"%10d", "  (class ", letter:"%c", ")");
  writeln(" Iterations: ", niter:"%5d");
  writeln(" Number of nonzeroes per row: ", nonzer:"%8d");
  writeln(" Eigenvalue shift: ", shift:"%9.3f");

  makeMatrix();
  [N] X := 1.0;
  powerStep(rnorm, zeta); -- untimed, as in NPB; x is reset after it
  [N] X := 1.0;

  t0 := timer();
  for it := 1 to niter do
    powerStep(rnorm, zeta);
    if it = 1 then
      writeln();
      writeln("   iteration           ||r||                 zeta");
    end;
    write("    ", it:"%5d", "      ");
    writeE(rnorm, 14);
    writeln(zeta:"%20.13f");
  end;
  t := timer() - t0;
  [N] slowest := max<< t;

  writeln(" Benchmark completed ");
  reference := officialZeta(letter);
  verified := false;
  if letter = 85 then
    writeln(" Problem size unknown");
    writeln(" NO VERIFICATION PERFORMED");
    write(" Zeta is    ");
    writeE(zeta, 13);
    writeln();
  else
    err := abs(zeta - reference) / reference;
    verified := err <= tolerance;
    if verified then
      writeln(" VERIFICATION SUCCESSFUL ");
      write(" Zeta is    ");
      writeE(zeta, 13);
      writeln();
      write(" Error is   ");
      writeE(err, 13);
      writeln();
    else
      writeln(" VERIFICATION FAILED");
      write(" Zeta                ");
      writeE(zeta, 13);
      writeln();
      write(" The correct zeta is ");
      writeE(reference, 13);
      writeln();
    end;
  end;

  mops := 0.0;
  if slowest > 0.0 then
    mops := 2.0e-6 * double(niter) * double(na)
            * (3.0 + double(nonzer * (nonzer + 1))
               + 25.0 * (5.0 + double(nonzer * (nonzer + 1))) + 3.0) / slowest;
  end;
  writeln();
  writeln(" CG Benchmark Completed.");
  writeln(" Class = ", letter:"%c");
  writeln(" Size = ", na);
  writeln(" Iterations = ", niter);
  writeln(" Time in seconds = ", slowest:"%.4f");
  writeln(" Mop/s total = ", mops:"%.2f");
  if verified then
    writeln(" Verification = SUCCESSFUL");
  else
    writeln(" Verification = UNSUCCESSFUL");
  end;
end;
