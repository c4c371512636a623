-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Index1, Index2 and Index3 are parallel arrays that exist only under a
-- region scope: they cannot be used where a constant is needed, and IndexK
-- needs a scope of rank K or more.
-- CHECK: {{.*}}index-array-errors.zpl:13:16: error: 'Index1' cannot be used in region bounds
-- CHECK: {{.*}}index-array-errors.zpl:14:24: error: 'Index2' cannot be used in a constant initializer
-- CHECK: {{.*}}index-array-errors.zpl:20:12: error: 'Index2' used under a region scope of rank 1
-- CHECK: {{.*}}index-array-errors.zpl:22:12: error: 'Index3' used under a region scope of rank 2
-- CHECK-NOT: error:
program p;
region R = [1..4, 1..4];
region L = [1..4];
region Q = [1..Index1];
constant c : integer = Index2;
var A : [R] integer;
var V : [L] integer;
procedure p();
begin
  [L] V := Index1;
  [L] V := Index2;
  [R] A := Index1 + Index2;
  [R] A := Index3;
end;
