-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A loop inside a shattered if is an error.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;
var i : integer;

procedure p();
begin
  [R] if A > 0.0 then
-- CHECK: {{.*}}shatter-loop.zpl:[[@LINE+1]]:9: error: 'for' is not allowed inside a shattered 'if' (the 'if' at [[@LINE-1]]:7 has a parallel condition, so its branches may only hold array statements)
        for i := 1 to 2 do B := 1.0; end;
      end;
end;
