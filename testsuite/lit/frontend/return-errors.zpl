-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- 'return' gives a value exactly when the procedure declares a result type,
-- and the value is a scalar of that type. Lines 29-30 are legal.
-- CHECK: {{.*}}return-errors.zpl:15:14: error: a procedure returns a scalar, not a parallel value
-- CHECK: {{.*}}return-errors.zpl:19:3: error: procedure 'h' must return an integer value
-- CHECK: {{.*}}return-errors.zpl:23:10: error: cannot return a boolean value from a procedure returning integer
-- CHECK: {{.*}}return-errors.zpl:27:10: error: procedure 'p' does not return a value
-- CHECK-NOT: error:
program p;
region R = [1..4, 1..4];
var A : [R] double;
var b : boolean;
procedure g() : double;
begin
  [R] return A;
end;
procedure h() : integer;
begin
  return;
end;
procedure k() : integer;
begin
  return b;
end;
procedure p();
begin
  return 1;
end;
procedure r() : double;
begin [R] return +<< A; end;
