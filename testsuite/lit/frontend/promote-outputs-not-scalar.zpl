-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Each element's call starts the 'var' parameters at zero, so a procedure
-- that may read one before assigning it (at the top level of its body)
-- cannot be promoted; nor can one that hands a global to a
-- 'var' parameter (it would assign the global).
program p;
region R = [1..4];
var X, A : [R] double;
var g : double;

procedure accumulate(x : double; var a : double);
begin
  a := a + x;
end;

procedure setboth(x : double; var a, b : double);
begin
  a := x;
  b := x;
end;

procedure viaglobal(x : double; var a : double);
begin
  setboth(x, g, a);
end;

procedure p();
begin
-- CHECK: {{.*}}promote-outputs-not-scalar.zpl:[[@LINE+4]]:7: error: 'accumulate' is called with a parallel argument but is not a scalar procedure, so it cannot be promoted: it may read its 'var' parameter 'a' (at 13:8) before assigning it; in a promoted call 'var' parameters are outputs only
-- CHECK: {{.*}}promote-outputs-not-scalar.zpl:13:8: note: what keeps 'accumulate' from being scalar
-- CHECK: {{.*}}promote-outputs-not-scalar.zpl:[[@LINE+3]]:7: error: 'viaglobal' is called with a parallel argument but is not a scalar procedure, so it cannot be promoted: it passes the global 'g' as a 'var' argument (at 24:14)
-- CHECK: {{.*}}promote-outputs-not-scalar.zpl:24:14: note: what keeps 'viaglobal' from being scalar
  [R] accumulate(X, A);
  [R] viaglobal(X, A);
end;
