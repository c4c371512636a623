-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A parallel condition of if needs a region scope.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure p();
begin
-- CHECK: {{.*}}shatter-no-scope.zpl:[[@LINE+1]]:8: error: a parallel condition of 'if' needs an enclosing region scope (the branches then run per element of it)
  if A > 0.0 then x := 1.0; end;
end;
