// RUN: %zpl-opt %s --zpl-form-expressions | FileCheck %s
// The same C as upstream form-expressions, which forms the same trees:
// RUN: %zpl-opt %s --zpl-form-expressions | mlir-translate --mlir-to-cpp > %t.ours.c
// RUN: mlir-opt %s --form-expressions --mlir-print-op-generic | mlir-translate --mlir-to-cpp > %t.upstream.c
// RUN: diff %t.upstream.c %t.ours.c

// A chain of single-use operators is one expression.
// CHECK-LABEL: emitc.func @chain
// CHECK-SAME:    (%[[A:.*]]: i64, %[[B:.*]]: i64, %[[C:.*]]: i64)
// CHECK:         %[[E:.*]] = expression %[[A]], %[[B]], %[[C]] : (i64, i64, i64) -> i64 {
// CHECK-NEXT:      %[[M:.*]] = mul %[[A]], %[[B]]
// CHECK-NEXT:      %[[S:.*]] = sub %[[M]], %[[C]]
// CHECK-NEXT:      %[[D:.*]] = add %[[S]], %[[A]]
// CHECK-NEXT:      yield %[[D]] : i64
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[E]] : i64
emitc.func @chain(%a: i64, %b: i64, %c: i64) -> i64 {
  %m = emitc.mul %a, %b : (i64, i64) -> i64
  %s = emitc.sub %m, %c : (i64, i64) -> i64
  %d = emitc.add %s, %a : (i64, i64) -> i64
  emitc.return %d : i64
}

// A value with two uses is an expression of its own; so is a call with
// side effects, which is not folded into its user (but its operand is
// folded into it).
// CHECK-LABEL: emitc.func @shared_and_effects
// CHECK:         %[[X:.*]] = expression %{{.*}}, %{{.*}} : (i64, i64) -> i64 {
// CHECK-NEXT:      add
// CHECK-NEXT:      yield
// CHECK:         %[[F:.*]] = expression %[[X]] : (i64) -> i64 {
// CHECK-NEXT:      %[[N:.*]] = mul
// CHECK-NEXT:      %[[G:.*]] = call_opaque "g"(%[[N]])
// CHECK-NEXT:      yield %[[G]]
// CHECK:         expression %[[F]], %[[X]] : (i64, i64) -> i64 {
// CHECK-NEXT:      sub
// CHECK-NEXT:      yield
emitc.func @shared_and_effects(%a: i64, %b: i64) -> i64 {
  %x = emitc.add %a, %b : (i64, i64) -> i64
  %n = emitc.mul %x, %x : (i64, i64) -> i64
  %g = emitc.call_opaque "g"(%n) : (i64) -> i64
  %r = emitc.sub %g, %x : (i64, i64) -> i64
  emitc.return %r : i64
}

// A literal stays outside; a constant is an expression of its own; an
// operator defined before a loop and used once inside it is folded into the
// expression in the loop (as upstream does).
// CHECK-LABEL: emitc.func @literal_and_loop
// CHECK:         %[[L:.*]] = literal "K" : i64
// CHECK-NEXT:    expression : () -> index {
// CHECK-NEXT:      "emitc.constant"() <{value = 0 : index}>
// CHECK-NEXT:      yield
// CHECK:         for
// CHECK:           expression %{{.*}}, %[[L]], %{{.*}} : (i64, i64, index) -> i64 {
// CHECK-NEXT:        add
// CHECK-NEXT:        cast
// CHECK-NEXT:        mul
// CHECK-NEXT:        yield
emitc.func @literal_and_loop(%a: i64) {
  %v = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<i64>
  %k = emitc.literal "K" : i64
  %s = emitc.add %a, %k : (i64, i64) -> i64
  %lb = "emitc.constant"() <{value = 0 : index}> : () -> index
  %ub = "emitc.constant"() <{value = 4 : index}> : () -> index
  %st = "emitc.constant"() <{value = 1 : index}> : () -> index
  emitc.for %i = %lb to %ub step %st {
    %c = emitc.cast %i : index to i64
    %p = emitc.mul %s, %c : (i64, i64) -> i64
    emitc.assign %p : i64 to %v : !emitc.lvalue<i64>
  }
  emitc.return
}

