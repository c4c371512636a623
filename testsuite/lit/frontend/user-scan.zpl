-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A procedure can be a reduction operator (docs/language.md section 6) but
-- not yet a scan operator.
-- CHECK: {{.*}}user-scan.zpl:[[@LINE+10]]:12: error: unknown scan operator 'pick' (expected + * max min & |; a procedure can be a reduction operator, not yet a scan operator)
program p;
region R = [1..4];
var A, S : [R] double;
procedure pick(a, b : double) : double;
begin
  return b;
end;
procedure p();
begin
  [R] S := pick|| A;
end;
