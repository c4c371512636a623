-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Errors of user-defined scans (docs/language.md section 6).
program p;
region R = [1..4];
var A, S : [R] double;
var B : [R] boolean;
var s : double;
procedure pick(a, b : double) : double;
begin
  return b;
end;
procedure three(a, b, c : double) : double;
begin
  return a;
end;
procedure p();
begin
-- CHECK: {{.*}}user-scan.zpl:[[@LINE+1]]:12: error: unknown scan operator 'nosuch' (expected + * max min & | or the name of a procedure)
  [R] S := nosuch|| A;
-- CHECK: {{.*}}user-scan.zpl:[[@LINE+1]]:12: error: 'three' cannot be a scan operator: it must take two values of one type and return that type
  [R] S := three|| A;
-- CHECK: {{.*}}user-scan.zpl:[[@LINE+1]]:12: error: scan 'pick||' combines double values, not boolean
  [R] S := pick|| B;
-- CHECK: {{.*}}user-scan.zpl:[[@LINE+1]]:12: error: scan 'pick||' needs a parallel operand
  [R] S := pick|| s;
end;
