// RUN: %zpl-opt %s --zpl-lower-to-loops=reuse-along-rows=true | FileCheck %s
// RUN: %zpl-opt %s --zpl-lower-to-loops | FileCheck %s --check-prefix=OFF

// Reuse along the innermost loop (Reuse.cpp): over a region with step 2
// in the innermost dimension, a column sum the body needs at inner offsets
// -2, 0 and 2 is computed once per iteration, at offset 2, and carried to
// the next two iterations in iter_args; a nonempty row starts with the
// sums at offsets -2 and 0 (the prologue). Without the option every
// iteration computes all three; so does a masked statement, and a row
// walked with step 1 (left to the C compiler's vectoriser).

module attributes {zpl.entry = @cols} {
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
    %s = zpl.derive by %r [1, 2] : !zpl.region<2>
    zpl.yield %s : !zpl.region<2>
  }
  zpl.region_decl @U : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 2, 2>} init {
    %r = zpl.get @U : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @D : !zpl.array<2 x f64> init {
    %r = zpl.get @U : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @M : !zpl.array<2 x i1> init {
    %r = zpl.get @U : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }

  // CHECK-LABEL: func.func @zp_cols()
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             %[[NONEMPTY:.*]] = arith.cmpi slt, %[[LO:.*]], %[[HI:.*]] : i64
  // CHECK:             scf.if %[[NONEMPTY]] {
  // The prologue: the top's sum evaluated at lo - 4 and lo - 2 (its reads
  // at inner offset 2: the sums at lo - 2 and lo).
  // CHECK:               %[[C2:.*]] = arith.constant -4 : i64
  // CHECK:               emitc.add %[[LO]], %[[C2]] : (i64, i64) -> i64
  // CHECK:               %[[P2:.*]] = arith.addf
  // CHECK:               %[[C1:.*]] = arith.constant -2 : i64
  // CHECK:               emitc.add %[[LO]], %[[C1]] : (i64, i64) -> i64
  // CHECK:               %[[P1:.*]] = arith.addf
  // CHECK:               %{{.*}}:2 = scf.for %[[I:.*]] = %[[LO]] to %[[HI]] step %{{.*}} iter_args(%[[BELOW2:.*]] = %[[P2]], %[[BELOW1:.*]] = %[[P1]]) -> (f64, f64)
  // Only the top's two reads are summed in the loop.
  // CHECK:                 %[[TOP:.*]] = arith.addf %{{.*}}, %{{.*}} : f64
  // CHECK-NOT:             arith.addf %{{.*}}, %{{.*}} : f64
  // CHECK:                 %[[S:.*]] = arith.addf %[[BELOW2]], %[[BELOW1]] : f64
  // CHECK:                 %[[T:.*]] = arith.addf %[[S]], %[[TOP]] : f64
  // CHECK:                 scf.yield %[[BELOW1]], %[[TOP]] : f64, f64
  // The masked statement computes every sum at every point.
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK-NOT:         iter_args
  // CHECK:             scf.if
  // CHECK-COUNT-5:       arith.addf
  // Step 1: no values carried.
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK-NOT:         iter_args
  // CHECK-COUNT-5:     arith.addf
  // CHECK:         return
  // OFF-LABEL: func.func @zp_cols()
  // OFF-NOT:   iter_args
  func.func @cols() {
    %R = zpl.get @R : !zpl.region<2>
    %A = zpl.get @A : !zpl.array<2 x f64>
    %D = zpl.get @D : !zpl.array<2 x f64>
    %M = zpl.get @M : !zpl.array<2 x i1>
    %Unit = zpl.get @U : !zpl.region<2>
    zpl.assign %D over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a1 = zpl.read %A [-1, -2] : !zpl.array<2 x f64>
      %b1 = zpl.read %A [1, -2] : !zpl.array<2 x f64>
      %p1 = arith.addf %a1, %b1 : f64
      %a0 = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      %b0 = zpl.read %A [1, 0] : !zpl.array<2 x f64>
      %p0 = arith.addf %a0, %b0 : f64
      %a2 = zpl.read %A [-1, 2] : !zpl.array<2 x f64>
      %b2 = zpl.read %A [1, 2] : !zpl.array<2 x f64>
      %p2 = arith.addf %a2, %b2 : f64
      %s = arith.addf %p1, %p0 : f64
      %t = arith.addf %s, %p2 : f64
      zpl.yield %t : f64
    }
    zpl.assign %D over %R mask %M : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
      %a1 = zpl.read %A [-1, -2] : !zpl.array<2 x f64>
      %b1 = zpl.read %A [1, -2] : !zpl.array<2 x f64>
      %p1 = arith.addf %a1, %b1 : f64
      %a0 = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      %b0 = zpl.read %A [1, 0] : !zpl.array<2 x f64>
      %p0 = arith.addf %a0, %b0 : f64
      %a2 = zpl.read %A [-1, 2] : !zpl.array<2 x f64>
      %b2 = zpl.read %A [1, 2] : !zpl.array<2 x f64>
      %p2 = arith.addf %a2, %b2 : f64
      %s = arith.addf %p1, %p0 : f64
      %t = arith.addf %s, %p2 : f64
      zpl.yield %t : f64
    }
    zpl.assign %D over %Unit : !zpl.array<2 x f64>, !zpl.region<2> {
      %a1 = zpl.read %A [-1, -2] : !zpl.array<2 x f64>
      %b1 = zpl.read %A [1, -2] : !zpl.array<2 x f64>
      %p1 = arith.addf %a1, %b1 : f64
      %a0 = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      %b0 = zpl.read %A [1, 0] : !zpl.array<2 x f64>
      %p0 = arith.addf %a0, %b0 : f64
      %a2 = zpl.read %A [-1, 2] : !zpl.array<2 x f64>
      %b2 = zpl.read %A [1, 2] : !zpl.array<2 x f64>
      %p2 = arith.addf %a2, %b2 : f64
      %s = arith.addf %p1, %p0 : f64
      %t = arith.addf %s, %p2 : f64
      zpl.yield %t : f64
    }
    return
  }
}
