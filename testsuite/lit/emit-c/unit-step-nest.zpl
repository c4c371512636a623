-- RUN: %zplc --emit=c %s | FileCheck %s
-- A statement through parameters under the caller's scope knows its steps
-- and the arrays' inner strides only at run time: its nest is built twice,
-- once for unit steps and strides, run when they are 1 and the written
-- array is another storage than the one read at an offset (then the row
-- loop tells GCC its iterations are independent: `ivdep`), once as they
-- come (no promise).
program unitnest;
region R = [1..8, 1..8];
var A, B : [R] double;

procedure smooth(X, Y : [,] double; s : integer);
begin
  Y := X@^[0, -s] + X + X@^[0, s];
end;

procedure unitnest();
begin
  [R] A := Index1 + Index2;
  [R] smooth(A, B, 1);
  [R] writeln(B);
end;

-- CHECK-LABEL: void zp_smooth({{.*}}) {
-- CHECK:       [[STRIDE:v[0-9]+]] = zrt_array_stride({{.*}}, 1);
-- CHECK:       [[STEP:v[0-9]+]] = zrt_region_step({{.*}}, 1);
-- CHECK:       = [[STEP]] == [[ONE:v[0-9]+]];
-- CHECK:       = [[STRIDE]] == [[ONE]];
-- CHECK:       = [[Y:v[0-9]+]] != [[X:v[0-9]+]];
-- CHECK-NOT:   = [[Y]] != [[X]];
-- CHECK:       if (
-- CHECK:       #pragma GCC ivdep
-- CHECK-NEXT:  #endif
-- CHECK-NEXT:  for (int64_t {{.*}} += [[ONE]]) {
-- CHECK:       } else {
-- CHECK-NOT:   ivdep
-- CHECK:       for (int64_t {{.*}} += [[STEP]]) {
-- CHECK-LABEL: void zp_unitnest({{.*}}) {
