-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Declarations of variables and procedures: an array type has no mask, a
-- rank-only type ([,]) is for parameters and has rank 1 to 3, an array is
-- assigned under a region scope rather than initialized, an initializer has
-- the variable's type, an array parameter is already by reference, and a
-- procedure returns a scalar. Lines 26-29 are legal.
-- CHECK: {{.*}}declaration-errors.zpl:19:17: error: a mask is not allowed in an array type
-- CHECK: {{.*}}declaration-errors.zpl:20:9: error: a rank-only array type is only allowed for parameters
-- CHECK: {{.*}}declaration-errors.zpl:21:22: error: an array cannot have an initializer; assign it under a region scope
-- CHECK: {{.*}}declaration-errors.zpl:22:19: error: cannot initialize integer 'x' with a boolean value
-- CHECK: {{.*}}declaration-errors.zpl:23:17: error: array parameters are always passed by reference; drop 'var'
-- CHECK: {{.*}}declaration-errors.zpl:23:37: error: arrays have rank 1, 2 or 3
-- CHECK: {{.*}}declaration-errors.zpl:23:53: error: a procedure returns a scalar type
-- CHECK-NOT: error:
program p;
region R = [1..4, 1..4];
var M : [R] boolean;
var B : [R] double;
var A : [R with M] double;
var W : [,] double;
var C : [R] double = 1.0;
var x : integer = true;
procedure f(var X : [R] double; Y : [,,,] double) : [R] double;
begin
end;
var y : double = 1;
procedure g(X : [R] double; Y : [,,] double; var s : double) : double;
begin
end;
procedure p();
begin
end;
