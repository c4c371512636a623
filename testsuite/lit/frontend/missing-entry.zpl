-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}missing-entry.zpl:3:9: error: missing entry procedure 'main' (a procedure named like the program)
program main;
var s : double;
procedure p();
begin
  s := 1.0;
end;
