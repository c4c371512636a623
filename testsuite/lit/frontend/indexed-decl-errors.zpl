-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Declarations of indexed arrays (docs/language.md section 3): one or two
-- dimensions whose bounds are integer expressions of config vars and
-- constants (for a global: declared before it), no initializer, and only
-- variables may be indexed arrays.
-- CHECK: {{.*}}indexed-decl-errors.zpl:20:19: error: the bounds of an indexed array may only use earlier config vars and constants ('m' is declared later)
-- CHECK: {{.*}}indexed-decl-errors.zpl:22:9: error: an indexed array has one or two dimensions (have 3)
-- CHECK: {{.*}}indexed-decl-errors.zpl:23:16: error: a bound of an indexed array must be an integer (have double)
-- CHECK: {{.*}}indexed-decl-errors.zpl:24:35: error: an indexed array cannot have an initializer; assign its elements
-- CHECK: {{.*}}indexed-decl-errors.zpl:25:10: error: a constant cannot be an indexed array ('K')
-- CHECK: {{.*}}indexed-decl-errors.zpl:25:40: error: an indexed array cannot have an initializer; assign its elements
-- CHECK: {{.*}}indexed-decl-errors.zpl:26:9: error: an indexed array cannot hold files
-- CHECK: {{.*}}indexed-decl-errors.zpl:29:13: error: a parameter cannot be an indexed array ('U')
-- CHECK: {{.*}}indexed-decl-errors.zpl:29:44: error: a procedure returns a scalar type
-- CHECK: {{.*}}indexed-decl-errors.zpl:34:19: error: the bounds of an indexed array may only use config vars and constants ('x' is a variable)
-- CHECK-NOT: error:
program p;
config var n : integer = 4;
var T : array [1..n] of integer;
var D : array [0..m] of double;
config var m : integer = 3;
var Q : array [1..n, 1..n, 1..2] of integer;
var W : array [1.5..n] of integer;
var I : array [1..3] of integer = 0;
constant K : array [1..2] of integer = 1;
var F : array [1..2] of file;
var x : integer;

procedure f(U : array [1..2] of integer) : array [1..2] of integer;
begin
end;

procedure p();
var L : array [1..x] of double;
begin
end;
