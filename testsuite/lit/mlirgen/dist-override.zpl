-- RUN: %zplc --emit=zpl --dist=cyclic,'blockcyclic(2)' %s | FileCheck %s
-- RUN: %zplc --emit=zpl --dist='*' --dist=block,cyclic %s | FileCheck --check-prefix=RANK1 %s
-- RUN: %zplc --emit=zpl %s | FileCheck --check-prefix=NONE %s
-- RUN: not %zplc --emit=zpl --dist=block,diagonal %s 2>&1 | FileCheck --check-prefix=KIND %s
-- RUN: not %zplc --emit=zpl '--dist=blockcyclic(0)' %s 2>&1 | FileCheck --check-prefix=SIZE %s
-- RUN: not %zplc --emit=zpl --dist=block --dist=cyclic %s 2>&1 | FileCheck --check-prefix=TWICE %s
-- --dist=KINDS replaces the implicit distribution of the rank it gives:
-- a generated distribution on the default grid, to which every region of
-- that rank without an explicit distribution is bound, the region literal
-- of an array declaration too. Other ranks keep the implicit one; regions
-- with an explicit distribution keep theirs.

-- CHECK-LABEL: module
-- CHECK:         zpl.dist_decl @implicit_dist2_ #zpl.dist<[cyclic, blockcyclic(2)]>{{$}}
-- RANK1-LABEL: module
-- RANK1-DAG:     zpl.dist_decl @implicit_dist2_ #zpl.dist<[block, cyclic]>{{$}}
-- RANK1-DAG:     zpl.dist_decl @implicit_dist1 #zpl.dist<[none]>{{$}}
-- NONE-NOT:      zpl.dist_decl @implicit_dist
-- KIND: zplc: error: --dist=block,diagonal: unknown distribution kind 'diagonal' (expected block, cyclic, blockcyclic(k) or *)
-- SIZE: zplc: error: --dist=blockcyclic(0): the block size of 'blockcyclic' must be an integer of at least 1, got '0'
-- TWICE: zplc: error: --dist=cyclic: rank 1 already has a distribution

program override;
config var n : integer = 6;
grid G = [1, 1];
distribution D : G = [block, block];
-- The generated name avoids the program's own names.
var implicit_dist2 : integer;

-- CHECK:       zpl.region_decl @R : !zpl.region<2> dist @implicit_dist2_ init {
-- NONE:        zpl.region_decl @R : !zpl.region<2> init {
region R = [1..n, 1..n];
-- CHECK:       zpl.region_decl @Big : !zpl.region<2> dist @implicit_dist2_ init {
region Big = [[-1, 0] of R];
-- CHECK:       zpl.region_decl @Mine : !zpl.region<2> dist @D init {
region Mine : D = [1..n, 1..n];
-- Rank 1: untouched by a rank-2 --dist.
-- CHECK:       zpl.region_decl @Line : !zpl.region<1> init {
-- RANK1:       zpl.region_decl @Line : !zpl.region<1> dist @implicit_dist1 init {
region Line = [1..n];

-- CHECK-LABEL: zpl.array_decl @A : !zpl.array<2 x f64> init {
-- CHECK:         zpl.make_region [%{{.*}} : %{{.*}}, %{{.*}} : %{{.*}}] {dist = @implicit_dist2_} : !zpl.region<2>
-- NONE-LABEL:  zpl.array_decl @A : !zpl.array<2 x f64> init {
-- NONE:          zpl.make_region [%{{.*}} : %{{.*}}, %{{.*}} : %{{.*}}] : !zpl.region<2>
var A : [0..n+1, 0..n+1] double;
var B : [R] double;

procedure override();
-- A local array over a literal region is bound as well.
-- CHECK-LABEL: func.func @override()
-- CHECK:         %[[L:.*]] = zpl.make_region [%{{.*}} : %{{.*}}, %{{.*}} : %{{.*}}] {dist = @implicit_dist2_} : !zpl.region<2>
-- CHECK:         zpl.local_array "L" over %[[L]] : !zpl.region<2> -> !zpl.array<2 x f64>
var L : [1..n, 1..n] double;
begin
  -- A region literal of a statement is not: the statement follows B.
  -- CHECK:       %[[S:.*]] = zpl.make_region [%{{.*}} : %{{.*}}, %{{.*}} : %{{.*}}] : !zpl.region<2>
  -- CHECK:       zpl.assign %{{.*}} over %[[S]]
  [2..3, 2..3] B := 1.0;
  [R] L := B;
end;
