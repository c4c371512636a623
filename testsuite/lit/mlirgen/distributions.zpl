-- RUN: %zplc --emit=zpl %s | FileCheck %s
-- Grids and distributions: grid sizes from config vars, every kind, block
-- sizes folded or computed at run time, regions bound to distributions
-- (derived ones share their base's), temporaries aligned to the array the
-- statement assigns.

program distributions;
config var p : integer = 1;
config var k : integer = 3;
constant two : integer = 2;

-- CHECK-LABEL: zpl.grid_decl @G init {
-- CHECK-NEXT:    %[[P:.*]] = zpl.get @p : i64
-- CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2 : i64
-- CHECK-NEXT:    zpl.yield %[[P]], %[[TWO]] : i64, i64
grid G = [p, 2];
-- CHECK-LABEL: zpl.grid_decl @Line init {
-- CHECK-NEXT:    %[[FOUR:.*]] = arith.constant 4 : i64
-- CHECK-NEXT:    zpl.yield %[[FOUR]] : i64
grid Line = [4];

-- A constant block size is folded; a config var is computed at run time.
-- CHECK-LABEL: zpl.dist_decl @D #zpl.dist<[cyclic, blockcyclic(2)]> on @G{{$}}
distribution D : G = [cyclic, blockcyclic(two)];
-- CHECK-LABEL: zpl.dist_decl @E #zpl.dist<[blockcyclic(?), none]> on @G init {
-- CHECK-NEXT:    %[[K:.*]] = zpl.get @k : i64
-- CHECK-NEXT:    zpl.yield %[[K]] : i64
distribution E : G = [blockcyclic(k), *];
-- CHECK-LABEL: zpl.dist_decl @L #zpl.dist<[block]> on @Line{{$}}
distribution L : Line = [block];

-- CHECK-LABEL: zpl.region_decl @R : !zpl.region<2> dist @D init {
region R : D = [1..6, 1..7];
-- Derived from R: R's distribution.
-- CHECK-LABEL: zpl.region_decl @Band : !zpl.region<2> dist @D init {
-- CHECK-NEXT:    %[[BR:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK-NEXT:    zpl.derive of %[[BR]] [0, 1] : !zpl.region<2>
region Band = [[0, 1] of R];
-- CHECK-LABEL: zpl.region_decl @S : !zpl.region<2> dist @E init {
region S : E = [1..5, 1..4];
-- CHECK-LABEL: zpl.region_decl @V : !zpl.region<1> dist @L init {
region V : L = [1..8];
-- Without a distribution: the implicit one of its rank.
-- CHECK-LABEL: zpl.region_decl @W : !zpl.region<1> init {
region W = [1..8];

var A : [R] integer;
var B : [Band] integer;
var C : [S] integer;
var X : [V] double;
var Y : [W] double;
var s : integer;

-- CHECK-LABEL: func.func @distributions()
-- CHECK-DAG:     %[[R:.*]] = zpl.get @R : !zpl.region<2>
-- CHECK-DAG:     %[[B:.*]] = zpl.get @B : !zpl.array<2 x i64>
-- CHECK-DAG:     %[[A:.*]] = zpl.get @A : !zpl.array<2 x i64>
-- CHECK-DAG:     %[[S:.*]] = zpl.get @S : !zpl.region<2>
-- CHECK-DAG:     %[[C:.*]] = zpl.get @C : !zpl.array<2 x i64>
-- CHECK-DAG:     %[[V:.*]] = zpl.get @V : !zpl.region<1>
-- CHECK-DAG:     %[[X:.*]] = zpl.get @X : !zpl.array<1 x f64>
-- CHECK-DAG:     %[[Y:.*]] = zpl.get @Y : !zpl.array<1 x f64>
procedure distributions();
begin
  -- The scan's temporary follows B, the array the statement assigns.
  -- CHECK:         %[[T1:.*]] = zpl.local_array "tmp" over %[[R]] align %[[B]] : !zpl.array<2 x i64> : !zpl.region<2> -> !zpl.array<2 x i64>
  -- CHECK-NEXT:    zpl.scan add %[[T1]] over %[[R]] dim -1
  -- CHECK:         zpl.assign %[[B]] over %[[R]]
  -- CHECK:           zpl.read %[[T1]] [0, 0]
  -- CHECK:         zpl.free_array %[[T1]]
  [R] B := (+|| A) * 2;
  -- A reduction to a scalar follows the first array it reads.
  -- CHECK:         %[[T2:.*]] = zpl.local_array "tmp" over %[[R]] align %[[A]] : !zpl.array<2 x i64>
  -- CHECK-NEXT:    zpl.scan add %[[T2]] over %[[R]] dim 1
  -- CHECK:         zpl.reduce add over %[[R]]
  -- CHECK-NEXT:      zpl.read %[[T2]] [0, 0]
  [R] s := +<< (+|| [2] A);
  -- CHECK:         zpl.assign %[[C]] over %[[S]]
  [S] C := Index1;
  -- CHECK:         zpl.assign %[[X]] over %[[V]]
  -- CHECK-NEXT:      zpl.read %[[Y]] [0]
  [V] X := Y;
end;
