// RUN: %zpl-opt %s --zpl-overlap-halos --zpl-lower-to-loops | FileCheck %s

// The lowering of a run split by zpl-overlap-halos: before DN one nest
// over each tile's interior (bounds from zrt_tile_inner_lo/end only, with the
// reach of the reads: 1 below in dimension 0 for A@north, 1 above in
// dimension 1 for A@east); after DN the four strips around it (one loop
// over the strips, so the body is in the C twice, not five times), the max
// carried on from the interior's nest into the strips' and reduced over
// the PEs once, after the last strip.

// CHECK-LABEL: func.func @zp_split()
// CHECK:         emitc.call_opaque "im_sr"
// CHECK:         %[[PART:.*]] = scf.for {{.*}} -> (i64)
// CHECK-NOT:       zrt_tile_lo
// CHECK-NOT:       zrt_tile_hi
// CHECK:           %[[LO0:.*]] = emitc.call_opaque "zrt_tile_inner_lo"({{.*}}) {args = [0 : index, 1 : index, 0, 1, 0]}
// CHECK-NEXT:      %[[END0:.*]] = emitc.call_opaque "zrt_tile_inner_end"({{.*}}) {args = [0 : index, 1 : index, 0, 1, 0]}
// CHECK-NEXT:      %[[LO1:.*]] = emitc.call_opaque "zrt_tile_inner_lo"({{.*}}) {args = [0 : index, 1 : index, 1, 0, 1]}
// CHECK-NEXT:      %[[END1:.*]] = emitc.call_opaque "zrt_tile_inner_end"({{.*}}) {args = [0 : index, 1 : index, 1, 0, 1]}
// CHECK-NEXT:      scf.for %{{.*}} = %[[LO0]] to %[[END0]]
// CHECK:             scf.for %{{.*}} = %[[LO1]] to %[[END1]]
// CHECK:               zrt_max_key_f64
// CHECK-NOT:     scf.for
// CHECK:         emitc.call_opaque "im_dn"
// CHECK:         %[[ALL:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[PART]]) -> (i64)
// CHECK:           %[[T0:.*]] = emitc.call_opaque "zrt_tile_lo"({{.*}}) {args = [0 : index, 1 : index, 0]}
// CHECK-NEXT:      emitc.call_opaque "zrt_tile_hi"({{.*}}) {args = [0 : index, 1 : index, 0]}
// CHECK-NEXT:      %[[E0:.*]] = emitc.add
// CHECK-NEXT:      %[[T1:.*]] = emitc.call_opaque "zrt_tile_lo"({{.*}}) {args = [0 : index, 1 : index, 1]}
// CHECK-NEXT:      emitc.call_opaque "zrt_tile_hi"({{.*}}) {args = [0 : index, 1 : index, 1]}
// CHECK-NEXT:      %[[E1:.*]] = emitc.add
// CHECK:           %[[LO0:.*]] = emitc.call_opaque "zrt_tile_inner_lo"({{.*}}) {args = [0 : index, 1 : index, 0, 1, 0]}
// CHECK-NEXT:      %[[END0:.*]] = emitc.call_opaque "zrt_tile_inner_end"
// CHECK-NEXT:      %[[LO1:.*]] = emitc.call_opaque "zrt_tile_inner_lo"
// CHECK-NEXT:      %[[END1:.*]] = emitc.call_opaque "zrt_tile_inner_end"
// The four strips are one loop over s: strip s is below (s even) or above
// (s odd) the interior in dimension s / 2, within the interior in the
// dimensions before and over the whole tile after it, picked by selects:
// CHECK:           %[[S:.*]] = scf.for %[[STRIP:.*]] = %{{.*}} to %c4{{.*}} step {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (i64)
// CHECK:             %[[DIM:.*]] = arith.divsi %[[STRIP]]
// CHECK:             %[[ODD:.*]] = arith.remsi %[[STRIP]]
// CHECK:             %[[ABOVE:.*]] = arith.cmpi ne, %[[ODD]]
// CHECK:             %[[IN0:.*]] = arith.cmpi slt, %{{.*}}, %[[DIM]]
// CHECK-NEXT:        %[[AT0:.*]] = arith.cmpi eq, %{{.*}}, %[[DIM]]
// CHECK-NEXT:        %[[L0A:.*]] = arith.select %[[ABOVE]], %[[END0]], %[[T0]]
// CHECK-NEXT:        %[[L0B:.*]] = arith.select %[[AT0]], %[[L0A]], %[[T0]]
// CHECK-NEXT:        %[[U0A:.*]] = arith.select %[[ABOVE]], %[[E0]], %[[LO0]]
// CHECK-NEXT:        %[[U0B:.*]] = arith.select %[[AT0]], %[[U0A]], %[[E0]]
// CHECK-NEXT:        %[[SL0:.*]] = arith.select %[[IN0]], %[[LO0]], %[[L0B]]
// CHECK-NEXT:        %[[SE0:.*]] = arith.select %[[IN0]], %[[END0]], %[[U0B]]
// CHECK:             arith.select %[[ABOVE]], %[[END1]], %[[T1]]
// CHECK:             scf.for %{{.*}} = %[[SL0]] to %[[SE0]]
// CHECK:               scf.for
// CHECK:                 zrt_max_key_f64
// CHECK-NOT:         scf.for
// CHECK:           scf.yield %[[S]]
// CHECK-NOT:     scf.for
// CHECK:         %[[M:.*]] = emitc.call_opaque "zrt_key_f64"(%[[ALL]])
// CHECK-NEXT:    emitc.call_opaque "zrt_allreduce_f64"(%[[M]])
// CHECK:         emitc.call_opaque "im_sv"
module attributes {zpl.entry = @split} {
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 1, 1>} init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @T : !zpl.array<2 x f64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.global @m : f64
  func.func @split() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %T = zpl.get @T : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t
    ironman.sr %t
    ironman.dn %t
    %m = zpl.fused -> f64 {
      zpl.assign %T over %R : !zpl.array<2 x f64>, !zpl.region<2> {
        %n = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
        %e = zpl.read %A [0, 1] : !zpl.array<2 x f64>
        %s = arith.addf %n, %e : f64
        zpl.yield %s : f64
      }
      %r = zpl.reduce max over %R : !zpl.region<2> -> f64 {
        %v = zpl.read %T [0, 0] : !zpl.array<2 x f64>
        zpl.yield %v : f64
      }
      zpl.yield %r : f64
    }
    ironman.sv %t
    zpl.set @m, %m : f64
    return
  }
}
