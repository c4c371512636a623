-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A promoted call with 'var' parameters is a statement whose 'var'
-- arguments are distinct parallel arrays of the parameters' types, none
-- read by the call's inputs (the results are stored one after the other).
program p;
region R = [1..4];
var X, Y, A, B : [R] double;
var K : [R] integer;
var s : double;

procedure two(x : double; var a, b : double);
begin
  a := x;
  b := 2.0 * x;
end;

procedure p();
begin
-- CHECK: {{.*}}promote-outputs-misuse.zpl:[[@LINE+1]]:12: error: procedure 'two' has 'var' parameters, so a promoted call of it must be a call statement
  [R] X := two(Y, A, B);
-- CHECK: {{.*}}promote-outputs-misuse.zpl:[[@LINE+1]]:14: error: argument 2 of 'two' is a 'var' parameter of a promoted call and needs a parallel array (have a scalar)
  [R] two(X, s, B);
-- CHECK: {{.*}}promote-outputs-misuse.zpl:[[@LINE+1]]:17: error: 'A' receives two results of 'two'
  [R] two(X, A, A);
-- CHECK: {{.*}}promote-outputs-misuse.zpl:[[@LINE+1]]:11: error: 'A' is both read and written by this promoted call of 'two'
  [R] two(A + 1.0, A, B);
-- CHECK: {{.*}}promote-outputs-misuse.zpl:[[@LINE+1]]:14: error: argument 2 of 'two' must be a double array (have integer)
  [R] two(X, K, B);
-- CHECK: {{.*}}promote-outputs-misuse.zpl:[[@LINE+1]]:15: error: argument 2 of 'two' is a 'var' parameter of a promoted call and needs the name of a parallel array
  [R] two(X, A@[1], B);
end;
