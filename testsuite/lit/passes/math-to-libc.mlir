// RUN: %zpl-opt %s --pass-pipeline='builtin.module(func.func(zpl-math-to-libc))' --split-input-file --verify-diagnostics | FileCheck %s

// Float operations become C library calls, f-suffixed for f32: upstream's
// (fabs, pow) and the table's (sqrt, tanh); rsqrt divides by sqrt; fpowi
// converts its exponent; isnan is math.h's macro.
// CHECK-LABEL: func.func @floats
// CHECK-SAME:    (%[[X:.*]]: f64, %[[Y:.*]]: f32, %[[N:.*]]: i64)
// CHECK:         emitc.call_opaque "fabs"(%[[X]]) : (f64) -> f64
// CHECK:         emitc.call_opaque "sqrtf"(%[[Y]]) : (f32) -> f32
// CHECK:         emitc.call_opaque "tanh"(%[[X]]) : (f64) -> f64
// CHECK:         %[[S:.*]] = emitc.call_opaque "sqrt"(%[[X]])
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK:         arith.divf %[[ONE]], %[[S]] : f64
// CHECK:         %[[E:.*]] = arith.sitofp %[[N]] : i64 to f64
// CHECK:         emitc.call_opaque "pow"(%[[X]], %[[E]]) : (f64, f64) -> f64
// CHECK:         emitc.call_opaque "isnan"(%[[X]]) : (f64) -> i1
// CHECK:         emitc.call_opaque "fmaxf"(%[[Y]], %[[Y]]) : (f32, f32) -> f32
// CHECK-NOT:     math.
func.func @floats(%x: f64, %y: f32, %n: i64) -> (f64, f32, f64, f64, f64, i1, f32) {
  %a = math.absf %x : f64
  %b = math.sqrt %y : f32
  %c = math.tanh %x : f64
  %d = math.rsqrt %x : f64
  %e = math.fpowi %x, %n : f64, i64
  %f = math.isnan %x : f64
  %g = arith.maximumf %y, %y : f32
  return %a, %b, %c, %d, %e, %f, %g : f64, f32, f64, f64, f64, i1, f32
}

// Integer abs is a compare and a select; integer min a compare and a
// select; integer power a square-and-multiply loop over three variables,
// 0 for negative exponents except for bases 1 and -1.
// CHECK-LABEL: func.func @integers
// CHECK-SAME:    (%[[X:.*]]: i64, %[[P:.*]]: i64)
// CHECK:         %[[Z:.*]] = arith.constant 0 : i64
// CHECK:         %[[NEG:.*]] = arith.subi %[[Z]], %[[X]] : i64
// CHECK:         %[[LT:.*]] = arith.cmpi slt, %[[X]], %[[Z]] : i64
// CHECK:         %[[ABS:.*]] = arith.select %[[LT]], %[[NEG]], %[[X]] : i64
// CHECK:         %[[C:.*]] = arith.cmpi slt, %[[ABS]], %[[P]] : i64
// CHECK:         arith.select %[[C]], %[[ABS]], %[[P]] : i64
// CHECK:         "emitc.variable"() <{value = 1 : i64}>
// CHECK:         scf.while
// CHECK:         arith.shrsi
// CHECK:         arith.cmpi slt, %[[P]], %{{.*}} : i64
// CHECK-NOT:     math.
func.func @integers(%x: i64, %p: i64) -> (i64, i64) {
  %a = math.absi %x : i64
  %m = arith.minsi %a, %p : i64
  %q = math.ipowi %m, %p : i64
  return %m, %q : i64, i64
}

// -----

// A type the C library has no function for is an error.
func.func @half(%x: f16) -> f16 {
  // expected-error@+1 {{no C function for this type: 'f16'}}
  %s = math.sqrt %x : f16
  return %s : f16
}
