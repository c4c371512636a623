-- NAS Parallel Benchmarks IS (integer sort), NPB 3.4's specification:
-- rank nkeys keys in 0..maxkey-1 (int32, as NPB's are 4-byte ints) ten
-- times by counting (a histogram of the keys, then its prefix sum), check
-- five test keys' ranks against NPB's tables at every iteration and, at
-- the end, that the keys placed at their ranks are in sorted order.
-- nas-class S: --nkeys=65536 --maxkey=2048
-- nas-class W: --nkeys=1048576 --maxkey=65536
-- nas-class A: --nkeys=8388608 --maxkey=524288
program is;

config var nkeys : integer = 65536;
config var maxkey : integer = 2048;

constant iterations : integer = 10;
constant tests : integer = 5;
-- NPB's random number generator: x(k+1) = a * x(k) mod 2^46, r = x * 2^-46
constant seed : integer = 314159265;
constant mult : integer = 1220703125;
constant low23 : integer = 8388607;             -- 2^23 - 1
constant low46 : integer = 70368744177663;      -- 2^46 - 1
constant r46 : double = 1.0 / 70368744177664.0; -- 2^-46

region Keys = [1..nkeys];
region Values = [0..maxkey - 1];
region Later = [1..maxkey - 1]; -- every key value but the first
direction before = [-1];

var Key : [Keys] int32;
-- The histogram of the keys, its prefix sum (the rank of each value), and
-- the full verification's count of the keys of each value.
var Count, Cum, Seen : [Values] integer;

-- The class's test keys (NPB's 0-based key positions), the ranks they must
-- have, and how the iteration number moves each rank: by
-- Sign * (iteration - Lag).
var TestIndex, TestRank, Sign, Lag : array [1..tests] of integer;
-- The test keys and the ranks found for them at the latest iteration.
var TestKey, Found : array [1..tests] of integer;
var class : integer;       -- the class letter's position in "SWA", 0: none
var passed : integer;      -- verifications passed

-- a * x mod 2^46 for 0 <= a, x < 2^46, exactly in 64-bit integers: with
-- a = a1 2^23 + a2 and x = x1 2^23 + x2, a x = (a1 x2 + a2 x1) 2^23 + a2 x2
-- modulo 2^46, and no product exceeds 2^46.
procedure mulmod46(a : integer; x : integer) : integer;
var a1, a2, x1, x2, z : integer;
begin
  a1 := bsr(a, 23);
  a2 := band(a, low23);
  x1 := bsr(x, 23);
  x2 := band(x, low23);
  z := band(a1 * x2 + a2 * x1, low23);
  return band(bsl(z, 23) + a2 * x2, low46);
end;

-- The generator's state after `steps` steps from the seed, by repeated
-- squaring of the multiplier: every key is computed on its own.
procedure stateAfter(steps : integer) : integer;
var x, power, rest : integer;
begin
  x := seed;
  power := mult;
  rest := steps;
  while rest > 0 do
    if band(rest, 1) = 1 then
      x := mulmod46(power, x);
    end;
    power := mulmod46(power, power);
    rest := bsr(rest, 1);
  end;
  return x;
end;

-- Key i (1-based) of NPB's sequence: maxkey/4 times the sum of the
-- generator's numbers 4i-3 .. 4i, truncated.
procedure keyAt(i : integer) : int32;
var x : integer;
var sum : double;
begin
  x := mulmod46(mult, stateAfter(4 * (i - 1)));
  sum := double(x) * r46;
  x := mulmod46(mult, x);
  sum := sum + double(x) * r46;
  x := mulmod46(mult, x);
  sum := sum + double(x) * r46;
  x := mulmod46(mult, x);
  sum := sum + double(x) * r46;
  return int32(double(maxkey / 4) * sum);
end;

-- NPB's partial verification tables of the class nkeys and maxkey select.
procedure setClass();
var t : integer;
begin
  class := 0;
  if nkeys = 65536 & maxkey = 2048 then
    class := 1;
    TestIndex[1] := 48427; TestIndex[2] := 17148; TestIndex[3] := 23627;
    TestIndex[4] := 62548; TestIndex[5] := 4431;
    TestRank[1] := 0; TestRank[2] := 18; TestRank[3] := 346;
    TestRank[4] := 64917; TestRank[5] := 65463;
  elsif nkeys = 1048576 & maxkey = 65536 then
    class := 2;
    TestIndex[1] := 357773; TestIndex[2] := 934767; TestIndex[3] := 875723;
    TestIndex[4] := 898999; TestIndex[5] := 404505;
    TestRank[1] := 1249; TestRank[2] := 11698; TestRank[3] := 1039987;
    TestRank[4] := 1043896; TestRank[5] := 1048018;
  elsif nkeys = 8388608 & maxkey = 524288 then
    class := 3;
    TestIndex[1] := 2112377; TestIndex[2] := 662041; TestIndex[3] := 5336171;
    TestIndex[4] := 3642833; TestIndex[5] := 4250760;
    TestRank[1] := 104; TestRank[2] := 17523; TestRank[3] := 123928;
    TestRank[4] := 8288932; TestRank[5] := 8388264;
  end;
  -- S: tests 1-3 rise with the iteration, 4-5 fall; W: 1-2 rise from
  -- iteration 2, 3-5 fall; A: 1-3 rise and 4-5 fall from iteration 1.
  for t := 1 to tests do
    Sign[t] := 1;
    if t > 3 | (class = 2 & t = 3) then
      Sign[t] := -1;
    end;
    Lag[t] := 0;
    if class = 2 & t <= 2 then
      Lag[t] := 2;
    elsif class = 3 then
      Lag[t] := 1;
    end;
  end;
