-- Integer constant folding is checked (issue 15, item 2): an overflow is an
-- error at the operator, never a SIGFPE in zplc or a silently wrapped value.
-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
program p;
constant c1 : integer = (-9223372036854775807 - 1) / -1;
-- CHECK: const-overflow.zpl:[[@LINE-1]]:52: error: integer overflow in constant expression ('/' of -9223372036854775808 and -1)
constant c2 : integer = (-9223372036854775807 - 1) % -1;
-- CHECK: const-overflow.zpl:[[@LINE-1]]:52: error: integer overflow in constant expression ('%' of -9223372036854775808 and -1)
constant c3 : integer = 9223372036854775807 + 1;
-- CHECK: const-overflow.zpl:[[@LINE-1]]:45: error: integer overflow in constant expression ('+' of 9223372036854775807 and 1)
constant c4 : integer = 3037000500 * 3037000500;
-- CHECK: const-overflow.zpl:[[@LINE-1]]:36: error: integer overflow in constant expression ('*' of 3037000500 and 3037000500)
constant big : integer = -9223372036854775807 - 1;
constant c5 : integer = -big;
-- CHECK: const-overflow.zpl:[[@LINE-1]]:25: error: integer overflow in constant expression (negation of -9223372036854775808)
constant c6 : integer = big - 1;
-- CHECK: const-overflow.zpl:[[@LINE-1]]:29: error: integer overflow in constant expression ('-' of -9223372036854775808 and 1)
-- The largest values that fit are fine, and so is a direction built from them.
constant ok : integer = 9223372036854775806 + 1;
direction d = [ok - 9223372036854775806];
procedure p();
var x : integer;
begin
  x := big * 2;
-- CHECK: const-overflow.zpl:[[@LINE-1]]:12: error: integer overflow in constant expression ('*' of -9223372036854775808 and 2)
  x := ok + x;
end;
-- CHECK-NOT: error
