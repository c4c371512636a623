-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A direction has 1 to 3 integer components; one of config vars (line 17)
-- is known only at start-up, which a shift may use (line 24; see
-- runtime-direction-errors.zpl); the strides of 'by' are positive.
-- Lines 24 and 26 are legal.
-- CHECK: {{.*}}direction-errors.zpl:16:11: error: a direction has 1, 2 or 3 components
-- CHECK: {{.*}}direction-errors.zpl:18:17: error: direction components must be integers
-- CHECK: {{.*}}direction-errors.zpl:19:18: error: the strides of 'by' must be positive
-- CHECK: {{.*}}direction-errors.zpl:20:19: error: the strides of 'by' must be positive
-- (line 24: a shift by a config var, checked when it runs)
-- CHECK: {{.*}}direction-errors.zpl:25:14: error: a direction has 1, 2 or 3 components
-- CHECK-NOT: error:
program p;
config var n : integer = 2;
region R = [1..4, 1..4];
direction d4 = [1, 2, 3, 4];
direction dn = [n, 0];
direction dr = [1.5, 0];
region C = [R by [0, 1]];
region C2 = [R by [2, -1]];
var A : [R] double;
procedure p();
begin
  [R] A := A@[n, 0];
  [R] A := A@[1, 1, 1, 1];
  [R] A := A@[-1, 0] + A@[0, 2 * 1]; -- constant components
end;
