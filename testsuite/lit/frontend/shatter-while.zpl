-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A parallel condition on while stays an error: only if may be shattered.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure p();
begin
-- CHECK: {{.*}}shatter-while.zpl:[[@LINE+1]]:15: error: the condition of 'while' must be a scalar, not a parallel value (use a reduction; only 'if' may have a parallel condition)
  [R] while A > 0.0 do B := 1.0; end;
end;
