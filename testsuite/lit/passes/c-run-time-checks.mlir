// RUN: %zpl-opt %s --pass-pipeline='builtin.module(func.func(zpl-c-run-time-checks))' | FileCheck %s

// A failed assertion stops the program with its source position.
// CHECK-LABEL: func.func @assert
// CHECK:         %[[T:.*]] = arith.constant true
// CHECK:         %[[B:.*]] = arith.xori %{{.*}}, %[[T]] : i1
// CHECK:         scf.if %[[B]] {
// CHECK-NEXT:      emitc.call_opaque "zrt_fail_at"() {args = [#emitc.opaque<"\22a.zpl:3:7\22">, #emitc.opaque<"\22step must not be 0\22">]}
// CHECK-NOT:     cf.assert
func.func @assert(%ok: i1) {
  cf.assert %ok, "step must not be 0" loc("a.zpl":3:7)
  return
}

// Divisors that may be 0 or -1 and shift amounts that may leave 0..63 go
// through the checked runtime calls; safe constants stay operators.
// CHECK-LABEL: func.func @checked
// CHECK:         emitc.call_opaque "zrt_div_i64"(%[[A:.*]], %[[N:.*]]) {args = [0 : index, 1 : index, #emitc.opaque<"\22b.zpl:1:2\22">]}
// CHECK:         arith.divsi %[[A]], %{{.*}} : i64
// CHECK:         emitc.call_opaque "zrt_rem_i64"(%[[A]], %{{.*}}) {args = [0 : index, 1 : index, #emitc.opaque<"\22b.zpl:1:4\22">]}
// CHECK:         emitc.call_opaque "zrt_shl_i64"(%[[A]], %[[N]])
// CHECK:         arith.shli %[[A]], %{{.*}} : i64
// CHECK:         emitc.call_opaque "zrt_shr_i64"(%[[A]], %{{.*}})
// CHECK:         arith.divsi %{{.*}}, %{{.*}} : i32
func.func @checked(%a: i64, %n: i64, %x: i32, %y: i32) -> i64 {
  %c3 = arith.constant 3 : i64
  %cm1 = arith.constant -1 : i64
  %c64 = arith.constant 64 : i64
  %d = arith.divsi %a, %n : i64 loc("b.zpl":1:2)
  %e = arith.divsi %a, %c3 : i64
  %f = arith.remsi %a, %cm1 : i64 loc("b.zpl":1:4)
  %g = arith.shli %a, %n : i64
  %h = arith.shli %a, %c3 : i64
  %i = arith.shrsi %a, %c64 : i64
  %j = arith.divsi %x, %y : i32
  %s1 = arith.addi %d, %e : i64
  %s2 = arith.addi %f, %g : i64
  %s3 = arith.addi %h, %i : i64
  %s4 = arith.addi %s1, %s2 : i64
  %s5 = arith.addi %s3, %s4 : i64
  return %s5 : i64
}
