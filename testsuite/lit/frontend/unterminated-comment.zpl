-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}unterminated-comment.zpl:[[@LINE+5]]:1: error: unterminated /* comment
program p;
procedure p();
begin
end;
/* never closed
