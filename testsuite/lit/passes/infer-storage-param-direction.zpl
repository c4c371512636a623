-- RUN: %zplc --emit=zpl %s | FileCheck %s --check-prefix=GEN
-- RUN: %zplc --emit=ironman %s | FileCheck %s
-- A literal direction of a procedure's parameter and local: zpl.derive
-- takes the loaded values as operands (GEN). zpl-infer-storage marks every
-- statement over such a region zpl.check_storage, `in` included: a band
-- wider than its base reaches outside it.
-- GEN-LABEL: func.func @q(%arg0: i64)
-- GEN: %[[SREF:.*]] = zpl.alloca "s"
-- GEN: %[[TREF:.*]] = zpl.alloca "t"
-- GEN: zpl.store %{{.*}}, %[[TREF]]
-- GEN-NEXT: %[[S:.*]] = zpl.load %[[SREF]] : !zpl.ref<i64>
-- GEN-NEXT: %[[Z:.*]] = arith.constant 0 : i64
-- GEN-NEXT: zpl.derive of %{{.*}} [0, 0] run_time(%[[S]], %[[Z]]) : !zpl.region<2>
-- GEN: %[[Z2:.*]] = arith.constant 0 : i64
-- GEN-NEXT: %[[T:.*]] = zpl.load %[[TREF]] : !zpl.ref<i64>
-- GEN-NEXT: zpl.derive in %{{.*}} [0, 0] run_time(%[[Z2]], %[[T]]) : !zpl.region<2>
-- CHECK: zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 0, 0>}
-- CHECK: zpl.derive of {{.*}} run_time(
-- CHECK: zpl.assign {{.*}} {zpl.check_storage}
-- CHECK: zpl.derive in {{.*}} run_time(
-- CHECK: zpl.assign {{.*}} {zpl.check_storage}
program md;
region R = [1..4, 1..4];
var A : [0..9, 0..9] double;
procedure q(s : integer);
var t : integer;
begin
  t := s + 1;
  [[s, 0] of R] A := 1.0;
  [[0, t] in R] A := 2.0;
end;
procedure md();
begin
  q(1);
end;
