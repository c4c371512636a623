-- RUN: not %zplc --emit=zpl %s 2>&1 | FileCheck %s
-- Parallel constructs that come with later issues; every one is reported.

program p;

region R = [1..4, 1..4];
direction east = [0, 1];
var A, B : [R] double;
var M : [R] boolean;
var I1, I2 : [R] integer;
-- CHECK: unsupported-parallel.zpl:[[@LINE+1]]:16: error: a flood dimension `*` is not supported yet
var F : [1..4, *] double;

-- CHECK: unsupported-parallel.zpl:[[@LINE+2]]:17: error: `var` parameter 'y' is not supported yet
-- CHECK: unsupported-parallel.zpl:[[@LINE+1]]:30: error: array parameter 'X' is not supported yet
procedure q(var y : integer; X : [R] double);
begin
end;

procedure p();
begin
-- CHECK: unsupported-parallel.zpl:[[@LINE+1]]:13: error: a wrap-around shift `@^` is not supported yet
  [R] A := B@^east;
-- CHECK: unsupported-parallel.zpl:[[@LINE+1]]:12: error: a scan `||` is not supported yet
  [R] A := +|| B;
-- CHECK: unsupported-parallel.zpl:[[@LINE+1]]:13: error: a remap `#[...]` is not supported yet
  [R] A := B#[I2, I1];
-- CHECK: unsupported-parallel.zpl:[[@LINE+1]]:8: error: a scatter `#[...]` assignment is not supported yet
  [R] A#[I2, I1] := B;
-- CHECK: unsupported-parallel.zpl:[[@LINE+1]]:12: error: a partial reduction is not supported yet
  [R] A := +<< [R] B;
-- CHECK: unsupported-parallel.zpl:[[@LINE+1]]:11: error: a `with` mask is not supported yet
  [R with M] A := 1.0;
-- CHECK: unsupported-parallel.zpl:[[@LINE+1]]:14: error: a `without` mask is not supported yet
  [R without M] A := 1.0;
-- CHECK: unsupported-parallel.zpl:[[@LINE+1]]:3: error: a strided region `by` is not supported yet
  [R by [2, 2]] A := 1.0;
-- CHECK: unsupported-parallel.zpl:[[@LINE+1]]:15: error: `wrap` is not supported yet
  [east of R] wrap A;
-- CHECK: unsupported-parallel.zpl:[[@LINE+1]]:15: error: `reflect` is not supported yet
  [east of R] reflect A;
-- CHECK: unsupported-parallel.zpl:[[@LINE+1]]:17: error: writing a parallel expression is not supported yet
  [R] writeln(A + 1.0);
end;

-- Each construct is reported once, and nothing is generated.
-- CHECK-NOT: not supported
-- CHECK-NOT: module
