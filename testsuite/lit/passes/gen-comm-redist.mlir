// RUN: %zpl-opt %s --zpl-gen-comm | FileCheck %s
// RUN: %zpl-opt %s --zpl-gen-comm --zpl-gen-comm | FileCheck %s

// zpl-gen-comm on redistributions: each zpl.redistribute becomes an
// ironman.transfer of kind "redist" from its source to its destination,
// shift 0, with its four state ops; the shifted reads of the temporary it
// fills get halo transfers like any array's.

module {
  zpl.dist_decl @Cyc #zpl.dist<[cyclic]>
  zpl.dist_decl @Blk #zpl.dist<[block]>
  zpl.dist_decl @D #zpl.dist<[cyclic, block]>
  zpl.region_decl @L : !zpl.region<1> init {
    %c1 = arith.constant 1 : i64
    %c9 = arith.constant 9 : i64
    %r = zpl.make_region [%c1 : %c9] : !zpl.region<1>
    zpl.yield %r : !zpl.region<1>
  }
  zpl.region_decl @LB : !zpl.region<1> dist @Blk init {
    %c1 = arith.constant 1 : i64
    %c9 = arith.constant 9 : i64
    %r = zpl.make_region [%c1 : %c9] : !zpl.region<1>
    zpl.yield %r : !zpl.region<1>
  }
  zpl.region_decl @LC : !zpl.region<1> dist @Cyc init {
    %c1 = arith.constant 1 : i64
    %c9 = arith.constant 9 : i64
    %r = zpl.make_region [%c1 : %c9] : !zpl.region<1>
    zpl.yield %r : !zpl.region<1>
  }
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
  zpl.array_decl @U : !zpl.array<1 x i64> init {
    %r = zpl.get @L : !zpl.region<1>
    zpl.yield %r : !zpl.region<1>
  }
  zpl.array_decl @V : !zpl.array<1 x i64> init {
    %r = zpl.get @LB : !zpl.region<1>
    zpl.yield %r : !zpl.region<1>
  }
  zpl.array_decl @W : !zpl.array<1 x i64> init {
    %r = zpl.get @LC : !zpl.region<1>
    zpl.yield %r : !zpl.region<1>
  }
  zpl.array_decl @A : !zpl.array<2 x f64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @B : !zpl.array<2 x f64> init {
    %r = zpl.get @S : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }

  // Rank 1 between block distributions (implicit and declared): one
  // contiguous piece per peer on both sides; with a cyclic side, strided.
  // CHECK-LABEL: func.func @rank1
  // CHECK-NOT:     zpl.redistribute
  // CHECK:         %[[T0:.*]] = ironman.transfer %[[U:.*]] -> %[[V:.*]] over %[[L:.*]] shift [0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 0 : i64, kind = #ironman.kind<redist>}
  // CHECK-NEXT:    ironman.dr %[[T0]]
  // CHECK-NEXT:    ironman.sr %[[T0]]
  // CHECK-NEXT:    ironman.dn %[[T0]]
  // CHECK-NEXT:    ironman.sv %[[T0]]
  // CHECK-NEXT:    %[[T1:.*]] = ironman.transfer %[[V]] -> %{{.*}} over %[[L]] shift [0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<strided, stride = ?, block = ?>) {id = 1 : i64, kind = #ironman.kind<redist>}
  // CHECK-NOT:     ironman.transfer
  // CHECK:         return
  func.func @rank1() {
    %U = zpl.get @U : !zpl.array<1 x i64>
    %V = zpl.get @V : !zpl.array<1 x i64>
    %W = zpl.get @W : !zpl.array<1 x i64>
    %L = zpl.get @L : !zpl.region<1>
    zpl.redistribute %V from %U over %L : !zpl.array<1 x i64>, !zpl.array<1 x i64>, !zpl.region<1>
    zpl.redistribute %W from %V over %L : !zpl.array<1 x i64>, !zpl.array<1 x i64>, !zpl.region<1>
    return
  }

  // The temporary of a shifted read (as zpl-insert-redistribution leaves
  // it): the redistribution over the widened region, then the halo of the
  // temporary over the statement's region.
  // CHECK-LABEL: func.func @shifted
  // CHECK:         %[[W:.*]] = zpl.expand %[[S:.*]] [0, 0, 0, 1] : !zpl.region<2>
  // CHECK-NEXT:    %[[T:.*]] = zpl.local_array "A_redist" over %[[W]]
  // CHECK-NEXT:    %[[X:.*]] = ironman.transfer %{{.*}} -> %[[T]] over %[[W]] shift [0, 0] pattern(#ironman.pattern<strided, stride = ?, block = ?> -> #ironman.pattern<strided, stride = ?, block = ?>) {id = 2 : i64, kind = #ironman.kind<redist>}
  // CHECK-NEXT:    ironman.dr %[[X]]
  // CHECK-NEXT:    ironman.sr %[[X]]
  // CHECK-NEXT:    ironman.dn %[[X]]
  // CHECK-NEXT:    ironman.sv %[[X]]
  // CHECK-NEXT:    %[[H:.*]] = ironman.transfer %[[T]] -> %[[T]] over %[[S]] shift [0, 1] {{.*}} {id = 3 : i64}
  // CHECK:         zpl.assign
  func.func @shifted() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %S = zpl.get @S : !zpl.region<2>
    %w = zpl.expand %S [0, 0, 0, 1] : !zpl.region<2>
    %t = zpl.local_array "A_redist" over %w align %B : !zpl.array<2 x f64> : !zpl.region<2> -> !zpl.array<2 x f64>
    zpl.redistribute %t from %A over %w : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>
    zpl.assign %B over %S : !zpl.array<2 x f64>, !zpl.region<2> {
      %e = zpl.read %t [0, 1] : !zpl.array<2 x f64>
      zpl.yield %e : f64
    }
    zpl.free_array %t : !zpl.array<2 x f64>
    return
  }
}
