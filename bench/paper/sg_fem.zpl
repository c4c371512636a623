-- sg_fem.zpl: the indexed exchange of Stricker & Gross's finite element
-- solver (section 6.1.2, Table 6) for bench/paper/run.sh (--only=sg).
--
-- Their mesh (a 3D model of an alluvial valley, partitioned for the Quake
-- project's earthquake simulations) is not available; this is a stand-in
-- of the same kind, an irregular, well partitioned 3D mesh:
--   * nodes: an L x L x L lattice (L = q s), cut into q x q x q boxes of
--     s x s x s nodes, one box per PE (p = q^3): a partition with small
--     surfaces, as a graph partitioner would make;
--   * edges: the Freudenthal split of every lattice cube into six
--     tetrahedra joins each node to its neighbours along the 14 vectors
--     +-(1,0,0), +-(0,1,0), +-(0,0,1), +-(1,1,0), +-(1,0,1), +-(0,1,1),
--     +-(1,1,1); the six lattice edges are kept, each of the eight
--     diagonal ones only with probability 1/2 (a 16-bit hash of the edge's
--     midpoint, the same from both ends), so degrees vary from 6 to 14 as
--     in an unstructured mesh;
--   * numbering: consecutive within a box (so the block distribution of
--     the nodes is the partition), scrambled inside it (position l of a
--     box holds the node at lattice offset l x mul mod s^3), so the nodes a
--     PE must send, & the slots they go to, are scattered in memory.
-- At the paper's scale (q = 4: 64 PEs; s = 8: 32768 nodes, about 300,000
-- edges) the size is that of the Quake project's meshes of the time
-- (tens of thousands of nodes), the real valley mesh's size is not in the
-- paper.
--
-- The solver step gathers every edge's far value, `[Edges] T := V#[From,
-- 1]` (an edge that is absent, | leaves the mesh, points at its own node),
-- sums them per node & relaxes. Only the gather communicates: the
-- values of a box's surface nodes go to the neighbouring boxes' PEs,
-- indexed on both sides (wQw). The index array never changes, so the
-- remap's schedule is inspected once & reused (as the paper's
-- precomputed communication).

program sg_fem;

config var q     : integer = 4;      -- boxes per dimension; PEs p = q^3
config var s     : integer = 8;      -- nodes per box edge
config var iters : integer = 4;
constant   mul   : integer = 1000003;  -- a prime: x mul mod s^3 permutes

config var p     : integer = q * q * q;
config var s3    : integer = s * s * s;
config var lsize : integer = q * s;    -- L, the lattice's edge
config var n     : integer = q * q * q * s3;
constant   degree : integer = 14;

grid G = [p, 1];
distribution D : G = [block, *];
region Nodes : D = [1..n, 1..1];
region Edges : D = [1..n, 1..degree];

var V, S             : [Nodes] double;
var From             : [Edges] integer;
var X, Y, Z, K, Sg   : [Edges] integer;
var NX, NY, NZ, Pos  : [Edges] integer;
var Keep             : [Edges] boolean;
var T                : [Edges] double;
var inv, x, links    : integer;
var check            : double;

procedure sg_fem();
var it : integer;
begin
  -- inv: the inverse of mul modulo s^3 (unscrambles a position)
  for x := 1 to s3 do
    if (mul % s3) * x % s3 = 1 then
      inv := x;
    end;
  end;
  [Edges] begin
    -- the node's lattice coordinates: its box, then its scrambled place
    Pos := ((Index1 - 1) % s3) * mul % s3;
    X := ((Index1 - 1) / s3 / (q * q)) * s + Pos / (s * s);
    Y := ((Index1 - 1) / s3 / q % q) * s + Pos / s % s;
    Z := ((Index1 - 1) / s3 % q) * s + Pos % s;
    -- edge slot k: vector number (k - 1) % 7 + 1 as bits (x, y, z), sign
    -- + for the first seven slots
    K  := (Index2 - 1) % 7 + 1;
    Sg := 1 - 2 * ((Index2 - 1) / 7);
    NX := X + Sg * (K % 2);
    NY := Y + Sg * (K / 2 % 2);
    NZ := Z + Sg * (K / 4);
    Keep := NX >= 0 & NX < lsize & NY >= 0 & NY < lsize
            & NZ >= 0 & NZ < lsize
            & (K = 1 | K = 2 | K = 4
                 | (((X + NX + 1) * 1031 + (Y + NY + 1) * 113 + (Z + NZ + 1) * 17)
                     * 25173 + 13849) % 65536 < 32768);
    From := Index1;
  end;
  [Edges with Keep] begin
    -- the far node's number: its box, then its position unscrambled
    Pos  := (NX % s) * s * s + (NY % s) * s + NZ % s;
    From := ((NX / s) * q * q + (NY / s) * q + NZ / s) * s3 + Pos * inv % s3 + 1;
  end;
  [Nodes] V := (Index1 * 37) % 101;
  for it := 1 to iters do
    [Edges] T := V#[From, 1];
    [Nodes] S := +<< [Edges] T;
    [Nodes] V := 0.5 * V + (S - degree * V) / (4.0 * degree);
  end;
  [Edges] K := 0;
  [Edges with Keep] K := 1;
  links := +<< [Edges] K;
  check := +<< [Nodes] (V * Index1);
  writeln("sg_fem: ", n, " nodes, ", links, " edge ends");
  writeln("checksum: ", check:"%.6e");
end;
