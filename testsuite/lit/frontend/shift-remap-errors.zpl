-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A shift and the source of a remap '#' name a parallel array; a remap
-- reads it at one integer index array per dimension.
-- CHECK: {{.*}}shift-remap-errors.zpl:24:19: error: '@' applies only to the name of a parallel array
-- CHECK: {{.*}}shift-remap-errors.zpl:25:15: error: '@^' applies only to the name of a parallel array
-- CHECK: {{.*}}shift-remap-errors.zpl:26:15: error: the source of a remap '#' must be the name of a parallel array
-- CHECK: {{.*}}shift-remap-errors.zpl:27:12: error: the source of a remap '#' must be a parallel array; 'x' is a scalar
-- CHECK: {{.*}}shift-remap-errors.zpl:28:15: error: remap indices must be integer or int32 (have double)
-- CHECK: {{.*}}shift-remap-errors.zpl:29:20: error: remap indices must be integer or int32 (have boolean)
-- CHECK: {{.*}}shift-remap-errors.zpl:30:13: error: remap of array 'A' of rank 2 needs 2 index arrays (have 1)
-- CHECK: {{.*}}shift-remap-errors.zpl:31:13: error: remap of array 'V' of rank 1 needs 1 index arrays (have 2)
-- CHECK-NOT: error:
program p;
region R = [1..4, 1..4];
region L = [1..4];
direction east = [0, 1];
var A, B : [R] double;
var V : [L] double;
var I : [L] integer;
var N : [R] integer;
var x : double;
procedure p();
begin
  [R] A := (A + B)@east;
  [R] A := 2.0@^east;
  [L] V := (V * V)#[I];
  [L] V := x#[I];
  [L] V := V#[V];
  [R] A := A#[N, N > 0];
  [L] V := A#[I];
  [R] B := V#[N, N];
  [R] A := B@east + A#[Index2, Index1] + B@^east;
end;
