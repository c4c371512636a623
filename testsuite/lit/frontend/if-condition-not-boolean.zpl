-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}if-condition-not-boolean.zpl:[[@LINE+5]]:6: error: the condition of 'if' must be boolean (have integer)
program p;
var x : integer;
procedure p();
begin
  if x then
    x := 1;
  end;
end;
