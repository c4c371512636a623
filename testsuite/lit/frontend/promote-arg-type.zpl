-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A promoted argument still has to fit the parameter type.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure f(k : integer) : integer;
begin
  return k;
end;

procedure p();
begin
-- CHECK: {{.*}}promote-arg-type.zpl:[[@LINE+1]]:14: error: argument 1 of 'f' must be integer (have double)
  [R] B := f(A);
end;
