-- RUN: not %zplc --emit=zpl %s 2>&1 | FileCheck %s
-- What MLIRGen still cannot express; every one is reported.

program p;

region R = [1..4, 1..4];
var A, B : [R] double;
var M : [R] boolean;
var I1, I2 : [R] integer;

procedure p();
begin
-- CHECK: unsupported-parallel.zpl:[[@LINE+1]]:28: error: a mask on the region of a flood `>>` is not supported yet
  [R] A := >>[1..4, 1 with M] B;
end;

-- Each construct is reported once, and nothing is generated.
-- CHECK-NOT: not supported
-- CHECK-NOT: module
