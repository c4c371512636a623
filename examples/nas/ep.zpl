-- nas-class S: --m=24
-- nas-class W: --m=25
-- nas-class A: --m=28
program ep;
-- NPB EP, the embarrassingly parallel kernel (NPB 3.4): 2^(m+1) uniform
-- pseudo-random numbers from NPB's linear congruential generator, taken in
-- pairs; the pairs inside the unit circle become Gaussian deviates by the
-- Marsaglia polar method. It prints the sums sx, sy of the deviates and how
-- many pairs fall in each square annulus l <= max(|X|, |Y|) < l + 1, and
-- verifies sx and sy against NPB's values for the class m selects.
--
-- The pairs are cut into batches of consecutive pairs, a parallel array
-- over the batches holds each batch's generator, started by jumping the
-- generator ahead to the batch's first number, and every step draws the
-- next pair of every batch at once. NPB's batches hold 2^16 pairs, so
-- their number grows with m; here there are always 1024 batches of
-- 2^(m-10) pairs, since region bounds cannot use bsl. How the pairs are
-- batched changes only the order of the additions.

config var m : integer = 24;            -- 2^m pairs: S 24, W 25, A 28

constant batches : integer = 1024;      -- = 2^logBatches
constant logBatches : integer = 10;
constant mult : integer = 1220703125;   -- 5^13, NPB's multiplier
constant seed : integer = 271828183;    -- NPB's seed
constant low23 : integer = 8388607;     -- 2^23 - 1
constant low46 : integer = 70368744177663;      -- 2^46 - 1
constant r46 : double = 1.0 / 70368744177664.0; -- 2^-46
constant annuli : integer = 10;
constant epsilon : double = 1.0e-8;     -- NPB's relative tolerance

region Batches = [0..batches - 1];
region Annuli = [0..annuli - 1];

var State : [Batches] integer;          -- each batch's last number x
var X, Y, T, Scale, SumX, SumY : [Batches] double;
var Inside : [Batches] boolean;
var Annulus : [Batches] integer;
var Pairs : [Annuli] integer;           -- how many pairs fall in each annulus
var Count : array [0..annuli - 1] of integer;

-- x * y mod 2^46 for 0 <= x, y < 2^46, exactly in 64-bit integers: with
-- x = x1 2^23 + x2 and y = y1 2^23 + y2, the product mod 2^46 is
-- ((x1 y2 + x2 y1) mod 2^23) 2^23 + x2 y2, and no term reaches 2^63.
-- NPB's randlc computes the same in doubles split the same way.
procedure mulmod46(x : integer; y : integer) : integer;
var x2, y2, cross : integer;
begin
  x2 := band(x, low23);
  y2 := band(y, low23);
  cross := band(bsr(x, 23) * y2 + x2 * bsr(y, 23), low23);
  return band(bsl(cross, 23) + x2 * y2, low46);
end;

-- b^e mod 2^46 by repeated squaring: mult^e jumps the generator e steps.
procedure powmod46(b : integer; e : integer) : integer;
var result, square, rest : integer;
begin
  result := 1;
  square := b;
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

-- NPB 3.4's sums for the m of each class (S W A B C D E F); false for
-- any other m.
procedure reference(var sxRef : double; var syRef : double) : boolean;
begin
  if m = 24 then sxRef := -3.247834652034740e3; syRef := -6.958407078382297e3;
  elsif m = 25 then sxRef := -2.863319731645753e3; syRef := -6.320053679109499e3;
  elsif m = 28 then sxRef := -4.295875165629892e3; syRef := -1.580732573678431e4;
  elsif m = 30 then sxRef := 4.033815542441498e4; syRef := -2.660669192809235e4;
  elsif m = 32 then sxRef := 4.764367927995374e4; syRef := -8.084072988043731e4;
  elsif m = 36 then sxRef := 1.982481200946593e5; syRef := -1.020596636361769e5;
  elsif m = 40 then sxRef := -5.319717441530e5; syRef := -3.688834557731e5;
  elsif m = 44 then sxRef := -1.986768071074039e1; syRef := -2.164441190520301e1;
  else return false;
  end;
  return true;
end;

