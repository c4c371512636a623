-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Unary '-' and '+' need a number; the parallel operands of a binary
-- operator have one rank. Under a region scope each operand is checked
-- against the scope first, so the binary operator's own rank check shows
-- where no scope gives the rank (the statement is reported as well).
-- CHECK: {{.*}}operand-errors.zpl:23:8: error: operator '-' needs a numeric operand (have boolean)
-- CHECK: {{.*}}operand-errors.zpl:24:8: error: operator '+' needs a numeric operand (have boolean)
-- CHECK: {{.*}}operand-errors.zpl:25:12: error: operator '-' needs a numeric operand (have boolean)
-- CHECK: {{.*}}operand-errors.zpl:26:15: error: rank mismatch: operands of '+' have ranks 2 and 1
-- CHECK: {{.*}}operand-errors.zpl:26:3: error: parallel statement requires an enclosing region scope
-- CHECK: {{.*}}operand-errors.zpl:27:11: error: rank mismatch: operands of '*' have ranks 1 and 2
-- CHECK: {{.*}}operand-errors.zpl:27:3: error: parallel statement requires an enclosing region scope
-- CHECK-NOT: error:
program p;
region R = [1..4, 1..4];
region L = [1..4];
var A : [R] double;
var V : [L] double;
var M : [R] boolean;
var x : double;
procedure p();
begin
  x := -true;
  x := +(x > 0.0);
  [R] M := -M;
  x := +<< (A + V);
  write(V * A);
  [R] A := -A + +x;
end;
