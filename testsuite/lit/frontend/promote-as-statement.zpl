-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A promoted call without 'var' parameters must be part of an array expression.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure f(v : double);
begin
end;

procedure p();
begin
-- CHECK: {{.*}}promote-as-statement.zpl:[[@LINE+1]]:7: error: procedure 'f' is called with a parallel argument as a statement; a promoted call must be part of an array expression or store results through 'var' parameters
  [R] f(A);
end;