// A value that two operators of one expression use is folded in once that
// expression has grown (its inputs are then a set): the expression is a
// DAG, and its C computes the value at each use, as upstream's does.
// CHECK-LABEL: emitc.func @shared_inside
// CHECK:         expression %{{.*}}, %{{.*}}, %{{.*}} : (i64, i64, i64) -> i64 {
// CHECK-NEXT:      %[[X:.*]] = sub
// CHECK-NEXT:      %[[C:.*]] = cmp gt, %[[X]]
// CHECK-NEXT:      conditional %[[C]], %[[X]]
emitc.func @shared_inside(%a: i64, %b: i64, %c: i64) -> i64 {
  %x = emitc.sub %a, %b : (i64, i64) -> i64
  %gt = emitc.cmp gt, %x, %c : (i64, i64) -> i1
  %max = emitc.conditional %gt, %x, %c : i64
  emitc.return %max : i64
}

// An operator used twice by one operator alone stays outside.
// CHECK-LABEL: emitc.func @shared_by_one
// CHECK:         %[[X:.*]] = expression
// CHECK:         expression %[[X]] : (i64) -> i64 {
// CHECK-NEXT:      mul
// CHECK-NEXT:      yield
emitc.func @shared_by_one(%a: i64, %b: i64) -> i64 {
  %x = emitc.sub %a, %b : (i64, i64) -> i64
  %sq = emitc.mul %x, %x : (i64, i64) -> i64
  emitc.return %sq : i64
}

// An expression that exists already takes in the operators it uses.
// CHECK-LABEL: emitc.func @existing
// CHECK:         expression %{{.*}}, %{{.*}}, %{{.*}} : (i64, i64, i64) -> i64 {
// CHECK-NEXT:      %[[S:.*]] = add
// CHECK-NEXT:      mul %[[S]]
// CHECK-NEXT:      yield
// CHECK-NOT:     expression
emitc.func @existing(%a: i64, %b: i64, %c: i64) -> i64 {
  %s = emitc.add %a, %b : (i64, i64) -> i64
  %e = emitc.expression %s, %c : (i64, i64) -> i64 {
    %m = emitc.mul %s, %c : (i64, i64) -> i64
    emitc.yield %m : i64
  }
  emitc.return %e : i64
}

// What upstream's greedy driver erases as trivially dead goes here too: an
// `if` or a `for` whose body is empty (in zplc, a statement on a path that
// the canonicalizer had kept removed later) and an unused literal. The
// condition's expression stays, as upstream's does (an expression is never
// trivially dead).
// CHECK-LABEL: emitc.func @dead_code
// CHECK-NEXT:    expression %{{.*}}, %{{.*}} : (i1, i1) -> i1 {
// CHECK-NEXT:      bitwise_xor
// CHECK-NEXT:      yield
// CHECK-NEXT:    }
// CHECK-NEXT:    expression
// CHECK-NEXT:      "emitc.constant"() <{value = 0 : index}>
// CHECK-NEXT:      yield
// CHECK-NEXT:    }
// CHECK-NEXT:    expression
// CHECK-NEXT:      "emitc.constant"() <{value = 1 : index}>
// CHECK-NEXT:      yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return
emitc.func @dead_code(%a: i1, %b: i1, %n: index) {
  %x = emitc.bitwise_xor %a, %b : (i1, i1) -> i1
  emitc.if %x {
  }
  %l = emitc.literal "K" : i64
  %c0 = "emitc.constant"() <{value = 0 : index}> : () -> index
  %c1 = "emitc.constant"() <{value = 1 : index}> : () -> index
  emitc.for %i = %c0 to %n step %c1 : index {
  }
  emitc.return
}
