-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Calls of scalar procedures and builtins: what is called, where a call may
-- appear, and what a 'var' parameter accepts.
-- CHECK: {{.*}}call-errors.zpl:20:23: error: a call cannot be used in a constant initializer
-- CHECK: {{.*}}call-errors.zpl:21:24: error: a call cannot be used in a constant initializer
-- CHECK: {{.*}}call-errors.zpl:22:16: error: a call cannot be used in region bounds
-- CHECK: {{.*}}call-errors.zpl:35:8: error: 'f' is a procedure; call it with '()'
-- CHECK: {{.*}}call-errors.zpl:36:8: error: 'R' is a region, not a procedure
-- CHECK: {{.*}}call-errors.zpl:37:8: error: 'k' is a variable, not a procedure
-- CHECK: {{.*}}call-errors.zpl:38:13: error: argument of 'sqrt' must be a number (have boolean)
-- CHECK: {{.*}}call-errors.zpl:39:17: error: argument of 'max' must be a number (have boolean)
-- CHECK: {{.*}}call-errors.zpl:40:5: error: argument 1 of 'g' is a 'var' parameter and needs a variable
-- CHECK: {{.*}}call-errors.zpl:41:5: error: argument 1 of 'g' is a 'var' parameter and needs a variable
-- CHECK: {{.*}}call-errors.zpl:42:5: error: argument 1 of 'g' must be a double variable (have integer)
-- CHECK: {{.*}}call-errors.zpl:43:8: error: procedure 'g' does not return a value
-- CHECK-NOT: error:
program p;
config var n : integer = 4;
constant one : integer = 1;
constant d : double = sqrt(2.0);
constant e : integer = f(1);
region Q = [1..f(n)];
region R = [1..n, 1..n];
var x : double;
var k : integer;
procedure f(y : integer) : integer;
begin
  return y;
end;
procedure g(var y : double);
begin
end;
procedure p();
begin
  x := f;
  x := R(1);
  x := k(1);
  x := sqrt(true);
  x := max(1, x > 0.0);
  g(1.0);
  g(one);
  g(k);
  x := g(x);
  g(x);
  k := f(k) + integer(sqrt(double(k)));
end;
