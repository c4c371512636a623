-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}unknown-reduction.zpl:[[@LINE+7]]:12: error: unknown reduction operator 'foo' (expected + * max min & | or the name of a procedure)
program p;
region R = [1..4];
var A : [R] double;
var s : double;
procedure p();
begin
  [R] s := foo<< A;
end;
