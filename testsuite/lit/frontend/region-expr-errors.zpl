-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- `of`, `in`, `at` and `by` apply to any region in brackets, literals
-- included; a mask belongs after the outermost region only. `by` takes a
-- direction or one integer stride (a literal, a constant, or known only at
-- run time: line 24) for every dimension; a real is no stride. Lines 24
-- and 28 to 30 are legal.
-- CHECK: {{.*}}region-expr-errors.zpl:21:29: error: a mask applies to a whole region: write 'with' after the outermost region, not inside it
-- CHECK: {{.*}}region-expr-errors.zpl:22:24: error: a mask applies to a whole region: write 'without' after the outermost region, not inside it
-- CHECK: {{.*}}region-expr-errors.zpl:23:20: error: a stride must be a constant integer
-- CHECK: {{.*}}region-expr-errors.zpl:25:20: error: the strides of 'by' must be positive
-- CHECK: {{.*}}region-expr-errors.zpl:26:29: error: direction 'right' has rank 1 but the region has rank 2
-- CHECK-NOT: error:
program p;
config var n : integer = 2;
constant half : double = 0.5;
direction east = [0, 1]; right = [1];
var A : [0..5, 0..5] double;
var M : [0..5, 0..5] boolean;
procedure p();
begin
  [east of [1..4, 1..4 with M]] A := 0.0;
  [[1..4, 1..4 without M] at east] A := 0.0;
  [[1..4, 1..4] by half] A := 0.0;
  [[1..4, 1..4] by n] A := 0.0;
  [[1..4, 1..4] by 0] A := 0.0;
  [east of [[1..4, 1..4] at right]] A := 0.0;
  -- legal: a mask after the whole region, a bracketed name, nesting
  [east of [1..4, 1..4] with M] A := 1.0;
  [[[1..4, 1..4] by 2] at east] A := 2.0;
  [[0..5, 0..5]] A := 3.0;
end;
