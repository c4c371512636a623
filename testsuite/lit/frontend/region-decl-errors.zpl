-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Region and distribution declarations: a declared region has no mask; its
-- distribution is a declared distribution of its rank, laid on a grid;
-- only 'blockcyclic' takes a block size, and it needs one. Lines 26-28
-- are legal.
-- CHECK: {{.*}}region-decl-errors.zpl:19:21: error: a mask is not allowed in a region declaration
-- CHECK: {{.*}}region-decl-errors.zpl:20:8: error: use of undeclared distribution 'Nope'
-- CHECK: {{.*}}region-decl-errors.zpl:21:8: error: region 'R1' has rank 1 but distribution 'D' has rank 2
-- CHECK: {{.*}}region-decl-errors.zpl:22:8: error: 'G' is a grid, not a distribution
-- CHECK: {{.*}}region-decl-errors.zpl:23:14: error: 'R' is a region, not a grid
-- CHECK: {{.*}}region-decl-errors.zpl:24:23: error: 'blockcyclic' needs a block size: blockcyclic(k)
-- CHECK: {{.*}}region-decl-errors.zpl:25:29: error: only 'blockcyclic' takes a block size
-- CHECK-NOT: error:
program p;
region R = [1..4, 1..4];
grid G = [2, 2];
distribution D : G = [block, block];
var M : [R] boolean;
region RM = [R with M];
region RU : Nope = [1..4, 1..4];
region R1 : D = [1..4];
region RG : G = [1..4];
distribution E : R = [block, block];
distribution F : G = [blockcyclic, block];
distribution H : G = [block(2), cyclic];
distribution K : G = [blockcyclic(2), *];
region RD : D = [1..8, 1..8];
region RK : K = [1..8, 1..8];
procedure p();
begin
end;
