-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}undeclared-grid.zpl:[[@LINE+2]]:14: error: use of undeclared grid 'G'
program p;
distribution D : G = [block, block];
procedure p();
begin
end;
