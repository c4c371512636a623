-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}syntax-bad-decl.zpl:4:1: error: expected declaration, found 'begin'
program p;
begin
end;
