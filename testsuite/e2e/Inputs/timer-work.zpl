-- Times a Jacobi kernel of `iters` sweeps with timer() as the NAS
-- benchmarks do, for e2e/sim/timer.test: on a simulated machine timer() is
-- the PE's virtual time, so the printed times are the same on every run and
-- grow with the work. `max<< t` is the slowest PE's time.
program timerwork;
config var n : integer = 32;
config var iters : integer = 10;
region R = [1..n, 1..n];
region Big = [0..n+1, 0..n+1];
direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];
var A, B : [Big] double;

procedure timerwork();
var t0, t, slowest : double;
var i : integer;
begin
  [Big] A := 0.0;
  [R] A := Index1 + Index2;
  t0 := timer();
  for i := 1 to iters do
    [R] B := (A@north + A@south + A@east + A@west) / 4.0;
    [R] A := B;
  end;
  t := timer() - t0;
  [R] slowest := max<< t;
  writeln("start ", t0:"%.9f");
  writeln("kernel ", t:"%.9f");
  writeln("slowest ", slowest:"%.9f");
  writeln("result ", +<< [R] A:"%.6f");
end;
