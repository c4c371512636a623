// RUN: %zpl-opt %s --zpl-narrow-integers | FileCheck %s

// zpl-narrow-integers (NarrowIntegers.cpp): % and / by a constant in 32
// bits where the dividend provably fits.

module attributes {zpl.entry = @inplace} {
  zpl.config @n : i64 init {
    %c = arith.constant 8 : i64
    zpl.yield %c : i64
  }
  zpl.global @m : i64 constant init {
    %c = arith.constant 65521 : i64
    zpl.yield %c : i64
  }
  zpl.global @s : i64
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %n = zpl.get @n : i64
    %r = zpl.make_region [%c1 : %n, %c1 : %n] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @A : !zpl.array<2 x i64> attributes {fluff = array<i64: 1, 1, 1, 1>} init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @U : !zpl.array<2 x i64> attributes {fluff = array<i64: 0, 0, 0, 0>} init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @H : !zpl.array<2 x i64> attributes {fluff = array<i64: 0, 0, 0, 0>} init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @K : !zpl.array<2 x i64> attributes {fluff = array<i64: 0, 0, 0, 0>} init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }

  // Rules 1, 2, 4: m folds to 65521; A only ever holds remainders by m
  // (and its initial 0), so A@e + 3 * A + 5 fits in 32 bits: the
  // remainder is computed in 32 bits, in place (no outside scalar).
  // CHECK-LABEL: func.func @inplace()
  // CHECK-NOT:     zpl.get @m
  // CHECK:         zpl.assign
  // CHECK:           %[[T:.*]] = arith.trunci %{{.*}} : i64 to i32
  // CHECK:           %[[R:.*]] = arith.remsi %[[T]], %{{.*}} : i32
  // CHECK:           %[[E:.*]] = arith.extsi %[[R]] : i32 to i64
  // CHECK:           zpl.yield %[[E]] : i64
  func.func @inplace() {
    %A = zpl.get @A : !zpl.array<2 x i64>
    %R = zpl.get @R : !zpl.region<2>
    %m = zpl.get @m : i64
    %c3 = arith.constant 3 : i64
    %c5 = arith.constant 5 : i64
    zpl.assign %A over %R : !zpl.array<2 x i64>, !zpl.region<2> {
      %e = zpl.read %A [0, 1] : !zpl.array<2 x i64>
      %c = zpl.read %A [0, 0] : !zpl.array<2 x i64>
      %t = arith.muli %c3, %c : i64
      %u = arith.addi %e, %t : i64
      %x = arith.addi %u, %c5 : i64
      %r = arith.remsi %x, %m : i64
      zpl.yield %r : i64
    }
    return
  }

  // Rule 4 with a scalar of the enclosing code (a loop counter): the
  // narrowed statement runs when -2^30 <= it <= 2^30, the original one
  // otherwise.
  // CHECK-LABEL: func.func @guarded()
  // CHECK:         scf.for %[[I:.*]] =
  // CHECK:           %[[LO:.*]] = arith.constant -1073741824 : i64
  // CHECK:           %[[HI:.*]] = arith.constant 1073741824 : i64
  // CHECK:           %[[GE:.*]] = arith.cmpi sge, %[[I]], %[[LO]] : i64
  // CHECK:           %[[LE:.*]] = arith.cmpi sle, %[[I]], %[[HI]] : i64
  // CHECK:           %[[OK:.*]] = arith.andi %[[GE]], %[[LE]] : i1
  // CHECK:           scf.if %[[OK]] {
  // CHECK:             zpl.assign
  // CHECK:               arith.remsi %{{.*}} : i32
  // CHECK:           } else {
  // CHECK:             zpl.assign
  // CHECK-NOT:           i32
  // CHECK:               arith.remsi %{{.*}} : i64
  func.func @guarded() {
    %A = zpl.get @A : !zpl.array<2 x i64>
    %R = zpl.get @R : !zpl.region<2>
    %m = zpl.get @m : i64
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c9 = arith.constant 9 : i64
    scf.for %i = %c0 to %c9 step %c1 : i64 {
      zpl.assign %A over %R : !zpl.array<2 x i64>, !zpl.region<2> {
        %e = zpl.read %A [0, 1] : !zpl.array<2 x i64>
        %x = arith.addi %e, %i : i64
        %r = arith.remsi %x, %m : i64
        zpl.yield %r : i64
      }
    }
    return
  }

  // Rule 2: U is written by a procedure (an argument): its range is
  // unknown and nothing narrows; a product of two values of A can exceed
  // 2^31 either.
  // CHECK-LABEL: func.func @unbounded()
  // CHECK-NOT:     i32
  // CHECK:         return
  func.func @unbounded() {
    %U = zpl.get @U : !zpl.array<2 x i64>
    %A = zpl.get @A : !zpl.array<2 x i64>
    %R = zpl.get @R : !zpl.region<2>
    %c7 = arith.constant 7 : i64
    call @fill(%U) : (!zpl.array<2 x i64>) -> ()
    zpl.assign %U over %R : !zpl.array<2 x i64>, !zpl.region<2> {
      %u = zpl.read %U [0, 0] : !zpl.array<2 x i64>
      %r = arith.divsi %u, %c7 : i64
      zpl.yield %r : i64
    }
    %v = zpl.reduce add over %R : !zpl.region<2> -> i64 {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x i64>
      %b = zpl.read %A [0, 1] : !zpl.array<2 x i64>
      %p = arith.muli %a, %b : i64
      %r = arith.remsi %p, %c7 : i64
      zpl.yield %r : i64
    }
    zpl.set @s, %v : i64
    return
  }

  // Rule 2: H is the target of an accumulating scatter (issue 14), so its
  // range is unknown and H % 7 stays 64-bit, although H's one assignment
  // stores 0. K holds only remainders by 7: K % 7 narrows.
  // CHECK-LABEL: func.func @histogram()
  // CHECK:         zpl.scatter_combine add
  // CHECK:         zpl.assign
  // CHECK-NOT:       i32
  // CHECK:           arith.remsi %{{.*}} : i64
  // CHECK:         zpl.assign
  // CHECK:           arith.trunci %{{.*}} : i64 to i32
  // CHECK:           arith.remsi %{{.*}} : i32
  func.func @histogram() {
    %H = zpl.get @H : !zpl.array<2 x i64>
    %K = zpl.get @K : !zpl.array<2 x i64>
    %U = zpl.get @U : !zpl.array<2 x i64>
    %R = zpl.get @R : !zpl.region<2>
    %c0 = arith.constant 0 : i64
    %c7 = arith.constant 7 : i64
    zpl.assign %H over %R : !zpl.array<2 x i64>, !zpl.region<2> {
      zpl.yield %c0 : i64
    }
    zpl.scatter_combine add %H from %U over %R [%U, %U] : !zpl.array<2 x i64>, !zpl.array<2 x i64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>]
    zpl.assign %K over %R : !zpl.array<2 x i64>, !zpl.region<2> {
      %h = zpl.read %H [0, 0] : !zpl.array<2 x i64>
      %r = arith.remsi %h, %c7 : i64
      zpl.yield %r : i64
    }
    zpl.assign %K over %R : !zpl.array<2 x i64>, !zpl.region<2> {
      %k = zpl.read %K [0, 0] : !zpl.array<2 x i64>
      %r = arith.remsi %k, %c7 : i64
      zpl.yield %r : i64
    }
    return
  }
  func.func private @fill(!zpl.array<2 x i64>)
}
