-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A constant block size below 1 is a compile-time error (a config var is
-- checked at run time).
-- CHECK: {{.*}}blockcyclic-size.zpl:[[@LINE+4]]:46: error: the block size of 'blockcyclic' must be at least 1, got 0
program p;
constant one : integer = 1;
grid G = [2, 2];
distribution D : G = [block, blockcyclic(one - 1)];
procedure p();
begin
end;
