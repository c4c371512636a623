// RUN: %zpl-opt %s --zpl-legalize-for-emitc | FileCheck %s
// Shifts (bsl, bsr) by an amount that may lie outside 0..63, where C is
// undefined, become zplrt.h's checked zrt_shl_i64 / zrt_shr_i64 naming the
// source position; a constant amount in 0..63 needs no check and stays.
// The constant INT64_MIN is spelled so in C.
// RUN: %zpl-opt %s --zpl-legalize-for-emitc | mlir-opt --convert-scf-to-emitc --convert-arith-to-emitc --convert-func-to-emitc --form-expressions | mlir-translate --mlir-to-cpp > %t.c
// RUN: FileCheck %s --check-prefix=C < %t.c
// RUN: cc -std=c11 -Wall -Werror -fsyntax-only -I%runtime_include %t.c

// CHECK-LABEL: emitc.func @shifts
// CHECK-SAME:    (%[[A:.*]]: i64, %[[N:.*]]: i64)
// CHECK:         %[[L:.*]] = call_opaque "zrt_shl_i64"(%[[A]], %[[N]]) {args = [0 : index, 1 : index, #emitc.opaque<"\22p.zpl:3:8\22">]} : (i64, i64) -> i64
// CHECK:         %[[R:.*]] = call_opaque "zrt_shr_i64"(%[[L]], %[[N]]) {args = [0 : index, 1 : index, #emitc.opaque<"\22p.zpl:4:8\22">]} : (i64, i64) -> i64
// CHECK:         arith.shli %[[R]], %{{.*}} : i64
// CHECK:         arith.shrsi %{{.*}}, %{{.*}} : i64
// CHECK:         call_opaque "zrt_shl_i64"({{.*}}#emitc.opaque<"\22p.zpl:7:8\22">]}
// CHECK:         call_opaque "zrt_shr_i64"({{.*}}#emitc.opaque<"\22p.zpl:8:8\22">]}
// CHECK-NOT:     arith.sh
// CHECK:         return
// C-LABEL: int64_t shifts({{.*}}) {
// C:         zrt_shl_i64({{.*}}, "p.zpl:3:8")
// C:         zrt_shr_i64({{.*}}, "p.zpl:4:8")
// C:         zrt_shl_i64({{.*}}, 64, "p.zpl:7:8")
// C:         zrt_shr_i64({{.*}}, -1, "p.zpl:8:8")
func.func @shifts(%a: i64, %n: i64) -> i64 {
  %c5 = arith.constant 5 : i64
  %c63 = arith.constant 63 : i64
  %c64 = arith.constant 64 : i64
  %cm1 = arith.constant -1 : i64
  %l = arith.shli %a, %n : i64 loc("p.zpl":3:8)
  %r = arith.shrsi %l, %n : i64 loc("p.zpl":4:8)
  %k = arith.shli %r, %c63 : i64 loc("p.zpl":5:8)
  %z = arith.shrsi %k, %c5 : i64 loc("p.zpl":6:8)
  %big = arith.shli %z, %c64 : i64 loc("p.zpl":7:8)
  %neg = arith.shrsi %big, %cm1 : i64 loc("p.zpl":8:8)
  return %neg : i64
}

// bsl(1, 63) folds to INT64_MIN, which C cannot write as a literal
// (-9223372036854775808 negates a constant too large for int64_t, and
// compilers warn): it is spelled INT64_MIN.
// CHECK-LABEL: emitc.func @int64_min
// CHECK:         %[[MIN:.*]] = "emitc.constant"() <{value = #emitc.opaque<"INT64_MIN">}> : () -> i64
// CHECK:         arith.ori %{{.*}}, %[[MIN]] : i64
// C-LABEL: int64_t int64_min({{.*}}) {
// C-NOT:     9223372036854775808
// C:         INT64_MIN
func.func @int64_min(%a: i64) -> i64 {
  %min = arith.constant -9223372036854775808 : i64
  %r = arith.ori %a, %min : i64
  return %r : i64
}
