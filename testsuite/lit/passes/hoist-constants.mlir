// RUN: %zpl-opt %s --zpl-hoist-constants | FileCheck %s
// The canonicalizer finds nothing left to do with the constants:
// RUN: %zpl-opt %s --zpl-hoist-constants | %zpl-opt --canonicalize > %t.after.mlir
// RUN: %zpl-opt %s --canonicalize > %t.canon.mlir
// RUN: diff %t.canon.mlir %t.after.mlir

// Each value once, at the front of the entry block, as the canonicalizer's
// folder leaves them: constants already at the front stay, the others move
// to the front as they are met (the last one met first), and one that
// repeats a value (of the same type) is replaced by the first.
// CHECK-LABEL: func.func @nested
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i64
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %{{.*}} step %[[C1]]
// CHECK-NEXT:      scf.if
// CHECK-NEXT:        %[[M:.*]] = arith.muli %[[I]], %[[C2]]
// CHECK-NEXT:        emitc.call_opaque "use"(%[[M]], %[[Z]], %[[C2]])
func.func @nested(%n: i64, %flag: i1) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  scf.for %i = %c0 to %n step %c1 : i64 {
    scf.if %flag {
      %c2 = arith.constant 2 : i64
      %z = arith.constant 0 : index
      %p = arith.muli %i, %c2 : i64
      %again = arith.constant 2 : i64
      emitc.call_opaque "use"(%p, %z, %again) : (i64, index, i64) -> ()
    }
  }
  return
}

// Constants inside an isolated region (an expression) stay there.
// CHECK-LABEL: func.func @isolated
// CHECK-NEXT:    emitc.expression
// CHECK-NEXT:      "emitc.constant"() <{value = 3 : i64}>
func.func @isolated(%a: i64) -> i64 {
  %e = emitc.expression %a : (i64) -> i64 {
    %c3 = "emitc.constant"() <{value = 3 : i64}> : () -> i64
    %s = emitc.add %a, %c3 : (i64, i64) -> i64
    emitc.yield %s : i64
  }
  return %e : i64
}
