-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}scan-dimension.zpl:[[@LINE+6]]:16: error: scan dimension must be 1, 2 or 3
program p;
region R = [1..4];
var A, B : [R] double;
procedure p();
begin
  [R] B := +||[4] A;
end;
