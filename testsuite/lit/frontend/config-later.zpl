-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- CHECK: {{.*}}config-later.zpl:4:26: error: a config var initializer may only use earlier config vars and constants ('b' is declared later)
program p;
config var a : integer = b + 1;
config var b : integer = 2;
procedure p();
begin
end;
