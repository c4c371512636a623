-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- A procedure with array statements outside every scope runs under its
-- caller's: each call must be under a scope of that rank, without a mask;
-- its unscoped statements share one rank; the entry procedure has no caller.
-- CHECK: {{.*}}caller-scope-errors.zpl:33:3: error: rank mismatch: array 'V' has rank 1 but the region has rank 2
-- CHECK: {{.*}}caller-scope-errors.zpl:43:3: error: parallel statement requires an enclosing region scope
-- CHECK: {{.*}}caller-scope-errors.zpl:38:3: error: procedure 'fill' runs its array statements under the region scope of its caller (rank 2); call it under a scope, e.g. '[R] fill(...);'
-- CHECK: {{.*}}caller-scope-errors.zpl:39:7: error: procedure 'fill' runs its array statements under the region scope of its caller (rank 2), but this call is under a scope of rank 1
-- CHECK: {{.*}}caller-scope-errors.zpl:40:14: error: procedure 'fill' runs its array statements under the region scope of its caller (rank 2); it cannot be called under a mask ('with' or 'without')
-- CHECK: {{.*}}caller-scope-errors.zpl:41:8: error: procedure 'total' runs its array statements under the region scope of its caller (rank 2); call it under a scope, e.g. '[R] total(...);'
-- CHECK-NOT: error:
program callerscopeerrors;
region R = [1..4, 1..4];
region L = [1..4];
var A : [R] double;
var M : [R] boolean;
var V : [L] double;
var x : double;

procedure fill(X : [,] double);
begin
  X := 1.0;
end;

procedure total() : double;
begin
  return +<< A;
end;

procedure mixed();
begin
  A := 2.0;
  V := 1.0;
end;

procedure callerscopeerrors();
begin
  fill(A);
  [L] fill(A);
  [R with M] fill(A);
  x := total() + 1.0;
  [R] x := total();
  A := 0.0;
end;
