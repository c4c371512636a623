// RUN: %zpl-opt %s --zpl-legalize-for-emitc | FileCheck %s
// The legalised module must get through the rest of the pipeline to C
// that compiles with -Wall -Werror.
// (scf and func are converted to emitc already: the upstream scf/func
// conversions have nothing left to do.)
// RUN: %zpl-opt %s --zpl-legalize-for-emitc | mlir-opt --convert-scf-to-emitc --convert-arith-to-emitc --convert-func-to-emitc --form-expressions | mlir-translate --mlir-to-cpp > %t.c
// RUN: FileCheck %s --check-prefix=C < %t.c
// RUN: cc -std=c11 -Wall -Werror -fsyntax-only -I%runtime_include %t.c

// CHECK: emitc.include "zplrt.h"
// CHECK: emitc.include "ironman.h"
// Every function is declared before the definitions.
// CHECK: emitc.declare_func @float_math
// CHECK: emitc.declare_func @int_math
// CHECK: emitc.declare_func @bitwise
// C: #include "zplrt.h"
// C: #include "ironman.h"
// C: double float_math(double {{.*}}, float {{.*}}, int64_t {{.*}});
// C: int64_t int_math(int64_t {{.*}}, int64_t {{.*}});

// CHECK-LABEL: emitc.func @float_math
// CHECK-SAME:    (%[[X:.*]]: f64, %[[Y:.*]]: f32, %{{.*}}: i64)
// CHECK:         %[[A:.*]] = call_opaque "fabs"(%[[X]]) : (f64) -> f64
// CHECK:         %[[B:.*]] = call_opaque "fabsf"(%[[Y]]) : (f32) -> f32
// CHECK:         call_opaque "sqrt"(%[[A]]) : (f64) -> f64
// CHECK:         call_opaque "sqrtf"(%[[B]]) : (f32) -> f32
// CHECK:         call_opaque "exp"
// CHECK:         call_opaque "log"
// CHECK:         call_opaque "sin"
// CHECK:         call_opaque "cos"
// CHECK:         call_opaque "tan"
// CHECK:         call_opaque "floor"
// CHECK:         call_opaque "ceil"
// CHECK:         call_opaque "pow"({{.*}}) : (f64, f64) -> f64
// CHECK:         call_opaque "powf"({{.*}}) : (f32, f32) -> f32
// CHECK:         %[[S:.*]] = call_opaque "sqrt"
// CHECK:         arith.divf %{{.*}}, %[[S]] : f64
// CHECK:         %[[EF:.*]] = arith.sitofp %{{.*}} : i64 to f64
// CHECK:         call_opaque "pow"(%[[X]], %[[EF]])
// CHECK:         call_opaque "isnan"(%[[X]]) : (f64) -> i1
// CHECK-NOT:     math.
// CHECK:         return
// C-LABEL: double float_math({{.*}}) {
// C:         fabs(
// C:         fabsf(
// C:         sqrtf(
// C:         pow(
func.func @float_math(%x: f64, %y: f32, %n: i64) -> f64 {
  %a = math.absf %x : f64
  %b = math.absf %y : f32
  %c = math.sqrt %a : f64
  %d = math.sqrt %b : f32
  %e = math.exp %c : f64
  %f = math.log %e : f64
  %g = math.sin %f : f64
  %h = math.cos %g : f64
  %i = math.tan %h : f64
  %j = math.floor %i : f64
  %k = math.ceil %j : f64
  %l = math.powf %k, %x : f64
  %m = math.powf %d, %y : f32
  %r = math.rsqrt %l : f64
  %p = math.fpowi %x, %n : f64, i64
  %nan = math.isnan %x : f64
  %mf = arith.extf %m : f32 to f64
  %s1 = arith.addf %r, %p : f64
  %s2 = arith.addf %s1, %mf : f64
  %z = arith.constant 0.0 : f64
  %s3 = arith.select %nan, %z, %s2 : f64
  return %s3 : f64
}

