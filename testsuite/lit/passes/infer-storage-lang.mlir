// RUN: %zpl-opt %s --zpl-infer-storage | FileCheck %s
// RUN: %zpl-opt %s --zpl-infer-storage --zpl-infer-storage | FileCheck %s

// zpl-infer-storage on boundaries, `by` regions, partial reductions and
// floods, masks and local arrays.

module {
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.region_decl @Odd : !zpl.region<2> init {
    %r0 = zpl.get @R : !zpl.region<2>
    %r = zpl.derive by %r0 [2, 1] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // A boundary widens its band like an `of` assignment: 2 above in dim 1
  // (wrap [0, 2]), 1 below in dim 0 (reflect [-1, 0]).
  // CHECK: zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 0, 0, 2>}
  zpl.array_decl @A : !zpl.array<2 x f64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // Read in a partial reduction over `east of R` shifted [1, 0]: the
  // source region's reach plus the shift; the destination gets nothing.
  // CHECK: zpl.array_decl @B : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 1, 0, 1>}
  zpl.array_decl @B : !zpl.array<2 x f64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // CHECK: zpl.array_decl @D : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 0, 0>}
  zpl.array_decl @D : !zpl.array<2 x f64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // A mask is read at offset 0 over the statement's region (`west of R`).
  // CHECK: zpl.array_decl @M : !zpl.array<2 x i1> attributes {fluff = array<i64: 0, 0, 1, 0>}
  zpl.array_decl @M : !zpl.array<2 x i1> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // A shift in a `by` region reaches as far as in its base.
  // CHECK: zpl.array_decl @E : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 1, 0, 0>}
  zpl.array_decl @E : !zpl.array<2 x f64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }

  func.func @f() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %D = zpl.get @D : !zpl.array<2 x f64>
    %E = zpl.get @E : !zpl.array<2 x f64>
    %M = zpl.get @M : !zpl.array<2 x i1>
    %R = zpl.get @R : !zpl.region<2>
    %O = zpl.get @Odd : !zpl.region<2>
    zpl.boundary wrap %A over %R [0, 2] : !zpl.array<2 x f64>, !zpl.region<2>
    zpl.boundary reflect %A over %R [-1, 0] : !zpl.array<2 x f64>, !zpl.region<2>
    %east = zpl.derive of %R [0, 1] : !zpl.region<2>
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %K = zpl.make_region [%c1 : %c8, %c1 : %c1] : !zpl.region<2>
    zpl.reduce_partial add %D over %K from %east : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
      %b = zpl.read %B [1, 0] : !zpl.array<2 x f64>
      zpl.yield %b : f64
    }
    %west = zpl.derive of %R [0, -1] : !zpl.region<2>
    %s = zpl.reduce add over %west mask %M : !zpl.array<2 x i1> : !zpl.region<2> -> f64 {
      %c = arith.constant 1.0 : f64
      zpl.yield %c : f64
    }
    zpl.assign %D over %O : !zpl.array<2 x f64>, !zpl.region<2> {
      %e = zpl.read %E [1, 0] : !zpl.array<2 x f64>
      zpl.yield %e : f64
    }
    return
  }

  // Local arrays get fluff like declared ones, traced through the calls
  // of the procedures they are passed to.
  // CHECK-LABEL: func.func @locals
  // CHECK: zpl.local_array "T" over %{{.*}} {fluff = array<i64: 2, 0, 0, 1>}
  // CHECK: zpl.local_array "U" over %{{.*}} {fluff = array<i64: 0, 0, 0, 0>}
  func.func @locals() {
    %R = zpl.get @R : !zpl.region<2>
    %T = zpl.local_array "T" over %R : !zpl.region<2> -> !zpl.array<2 x f64>
    %U = zpl.local_array "U" over %R : !zpl.region<2> -> !zpl.array<2 x f64>
    zpl.assign %U over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %t = zpl.read %T [0, 1] : !zpl.array<2 x f64>
      zpl.yield %t : f64
    }
    func.call @g(%T) : (!zpl.array<2 x f64>) -> ()
    zpl.free_array %U : !zpl.array<2 x f64>
    zpl.free_array %T : !zpl.array<2 x f64>
    return
  }
  func.func @g(%X : !zpl.array<2 x f64>) {
    %R = zpl.array_region %X : !zpl.array<2 x f64> -> !zpl.region<2>
    %s = zpl.reduce add over %R : !zpl.region<2> -> f64 {
      %x = zpl.read %X [-2, 0] : !zpl.array<2 x f64>
      zpl.yield %x : f64
    }
    return
  }
}