-- Writes x as Fortran's 1PD25.15 does, NPB's format for the sums: one
-- digit before the point, 15 after, a D and a signed exponent of two
-- digits, right-aligned in 25 columns. C's %e has no D, so the mantissa
-- |x| / 10^e and the exponent are written apart (the division can move
-- the 16th digit by one).
procedure writeD(x : double);
var e, pad, i : integer;
var mantissa : double;
begin
  e := 0;
  mantissa := abs(x);
  if mantissa > 0.0 then
    e := integer(floor(log(mantissa) / log(10.0)));
    mantissa := mantissa / pow(10.0, e);
    if mantissa >= 10.0 then            -- the logarithm's rounding
      e += 1;
      mantissa /= 10.0;
    elsif mantissa < 1.0 then
      e -= 1;
      mantissa *= 10.0;
    end;
  end;
  pad := 25 - 21 - integer(x < 0.0) - integer(abs(e) >= 100);
  for i := 1 to pad do
    write(" ");
  end;
  if x < 0.0 then
    write("-");
  end;
  write(mantissa:"%.15f", "D");
  if e < 0 then
    write("-");
  else
    write("+");
  end;
  write(abs(e):"%02d");
end;

procedure report(sx : double; sy : double; seconds : double);
var l, pairs : integer;
var sxRef, syRef : double;
begin
  pairs := 0;
  for l := 0 to annuli - 1 do
    pairs += Count[l];
  end;
  writeln("EP Benchmark Results:");
  writeln("CPU Time =", seconds:"%10.4f");
  writeln("N = 2^", m:"%5d");
  writeln("No. Gaussian Pairs = ", pairs:"%14d.");
  write("Sums = ");
  writeD(sx);
  writeD(sy);
  writeln();
  writeln("Counts:");
  for l := 0 to annuli - 1 do
    writeln(l:"%3d", Count[l]:"%14d.");
  end;
  writeln(" Time in seconds = ", seconds:"%.2f");
  if !reference(sxRef, syRef) then
    writeln(" No reference values for m = ", m);
    writeln(" Verification = UNSUCCESSFUL");
  elsif abs((sx - sxRef) / sxRef) <= epsilon & abs((sy - syRef) / syRef) <= epsilon then
    writeln(" Verification = SUCCESSFUL");
  else
    writeln(" Verification = UNSUCCESSFUL");
  end;
end;

procedure ep();
var perBatch, step, l : integer;
var sx, sy, t0, seconds : double;
begin
  if m < logBatches then
    writeln("ep: --m must be at least ", logBatches, " (one pair per batch)");
    halt;
  end;
  writeln(" NAS Parallel Benchmarks 3.4 (zplc) -- EP Benchmark");
  writeln(" Number of random numbers generated: ", bsl(1, m + 1));

  t0 := timer();
  perBatch := bsl(1, m - logBatches);
  [Batches] begin
    State := mulmod46(seed, powmod46(mult, 2 * perBatch * Index1));
    SumX := 0.0;
    SumY := 0.0;
  end;
  for step := 1 to perBatch do
    [Batches] begin
      State := mulmod46(State, mult);
      X := 2.0 * (double(State) * r46) - 1.0;
      State := mulmod46(State, mult);
      Y := 2.0 * (double(State) * r46) - 1.0;
      T := X * X + Y * Y;
      Inside := T <= 1.0;
    end;
    [Batches with Inside] begin
      Scale := sqrt(-2.0 * log(T) / T);
      X := X * Scale;
      Y := Y * Scale;
      SumX += X;
      SumY += Y;
      -- integer(max(|X|, |Y|)); the integer max needs no call (a max of
      -- reals is the C library's fmax, which costs EP 15%)
      Annulus := max(integer(abs(X)), integer(abs(Y)));
      Pairs#[Annulus] += 1;   -- a histogram
    end;
  end;
  sx := +<< [Batches] SumX;
  sy := +<< [Batches] SumY;
  for l := 0 to annuli - 1 do
    Count[l] := +<< [l..l] Pairs;
  end;
  seconds := timer() - t0;
  [Batches] seconds := max<< seconds;   -- the slowest PE's time, as NPB
  report(sx, sy, seconds);
end;
