// RUN: %zpl-opt %s --pass-pipeline='builtin.module(func.func(zpl-c-spellings))' | FileCheck %s

// INT64_MIN has no C literal; an unused call result would be an unused
// variable; `a | b > c` needs parentheses under -Wall, so the comparison is
// kept in a variable. Constants need none.
// CHECK-LABEL: func.func @spellings
// CHECK:         %[[MIN:.*]] = "emitc.constant"() <{value = #emitc.opaque<"INT64_MIN">}> : () -> i64
// CHECK:         %[[CMP:.*]] = arith.cmpi sgt
// CHECK:         %[[V:.*]] = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<i1>
// CHECK:         emitc.assign %[[CMP]] : i1 to %[[V]]
// CHECK:         %[[L:.*]] = emitc.load %[[V]]
// CHECK:         arith.ori %{{.*}}, %[[L]] : i1
// CHECK:         arith.andi %[[MIN]], %{{.*}} : i64
// CHECK:         emitc.call_opaque "callee"(%{{.*}}) : (i64) -> ()
// CHECK-NOT:     func.call
func.func @spellings(%a: i1, %b: i64, %c: i64) -> (i1, i64) {
  %min = arith.constant -9223372036854775808 : i64
  %cmp = arith.cmpi sgt, %b, %c : i64
  %o = arith.ori %a, %cmp : i1
  %and = arith.andi %min, %b : i64
  %unused = func.call @callee(%b) : (i64) -> i64
  return %o, %and : i1, i64
}

func.func private @callee(i64) -> i64
