-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- return inside a shattered if is an error.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure p();
begin
-- CHECK: {{.*}}shatter-return.zpl:[[@LINE+1]]:23: error: 'return' is not allowed inside a shattered 'if' (the 'if' at [[@LINE+1]]:7 has a parallel condition, so its branches may only hold array statements)
  [R] if A > 0.0 then return; end;
end;
