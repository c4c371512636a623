// RUN: %zpl-opt %s --pass-pipeline='builtin.module(func.func(zpl-c-remove-unused))' | FileCheck %s

// What -Wall would report: an unused load, a variable only ever assigned
// (with its assignment), an unused opaque call result (the call stays), an
// unused emitc operator, and what becomes dead with them.
// CHECK-LABEL: func.func @unused
// CHECK-NEXT:    %[[V:.*]] = "emitc.variable"() <{value = 7 : i64}>
// CHECK-NEXT:    emitc.call_opaque "zrt_barrier"() : () -> ()
// CHECK-NEXT:    %[[L:.*]] = emitc.load %[[V]]
// CHECK-NEXT:    emitc.call_opaque "zrt_allreduce_i64"(%[[L]]) : (i64) -> ()
// CHECK-NEXT:    return
func.func @unused(%x: i64) {
  %kept = "emitc.variable"() <{value = 7 : i64}> : () -> !emitc.lvalue<i64>
  %only = "emitc.variable"() <{value = 0 : i64}> : () -> !emitc.lvalue<i64>
  %sum = emitc.add %x, %x : (i64, i64) -> i64
  emitc.assign %sum : i64 to %only : <i64>
  %dead = emitc.load %only : <i64>
  emitc.call_opaque "zrt_barrier"() : () -> ()
  %l = emitc.load %kept : <i64>
  %r = emitc.call_opaque "zrt_allreduce_i64"(%l) : (i64) -> i64
  %m = emitc.mul %x, %x : (i64, i64) -> i64
  return
}
