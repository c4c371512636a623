-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A procedure with an array parameter cannot be promoted.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure f(v : double; C : [R] double) : double;
begin
  return v;
end;

procedure p();
begin
-- CHECK: {{.*}}promote-array-param.zpl:[[@LINE+1]]:12: error: 'f' is called with a parallel argument but is not a scalar procedure, so it cannot be promoted: it has an array parameter 'C'
  [R] B := f(A, B);
end;
