-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Selections of a family's element: `X{e}` names a family, `e` is a scalar
-- integer (a constant one within the bounds), `{}` only in declarations;
-- the element has the rank of its family's declaration.
-- CHECK: {{.*}}family-use-errors.zpl:32:3: error: use of undeclared family 'Q'
-- CHECK: {{.*}}family-use-errors.zpl:33:3: error: 'A' is not a family: only the elements of a family are selected with '{...}'
-- CHECK: {{.*}}family-use-errors.zpl:34:3: error: 'U{}' names the element being declared: it is allowed only in a family declaration
-- CHECK: {{.*}}family-use-errors.zpl:35:14: error: '{}' stands for the index of a family's element: it is allowed only in a family declaration
-- CHECK: {{.*}}family-use-errors.zpl:36:5: error: the index of family 'U' must be a scalar integer, not a double
-- CHECK: {{.*}}family-use-errors.zpl:37:5: error: index 3 is outside the bounds 0..2 of family 'U'
-- CHECK: {{.*}}family-use-errors.zpl:38:19: error: index -1 is outside the bounds 0..2 of family 'L'
-- CHECK: {{.*}}family-use-errors.zpl:39:3: error: 'U' is a family: select one of its elements, as in 'U{i}'
-- CHECK: {{.*}}family-use-errors.zpl:40:10: error: rank mismatch: array 'U{1}' has rank 2 but the region has rank 1
-- CHECK: {{.*}}family-use-errors.zpl:41:10: error: rank mismatch: array 'U{j + 1}' has rank 2 but the region has rank 1
-- CHECK: {{.*}}family-use-errors.zpl:42:12: error: 'L' is a family of regions, not of arrays
-- CHECK: {{.*}}family-use-errors.zpl:43:3: error: 'U' is a family of variables, not of regions
-- CHECK: {{.*}}family-use-errors.zpl:44:14: error: the index of family 'U' must be a scalar integer, not a parallel integer
-- CHECK-NOT: error:
program familyuseerrors;
region R = [1..8, 1..8];
region Line = [1..8];
region L{0..2} = [R by [bsl(1, {}), bsl(1, {})]];
var A : [R] double;
var I : [R] integer;
var U{0..2} : [L{}] double;
var x : double;
procedure familyuseerrors();
var j : integer;
begin
  -- Fine: a run-time index.
  [L{j}] U{j} := A;
  Q{1} := 0.0;
  A{1} := 0.0;
  U{} := 0.0;
  x := 1.0 + {};
  U{1.5} := 0.0;
  U{3} := 0.0;
  [R] A := +<< [L{-1}] U{1};
  U := 0.0;
  [Line] U{1} := 0.0;
  [Line] U{j + 1} := 0.0;
  [R] A := L{j};
  [U{j}] A := 0.0;
  [R] A := U{I};
end;
