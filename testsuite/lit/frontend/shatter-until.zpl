-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A parallel condition on repeat/until stays an error.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure p();
begin
  [R] repeat B := 1.0;
-- CHECK: {{.*}}shatter-until.zpl:[[@LINE+1]]:15: error: the condition of 'until' must be a scalar, not a parallel value (use a reduction; only 'if' may have a parallel condition)
      until A > 0.0;
end;
