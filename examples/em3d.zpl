-- em3d.zpl: EM3D, the irregular benchmark of Culler et al.'s Split-C work
-- that Chong, Barua, Dahlgren, Kubiatowicz & Agarwal and Krishnamurthy,
-- Culler & Yelick used to study fine-grained communication: electric (E)
-- and magnetic (H) field values on the nodes of a bipartite graph. Every
-- node has `degree` in-edges from nodes of the other set, with weights;
-- an iteration updates every E node from its H neighbours, then every H
-- node from the new E values:
--     E[i] := E[i] - sum over j of w[i, j] * H[from[i, j]]
--
-- The graph: the n nodes of each set are cut into `parts` partitions of
-- consecutive numbers (the processors of the papers). An edge stays in its
-- node's partition except with probability `remote` percent; then it comes
-- from a partition up to `span` partitions away (either way, cyclically).
-- Edges and weights are drawn with a 16-bit linear congruential generator
-- from the node, the edge number and the set (examples/reference/em3d.py
-- states the formulas), so the graph does not depend on the number of PEs.
-- Run on `parts` PEs, the remote edges are exactly the ones that cross PEs.
--
-- In ZPL: the neighbour lists are index arrays over Edges = [1..n,
-- 1..degree]; `H#[EFrom, 1]` gathers the neighbours' values (the remap's
-- inspector computes its schedule once: the lists do not change) and a
-- partial reduction `+<< [Edges]` sums each node's row. Edges and Nodes
-- are distributed by rows over a p x 1 grid, so a node's edges live with
-- it and only the gathers communicate: run with --p equal to the number
-- of PEs (mpirun -np 4 ./em3d --p=4; ./em3d --pes=4 --p=4 simulated).
--
-- Output: the number of edges that cross partitions, then the largest and
-- smallest E and H. Each node's sum is formed in edge order on one PE, so
-- every value, and the output, is the same on any number of PEs.
--
-- Chong et al.'s size: ./em3d --n=10000 --degree=10 --remote=20 --span=3
-- --iters=50 (the defaults, but n = 1000).

program em3d;

config var n      : integer = 1000;  -- E nodes, and as many H nodes
config var degree : integer = 10;    -- in-edges per node
config var remote : integer = 20;    -- percent of edges from other partitions
config var span   : integer = 3;     -- ... at most this many partitions away
config var parts  : integer = 4;     -- partitions of the graph
config var iters  : integer = 50;    -- iterations (E then H)
config var p      : integer = 1;     -- PEs: the grid is p x 1

grid G = [p, 1];
distribution D : G = [block, *];
region Nodes : D = [1..n, 1..1];
region Edges : D = [1..n, 1..degree];

var E, H, S : [Nodes] double;
var EFrom, HFrom : [Edges] integer;
var EW, HW, T : [Edges] double;

-- The generator: a step of a 16-bit linear congruential sequence.
procedure mix(x : integer) : integer;
begin
  return (x * 25173 + 13849) % 65536;
end;

procedure edge_hash(i : integer; j : integer; side : integer) : integer;
begin
  return mix(mix((i * 40503 + j * 9973 + side * 7) % 65536));
end;

procedure first_node(k : integer; n : integer; parts : integer) : integer;
begin
  return k * n / parts + 1;
end;

-- The node of the other set that edge j of node i (side 1: E, 2: H) comes from.
procedure neighbour(i : integer; j : integer; side : integer; n : integer;
                    parts : integer; span : integer; remote : integer) : integer;
var h, k, offset : integer;
begin
  h := edge_hash(i, j, side);
  k := (i - 1) * parts / n;
  if parts > 1 & h % 100 < remote then
    offset := 1 + mix(h) % (2 * span);
    if offset > span then offset := span - offset; end;
    k := (k + offset + parts * span) % parts;
  end;
  return first_node(k, n, parts)
         + mix(mix(h)) % (first_node(k + 1, n, parts) - first_node(k, n, parts));
end;

-- 1 when nodes i and k lie in different partitions.
procedure crosses(i : integer; k : integer; n : integer; parts : integer) : integer;
begin
  if (i - 1) * parts / n = (k - 1) * parts / n then return 0; end;
  return 1;
end;

procedure weight(i : integer; j : integer; side : integer; degree : integer) : double;
begin
  return double(1 + mix(edge_hash(i, j, side) + 3) % 16) / double(64 * degree);
end;

procedure em3d();
var it, nremote : integer;
begin
  [Edges] EFrom := neighbour(Index1, Index2, 1, n, parts, span, remote);
  [Edges] HFrom := neighbour(Index1, Index2, 2, n, parts, span, remote);
  [Edges] EW := weight(Index1, Index2, 1, degree);
  [Edges] HW := weight(Index1, Index2, 2, degree);
  nremote := +<< [Edges] (crosses(Index1, EFrom, n, parts) + crosses(Index1, HFrom, n, parts));
  writeln("edges ", 2 * n * degree, " remote ", nremote);
  [Nodes] E := double(1 + Index1 % 7) / 8.0;
  [Nodes] H := double(1 + Index1 % 5) / 8.0;
  for it := 1 to iters do
    [Edges] T := H#[EFrom, 1];
    [Nodes] S := +<< [Edges] (EW * T);
    [Nodes] E := E - S;
    [Edges] T := E#[HFrom, 1];
    [Nodes] S := +<< [Edges] (HW * T);
    [Nodes] H := H - S;
  end;
  writeln("E max ", max<< [Nodes] E:"%.15e", " min ", min<< [Nodes] E:"%.15e");
  writeln("H max ", max<< [Nodes] H:"%.15e", " min ", min<< [Nodes] H:"%.15e");
end;
