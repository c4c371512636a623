-- jacobi.zpl: Jacobi relaxation for Laplace's equation on an n x n grid.
--
-- The classic ZPL Jacobi program, plus two things for testing and
-- benchmarking:
--   * `maxit` bounds the iteration count, so a run can do a fixed amount of
--     work (bench/run.sh uses --n=1024 --maxit=200);
--   * a checksum line, so the test checks the array and not only err.
--
-- The checksum is a floating-point sum, and its rounding depends on the
-- order of the additions, which depends on the number of PEs. At n=64 the
-- sum is ~1022.5 over 4096 terms in [0, 1]; each addition rounds by at most
-- half an ulp of the partial sum (<= 2^-44 ~ 5.7e-14 here), so any two
-- orders differ by less than 4096 * 2 * 5.7e-14 ~ 5e-10 (measured over
-- many block orders: 7e-13). "%.6f" keeps a margin of more than three
-- decimal digits: the last printed digit could only flip if the exact sum
-- fell within 5e-10 of a rounding boundary, and it is 2.6e-7 away at n=64
-- (1022.535421765..., the boundary being ...4215), 4.3e-7 at n=32, and
-- 3.0e-7 at the benchmark size n=1024, maxit=200 (spread there 3e-10).
-- The error `err` is a max of the same elementwise values on any number of
-- PEs, so it is exact and order-independent.

program jacobi;

config var n     : integer = 64;       -- grid size: ./jacobi --n=256
config var maxit : integer = 100000;   -- iteration cap: ./jacobi --maxit=200
constant  eps    : double  = 1e-6;     -- convergence threshold

region    R    = [1..n, 1..n];         -- the interior
region    BigR = [0..n+1, 0..n+1];     -- the interior plus the boundary

direction north = [-1, 0]; south = [1, 0]; east = [0, 1]; west = [0, -1];

var A, Temp : [BigR] double;
var err     : double;
var total   : double;

procedure jacobi();
var it : integer;
begin
  [BigR] A := 0.0;                     -- everything starts cold ...
  [south of R] A := 1.0;               -- ... except the bottom edge
  it := 0;
  [R] repeat
        Temp := (A@north + A@east + A@south + A@west) / 4.0;
        err  := max<< abs(Temp - A);
        A    := Temp;
        it   += 1;
      until err < eps | it >= maxit;
  writeln("iterations: ", it, " err: ", err:"%.3e");
  [R] total := +<< A;
  writeln("sum: ", total:"%.6f");
end;
