-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- An array over a strided region holds values only at its lattice points:
-- a shift by a non-multiple of its stride, a scope whose stride is not a
-- multiple of the array's, and an `of`/`in` band that is not a whole number
-- of strides would read or write points it does not have (issue 25,
-- item 1). Lines 34-38 are the legal forms and give no error.
-- CHECK: {{.*}}strided-errors.zpl:26:14: error: shift '@' of array 'A' by [0, 1] leaves its strided region: each component must be a multiple of the stride [2, 2]
-- CHECK: {{.*}}strided-errors.zpl:27:15: error: shift '@^' of array 'A' by [0, 1] leaves its strided region: each component must be a multiple of the stride [2, 2]
-- CHECK: {{.*}}strided-errors.zpl:28:12: error: array 'A' over a region of stride [2, 2] is used over a region of stride [1, 1], which has indices outside it (the stride must be a multiple)
-- CHECK: {{.*}}strided-errors.zpl:29:7: error: array 'A' over a region of stride [2, 2] is used over a region of stride [1, 1], which has indices outside it (the stride must be a multiple)
-- CHECK: {{.*}}strided-errors.zpl:30:4: error: 'of' on a region of stride [2, 2] needs a direction whose components are multiples of the stride (have [0, 1])
-- CHECK: {{.*}}strided-errors.zpl:31:4: error: 'in' on a region of stride [2, 4] needs a direction whose components are multiples of the stride (have [0, 2])
-- CHECK: {{.*}}strided-errors.zpl:32:20: error: array 'A' over a region of stride [2, 2] is used over a region of stride [1, 1], which has indices outside it (the stride must be a multiple)
-- CHECK: {{.*}}strided-errors.zpl:33:7: error: array 'B' over a region of stride [2, 4] is used over a region of stride [2, 2], which has indices outside it (the stride must be a multiple)
-- CHECK-NOT: error:
program bad;
region R = [1..16, 1..16];
region C = [R by [2, 2]];
region D = [C by [1, 2]];
direction e1 = [0, 1]; e2 = [0, 2]; e4 = [0, 4];
var F : [R] integer;
var A : [C] integer;
var B : [D] integer;
procedure bad();
begin
  [C] A := A@e1;
  [C] A := A@^e1;
  [R] F := A;
  [R] A := F;
  [e1 of C] wrap A;
  [e2 in D] B := 1;
  [C] F := +<< [R] A;
  [C] B := A;
  [D] B := A@e2 + B@^e4 + F@e1;
  [e4 of D] wrap B;
  [e2 in C] A := F;
  [C] F := A + >>[C] A;
  [C] F := >>[1..16, 3 by [2, 1]] A; -- a single index is on any lattice
end;
