-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Inside a procedure a literal direction may use parameters and locals:
-- `of`, `in` and `at` of a region of stride 1 take it (read when the
-- statement runs), and so do shifts and strides of 'by'. A declaration's
-- direction may use only config vars and constants (line 16). Lines 22 to
-- 29 are legal.
-- CHECK: {{.*}}param-direction-errors.zpl:16:20: error: a direction may only use config vars and constants ('g' is a variable)
-- (line 22: a shift by a parameter, checked when it runs)
-- (line 23: a stride by a local)
-- (line 24: a periodic shift by a local)
-- CHECK-NOT: error:
program p;
var g : integer;
region R = [1..4, 1..4];
var A : [0..9, 0..9] double;
direction worse = [g, 0];
procedure q(s : integer);
var t : integer;
begin
  t := s + 1;
  -- a shift and a stride by a parameter or a local
  [R] A := A@[s, 0];
  [R by [t, t]] A := 1.0;
  [R] A := A@^[0, t];
  -- legal: 'of', 'in' and 'at' with parameters and locals
  [[s, 0] of R] A := 1.0;
  [[0, t] in R] A := 2.0;
  [R at [s, t - 1]] A := 3.0;
  writeln(+<< [R at [t, s]] A);
end;
procedure p();
begin
  q(1);
end;
