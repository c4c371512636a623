-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}redeclared-global.zpl:12:5: error: redeclaration of 's'
program p;
config var n : integer = 4;
region R = [1..n, 1..n];
region L = [1..n];
direction east = [0, 1]; west = [0, -1]; right = [1];
var A, B : [R] double;
var V : [L] double;
var s : double;
var i : integer;
var s : integer;
procedure p();
begin
end;
