-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- An array parameter is passed by reference: its argument is the name of a
-- parallel array of the parameter's rank and element type, and a procedure
-- with array parameters cannot call itself.
-- CHECK: {{.*}}array-param-errors.zpl:23:3: error: procedure 'h' has array parameters and cannot be recursive
-- CHECK: {{.*}}array-param-errors.zpl:27:5: error: argument 1 of 'h' must be an array of rank 2 (have rank 1)
-- CHECK: {{.*}}array-param-errors.zpl:28:5: error: argument 1 of 'h' must be a double array (have boolean)
-- CHECK: {{.*}}array-param-errors.zpl:29:5: error: argument 1 of 'h' must be a double array (have integer)
-- CHECK: {{.*}}array-param-errors.zpl:30:7: error: an array parameter must be the name of a parallel array
-- CHECK: {{.*}}array-param-errors.zpl:31:5: error: an array parameter must be a parallel array; 'x' is a scalar
-- CHECK: {{.*}}array-param-errors.zpl:32:5: error: an array parameter must be a parallel array; 'R' is a region
-- CHECK-NOT: error:
program p;
region R = [1..4, 1..4];
region L = [1..4];
var A, B : [R] double;
var N : [R] integer;
var V : [L] double;
var M : [R] boolean;
var x : double;
procedure h(X : [,] double);
begin
  h(X);
end;
procedure p();
begin
  h(V);
  h(M);
  h(N);
  h(A + B);
  h(x);
  h(R);
  h(A);
end;
