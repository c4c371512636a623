-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- An array used under a region scope of another rank is reported once, at
-- the array, also as a shifted operand or inside an expression.
-- CHECK: {{.*}}rank-array-scope.zpl:21:7: error: rank mismatch: array 'V' has rank 1 but the region has rank 2
-- CHECK: {{.*}}rank-array-scope.zpl:22:12: error: rank mismatch: array 'A' has rank 2 but the region has rank 1
-- CHECK: {{.*}}rank-array-scope.zpl:23:12: error: rank mismatch: array 'A' has rank 2 but the region has rank 1
-- CHECK: {{.*}}rank-array-scope.zpl:24:18: error: rank mismatch: array 'B' has rank 2 but the region has rank 1
-- CHECK-NOT: error:
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
  [L] V := A;
  [L] V := A@east;
  [L] V := 1.0 + B * 2.0;
end;
