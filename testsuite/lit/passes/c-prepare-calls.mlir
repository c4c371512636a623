// RUN: %zpl-opt %s --pass-pipeline='builtin.module(emitc.func(zpl-c-prepare-calls))' | FileCheck %s

// One value twice in an opaque call is passed once and named twice.
// CHECK-LABEL: emitc.func @dup_args
// CHECK:         call_opaque "zrt_region_make"(%arg0, %arg1) {args = [2, 0 : index, 1 : index, 0 : index, 1 : index, 0, 0]} : (i64, i64)
emitc.func @dup_args(%lo: i64, %hi: i64) -> !emitc.opaque<"zrt_region"> {
  %r = emitc.call_opaque "zrt_region_make"(%lo, %hi, %lo, %hi) {args = [2, 0 : index, 1 : index, 2 : index, 3 : index, 0, 0]} : (i64, i64, i64, i64) -> !emitc.opaque<"zrt_region">
  emitc.return %r : !emitc.opaque<"zrt_region">
}

// A call result used after a side effect is kept in a variable, so that
// form-expressions cannot move the call past the effect; one used before
// any effect is not.
// CHECK-LABEL: emitc.func @pinned
// CHECK:         %[[R:.*]] = call @f(%arg0) : (i64) -> i64
// CHECK-NEXT:    %[[V:.*]] = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<i64>
// CHECK-NEXT:    assign %[[R]] : i64 to %[[V]]
// CHECK-NEXT:    %[[L:.*]] = load %[[V]]
// CHECK-NEXT:    call_opaque "zrt_barrier"()
// CHECK-NEXT:    %[[S:.*]] = call @f(%arg0) : (i64) -> i64
// CHECK-NEXT:    add %[[S]], %[[L]]
emitc.func @pinned(%a: i64) -> i64 {
  %r = emitc.call @f(%a) : (i64) -> i64
  emitc.call_opaque "zrt_barrier"() : () -> ()
  %s = emitc.call @f(%a) : (i64) -> i64
  %t = emitc.add %s, %r : (i64, i64) -> i64
  emitc.return %t : i64
}

emitc.func private @f(i64) -> i64 attributes {specifiers = ["extern"]}
