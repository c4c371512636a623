-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A branch of a shattered if runs over the enclosing scope; a scope of its own is an error.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure p();
begin
-- CHECK: {{.*}}shatter-scope.zpl:[[@LINE+1]]:38: error: a region scope is not allowed inside a shattered 'if' (the 'if' at [[@LINE+1]]:7 has a parallel condition, so its branches may only hold array statements)
  [R] if A > 0.0 then B := 1.0; else [R] B := 2.0; end;
end;
