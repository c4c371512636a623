-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}rank-array-scope.zpl:15:7: error: rank mismatch: array 'V' has rank 1 but the region has rank 2
program p;
config var n : integer = 4;
region R = [1..n, 1..n];
region L = [1..n];
direction east = [0, 1]; west = [0, -1]; right = [1];
var A, B : [R] double;
var V : [L] double;
var s : double;
var i : integer;

procedure p();
begin
  [R] V := 1.0;
end;
