// RUN: %zpl-opt %s --zpl-gen-comm | FileCheck %s
// RUN: %zpl-opt %s --zpl-gen-comm --zpl-gen-comm | FileCheck %s

// zpl-gen-comm on boundaries, masks, partial reductions, scans and floods.

module {
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @A : !zpl.array<2 x f64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @B : !zpl.array<2 x f64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @M : !zpl.array<2 x i1> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }

  // A boundary becomes a transfer of its kind onto the array itself, with
  // its four state ops; a following read of the same shift still needs its
  // own halo transfer.
  // CHECK-LABEL: func.func @bound
  // CHECK-NOT:     zpl.boundary
  // CHECK:         %[[W:.*]] = ironman.transfer %[[A:.*]] -> %[[A]] over %[[R:.*]] shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 0 : i64, kind = #ironman.kind<wrap>}
  // CHECK-NEXT:    ironman.dr %[[W]]
  // CHECK-NEXT:    ironman.sr %[[W]]
  // CHECK-NEXT:    ironman.dn %[[W]]
  // CHECK-NEXT:    ironman.sv %[[W]]
  // CHECK-NEXT:    %[[F:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 1 : i64, kind = #ironman.kind<reflect>}
  // CHECK:         ironman.sv %[[F]]
  // CHECK-NEXT:    %[[H:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [0, 1] {{.*}} {id = 2 : i64}
  // CHECK:         ironman.sv %[[H]]
  // CHECK-NEXT:    zpl.assign
  // CHECK-NOT:     ironman.transfer
  // CHECK:         return
  func.func @bound() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %M = zpl.get @M : !zpl.array<2 x i1>
    %R = zpl.get @R : !zpl.region<2>
    zpl.boundary wrap %A over %R [0, 1] : !zpl.array<2 x f64>, !zpl.region<2>
    zpl.boundary reflect %A over %R [-1, 0] : !zpl.array<2 x f64>, !zpl.region<2>
    zpl.assign %B over %R mask %M : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 1] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    return
  }

  // Reads in partial reductions and floods are communicated over the
  // source region, in scans over the region; the destinations need none.
  // CHECK-LABEL: func.func @collect
  // CHECK:         %[[R:.*]] = zpl.get @R
  // CHECK:         %[[K:.*]] = zpl.make_region
  // CHECK:         %[[T1:.*]] = ironman.transfer %{{.*}} -> %{{.*}} over %[[R]] shift [1, 0]
  // CHECK:         ironman.sv %[[T1]]
  // CHECK-NEXT:    zpl.reduce_partial add
  // CHECK:         %[[T2:.*]] = ironman.transfer %{{.*}} -> %{{.*}} over %[[R]] shift [0, -1]
  // CHECK:         ironman.sv %[[T2]]
  // CHECK-NEXT:    zpl.scan add
  // CHECK:         %[[T3:.*]] = ironman.transfer %{{.*}} -> %{{.*}} over %[[K]] shift [-1, 0]
  // CHECK:         ironman.sv %[[T3]]
  // CHECK-NEXT:    zpl.flood
  func.func @collect() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %K = zpl.make_region [%c1 : %c8, %c1 : %c1] : !zpl.region<2>
    zpl.reduce_partial add %B over %K from %R : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
      %a = zpl.read %A [1, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    zpl.scan add %B over %R dim 1 : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, -1] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    zpl.flood %B over %R from %K : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
      %a = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    return
  }
}
