-- RUN: not %zplc --emit=ast %s 2>&1 | FileCheck %s
-- Scans and floods take a parallel operand (a reduction also a scalar with a
-- region), of a type their operator accepts; a partial reduction's or a flood's
-- region has the rank of the enclosing scope, a scan's dimension its operand's.
-- CHECK: {{.*}}reduce-scan-flood-errors.zpl:25:16: error: rank mismatch: a partial reduction's region has rank 1 but the enclosing region scope has rank 2
-- CHECK: {{.*}}reduce-scan-flood-errors.zpl:26:8: error: reduction '+<<' of a scalar needs a region to reduce over (a region scope or '+<< [R] ...')
-- CHECK: {{.*}}reduce-scan-flood-errors.zpl:27:12: error: reduction '+<<' cannot reduce boolean values
-- CHECK: {{.*}}reduce-scan-flood-errors.zpl:28:12: error: reduction '&<<' cannot reduce double values
-- CHECK: {{.*}}reduce-scan-flood-errors.zpl:29:12: error: scan '+||' needs a parallel operand
-- CHECK: {{.*}}reduce-scan-flood-errors.zpl:30:12: error: scan 'max||' cannot scan boolean values
-- CHECK: {{.*}}reduce-scan-flood-errors.zpl:31:12: error: scan '&||' cannot scan double values
-- CHECK: {{.*}}reduce-scan-flood-errors.zpl:32:12: error: scan dimension 2 exceeds the rank 1
-- CHECK: {{.*}}reduce-scan-flood-errors.zpl:33:14: error: rank mismatch: the flood region has rank 1 but the enclosing region scope has rank 2
-- CHECK: {{.*}}reduce-scan-flood-errors.zpl:34:12: error: flood '>>' needs a parallel operand
-- CHECK-NOT: error:
program p;
region R = [1..4, 1..4];
region L = [1..4];
var A : [R] double;
var V : [L] double;
var M : [R] boolean;
var x : double;
procedure p();
begin
  [R] A := +<< [L] V;
  x := +<< x;
  [R] x := +<< M;
  [R] M := &<< A;
  [R] A := +|| x;
  [R] M := max|| M;
  [R] M := &|| A;
  [L] V := +||[2] V;
  [R] A := >>[L] V;
  [R] A := >>[R] x;
  [R] A := +||[2] A + >>[1..4, 1] A + max<< A;
  [R] M := &|| M | |<< M;
end;
