-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A procedure with a var parameter cannot be promoted, even when the parallel argument is another one.
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
-- CHECK: {{.*}}promote-var-param.zpl:[[@LINE+1]]:12: error: 'f' is called with a parallel argument but is not a scalar procedure, so it cannot be promoted: it has a 'var' parameter 'y'
  [R] B := f(x, A);
end;
