-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}rank-four-region.zpl:[[@LINE+2]]:9: error: a region has rank 1, 2 or 3
program p;
var A : [1..2, 1..2, 1..2, 1..2] double;
procedure p();
begin
end;
