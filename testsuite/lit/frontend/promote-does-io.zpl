-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A procedure that does I/O cannot be promoted.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure f(v : double) : double;
begin
  write(v);
  return v;
end;

procedure p();
begin
-- CHECK: {{.*}}promote-does-io.zpl:[[@LINE+1]]:12: error: 'f' is called with a parallel argument but is not a scalar procedure, so it cannot be promoted: it does I/O ('write' at 11:3)
  [R] B := f(A);
end;
