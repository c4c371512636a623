-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Uses of indexed arrays (docs/language.md section 3): an element is T[i]
-- (T[i, j] for two dimensions) with scalar integer indices, in scalar code; T without an index and an
-- index on anything that is not an indexed array are errors.
-- CHECK: {{.*}}indexed-use-errors.zpl:30:19: error: a global variable initializer may only use config vars and constants ('T' is an indexed array)
-- CHECK: {{.*}}indexed-use-errors.zpl:38:8: error: indexed array 'T' is used without an index (write 'T[i]')
-- CHECK: {{.*}}indexed-use-errors.zpl:39:3: error: indexed array 'T' is used without an index (write 'T[i]')
-- CHECK: {{.*}}indexed-use-errors.zpl:40:8: error: 'x' is a variable, not an indexed array: it takes no index
-- CHECK: {{.*}}indexed-use-errors.zpl:41:8: error: 'A' is a parallel array, not an indexed array: it takes no index (a gather is written 'A#[...]')
-- CHECK: {{.*}}indexed-use-errors.zpl:42:8: error: 'R' is a region, not an indexed array: it takes no index
-- CHECK: {{.*}}indexed-use-errors.zpl:43:10: error: the index of an indexed array must be an integer (have double)
-- CHECK: {{.*}}indexed-use-errors.zpl:44:8: error: indexed array 'T' has 1 dimension but 2 indices are given
-- CHECK: {{.*}}indexed-use-errors.zpl:45:8: error: indexed array 'M' has 2 dimensions but 1 index is given
-- CHECK: {{.*}}indexed-use-errors.zpl:47:10: error: the index of an indexed array must be an integer (have boolean)
-- CHECK: {{.*}}indexed-use-errors.zpl:48:14: error: the index of an indexed array must be a scalar, not a parallel value
-- CHECK: {{.*}}indexed-use-errors.zpl:49:15: error: cannot assign a parallel value to an element of indexed array 'T' (use a reduction)
-- CHECK: {{.*}}indexed-use-errors.zpl:50:8: error: use of undeclared identifier 'nothing'
-- CHECK: {{.*}}indexed-use-errors.zpl:51:5: error: indexed array 'T' is used without an index (write 'T[i]')
-- CHECK: {{.*}}indexed-use-errors.zpl:52:11: error: indexed array 'D' is used without an index (write 'D[i]')
-- CHECK-NOT: error:
program p;
config var n : integer = 4;
region R = [1..n];
var T : array [1..n] of integer;
var D : array [1..n] of double;
var M : array [1..2, 0..n] of integer;
var A : [R] integer;
var x, y : integer;
var d : double;
var z : integer = T[1];

procedure f(k : integer);
begin
end;

procedure p();
begin
  x := T;
  T := 1;
  y := x[1];
  y := A[1];
  y := R[1];
  y := T[d];
  y := T[1, 2];
  y := M[1];
  y := M[2, n] + M[1, 0];
  y := T[true];
  [R] A := T[Index1];
  [R] T[1] := A;
  x := nothing[1];
  f(T);
  writeln(D);
end;
