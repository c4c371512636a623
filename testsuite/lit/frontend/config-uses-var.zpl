-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}config-uses-var.zpl:5:26: error: a config var initializer may only use earlier config vars and constants ('v' is a variable)
program p;
var v : integer;
config var a : integer = v;
procedure p();
begin
end;
