-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A scalar assignment in a branch of a shattered if (here an elsif branch) is an error.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure p();
begin
  [R] if A > 0.0 then B := 1.0;
-- CHECK: {{.*}}shatter-scalar-assign.zpl:[[@LINE+1]]:26: error: an assignment to the scalar 'x' is not allowed inside a shattered 'if' (the 'if' at [[@LINE-1]]:7 has a parallel condition, so its branches may only hold array statements)
      elsif B > 0.0 then x := 1.0; end;
end;
