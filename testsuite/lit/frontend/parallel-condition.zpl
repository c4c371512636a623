-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A parallel `if` condition makes the `if` shattered: a scalar assignment
-- in its branches is then an error (docs/language.md section 9).
-- CHECK: {{.*}}parallel-condition.zpl:17:23: error: an assignment to the scalar 's' is not allowed inside a shattered 'if' (the 'if' at 17:7 has a parallel condition, so its branches may only hold array statements)
program p;
config var n : integer = 4;
region R = [1..n, 1..n];
region L = [1..n];
direction east = [0, 1]; west = [0, -1]; right = [1];
var A, B : [R] double;
var V : [L] double;
var s : double;
var i : integer;

procedure p();
begin
  [R] if A > 0.0 then s := 1.0; end;
end;
