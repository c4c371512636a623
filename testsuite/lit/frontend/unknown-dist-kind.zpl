-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}unknown-dist-kind.zpl:5:30: error: unknown distribution kind 'diagonal' (expected block, cyclic, blockcyclic(k) or *)
program p;
grid G = [2, 2];
distribution D : G = [block, diagonal];
procedure p();
begin
end;
