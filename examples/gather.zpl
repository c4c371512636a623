-- gather.zpl: an irregular, finite-element-like update through index
-- arrays (indexed gathers and scatters).
--
-- The mesh is an n x n periodic grid of nodes (r, c); node (r, c) is
-- connected to its four neighbours (r, c+-1), (r+-1, c) (indices cyclic).
-- The nodes are not stored in mesh order: storage position (i, j) holds
-- node (P1, P2), a fixed pseudo-random permutation made with integer
-- arithmetic,
--     P2 = (a2 (j-1) + 2) mod n + 1
--     P1 = (a1 (i-1) + 3 (j-1) + 5) mod n + 1
-- with a1, a2 coprime to n (found by a gcd search), which is a bijection
-- of [1..n] x [1..n]. Its inverse (Q1, Q2) is built with a scatter, and the
-- neighbour lists -- for every stored node, the storage positions of its
-- four neighbours -- are built with gathers and kept in eight integer
-- arrays. A sweep then updates every node from its neighbours through the
-- lists, as an unstructured (finite-element) code would:
--     U := (4 U + U#[E] + U#[W] + U#[N] + U#[S]) / 8 + F
-- where F is a source term; nodes of mesh row 1 are fixed (a Dirichlet
-- boundary, a masked statement). Every gather reads elements from all
-- over the PE grid: irregular, all-to-all communication.
--
-- Check: the same sweeps run on the mesh in mesh order with wrap-around
-- shifts @^ (a structured stencil); gathered into storage order, the two
-- must agree exactly (each element's expression is evaluated in the same
-- order), so "structured check" prints the largest difference, 0.
--
-- Exactness: the initial values are integers in [0, 63], the sources
-- multiples of 1/16 below 1/2, and the weights powers of 2, so after s
-- sweeps every value is a multiple of 2^-(3 s + 4) below 64 + s/2. At the
-- defaults (n = 8, 3 sweeps) every value needs at most 20 significant bits
-- and the total of the 64 values at most 26, so all of them are exact and
-- the output cannot depend on the number of PEs. At benchmark sizes values get rounded (identically on any PE
-- count); the total, a sum of n^2 positive values, then has a relative
-- error below n^2 2^-53, and its last printed digits may depend on the
-- PE count. max and min are always exact.
--
-- Default size: n = 8, 3 sweeps. Benchmark sizes:
--   ./gather --n=512 --sweeps=10     (~5 s on one core)
--   ./gather --n=1024 --sweeps=10
-- `show` (<= n) is the size of the printed corner; n must be at least 2
-- (with n = 1 the only node is fixed).

program gather;

config var n      : integer = 8;       -- the mesh is n x n nodes
config var sweeps : integer = 3;       -- relaxation sweeps
config var show   : integer = 4;       -- printed corner [1..show, 1..show]

region R    = [1..n, 1..n];
region Show = [1..show, 1..show];

direction ea = [0, 1]; we = [0, -1]; no = [-1, 0]; so = [1, 0];

var P1, P2, Q1, Q2, I1, I2, T : [R] integer;   -- permutation, inverse
var E1, E2, W1, W2            : [R] integer;   -- neighbour lists
var N1, N2, S1, S2            : [R] integer;
var FixedS, FixedM            : [R] boolean;   -- Dirichlet nodes
var U, Un, F                  : [R] double;    -- storage order
var L, Fm                     : [R] double;    -- mesh order

var a1, a2                    : integer;
var change, mismatch, total, high, low : double;
var lsum                      : integer;

-- Euclid's algorithm, recursively.
procedure gcd(x, y : integer) : integer;
var g : integer;
begin
  if y = 0 then
    g := x;
  else
    g := gcd(y, x % y);
  end;
  return g;
end;

-- The smallest integer >= start that is coprime to n.
procedure coprime(start : integer) : integer;
var a : integer;
begin
  a := start;
  while gcd(a, n) != 1 do
    a += 1;
  end;
  return a;
end;

procedure gather();
var s : integer;
begin
  a1 := coprime(n / 3 + 2);
  a2 := coprime(5);

  [R] begin
    -- The permutation: storage (i, j) holds mesh node (P1, P2).
    P2 := (a2 * (Index2 - 1) + 2) % n + 1;
    P1 := (a1 * (Index1 - 1) + 3 * (Index2 - 1) + 5) % n + 1;

    -- Its inverse, by scattering each position to the node it holds.
    I1 := Index1;
    I2 := Index2;
    Q1#[P1, P2] := I1;
    Q2#[P1, P2] := I2;

    -- Neighbour lists: storage positions of the four mesh neighbours.
    T  := P2 % n + 1;                    -- column c+1
    E1 := Q1#[P1, T];
    E2 := Q2#[P1, T];
    T  := (P2 + n - 2) % n + 1;          -- column c-1
    W1 := Q1#[P1, T];
    W2 := Q2#[P1, T];
    T  := (P1 + n - 2) % n + 1;          -- row r-1
    N1 := Q1#[T, P2];
    N2 := Q2#[T, P2];
    T  := P1 % n + 1;                    -- row r+1
    S1 := Q1#[T, P2];
    S2 := Q2#[T, P2];

    -- A consistency check of the lists: going east then west returns.
    T    := W1#[E1, E2] - Index1 + W2#[E1, E2] - Index2;
    lsum := +<< abs(T);

    -- Initial values and sources, defined on the mesh ...
    L      := double((Index1 * 13 + Index2 * 7 + Index1 * Index2) % 64);
    Fm     := double((Index1 + 3 * Index2) % 8) / 16.0;
    FixedM := Index1 = 1;
    -- ... and gathered into storage order.
    U      := L#[P1, P2];
    F      := Fm#[P1, P2];
    FixedS := P1 = 1;
  end;

  change := 0.0;
  for s := 1 to sweeps do
    -- Unstructured: through the neighbour lists.
    [R] begin
      Un     := (4.0 * U + U#[E1, E2] + U#[W1, W2] + U#[N1, N2]
                 + U#[S1, S2]) / 8.0 + F;
    end;
    [R without FixedS] begin             -- the free nodes move
      change := max<< abs(Un - U);
      U      := Un;
    end;
    -- Structured: the same update on the mesh, with periodic shifts.
    [R without FixedM] L := (4.0 * L + L@^ea + L@^we + L@^no + L@^so)
                            / 8.0 + Fm;
  end;

  [R] begin
    mismatch := max<< abs(U - L#[P1, P2]);
    total    := +<< U;
    high     := max<< U;
    low      := min<< U;
  end;

  writeln("gather: n = ", n, ", sweeps = ", sweeps,
          ", a1 = ", a1, ", a2 = ", a2);
  writeln("neighbour list check: ", lsum);
  writeln("structured check: ", mismatch:"%.6f");
  writeln("last max change: ", change:"%.6f");
  writeln("total: ", total:"%.6f");
  writeln("max: ", high:"%.6f", " min: ", low:"%.6f");
  writeln("storage corner (node rows, node columns, values):");
  [Show] writeln(P1);
  [Show] writeln(P2);
  [Show] writeln(U:"%.5f");
end;
