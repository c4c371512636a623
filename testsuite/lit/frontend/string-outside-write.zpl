-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}string-outside-write.zpl:[[@LINE+5]]:8: error: a string is only allowed as an argument of write/writeln
program p;
var x : integer;
procedure p();
begin
  x := "a";
end;
