-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A compound assignment needs numbers on both sides, a loop variable is an
-- integer scalar variable, and a format applies to a number or a boolean.
-- Lines 22-25 are legal.
-- CHECK: {{.*}}statement-errors.zpl:19:3: error: '+=' needs numeric operands (have boolean and integer)
-- CHECK: {{.*}}statement-errors.zpl:20:7: error: the loop variable 'x' must be an integer scalar variable
-- CHECK: {{.*}}statement-errors.zpl:21:11: error: a format applies to a number or a boolean, not a string
-- CHECK-NOT: error:
program p;
region L = [1..4];
var V : [L] integer;
var b : boolean;
var x : double;
var i : integer;
procedure p();
var j : integer;
begin
  x := 0.0;
  b += 1;
  for x := 1 to 3 do end;
  writeln("x":"%d");
  x *= 2;
  for j := 1 to 3 do i += j; end;
  writeln(i:"%3d", x:"%8.3f");
  [L] V -= 1;
end;
