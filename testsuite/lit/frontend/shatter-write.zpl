-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- I/O inside a shattered if is an error (also inside a nested scalar if).
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure p();
begin
  [R] if A > 0.0 then
        if x > 0.0 then
-- CHECK: {{.*}}shatter-write.zpl:[[@LINE+1]]:11: error: 'writeln' is not allowed inside a shattered 'if' (the 'if' at [[@LINE-2]]:7 has a parallel condition, so its branches may only hold array statements)
          writeln(A);
        end;
      end;
end;
