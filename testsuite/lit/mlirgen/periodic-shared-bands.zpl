-- RUN: %zplc --emit=zpl -O0 %s | FileCheck %s
-- The `@^` reads of one statement share their wraps (genWrapTemp): each
-- band of an array is wrapped once however many shifts need it (a
-- diagonal needs its faces and its corner), and an array that cannot wrap
-- in place (B, shifted with `@` too) is copied into one temporary that all
-- its `@^` reads of the statement share. The next statement wraps again:
-- the statement between may have written the array.
program sharedbands;
config var n : integer = 8;
region R = [1..n, 1..n];
var A, B, E : [R] double;

procedure sharedbands();
begin
  [R] E := A@^[-1, -1] + A@^[-1, 0] + A@^[0, -1] + A@^[1, -1];
  [R] E := B@^[-1, -1] + B@^[-1, 0] + B@[0, 1];
  [R] E := A@^[-1, 0];
end;

-- CHECK-LABEL: func.func @sharedbands
-- CHECK:      zpl.boundary wrap %[[A:.*]] over %[[AR:.*]] [-1, 0]
-- CHECK-NEXT: zpl.boundary wrap %[[A]] over %[[AR]] [0, -1]
-- CHECK-NEXT: zpl.boundary wrap %[[A]] over %[[AR]] [-1, -1]
-- CHECK-NEXT: zpl.boundary wrap %[[A]] over %[[AR]] [1, 0]
-- CHECK-NEXT: zpl.boundary wrap %[[A]] over %[[AR]] [1, -1]
-- CHECK-NOT:  zpl.boundary
-- CHECK:      zpl.assign
-- CHECK:      zpl.local_array "B_wrap"
-- CHECK-NOT:  zpl.local_array "B_wrap"
-- CHECK:      zpl.boundary wrap %[[T:.*]] over %{{.*}} [-1, 0]
-- CHECK-NEXT: zpl.boundary wrap %[[T]] over %{{.*}} [0, -1]
-- CHECK-NEXT: zpl.boundary wrap %[[T]] over %{{.*}} [-1, -1]
-- CHECK-NOT:  zpl.boundary
-- CHECK:      zpl.assign
-- CHECK:      zpl.read %[[T]] [-1, -1]
-- CHECK:      zpl.read %[[T]] [-1, 0]
-- CHECK:      zpl.boundary wrap %[[A]] over %{{.*}} [-1, 0]
-- CHECK-NOT:  zpl.boundary
-- CHECK:      return
