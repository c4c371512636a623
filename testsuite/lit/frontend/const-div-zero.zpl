-- An integer division or remainder by a constant zero is a compile-time
-- error (issue 15, item 3); the C used to trap at run time.
-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
program p;
constant zero : integer = 0;
constant c : integer = 7 / (3 - 3);
-- CHECK: const-div-zero.zpl:[[@LINE-1]]:26: error: integer division by zero
region R = [1..4];
var A : [R] integer;
procedure p();
var x : integer;
begin
  x := 5;
  x := x % 0;
-- CHECK: const-div-zero.zpl:[[@LINE-1]]:10: error: integer remainder by zero
  x := 1 / 0;
-- CHECK: const-div-zero.zpl:[[@LINE-1]]:10: error: integer division by zero
  [R] A := A / zero;
-- CHECK: const-div-zero.zpl:[[@LINE-1]]:14: error: integer division by zero
  x /= zero;
-- CHECK: const-div-zero.zpl:[[@LINE-1]]:8: error: integer division by zero
-- Real division by zero is IEEE arithmetic (infinity), not an error.
  writeln(1.0 / 0.0, x / 2);
end;
-- CHECK-NOT: error
