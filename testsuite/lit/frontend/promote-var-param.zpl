-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A procedure with a var parameter is promoted only as a call statement
-- (its var arguments receive the results), not inside an expression.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure f(var y : double; v : double) : double;
begin
  return v;
end;

procedure p();
begin
-- CHECK: {{.*}}promote-var-param.zpl:[[@LINE+1]]:12: error: procedure 'f' has 'var' parameters, so a promoted call of it must be a call statement
  [R] B := f(x, A);
end;
