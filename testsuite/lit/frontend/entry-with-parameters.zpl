-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}entry-with-parameters.zpl:[[@LINE+2]]:11: error: entry procedure 'p' must not take parameters
program p;
procedure p(x : integer);
begin
end;