// Integer abs without stdlib.h; integer power as a loop.
// CHECK-LABEL: emitc.func @int_math
// CHECK-SAME:    (%[[X:.*]]: i64, %[[E:.*]]: i64)
// CHECK:         %[[NEG:.*]] = arith.subi %{{.*}}, %[[X]] : i64
// CHECK:         %[[LT:.*]] = arith.cmpi slt, %[[X]], %{{.*}} : i64
// CHECK:         %[[ABS:.*]] = arith.select %[[LT]], %[[NEG]], %[[X]] : i64
// CHECK:         %[[R:.*]] = "emitc.variable"() <{value = 1 : i64}>
// CHECK:         do {
// CHECK:           if %
// CHECK:             arith.andi
// CHECK:             if %
// CHECK:               arith.muli
// CHECK:             arith.muli
// CHECK:             arith.shrsi
// CHECK:         } while {
// CHECK:         %[[POS:.*]] = load %[[R]] : <i64>
// CHECK:         %[[ENEG:.*]] = arith.cmpi slt, %[[E]], %{{.*}} : i64
// CHECK:         arith.select %[[ENEG]], %{{.*}}, %[[POS]] : i64
// CHECK-NOT:     math.
// CHECK:         return
func.func @int_math(%x: i64, %e: i64) -> i64 {
  %a = math.absi %x : i64
  %p = math.ipowi %a, %e : i64
  return %p : i64
}

// Leftovers that -Wall rejects: the unused result of a loop (an unused
// variable), a variable only ever assigned, an unused call result.
// CHECK-LABEL: emitc.func @unused
// CHECK:         call_opaque "zrt_local_lo"
// CHECK-NOT:     load
// CHECK:         do {
// C-LABEL: void unused({{.*}}) {
// C-NOT:     = zrt_allreduce_i64
// C:         zrt_allreduce_i64(0, 
func.func @unused(%r: !emitc.opaque<"zrt_region">) {
  %lo = emitc.call_opaque "zrt_local_lo"(%r) {args = [0 : index, 0]} : (!emitc.opaque<"zrt_region">) -> i64
  %c10 = arith.constant 10 : i64
  %c1 = arith.constant 1 : i64
  %w:2 = scf.while (%i = %lo, %s = %c1) : (i64, i64) -> (i64, i64) {
    %c = arith.cmpi slt, %i, %c10 : i64
    scf.condition(%c) %i, %s : i64, i64
  } do {
  ^bb0(%i: i64, %s: i64):
    %i2 = arith.addi %i, %c1 : i64
    %s2 = arith.muli %s, %i : i64
    scf.yield %i2, %s2 : i64, i64
  }
  %v = "emitc.variable"() <{value = 0 : i64}> : () -> !emitc.lvalue<i64>
  emitc.assign %w#1 : i64 to %v : <i64>
  %x = emitc.call_opaque "zrt_allreduce_i64"(%w#1) {args = [0, 0 : index]} : (i64) -> i64
  return
}

// The same value twice in one opaque call is passed once.
// CHECK-LABEL: emitc.func @dup_args
// CHECK:         call_opaque "zrt_region_make"(%{{.*}}, %{{.*}}) {args = [2, 0 : index, 1 : index, 0 : index, 1 : index, 0, 0]} : (i64, i64)
func.func @dup_args(%lo: i64, %hi: i64) -> !emitc.opaque<"zrt_region"> {
  %r = emitc.call_opaque "zrt_region_make"(%lo, %hi, %lo, %hi) {args = [2, 0 : index, 1 : index, 2 : index, 3 : index, 0, 0]} : (i64, i64, i64, i64) -> !emitc.opaque<"zrt_region">
  return %r : !emitc.opaque<"zrt_region">
}

// `a | b > c` would need parentheses under -Wall: the comparison is kept in
// a variable. A call whose result is unused drops the result.
// CHECK-LABEL: emitc.func @bitwise
// CHECK:         %[[CMP:.*]] = arith.cmpi sgt
// CHECK:         %[[V:.*]] = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<i1>
// CHECK:         assign %[[CMP]] : i1 to %[[V]]
// CHECK:         %[[L:.*]] = load %[[V]]
// CHECK:         arith.ori %{{.*}}, %[[L]] : i1
// CHECK:         call_opaque "int_math"(%{{.*}}, %{{.*}}) : (i64, i64) -> ()
// C-LABEL: bool bitwise({{.*}}) {
// C:         int_math(
func.func @bitwise(%a: i1, %b: i64, %c: i64) -> i1 {
  %cmp = arith.cmpi sgt, %b, %c : i64
  %o = arith.ori %a, %cmp : i1
  %unused = func.call @int_math(%b, %c) : (i64, i64) -> i64
  return %o : i1
}
