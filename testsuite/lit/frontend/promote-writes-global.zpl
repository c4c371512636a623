-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A procedure that assigns a global cannot be promoted (docs/language.md section 9).
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure f(v : double) : double;
begin
  g := v;
  return v;
end;

procedure p();
begin
-- CHECK: {{.*}}promote-writes-global.zpl:[[@LINE+2]]:12: error: 'f' is called with a parallel argument but is not a scalar procedure, so it cannot be promoted: it assigns the global 'g' (at 11:3)
-- CHECK: {{.*}}promote-writes-global.zpl:11:3: note: what keeps 'f' from being scalar
  [R] B := f(A);
end;
