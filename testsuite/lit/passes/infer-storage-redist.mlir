// RUN: %zpl-opt %s --zpl-infer-storage | FileCheck %s

// zpl-infer-storage and redistributions: both arrays are accessed over the
// redistributed region, which zpl.expand widens beyond the statement's
// region; the temporary's shifted reads widen it as any array's.

module {
  zpl.dist_decl @D #zpl.dist<[cyclic, block]>
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.region_decl @S : !zpl.region<2> dist @D init {
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // CHECK-LABEL: zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 2, 0, 0, 1>}
  zpl.array_decl @A : !zpl.array<2 x f64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // CHECK-LABEL: zpl.array_decl @B : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 0, 0>}
  zpl.array_decl @B : !zpl.array<2 x f64> init {
    %r = zpl.get @S : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }

  // CHECK-LABEL: func.func @shifted
  // CHECK:         zpl.local_array "A_redist" over %{{.*}} align %{{.*}} : !zpl.array<2 x f64> {fluff = array<i64: 2, 0, 0, 1>}
  func.func @shifted() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %S = zpl.get @S : !zpl.region<2>
    %w = zpl.expand %S [2, 0, 0, 1] : !zpl.region<2>
    %t = zpl.local_array "A_redist" over %w align %B : !zpl.array<2 x f64> : !zpl.region<2> -> !zpl.array<2 x f64>
    zpl.redistribute %t from %A over %w : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>
    zpl.assign %B over %S : !zpl.array<2 x f64>, !zpl.region<2> {
      %n = zpl.read %t [-2, 0] : !zpl.array<2 x f64>
      %e = zpl.read %t [0, 1] : !zpl.array<2 x f64>
      %s = arith.addf %n, %e : f64
      zpl.yield %s : f64
    }
    zpl.free_array %t : !zpl.array<2 x f64>
    return
  }
}
