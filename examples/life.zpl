-- life.zpl: Conway's game of life on an n x m torus.
--
-- A cell is alive (1) or dead (0). Each generation, a cell with exactly 3
-- live neighbours (of its 8) becomes alive, a live cell with exactly 2 stays
-- alive, and every other cell dies. The board is a torus: row 0 is row n,
-- column m+1 is column 1, and so on (corners included).
--
-- The program computes the neighbour counts in two equivalent ways and
-- alternates between them, so both periodic mechanisms of the language are
-- exercised and checked against each other by the same output:
--   odd generations:  `[d of R] wrap A;` for the 4 side bands and the 4
--                     corner cells, then ordinary shifts A@d that read them;
--   even generations: periodic shifts A@^d (no boundary statements).
--
-- The initial board is an integer hash of the cell's coordinates (a
-- quadratic polynomial mod 97, about 30% alive) with a glider stamped in the
-- top left corner. All values are integers, so the output is exact on any
-- number of PEs.
--
-- Defaults run in a few milliseconds. For benchmarking:
--   ./life --n=2048 --m=2048 --gens=100 --every=0 --show=0
--   mpirun -np 16 ./life --n=4096 --m=4096 --gens=100 --every=0 --show=0

program life;

config var n     : integer = 32;       -- rows:                  --n=2048
config var m     : integer = 48;       -- columns:               --m=2048
config var gens  : integer = 60;       -- generations:           --gens=100
config var every : integer = 20;       -- report every k generations (0: never)
config var show  : integer = 8;        -- print the first `show` rows at the end

region R = [1..n, 1..m];

direction nw    = [-1, -1]; north = [-1, 0]; ne   = [-1, 1];
          west  = [ 0, -1];                  east = [ 0, 1];
          sw    = [ 1, -1]; south = [ 1, 0]; se   = [ 1, 1];

var A     : [R] integer;               -- the board
var Cnt   : [R] integer;               -- live neighbours
var Alive : [R] boolean;               -- next generation
var Order : [R] integer;               -- running count of live cells (scan)

region Col = [1..n, 1];                -- one value per row
var RowPop : [Col] integer;            -- live cells per row

-- Fill the ghost bands around R with the opposite side: the torus.
procedure wrap_all();
begin
  [north of R] wrap A;
  [south of R] wrap A;
  [east  of R] wrap A;
  [west  of R] wrap A;
  [nw of R] wrap A;
  [ne of R] wrap A;
  [sw of R] wrap A;
  [se of R] wrap A;
end;

procedure step(g : integer);
begin
  if g % 2 = 1 then
    wrap_all();
    [R] Cnt := A@nw + A@north + A@ne + A@west + A@east + A@sw + A@south + A@se;
  else
    [R] Cnt := A@^nw + A@^north + A@^ne + A@^west + A@^east
             + A@^sw + A@^south + A@^se;
  end;
  [R] begin
    Alive := (Cnt = 3) | ((A = 1) & (Cnt = 2));
    A := 0;
  end;
  [R with Alive] A := 1;
end;

procedure population() : integer;
var p : integer;
begin
  [R] p := +<< A;
  return p;
end;

procedure life();
var g, pop, check, busiest, last, s : integer;
begin
  [R] A := 0;
  [R] begin
    Cnt := (31 * Index1 * Index1 + 17 * Index2 * Index2 + 7 * Index1 * Index2
            + 3 * Index1 + Index2) % 97;
    Alive := Cnt < 29;
  end;
  [R with Alive] A := 1;
  -- a glider heading south-east from the top left corner
  if n >= 4 & m >= 4 then
    [1..4, 1..4] A := 0;
    [1, 2] A := 1;
    [2, 3] A := 1;
    [3, 1..3] A := 1;
  end;
  writeln("generation 0: population ", population());

  for g := 1 to gens do
    step(g);
    if every > 0 then
      if g % every = 0 then
        writeln("generation ", g, ": population ", population());
      end;
    end;
  end;

  pop := population();
  [R] begin
    check := +<< (A * ((Index1 - 1) * m + Index2));
    Order := +|| A;
    last  := max<< Order;
  end;
  [Col] RowPop := +<< [R] A;
  [Col] busiest := max<< RowPop;
  writeln("final population ", pop, " (scan: ", last, ")");
  writeln("checksum ", check, " busiest row ", busiest);

  s := show;
  if s > n then s := n; end;
  if s > 0 then
    [1..s, 1..m] writeln(A);
  end;
end;
