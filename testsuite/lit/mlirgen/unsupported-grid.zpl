-- RUN: not %zplc --emit=zpl %s 2>&1 | FileCheck %s
-- Grids and distributions come with a later issue.

program g;

-- CHECK: unsupported-grid.zpl:[[@LINE+3]]:6: error: grids and distributions are not supported yet
-- CHECK-NEXT: grid G = [2, 2];
-- CHECK-NEXT: {{^     \^$}}
grid G = [2, 2];
-- CHECK: unsupported-grid.zpl:[[@LINE+1]]:14: error: grids and distributions are not supported yet
distribution D : G = [block, cyclic];
region R : D = [1..4, 1..4];

procedure g();
begin
end;

-- Nothing is generated.
-- CHECK-NOT: module
