-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}integer-literal-too-large.zpl:[[@LINE+5]]:8: error: integer literal '99999999999999999999999' is too large
program p;
var x : integer;
procedure p();
begin
  x := 99999999999999999999999;
end;
