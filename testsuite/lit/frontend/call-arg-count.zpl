-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}call-arg-count.zpl:17:3: error: 'f' takes 1 argument(s) but 2 were given
program p;
config var n : integer = 4;
region R = [1..n, 1..n];
region L = [1..n];
direction east = [0, 1]; west = [0, -1]; right = [1];
var A, B : [R] double;
var V : [L] double;
var s : double;
var i : integer;
procedure f(x : integer);
begin
end;
procedure p();
begin
  f(1, 2);
end;
