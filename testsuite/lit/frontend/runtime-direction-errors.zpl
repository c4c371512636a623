-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A direction whose components use config vars is known at start-up:
-- `of`, `in`, `at` and `by` of any region take it, and shifts (`@`, `@^`)
-- and the scopes of 'wrap' and 'reflect', checked when they run. A real
-- component is no direction at all. Lines 24 to 33 are legal (the
-- error at line 19 is the only one).
-- CHECK: {{.*}}runtime-direction-errors.zpl:19:20: error: direction components must be integers
-- (line 24: a shift by a run-time direction, checked when it runs)
-- (line 25: the same for a periodic shift)
-- (line 26: a run-time stride)
-- (line 27: a band wrapped by a run-time direction)
-- (line 28: a band of a strided region, a whole number of strides at run time)
-- CHECK-NOT: error:
program p;
config var n : integer = 2;
region R = [1..4, 1..4];
region S = [R by [2, 2]];
direction dn = [n, 0];
direction dr = [0, 1.5];
var A : [0..9, 0..9] double;
var i : integer;
procedure p();
begin
  [R] A := A@dn;
  [R] A := A@^[0, n];
  [R by dn] A := 1.0;
  [dn of R] wrap A;
  [dn of S] A := 1.0;
  -- legal: 'of', 'in' and 'at' of a region of stride 1, literals included
  [dn of R] A := 1.0;
  [dn in R] A := 2.0;
  [R at [n, n - 1]] A := 3.0;
  [[dn of [1..4, 1..4]] by 2] A := 4.0;
end;
