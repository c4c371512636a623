-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A reduction into a scalar inside a shattered if is an error.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure p();
begin
-- CHECK: {{.*}}shatter-reduce-scalar.zpl:[[@LINE+1]]:23: error: a reduction into the scalar 'x' is not allowed inside a shattered 'if' (the 'if' at [[@LINE+1]]:7 has a parallel condition, so its branches may only hold array statements)
  [R] if A > 0.0 then x := +<< A; end;
end;
