-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A zero direction has no boundary to wrap or reflect (found by zplc-fuzz:
-- the front end accepted it and MLIRGen built a zpl.boundary that does not
-- verify).
-- CHECK: {{.*}}boundary-zero-direction.zpl:19:4: error: 'reflect' needs a nonzero direction ('stay' is zero in every dimension)
-- CHECK: {{.*}}boundary-zero-direction.zpl:20:4: error: 'wrap' needs a nonzero direction (this one is zero in every dimension)
-- CHECK-NOT: error:
program p;
config var n : integer = 4;
region R = [1..n, 1..n];
direction stay = [-0, 0]; east = [0, 1];
var A : [R] double;

procedure p();
begin
  [R] A := 1.0;
  [east of R] reflect A;
  [east of R] wrap A;
  [stay of R] reflect A;
  [[0, 0] of R] wrap A;
end;
