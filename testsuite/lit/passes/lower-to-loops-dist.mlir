// RUN: %zpl-opt %s --zpl-lower-to-loops | FileCheck %s

// zpl-lower-to-loops with grids, distributions, aligned temporaries,
// widened regions and redistributions.

module attributes {zpl.entry = @prog} {
  zpl.config @p : i64 init {
    %c = arith.constant 2 : i64
    zpl.yield %c : i64
  }
  zpl.config @k : i64 init {
    %c = arith.constant 3 : i64
    zpl.yield %c : i64
  }
  // Declared before the distribution bound to it: zpl_main binds it after
  // every distribution exists all the same.
  zpl.region_decl @S : !zpl.region<2> dist @D init {
    %c1 = arith.constant 1 : i64
    %c6 = arith.constant 6 : i64
    %r = zpl.make_region [%c1 : %c6, %c1 : %c6] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.grid_decl @G init {
    %p = zpl.get @p : i64
    %c2 = arith.constant 2 : i64
    zpl.yield %p, %c2 : i64, i64
  }
  zpl.dist_decl @D #zpl.dist<[cyclic, blockcyclic(2)]> on @G
  zpl.dist_decl @E #zpl.dist<[blockcyclic(?), none]> on @G init {
    %k = zpl.get @k : i64
    zpl.yield %k : i64
  }
  zpl.dist_decl @F #zpl.dist<[block, cyclic]>
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %c6 = arith.constant 6 : i64
    %r = zpl.make_region [%c1 : %c6, %c1 : %c6] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @A : !zpl.array<2 x f64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @B : !zpl.array<2 x f64> init {
    %r = zpl.get @S : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @B2 : !zpl.array<2 x f64> init {
    %r = zpl.get @S : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // A region literal bound to F (what --dist does).
  zpl.array_decl @C : !zpl.array<2 x f64> init {
    %c0 = arith.constant 0 : i64
    %c7 = arith.constant 7 : i64
    %r = zpl.make_region [%c0 : %c7, %c0 : %c7] {dist = @F} : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.global @s : f64

  // A temporary aligned with B; the widened region of a redistribution;
  // the redistribution lowered without zpl-gen-comm.
  // CHECK-LABEL: func.func @zp_temps()
  // CHECK-DAG:     %[[A:.*]] = emitc.load %{{.*}} : <!emitc.ptr<!emitc.opaque<"zrt_array">>>
  // CHECK-DAG:     %[[S:.*]] = emitc.load %{{.*}} : <!emitc.opaque<"zrt_region">>
  // CHECK:         %[[LO0:.*]] = emitc.call_opaque "zrt_region_lo"(%[[S]]) {args = [0 : index, 0]}
  // CHECK:         %[[HI0:.*]] = emitc.call_opaque "zrt_region_hi"(%[[S]]) {args = [0 : index, 0]}
  // CHECK:         %[[L0:.*]] = emitc.sub %[[LO0]], %{{.*}} : (i64, i64) -> i64
  // CHECK:         %[[H0:.*]] = emitc.add %[[HI0]], %{{.*}} : (i64, i64) -> i64
  // CHECK:         %[[LO1:.*]] = emitc.call_opaque "zrt_region_lo"(%[[S]]) {args = [0 : index, 1]}
  // CHECK:         %[[HI1:.*]] = emitc.call_opaque "zrt_region_hi"(%[[S]]) {args = [0 : index, 1]}
  // CHECK:         %[[L1:.*]] = emitc.sub %[[LO1]], %{{.*}} : (i64, i64) -> i64
  // CHECK:         %[[H1:.*]] = emitc.add %[[HI1]], %{{.*}} : (i64, i64) -> i64
  // CHECK:         %[[W:.*]] = emitc.call_opaque "zrt_region_make"(%[[L0]], %[[H0]], %[[L1]], %[[H1]]) {args = [2, 0 : index, 1 : index, 2 : index, 3 : index, 0, 0]}
  // CHECK:         %[[WA:.*]] = emitc.call_opaque "zrt_region_align"(%[[W]], %[[B:.*]])
  // CHECK:         %[[T:.*]] = emitc.call_opaque "zrt_array_new"(%[[WA]]) {args = [#emitc.opaque<"\22A_redist\22">, 0 : index, 1, 0, 0, 0, 0, 0, 0]}
  // (Its handle is numbered after the largest transfer id, 5.)
  // CHECK:         %[[H:.*]] = emitc.call_opaque "im_redist"(%{{.*}}, %[[T]], %[[A]], %[[W]]) {args = [0 : index, 6, 1 : index, 2 : index, 3 : index]}
  // CHECK:         emitc.call_opaque "im_dr"(%[[H]])
  // CHECK:         emitc.call_opaque "im_sr"(%[[H]])
  // CHECK:         emitc.call_opaque "im_dn"(%[[H]])
  // CHECK:         emitc.call_opaque "im_sv"(%[[H]])
  // CHECK:         emitc.call_opaque "zrt_region_align"(%[[S]], %[[B]])
  // CHECK:         emitc.call_opaque "zrt_array_free"(%[[T]])
  func.func @temps() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %S = zpl.get @S : !zpl.region<2>
    %w = zpl.expand %S [1, 0, 2, 3] : !zpl.region<2>
    %t = zpl.local_array "A_redist" over %w align %B : !zpl.array<2 x f64> : !zpl.region<2> -> !zpl.array<2 x f64>
    zpl.redistribute %t from %A over %w : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>
    zpl.assign %B over %S : !zpl.array<2 x f64>, !zpl.region<2> {
      %x = zpl.read %t [0, 0] : !zpl.array<2 x f64>
      zpl.yield %x : f64
    }
    zpl.free_array %t : !zpl.array<2 x f64>
    return
  }

  // A "redist" transfer: im_redist(cached, id, dst, src, r), then the
  // strategy and the state calls.
  // CHECK-LABEL: func.func @zp_transfer()
  // CHECK-DAG:     %[[A:.*]] = emitc.load %{{.*}} : <!emitc.ptr<!emitc.opaque<"zrt_array">>>
  // CHECK-DAG:     %[[B:.*]] = emitc.load %{{.*}} : <!emitc.ptr<!emitc.opaque<"zrt_array">>>
  // CHECK:         %[[C:.*]] = emitc.load %{{.*}} : <!emitc.ptr<!emitc.opaque<"im_transfer">>>
  // CHECK:         %[[H:.*]] = emitc.call_opaque "im_redist"(%[[C]], %[[B]], %[[A]], %{{.*}}) {args = [0 : index, 5, 1 : index, 2 : index, 3 : index]}
  // CHECK:         emitc.call_opaque "im_strategy"(%[[H]]) {args = [0 : index, 1]}
  // CHECK:         emitc.call_opaque "im_dr"(%[[H]])
  func.func @transfer() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %S = zpl.get @S : !zpl.region<2>
    %h = ironman.transfer %A -> %B over %S shift [0, 0] pattern(#ironman.pattern<strided, stride = ?, block = ?> -> #ironman.pattern<strided, stride = ?, block = ?>) {id = 5 : i64, kind = #ironman.kind<redist>, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %h
    ironman.sr %h
    ironman.dn %h
    ironman.sv %h
    return
  }

  // Fusion rule 7: B and B2 share D and fuse into one tile loop; A has the
  // implicit distribution, so its statement gets a nest of its own.
  // CHECK-LABEL: func.func @zp_fusion()
  // CHECK:         emitc.call_opaque "zrt_tiles"
  // CHECK:         scf.for
  // CHECK:           arith.constant 1.000000e+00
  // CHECK:           arith.constant 2.000000e+00
  // CHECK:         emitc.call_opaque "zrt_tiles"
  // CHECK:         scf.for
  // CHECK:           arith.constant 3.000000e+00
  // CHECK-NOT:     zrt_tiles
  // CHECK:         return
  func.func @fusion() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %B2 = zpl.get @B2 : !zpl.array<2 x f64>
    %S = zpl.get @S : !zpl.region<2>
    zpl.assign %B over %S : !zpl.array<2 x f64>, !zpl.region<2> {
      %c = arith.constant 1.0 : f64
      zpl.yield %c : f64
    }
    zpl.assign %B2 over %S : !zpl.array<2 x f64>, !zpl.region<2> {
      %c = arith.constant 2.0 : f64
      zpl.yield %c : f64
    }
    zpl.assign %A over %S : !zpl.array<2 x f64>, !zpl.region<2> {
      %c = arith.constant 3.0 : f64
      zpl.yield %c : f64
    }
    return
  }

  // A reduction that reads no array runs over its region as it is.
  // CHECK-LABEL: func.func @zp_index_sum()
  // CHECK:         %[[S:.*]] = emitc.load %{{.*}} : <!emitc.opaque<"zrt_region">>
  // CHECK-NOT:     zrt_region_align
  // CHECK:         emitc.call_opaque "zrt_tiles"(%[[S]])
  func.func @index_sum() {
    %S = zpl.get @S : !zpl.region<2>
    %v = zpl.reduce add over %S : !zpl.region<2> -> i64 {
      %i = zpl.index 0
      zpl.yield %i : i64
    }
    return
  }

  func.func @prog() {
    func.call @temps() : () -> ()
    func.call @transfer() : () -> ()
    func.call @fusion() : () -> ()
    func.call @index_sum() : () -> ()
    return
  }
}

// zpl_main: config vars, then grids, distributions (grid 0 for the
// default grid; a run-time block size from the init body), regions bound
// to their distribution or added to the implicit one, every array's
// region (a bound literal binds as it is made), and the arrays last.
// CHECK-LABEL: func.func @zpl_main()
// CHECK:         emitc.call_opaque "zrt_config_done"()
// CHECK:         %[[P:.*]] = emitc.load %{{.*}} : <i64>
// CHECK:         %[[G:.*]] = emitc.call_opaque "zrt_grid_new"(%[[P]], %{{.*}}) {args = [#emitc.opaque<"\22G\22">, 2, 0 : index, 1 : index, 0]}
// CHECK:         %[[GG:.*]] = emitc.get_global @zg_G : !emitc.lvalue<i64>
// CHECK:         emitc.assign %[[G]] : i64 to %[[GG]]
// CHECK:         %[[GD:.*]] = emitc.load %{{.*}} : <i64>
// CHECK:         %[[D:.*]] = emitc.call_opaque "zrt_dist_new"(%[[GD]]) {args = [#emitc.opaque<"\22D\22">, 0 : index, 2, 1, 0, 2, 2, 0, 0]}
// CHECK:         %[[K:.*]] = emitc.load %{{.*}} : <i64>
// CHECK:         %[[GE:.*]] = emitc.load %{{.*}} : <i64>
// CHECK:         emitc.call_opaque "zrt_dist_new"(%[[GE]], %[[K]]) {args = [#emitc.opaque<"\22E\22">, 0 : index, 2, 2, 1 : index, 3, 0, 0, 0]}
// CHECK:         emitc.call_opaque "zrt_dist_new"() {args = [#emitc.opaque<"\22F\22">, 0, 2, 0, 0, 1, 0, 0, 0]}
// CHECK:         %[[SR:.*]] = emitc.call_opaque "zrt_region_make"
// CHECK:         emitc.call_opaque "zrt_region_check"(%[[SR]]) {args = [#emitc.opaque<"\22S\22">, 0 : index]}
// CHECK:         %[[DID:.*]] = emitc.load %{{.*}} : <i64>
// CHECK:         %[[SB:.*]] = emitc.call_opaque "zrt_region_dist"(%[[SR]], %[[DID]])
// CHECK:         %[[SG:.*]] = emitc.get_global @zg_S
// CHECK:         emitc.assign %[[SB]] : !emitc.opaque<"zrt_region"> to %[[SG]]
// CHECK:         %[[RR:.*]] = emitc.call_opaque "zrt_region_make"
// CHECK:         emitc.call_opaque "zrt_dist_add"(%[[RR]])
// CHECK:         %[[CR:.*]] = emitc.call_opaque "zrt_region_make"
// CHECK:         %[[FID:.*]] = emitc.load %{{.*}} : <i64>
// CHECK:         emitc.call_opaque "zrt_region_dist"(%[[CR]], %[[FID]])
// CHECK-NOT:     call_opaque "zrt_region
// CHECK:         emitc.call_opaque "zrt_array_new"({{.*}}) {args = [#emitc.opaque<"\22A\22">
// CHECK:         emitc.call_opaque "zrt_array_new"({{.*}}) {args = [#emitc.opaque<"\22B\22">
// CHECK:         emitc.call_opaque "zrt_array_new"({{.*}}) {args = [#emitc.opaque<"\22B2\22">
// CHECK:         emitc.call_opaque "zrt_array_new"({{.*}}) {args = [#emitc.opaque<"\22C\22">
// CHECK:         call @zp_prog()
