-- nn8pair.zpl: the IRONMAN micro benchmark as Chamberlain, Choi & Snyder
-- ran it (Fig. 6): the eight-way nearest-neighbour exchange of
-- examples/nn8.zpl on a rows x cols array, so that bench/paper/run.sh can
-- give every PE of a P x Q grid the same b x b block (rows = P b,
-- cols = Q b) and every pair of neighbouring PEs the same data volume on
-- every grid: b elements across an edge, one across a corner.
--
-- The update is nn8's (integers modulo a prime, exact); run.sh checks every
-- simulated run against the serial back end at the same size, and the
-- square case against examples/reference/nn8.py.

program nn8pair;

config var rows  : integer = 16;       -- the array is rows x cols
config var cols  : integer = 16;
config var iters : integer = 1000;     -- iterations of the exchange
config var show  : integer = 4;        -- print A over [1..show, 1..show]

constant   m     : integer = 65521;    -- the largest prime below 2^16

region R    = [1..rows, 1..cols];
region Big  = [0..rows+1, 0..cols+1];
region Show = [1..show, 1..show];

direction no = [-1,  0]; so = [1,  0]; ea = [ 0, 1]; we = [0, -1];
          ne = [-1,  1]; nw = [-1, -1]; se = [ 1, 1]; sw = [1, -1];

var A                        : [Big] integer;
var total, high, low, check  : integer;

procedure nn8pair();
var it : integer;
begin
  [Big] A := (Index1 * 131 + Index2 * 71) % 1000;
  [R]   A := (Index1 * Index2 * 37 + Index1 * 11 + Index2) % m;

  for it := 1 to iters do
    [R] A := (A@no + A@so + A@ea + A@we
              + 2 * (A@ne + A@nw + A@se + A@sw)
              + 3 * A + it) % m;
  end;

  [R] begin
    total := +<< A;
    high  := max<< A;
    low   := min<< A;
    check := +<< (A * ((Index1 * 7 + Index2 * 13) % 97 + 1));
  end;
  writeln("nn8: n = ", rows, ", iterations = ", iters);
  writeln("sum: ", total, " max: ", high, " min: ", low);
  writeln("checksum: ", check);
  [Show] writeln(A);
end;
