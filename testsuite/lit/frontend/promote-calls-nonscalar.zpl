-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A procedure that calls a non-scalar procedure (here through a later one) cannot be promoted; the chain is named.
program p;
region R = [1..4, 1..4];
var A, B : [R] double;
var g : double;
var x : double;

procedure f(v : double) : double;
begin
  return h(v) * 2.0;
end;
procedure h(v : double) : double;
begin
  writeln("h");
  return v;
end;

procedure p();
begin
-- CHECK: {{.*}}promote-calls-nonscalar.zpl:[[@LINE+1]]:12: error: 'f' is called with a parallel argument but is not a scalar procedure, so it cannot be promoted: it calls 'h' (at 11:10), which is not a scalar procedure: it does I/O ('writeln' at 15:3)
  [R] B := f(A);
end;
