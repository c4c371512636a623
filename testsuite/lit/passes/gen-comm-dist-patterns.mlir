// RUN: %zpl-opt %s --zpl-gen-comm | FileCheck %s

// zpl-gen-comm's access patterns of halos and wraps under declared
// distributions. With only block (or `*`) dimensions a PE holds one tile
// and a shift in the outermost dimension moves whole rows: contiguous.
// With a cyclic or block-cyclic dimension a PE holds several tiles and a
// halo message gathers one piece per tile: strided, in runs of the
// innermost tile width (k for blockcyclic(k), 1 for cyclic, unknown for a
// block tile) unless an inner shift gives the run.

module {
  zpl.dist_decl @BB #zpl.dist<[block, block]>
  zpl.dist_decl @BC #zpl.dist<[blockcyclic(2), blockcyclic(3)]>
  zpl.dist_decl @CB #zpl.dist<[cyclic, block]>
  zpl.dist_decl @NC #zpl.dist<[none, cyclic]>
  zpl.region_decl @RBB : !zpl.region<2> dist @BB init {
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.region_decl @RBC : !zpl.region<2> dist @BC init {
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.region_decl @RCB : !zpl.region<2> dist @CB init {
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.region_decl @RNC : !zpl.region<2> dist @NC init {
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @ABB : !zpl.array<2 x f64> init {
    %r = zpl.get @RBB : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @ABC : !zpl.array<2 x f64> init {
    %r = zpl.get @RBC : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @ACB : !zpl.array<2 x f64> init {
    %r = zpl.get @RCB : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @ANC : !zpl.array<2 x f64> init {
    %r = zpl.get @RNC : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }

  // CHECK-LABEL: func.func @north_and_east
  // CHECK:       ironman.transfer {{.*}} shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>)
  // CHECK:       ironman.transfer {{.*}} shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>)
  // CHECK:       ironman.transfer {{.*}} shift [-1, 0] pattern(#ironman.pattern<strided, stride = ?, block = 3> -> #ironman.pattern<strided, stride = ?, block = 3>)
  // CHECK:       ironman.transfer {{.*}} shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>)
  // CHECK:       ironman.transfer {{.*}} shift [-1, 0] pattern(#ironman.pattern<strided, stride = ?, block = ?> -> #ironman.pattern<strided, stride = ?, block = ?>)
  // CHECK:       ironman.transfer {{.*}} shift [-1, 0] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>)
  // CHECK:       ironman.transfer {{.*}} shift [0, -2] pattern(#ironman.pattern<strided, stride = ?, block = 2> -> #ironman.pattern<strided, stride = ?, block = 2>)
  func.func @north_and_east() {
    %BB = zpl.get @ABB : !zpl.array<2 x f64>
    %BC = zpl.get @ABC : !zpl.array<2 x f64>
    %CB = zpl.get @ACB : !zpl.array<2 x f64>
    %NC = zpl.get @ANC : !zpl.array<2 x f64>
    %RBB = zpl.get @RBB : !zpl.region<2>
    %RBC = zpl.get @RBC : !zpl.region<2>
    %RCB = zpl.get @RCB : !zpl.region<2>
    %RNC = zpl.get @RNC : !zpl.region<2>
    zpl.assign %BB over %RBB : !zpl.array<2 x f64>, !zpl.region<2> {
      %n = zpl.read %BB [-1, 0] : !zpl.array<2 x f64>
      %e = zpl.read %BB [0, 1] : !zpl.array<2 x f64>
      %v = arith.addf %n, %e : f64
      zpl.yield %v : f64
    }
    zpl.assign %BC over %RBC : !zpl.array<2 x f64>, !zpl.region<2> {
      %n = zpl.read %BC [-1, 0] : !zpl.array<2 x f64>
      %e = zpl.read %BC [0, 1] : !zpl.array<2 x f64>
      %v = arith.addf %n, %e : f64
      zpl.yield %v : f64
    }
    zpl.assign %CB over %RCB : !zpl.array<2 x f64>, !zpl.region<2> {
      %n = zpl.read %CB [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %n : f64
    }
    zpl.assign %NC over %RNC : !zpl.array<2 x f64>, !zpl.region<2> {
      %n = zpl.read %NC [-1, 0] : !zpl.array<2 x f64>
      %w = zpl.read %NC [0, -2] : !zpl.array<2 x f64>
      %v = arith.addf %n, %w : f64
      zpl.yield %v : f64
    }
    return
  }
}