end;

-- One ranking of NPB IS: the iteration changes two keys, the histogram of
-- the keys and its prefix sum give every key value's rank, and the test
-- keys' ranks are checked (counted in `passed`).
procedure rank(iteration : integer);
var t, k, r, expected : integer;
begin
  [iteration + 1] Key := iteration;
  [iteration + iterations + 1] Key := maxkey - iteration;
  for t := 1 to tests do
    TestKey[t] := +<< [TestIndex[t] + 1] Key;
  end;

  [Values] Count := 0;
  [Keys] Count#[Key] += 1;
  [Values] Cum := +|| Count;

  -- The rank of key value k is the number of keys below it: Cum at k - 1.
  for t := 1 to tests do
    k := TestKey[t];
    r := 0;
    if k > 0 then
      r := +<< [k - 1] Cum;
    end;
    Found[t] := r;
    expected := TestRank[t] + Sign[t] * (iteration - Lag[t]);
    if class > 0 & r = expected then
      passed += 1;
    elsif class > 0 then
      writeln("Failed partial verification: iteration ", iteration,
              ", test key ", t - 1, ", key rank ", r);
    end;
  end;
end;

-- NPB's full verification, after the last ranking: the keys placed at
-- their ranks must be in sorted order. NPB places each key of value v at
-- its value's rank Cum[v] and counts that rank down, so the keys of value
-- v fill the places Cum[v] - Seen[v] + 1 .. Cum[v], where Seen[v] counts
-- them afresh. The keys are in sorted order, and fill the places 1..nkeys
-- exactly, when the places of each value lie after those of the values
-- below it, the first value's start at 1 and the last value's end at
-- nkeys. This needs no array as large as the keys (NPB's needs two).
-- Returns how many values break it.
procedure fullVerify() : integer;
var bad : integer;
begin
  [Values] Seen := 0;
  [Keys] Seen#[Key] += 1;
  [Later] bad := +<< integer(Cum - Seen < Cum@before);
  if +<< [0] Cum != +<< [0] Seen then
    bad += 1;
  end;
  if +<< [maxkey - 1] Cum != nkeys then
    bad += 1;
  end;
  return bad;
end;

procedure printClass();
begin
  if class = 1 then
    write("S");
  elsif class = 2 then
    write("W");
  elsif class = 3 then
    write("A");
  else
    write("U");
  end;
end;

procedure is();
var iteration, t, outOfSort : integer;
var t0, elapsed, seconds : double;
begin
  setClass();
  writeln();
  writeln();
  writeln(" NAS Parallel Benchmarks (zplc) -- IS Benchmark");
  writeln();
  write(" Size:  ", nkeys, "  (class ");
  printClass();
  writeln(")");
  writeln(" Iterations:   ", iterations);
  if class = 0 then
    writeln(" No reference ranks are known for nkeys = ", nkeys,
            ", maxkey = ", maxkey);
  end;

  [Keys] Key := keyAt(Index1);

  -- One untimed ranking first, as NPB does.
  rank(1);
  passed := 0;
  t0 := timer();
  for iteration := 1 to iterations do
    rank(iteration);
  end;
  elapsed := timer() - t0;
  [Keys] seconds := max<< elapsed;

  write(" Ranks of the test keys =");
  for t := 1 to tests do
    write(" ", Found[t]);
  end;
  writeln();
  writeln(" Partial verifications passed = ", passed, " of ",
          tests * iterations);
  outOfSort := fullVerify();
  if outOfSort = 0 then
    passed += 1;
  else
    writeln(" Full_verify: number of key values out of sort: ", outOfSort);
  end;

  writeln();
  writeln(" IS Benchmark Completed.");
  write(" Class = ");
  printClass();
  writeln();
  writeln(" Size = ", nkeys);
  writeln(" Iterations = ", iterations);
  writeln(" Time in seconds = ", seconds:"%.2f");
  writeln(" Mop/s total = ", iterations * nkeys / seconds / 1.0e6:"%.2f");
  if class > 0 & passed = tests * iterations + 1 then
    writeln(" Verification = SUCCESSFUL");
  else
    writeln(" Verification = UNSUCCESSFUL");
  end;
end;
