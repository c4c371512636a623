// RUN: %zpl-opt %s --zpl-lower-to-loops | FileCheck %s
// RUN: %zpl-opt %s --zpl-fuse-statements --zpl-lower-to-loops | FileCheck %s --check-prefix=FUSE

// zpl-lower-to-loops on the rest of the language: masks, `by` regions and
// flood dimensions, boundary transfers, partial reductions, scans, floods,
// remaps, local arrays and `var` parameters.

module attributes {zpl.entry = @prog} {
  zpl.config @n : i64 init {
    %c = arith.constant 8 : i64
    zpl.yield %c : i64
  }
  zpl.global @g : i64
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %n = zpl.get @n : i64
    %r = zpl.make_region [%c1 : %n, %c1 : %n] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.region_decl @Col : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %n = zpl.get @n : i64
    %r = zpl.make_region [%c1 : %n, %c1 : %c1] {flood = array<i64: 1>} : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.region_decl @Odd : !zpl.region<2> init {
    %r0 = zpl.get @R : !zpl.region<2>
    %r = zpl.derive by %r0 [2, 1] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 0, 0, 1>} init {
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
  zpl.array_decl @C : !zpl.array<2 x f64> init {
    %r = zpl.get @Col : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @I1 : !zpl.array<2 x i64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @I2 : !zpl.array<2 x i64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }

  // A masked assignment guards the body and the store with the mask
  // element at offset 0; `without` negates the mask of the reduction,
  // whose accumulator passes through the scf.if.
  // CHECK-LABEL: func.func @zp_masked()
  // CHECK:         %[[MB:.*]] = emitc.call_opaque "zrt_array_bool"
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             %[[MR:.*]] = emitc.add %[[MB]], %{{.*}} : (!emitc.ptr<i1>, i64) -> !emitc.ptr<i1>
  // CHECK:             %[[MRC:.*]] = emitc.cast %[[MR]] : !emitc.ptr<i1> to !emitc.opaque<"bool *restrict">
  // CHECK:             emitc.assign %[[MRC]] : !emitc.opaque<"bool *restrict"> to %[[MRV:.*]] :
  // CHECK:             %[[MROW:.*]] = emitc.load %[[MRV]]
  // CHECK:             %[[ML:.*]] = emitc.subscript %[[MROW]][%{{.*}}] : (!emitc.opaque<"bool *restrict">, i64) -> !emitc.lvalue<i1>
  // CHECK:             %[[MV:.*]] = emitc.load %[[ML]] : <i1>
  // CHECK:             scf.if %[[MV]] {
  // CHECK:               emitc.load
  // CHECK:               emitc.assign
  // CHECK:             }
  // CHECK:         emitc.call_opaque "zrt_array_bool"
  // CHECK:         scf.for {{.*}} iter_args
  // CHECK:           scf.for {{.*}} iter_args
  // CHECK:             scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
  // CHECK:               %[[W:.*]] = emitc.load %{{.*}} : <i1>
  // CHECK:               %[[NW:.*]] = emitc.logical_not %[[W]] : i1
  // CHECK:               %[[IF:.*]] = scf.if %[[NW]] -> (f64) {
  // CHECK:                 %[[S:.*]] = arith.addf %[[ACC]], %{{.*}} : f64
  // CHECK:                 scf.yield %[[S]] : f64
  // CHECK:               } else {
  // CHECK:                 scf.yield %[[ACC]] : f64
  // CHECK:               }
  // CHECK:               scf.yield %[[IF]] : f64
  // CHECK:         emitc.call_opaque "zrt_allreduce_f64"
  // Fused: the masked copy joins the reduction (its mask is a read at
  // offset 0); A, stored under the mask, is reloaded by the reduction.
  // FUSE-LABEL: func.func @zp_masked()
  // FUSE:         scf.for
  // FUSE:           scf.for {{.*}} iter_args
  // FUSE:             scf.if %{{.*}} {
  // FUSE:               emitc.assign
  // FUSE:             }
  // FUSE:             emitc.logical_not
  // FUSE:             scf.if %{{.*}} -> (f64) {
  // FUSE:               emitc.subscript
  // FUSE:               emitc.load
  // FUSE:               arith.addf
  // FUSE-NOT:     scf.for
  // FUSE:         emitc.call_opaque "zrt_allreduce_f64"
  // FUSE-LABEL: func.func @zp_steps()
  func.func @masked() -> f64 {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %M = zpl.get @M : !zpl.array<2 x i1>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %A over %R mask %M : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      zpl.yield %b : f64
    }
    %s = zpl.reduce add over %R mask %M : !zpl.array<2 x i1> {without} : !zpl.region<2> -> f64 {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    return %s : f64
  }

  // A region with `by` (Odd = R by [2, 1]): each loop steps by its
  // constant stride, known from the declaration; no zrt_region_step call.
  // CHECK-LABEL: func.func @zp_steps()
  // CHECK-NOT:     zrt_region_step
  // CHECK:         %[[S1:.*]] = arith.constant 1 : i64
  // CHECK:         %[[S0:.*]] = arith.constant 2 : i64
  // CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[S1]] : i64 {
  // CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[S0]] : i64 {
  // CHECK:             scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[S1]] : i64 {
  // CHECK-NOT:         memmove
  // A masked statement with a temporary copies it back under the mask.
  // CHECK-LABEL: func.func @zp_masked_shift()
  // CHECK:         %[[T:.*]] = emitc.call_opaque "zrt_array_temp"
  // CHECK:         scf.if
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             scf.if
  // CHECK-NOT:     memmove
  // CHECK:         emitc.call_opaque "zrt_array_free"(%[[T]])
  func.func @steps() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %O = zpl.get @Odd : !zpl.region<2>
    zpl.assign %A over %O : !zpl.array<2 x f64>, !zpl.region<2> {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      zpl.yield %b : f64
    }
    return
  }
  func.func @masked_shift() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %M = zpl.get @M : !zpl.array<2 x i1>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %A over %R mask %M : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
      %b = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %b : f64
    }
    return
  }

  // Boundary transfers: im_wrap / im_reflect on their static handles.
  // CHECK-LABEL: func.func @zp_bound()
  // CHECK:         %[[H0:.*]] = emitc.call_opaque "im_wrap"(%{{.*}}, %{{.*}}, %{{.*}}) {args = [0 : index, 0, 1 : index, 2 : index, 0, 1, 0]}
  // CHECK:         emitc.assign %[[H0]] : {{.*}} to %{{.*}}
  // CHECK:         emitc.call_opaque "im_dr"(%[[H0]])
  // CHECK:         emitc.call_opaque "im_sv"(%[[H0]])
  // CHECK:         %[[H1:.*]] = emitc.call_opaque "im_reflect"(%{{.*}}, %{{.*}}, %{{.*}}) {args = [0 : index, 1, 1 : index, 2 : index, -1, 0, 0]}
  // CHECK:         emitc.call_opaque "im_dn"(%[[H1]])
  func.func @bound() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %t0 = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 0 : i64, kind = #ironman.kind<wrap>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t0
    ironman.sr %t0
    ironman.dn %t0
    ironman.sv %t0
    %t1 = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 1 : i64, kind = #ironman.kind<reflect>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t1
    ironman.sr %t1
    ironman.dn %t1
    ironman.sv %t1
    return
  }

  // Partial reduction, scan and flood: a nest over the source region,
  // aligned with the destination (the begin call gets the same aligned
  // region), filling the collection buffer at offset + i*s0 + j*s1.
  // CHECK-LABEL: func.func @zp_collect()
  // CHECK:         %[[K:.*]] = emitc.call_opaque "zrt_region_make"
  // CHECK:         %[[R:.*]] = emitc.call_opaque "zrt_region_align"(%{{.*}}, %[[B:[0-9]+]])
  // CHECK:         %[[H:.*]] = emitc.call_opaque "zrt_preduce_begin"(%[[B]], %[[K]], %[[R]]) {args = [0 : index, 1 : index, 2 : index, 0]} : ({{.*}}) -> !emitc.ptr<!emitc.opaque<"zrt_collect">>
  // CHECK:         emitc.call_opaque "zrt_array_check"(%{{.*}}, %[[R]]) {args = [0 : index, 1 : index, 0, 1, 0]}
  // CHECK:         %[[BUF:.*]] = emitc.call_opaque "zrt_collect_f64"(%[[H]])
  // CHECK:         %[[OFF:.*]] = emitc.call_opaque "zrt_collect_offset"(%[[H]])
  // CHECK:         %[[CS0:.*]] = emitc.call_opaque "zrt_collect_stride"(%[[H]]) {args = [0 : index, 0]}
  // CHECK:         %[[CS1:.*]] = emitc.call_opaque "zrt_collect_stride"(%[[H]]) {args = [0 : index, 1]}
  // CHECK:         emitc.call_opaque "zrt_tiles"(%[[R]])
  // CHECK:         scf.for
  // CHECK:           emitc.call_opaque "zrt_tile_lo"(%[[R]]
  // CHECK:         scf.for %[[I:.*]] = 
  // CHECK:           scf.for %[[J:.*]] = 
  // CHECK:             %[[V:.*]] = emitc.load
  // CHECK:             %[[X0:.*]] = emitc.mul %[[I]], %[[CS0]]
  // CHECK:             %[[X1:.*]] = emitc.add %[[OFF]], %[[X0]]
  // CHECK:             %[[X2:.*]] = emitc.mul %[[J]], %[[CS1]]
  // CHECK:             %[[X:.*]] = emitc.add %[[X1]], %[[X2]]
  // CHECK:             %[[LV:.*]] = emitc.subscript %[[BUF]][%[[X]]]
  // CHECK:             %[[OLD:.*]] = emitc.load %[[LV]]
  // CHECK:             %[[NEW:.*]] = arith.addf %[[OLD]], %[[V]]
  // CHECK:             emitc.assign %[[NEW]] : f64 to %[[LV]]
  // CHECK:         emitc.call_opaque "zrt_preduce_end"(%[[H]])
  // CHECK:         %[[RS:.*]] = emitc.call_opaque "zrt_region_align"(%{{.*}}, %[[B]])
  // CHECK:         %[[HS:.*]] = emitc.call_opaque "zrt_scan_begin"(%[[B]], %[[RS]]) {args = [0 : index, 1 : index, 2, -1]}
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             scf.for
  // CHECK:               %[[SV:.*]] = emitc.load
  // CHECK:               %[[SL:.*]] = emitc.subscript
  // CHECK-NEXT:          emitc.assign %[[SV]] : f64 to %[[SL]]
  // CHECK:         emitc.call_opaque "zrt_scan_end"(%[[HS]])
  // CHECK:         %[[KA:.*]] = emitc.call_opaque "zrt_region_align"(%[[K]], %[[C:[0-9]+]])
  // CHECK:         %[[HF:.*]] = emitc.call_opaque "zrt_flood_begin"(%[[C]], %{{.*}}, %[[KA]])
  // CHECK:         emitc.call_opaque "zrt_tiles"(%[[KA]])
  // CHECK:         emitc.call_opaque "zrt_flood_end"(%[[HF]])
  func.func @collect() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %C = zpl.get @C : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %Col = zpl.get @Col : !zpl.region<2>
    %c1 = arith.constant 1 : i64
    %n = zpl.get @n : i64
    %K = zpl.make_region [%c1 : %n, %c1 : %c1] : !zpl.region<2>
    zpl.reduce_partial add %B over %K from %R : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
      %a = zpl.read %A [0, 1] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    zpl.scan max %B over %R dim -1 : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    zpl.flood %C over %Col from %K : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    return
  }

  // Remaps without zpl-gen-comm: a transfer handle (im_remap: cached handle,
  // id, IM_GATHER 0 / IM_SCATTER 1, dst, region, src, index arrays, NULL for
  // the unused one; im_transpose: the permutation and IM_LOADS 0) and its
  // four state calls in place.
  // CHECK-LABEL: func.func @zp_remaps()
  // CHECK:         %[[NULL:.*]] = emitc.literal "NULL" : !emitc.ptr<!emitc.opaque<"zrt_array">>
  // CHECK:         %[[H0:.*]] = emitc.load %{{.*}} : <!emitc.ptr<!emitc.opaque<"im_transfer">>>
  // CHECK:         %[[G:.*]] = emitc.call_opaque "im_remap"(%[[H0]], %[[A:.*]], %[[R:.*]], %[[B:.*]], %[[I1:.*]], %[[I2:.*]], %[[NULL]]) {args = [0 : index, 2, 0, 1 : index, 2 : index, 3 : index, 4 : index, 5 : index, 6 : index]}
  // CHECK:         emitc.call_opaque "im_dr"(%[[G]])
  // CHECK-NEXT:    emitc.call_opaque "im_sr"(%[[G]])
  // CHECK-NEXT:    emitc.call_opaque "im_dn"(%[[G]])
  // CHECK-NEXT:    emitc.call_opaque "im_sv"(%[[G]])
  // CHECK:         emitc.call_opaque "im_remap"(%{{.*}}, %[[A]], %[[R]], %[[B]], %[[I2]], %[[I1]], %{{.*}}) {args = [0 : index, 3, 1, 1 : index, 2 : index, 3 : index, 4 : index, 5 : index, 6 : index]}
  // CHECK:         %[[T:.*]] = emitc.call_opaque "im_transpose"(%{{.*}}, %[[B]], %[[R]], %[[A]]) {args = [0 : index, 4, 1 : index, 2 : index, 3 : index, 2, 1, 0, 0]}
  // CHECK:         emitc.call_opaque "im_dr"(%[[T]])
  func.func @remaps() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %I1 = zpl.get @I1 : !zpl.array<2 x i64>
    %I2 = zpl.get @I2 : !zpl.array<2 x i64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.remap gather %A from %B over %R [%I1, %I2] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>]
    zpl.remap scatter %A from %B over %R [%I2, %I1] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>]
    zpl.remap gather %B from %A over %R transpose [2, 1] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>
    return
  }

  // An array parameter's region; loops over it cannot assume step 1.
  // CHECK-LABEL: func.func @zp_use(%{{.*}}: !emitc.ptr<!emitc.opaque<"zrt_array">>) -> f64
  // CHECK:         %[[RR:.*]] = emitc.call_opaque "zrt_array_region"(%arg0)
  // CHECK:         %[[RA:.*]] = emitc.call_opaque "zrt_region_align"(%[[RR]], %arg0)
  // CHECK:         emitc.call_opaque "zrt_region_step"(%[[RA]]) {args = [0 : index, 0]}
  func.func @use(%X : !zpl.array<2 x f64>) -> f64 {
    %R = zpl.array_region %X : !zpl.array<2 x f64> -> !zpl.region<2>
    %s = zpl.reduce add over %R : !zpl.region<2> -> f64 {
      %x = zpl.read %X [0, 0] : !zpl.array<2 x f64>
      zpl.yield %x : f64
    }
    return %s : f64
  }

  // Local arrays: allocated with their inferred fluff, passed as
  // zrt_array *, freed; statements on them are not fused (untraceable).
  // CHECK-LABEL: func.func @zp_locals()
  // CHECK:         %[[T:.*]] = emitc.call_opaque "zrt_array_new"(%{{.*}}) {args = [#emitc.opaque<"\22T\22">, 0 : index, 1, 0, 1, 1, 0, 0, 0]}
  // CHECK:         call @zp_use(%[[T]])
  // CHECK:         emitc.call_opaque "zrt_array_free"(%[[T]])
  // FUSE-LABEL: func.func @zp_locals()
  // FUSE:         scf.for
  // FUSE:         scf.for
  func.func @locals() -> f64 {
    %R = zpl.get @R : !zpl.region<2>
    %T = zpl.local_array "T" over %R {fluff = array<i64: 0, 1, 1, 0>} : !zpl.region<2> -> !zpl.array<2 x f64>
    zpl.assign %T over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %c = arith.constant 2.0 : f64
      zpl.yield %c : f64
    }
    %t = zpl.reduce add over %R : !zpl.region<2> -> f64 {
      %x = zpl.read %T [0, 0] : !zpl.array<2 x f64>
      zpl.yield %x : f64
    }
    %s = func.call @use(%T) : (!zpl.array<2 x f64>) -> f64
    zpl.free_array %T : !zpl.array<2 x f64>
    %u = arith.addf %s, %t : f64
    return %u : f64
  }

  // `var` parameters are pointers, read and written through [0]; passed
  // on unchanged; a local or a global is passed by address.
  // CHECK-LABEL: func.func @zp_inc2(%arg0: !emitc.ptr<i64>)
  // CHECK:         %[[Z:.*]] = arith.constant 0 : i64
  // CHECK:         %[[P:.*]] = emitc.subscript %arg0[%[[Z]]] : (!emitc.ptr<i64>, i64) -> !emitc.lvalue<i64>
  // CHECK:         %[[V:.*]] = emitc.load %[[P]] : <i64>
  // CHECK:         %[[Q:.*]] = emitc.subscript %arg0[%{{.*}}] : (!emitc.ptr<i64>, i64) -> !emitc.lvalue<i64>
  // CHECK:         emitc.assign %{{.*}} : i64 to %[[Q]]
  // CHECK-LABEL: func.func @zp_inc(%arg0: !emitc.ptr<i64>, %arg1: !emitc.ptr<i64>)
  // CHECK:         call @zp_inc2(%arg1) : (!emitc.ptr<i64>) -> ()
  // CHECK-LABEL: func.func @zp_prog()
  // CHECK:         %[[K:.*]] = "emitc.variable"() <{value = 0 : i64}> : () -> !emitc.lvalue<i64>
  // CHECK:         %[[G:.*]] = emitc.get_global @zg_g : !emitc.lvalue<i64>
  // CHECK:         %[[KA:.*]] = emitc.apply "&"(%[[K]]) : (!emitc.lvalue<i64>) -> !emitc.ptr<i64>
  // CHECK:         %[[GA:.*]] = emitc.apply "&"(%[[G]]) : (!emitc.lvalue<i64>) -> !emitc.ptr<i64>
  // CHECK:         call @zp_inc(%[[KA]], %[[GA]]) : (!emitc.ptr<i64>, !emitc.ptr<i64>) -> ()
  // CHECK:         emitc.load %[[K]] : <i64>
  func.func @inc(%x : !zpl.ref<i64>, %y : !zpl.ref<i64>) {
    %v = zpl.load %x : !zpl.ref<i64>
    %c = arith.constant 1 : i64
    %w = arith.addi %v, %c : i64
    zpl.store %w, %x : !zpl.ref<i64>
    func.call @inc2(%y) : (!zpl.ref<i64>) -> ()
    return
  }
  func.func @inc2(%x : !zpl.ref<i64>) {
    %v = zpl.load %x : !zpl.ref<i64>
    %c = arith.constant 2 : i64
    %w = arith.addi %v, %c : i64
    zpl.store %w, %x : !zpl.ref<i64>
    return
  }

  // zpl_main comes last. Every declared region is checked (not empty)
  // before zrt_dist_add; a flood dimension is marked on the made region;
  // `by` derives.
  // CHECK-LABEL: func.func @zpl_main()
  // CHECK:         %[[R:.*]] = emitc.call_opaque "zrt_region_make"
  // CHECK:         emitc.call_opaque "zrt_region_check"(%[[R]]) {args = [#emitc.opaque<"\22R\22">, 0 : index]}
  // CHECK-NEXT:    emitc.call_opaque "zrt_dist_add"(%[[R]])
  // CHECK:         %[[C0:.*]] = emitc.call_opaque "zrt_region_make"(%{{.*}}) {args = [2, 0 : index, 1 : index, 2 : index, 3 : index, 0, 0]}
  // CHECK-NEXT:    %[[C:.*]] = emitc.call_opaque "zrt_region_flood"(%[[C0]]) {args = [0 : index, 1]}
  // CHECK:         emitc.call_opaque "zrt_region_check"(%[[C]]) {args = [#emitc.opaque<"\22Col\22">, 0 : index]}
  // CHECK-NEXT:    emitc.call_opaque "zrt_dist_add"(%[[C]])
  // CHECK:         %[[O:.*]] = emitc.call_opaque "zrt_region_by"(%{{.*}}) {args = [0 : index, 2, 1, 0]}
  // CHECK:         emitc.call_opaque "zrt_region_check"(%[[O]]) {args = [#emitc.opaque<"\22Odd\22">, 0 : index]}
  // CHECK-NEXT:    emitc.call_opaque "zrt_dist_add"(%[[O]])

  func.func @prog() {
    %k = zpl.alloca "k" : !zpl.ref<i64>
    %g = zpl.address_of @g : !zpl.ref<i64>
    func.call @inc(%k, %g) : (!zpl.ref<i64>, !zpl.ref<i64>) -> ()
    %v = zpl.load %k : !zpl.ref<i64>
    zpl.write %v : i64
    %m = func.call @masked() : () -> f64
    zpl.write %m : f64
    func.call @steps() : () -> ()
    func.call @masked_shift() : () -> ()
    func.call @bound() : () -> ()
    func.call @collect() : () -> ()
    func.call @remaps() : () -> ()
    %l = func.call @locals() : () -> f64
    zpl.write %l : f64
    zpl.writeln
    return
  }
}
