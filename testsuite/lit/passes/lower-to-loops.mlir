// RUN: %zpl-opt %s --zpl-lower-to-loops | FileCheck %s

// zpl-lower-to-loops: statements become loop nests over each PE's block,
// declarations become emitc globals initialised by zpl_main, transfers and
// I/O become runtime calls.

// Globals first, with C-safe names (zg_ declarations, zt_ transfer
// handles; procedures get zp_), zero or NULL initialised.
// CHECK-DAG: emitc.global @zt_7 : !emitc.ptr<!emitc.opaque<"im_transfer">> = #emitc.opaque<"NULL">
// CHECK-DAG: emitc.global @zt_8 : !emitc.ptr<!emitc.opaque<"im_transfer">> = #emitc.opaque<"NULL">
// CHECK-DAG: emitc.global @zg_n : i64 = 0
// CHECK-DAG: emitc.global @zg_h : f64 = 0.000000e+00
// CHECK-DAG: emitc.global @zg_verbose : i1 = false
// CHECK-DAG: emitc.global @zg_R : !emitc.opaque<"zrt_region">
// CHECK-DAG: emitc.global @zg_A : !emitc.ptr<!emitc.opaque<"zrt_array">> = #emitc.opaque<"NULL">

module attributes {zpl.entry = @prog} {
  zpl.config @n : i64 init {
    %c = arith.constant 8 : i64
    zpl.yield %c : i64
  }
  zpl.config @h : f64 init {
    %c = arith.constant 5.000000e-01 : f64
    zpl.yield %c : f64
  }
  zpl.config @verbose : i1 init {
    %c = arith.constant false
    zpl.yield %c : i1
  }
  zpl.global @two : i64 constant init {
    %c = arith.constant 2 : i64
    zpl.yield %c : i64
  }
  zpl.global @s : f64
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %n = zpl.get @n : i64
    %r = zpl.make_region [%c1 : %n, %c1 : %n] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.region_decl @L : !zpl.region<1> init {
    %c1 = arith.constant 1 : i64
    %n = zpl.get @n : i64
    %r = zpl.make_region [%c1 : %n] : !zpl.region<1>
    zpl.yield %r : !zpl.region<1>
  }
  zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 0, 2>} init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @B : !zpl.array<2 x f64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @V : !zpl.array<1 x i64> init {
    %r = zpl.get @L : !zpl.region<1>
    zpl.yield %r : !zpl.region<1>
  }

  // A := A@west needs a temporary: every read sees the old A. The region
  // is aligned with A; the nest runs inside a loop over this PE's tiles,
  // with the tile's bounds and the arrays' tile offsets per tile and the
  // strides hoisted before it.
  // CHECK-LABEL: func.func @zp_shift_self()
  // CHECK:         %[[A:.*]] = emitc.load %{{.*}} : <!emitc.ptr<!emitc.opaque<"zrt_array">>>
  // CHECK:         %[[R0:.*]] = emitc.load %{{.*}} : <!emitc.opaque<"zrt_region">>
  // CHECK:         %[[R:.*]] = emitc.call_opaque "zrt_region_align"(%[[R0]], %[[A]])
  // CHECK:         emitc.call_opaque "zrt_array_check"(%[[A]], %[[R]]) {args = [0 : index, 1 : index, 0, -1, 0]}
  // CHECK:         %[[T:.*]] = emitc.call_opaque "zrt_array_temp"(%[[A]])
  // CHECK-DAG:     %[[TB:.*]] = emitc.call_opaque "zrt_array_f64"(%[[T]]) : {{.*}} -> !emitc.ptr<f64>
  // CHECK-DAG:     %[[TS:.*]] = emitc.call_opaque "zrt_array_stride"(%[[T]]) {args = [0 : index, 0]}
  // CHECK-DAG:     %[[AB:.*]] = emitc.call_opaque "zrt_array_f64"(%[[A]])
  // CHECK-DAG:     %[[AS:.*]] = emitc.call_opaque "zrt_array_stride"(%[[A]]) {args = [0 : index, 0]}
  // CHECK:         %[[NT:.*]] = emitc.call_opaque "zrt_tiles"(%[[R]])
  // CHECK:         scf.for %[[TI:.*]] = %{{.*}} to %[[NT]] step %{{.*}} : i64 {
  // CHECK:           %[[LO0:.*]] = emitc.call_opaque "zrt_tile_lo"(%[[R]], %[[TI]]) {args = [0 : index, 1 : index, 0]}
  // CHECK:           %[[HI0:.*]] = emitc.call_opaque "zrt_tile_hi"(%[[R]], %[[TI]]) {args = [0 : index, 1 : index, 0]}
  // CHECK:           %[[UB0:.*]] = emitc.add %[[HI0]], %{{.*}} : (i64, i64) -> i64
  // CHECK:           %[[LO1:.*]] = emitc.call_opaque "zrt_tile_lo"(%[[R]], %[[TI]]) {args = [0 : index, 1 : index, 1]}
  // CHECK:           %[[HI1:.*]] = emitc.call_opaque "zrt_tile_hi"(%[[R]], %[[TI]]) {args = [0 : index, 1 : index, 1]}
  // CHECK:           %[[UB1:.*]] = emitc.add %[[HI1]], %{{.*}} : (i64, i64) -> i64
  // CHECK:           %[[TO:.*]] = emitc.call_opaque "zrt_array_tile_offset"(%[[T]], %[[R]], %[[TI]])
  // CHECK:           %[[AO:.*]] = emitc.call_opaque "zrt_array_tile_offset"(%[[A]], %[[R]], %[[TI]])
  // CHECK:           scf.for %[[I:.*]] = %[[LO0]] to %[[UB0]] step %{{.*}} : i64 {
  // A pointer per row, `T *restrict` (the temporary and A are distinct),
  // kept in a variable; the innermost loop indexes it with j (+ offset).
  // CHECK:             %[[TR:.*]] = emitc.mul %[[I]], %[[TS]]
  // CHECK:             %[[TROW:.*]] = emitc.add %[[TO]], %[[TR]]
  // CHECK:             %[[AR:.*]] = emitc.mul %[[I]], %[[AS]]
  // CHECK:             %[[AROW:.*]] = emitc.add %[[AO]], %[[AR]]
  // CHECK:             %[[TP:.*]] = emitc.add %[[TB]], %[[TROW]] : (!emitc.ptr<f64>, i64) -> !emitc.ptr<f64>
  // CHECK:             %[[TPR:.*]] = emitc.cast %[[TP]] : !emitc.ptr<f64> to !emitc.opaque<"double *restrict">
  // CHECK:             %[[TV:.*]] = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<!emitc.opaque<"double *restrict">>
  // CHECK:             emitc.assign %[[TPR]] : !emitc.opaque<"double *restrict"> to %[[TV]]
  // CHECK:             %[[TRL:.*]] = emitc.load %[[TV]]
  // CHECK:             %[[AP:.*]] = emitc.add %[[AB]], %[[AROW]]
  // CHECK:             %[[APR:.*]] = emitc.cast %[[AP]]
  // CHECK:             %[[AV:.*]] = "emitc.variable"()
  // CHECK:             emitc.assign %[[APR]] : !emitc.opaque<"double *restrict"> to %[[AV]]
  // CHECK:             %[[ARL:.*]] = emitc.load %[[AV]]
  // CHECK:             scf.for %[[J:.*]] = %[[LO1]] to %[[UB1]] step %{{.*}} : i64 {
  // CHECK:               %[[AI:.*]] = emitc.add %[[J]], %{{.*}} : (i64, i64) -> i64
  // CHECK:               %[[SRC:.*]] = emitc.subscript %[[ARL]][%[[AI]]] : (!emitc.opaque<"double *restrict">, i64) -> !emitc.lvalue<f64>
  // CHECK:               %[[X:.*]] = emitc.load %[[SRC]]
  // CHECK:               %[[DST:.*]] = emitc.subscript %[[TRL]][%[[J]]]
  // CHECK:               emitc.assign %[[X]] : f64 to %[[DST]]
  // Then the temporary is copied back (rows with memmove, tile by tile)
  // and freed.
  // CHECK:         emitc.call_opaque "zrt_tiles"(%[[R]])
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             emitc.call_opaque "memmove"
  // CHECK:         emitc.call_opaque "zrt_array_free"(%[[T]])
  // CHECK:         return
  func.func @shift_self() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %w = zpl.read %A [0, -1] : !zpl.array<2 x f64>
      zpl.yield %w : f64
    }
    return
  }

  // In place: B := B + A@north * Index2; no temporary.
  // CHECK-LABEL: func.func @zp_in_place()
  // CHECK-NOT:     zrt_array_temp
  // CHECK:         emitc.call_opaque "zrt_array_check"({{.*}}) {args = [0 : index, 1 : index, -1, 0, 0]}
  // CHECK:         scf.for %{{.*}} = {{.*}} : i64 {
  // CHECK:           scf.for %{{.*}} = {{.*}} : i64 {
  // CHECK:             scf.for %[[J:.*]] = {{.*}} : i64 {
  // CHECK:               emitc.load
  // CHECK:               emitc.load
  // CHECK:               arith.sitofp %[[J]] : i64 to f64
  // CHECK:               arith.mulf
  // CHECK:               arith.addf
  // CHECK:               emitc.assign
  // CHECK-NOT:     zrt_array_free
  // CHECK:         return
  func.func @in_place() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      %a = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      %j = zpl.index 1
      %jf = arith.sitofp %j : i64 to f64
      %p = arith.mulf %a, %jf : f64
      %s = arith.addf %b, %p : f64
      zpl.yield %s : f64
    }
    return
  }

  // Reductions: an accumulator through the tiles and the nest, then the
  // allreduce. A real max<< keeps the maximum of the elements' order keys
  // (an i64 max C compilers vectorise), converted back once.
  // CHECK-LABEL: func.func @zp_reductions()
  // CHECK:         %[[INF:.*]] = arith.constant 0xFFF0000000000000 : f64
  // CHECK:         %[[INFK:.*]] = emitc.call_opaque "zrt_max_key_f64"(%[[INF]]) : (f64) -> i64
  // CHECK:         %[[TILES:.*]] = scf.for {{.*}} iter_args(%[[ACC0:.*]] = %[[INFK]]) -> (i64) : i64 {
  // CHECK:           %[[OUT:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ACC0]]) -> (i64) : i64 {
  // CHECK:             %[[IN:.*]] = scf.for {{.*}} iter_args(%[[ACC2:.*]] = %[[ACC]]) -> (i64) : i64 {
  // CHECK:               %[[V:.*]] = emitc.load %{{.*}} : <f64>
  // CHECK:               %[[K:.*]] = emitc.call_opaque "zrt_max_key_f64"(%[[V]]) : (f64) -> i64
  // CHECK:               %[[GT:.*]] = emitc.cmp gt, %[[K]], %[[ACC2]] : (i64, i64) -> i1
  // CHECK:               %[[MAX:.*]] = emitc.conditional %[[GT]], %[[K]], %[[ACC2]] : i64
  // CHECK:               scf.yield %[[MAX]] : i64
  // CHECK:             scf.yield %[[IN]] : i64
  // CHECK:           scf.yield %[[OUT]] : i64
  // CHECK:         %[[LOCAL:.*]] = emitc.call_opaque "zrt_key_f64"(%[[TILES]]) : (i64) -> f64
  // CHECK:         %[[ALL:.*]] = emitc.call_opaque "zrt_allreduce_f64"(%[[LOCAL]]) {args = [2, 0 : index]} : (f64) -> f64
  // CHECK:         %[[SG:.*]] = emitc.get_global @zg_s : !emitc.lvalue<f64>
  // CHECK:         emitc.assign %[[ALL]] : f64 to %[[SG]]
  // Integer sum of a rank-1 array: one loop, identity 0.
  // CHECK-DAG:     %[[Z:.*]] = arith.constant 0 : i64
  // CHECK-DAG:     %[[VB:.*]] = emitc.call_opaque "zrt_array_i64"({{.*}}) : {{.*}} -> !emitc.ptr<i64>
  // CHECK-NOT:     zrt_array_stride
  // CHECK:         %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[A0:.*]] = %[[Z]]) -> (i64) : i64 {
  // CHECK:           emitc.add %[[VB]], %{{.*}} : (!emitc.ptr<i64>, i64) -> !emitc.ptr<i64>
  // CHECK:           scf.for {{.*}} iter_args(%[[A1:.*]] = %[[A0]]) -> (i64) : i64 {
  // CHECK:             emitc.subscript
  // CHECK:             arith.addi %[[A1]], %{{.*}} : i64
  // CHECK:         emitc.call_opaque "zrt_allreduce_i64"(%[[SUM]]) {args = [0, 0 : index]}
  // Boolean or<<: a byte accumulator (C compilers do not vectorise a
  // reduction of bools), cast back once.
  // CHECK:         %[[F:.*]] = arith.constant 0 : i8
  // CHECK:         %[[BOR:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[F]]) -> (i8)
  // CHECK:           %[[BYTE:.*]] = emitc.cast %{{.*}} : i1 to i8
  // CHECK:           emitc.bitwise_or %{{.*}}, %[[BYTE]] : (i8, i8) -> i8
  // CHECK:         %[[BV:.*]] = emitc.cast %[[BOR]] : i8 to i1
  // CHECK:         emitc.call_opaque "zrt_allreduce_bool"(%[[BV]]) {args = [5, 0 : index]} : (i1) -> i1
  func.func @reductions() -> i1 {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %m = zpl.reduce max over %R : !zpl.region<2> -> f64 {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    zpl.set @s, %m : f64
    %V = zpl.get @V : !zpl.array<1 x i64>
    %L = zpl.get @L : !zpl.region<1>
    %t = zpl.reduce add over %L : !zpl.region<1> -> i64 {
      %v = zpl.read %V [0] : !zpl.array<1 x i64>
      zpl.yield %v : i64
    }
    zpl.write %t : i64
    %any = zpl.reduce or over %L : !zpl.region<1> -> i1 {
      %v = zpl.read %V [0] : !zpl.array<1 x i64>
      %two = zpl.get @two : i64
      %c = arith.cmpi sgt, %v, %two : i64
      zpl.yield %c : i1
    }
    return %any : i1
  }

  // max<< of an absolute value keys on its bits (zrt_max_key_abs_f64: the
  // sign bit is clear, a NaN's bits lie above +inf's); min<< of one, and
  // max<< of anything else, keep the general key.
  // CHECK-LABEL: func.func @zp_abs_reductions()
  // CHECK:         scf.for
  // CHECK:           %[[D:.*]] = math.absf %{{.*}} : f64
  // CHECK-NEXT:      %[[K:.*]] = emitc.call_opaque "zrt_max_key_abs_f64"(%[[D]]) : (f64) -> i64
  // CHECK:         emitc.call_opaque "zrt_allreduce_f64"
  // CHECK:         scf.for
  // CHECK:           %[[E:.*]] = math.absf %{{.*}} : f64
  // CHECK-NEXT:      %{{.*}} = emitc.call_opaque "zrt_min_key_f64"(%[[E]]) : (f64) -> i64
  // CHECK:         emitc.call_opaque "zrt_allreduce_f64"
  // CHECK:         scf.for
  // CHECK:           %[[N:.*]] = arith.negf %{{.*}} : f64
  // CHECK-NEXT:      %{{.*}} = emitc.call_opaque "zrt_max_key_f64"(%[[N]]) : (f64) -> i64
  // CHECK-NOT:     zrt_max_key_abs_f64
  // CHECK:         return
  func.func @abs_reductions() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %hi = zpl.reduce max over %R : !zpl.region<2> -> f64 {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %d = math.absf %a : f64
      zpl.yield %d : f64
    }
    zpl.set @s, %hi : f64
    %lo = zpl.reduce min over %R : !zpl.region<2> -> f64 {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %d = math.absf %a : f64
      zpl.yield %d : f64
    }
    zpl.set @s, %lo : f64
    %neg = zpl.reduce max over %R : !zpl.region<2> -> f64 {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %a : f64
      zpl.yield %n : f64
    }
    zpl.set @s, %neg : f64
    return
  }

  // Transfers get a static handle each; the state ops call the runtime.
  // CHECK-LABEL: func.func @zp_comm()
  // CHECK:         %[[H0:.*]] = emitc.get_global @zt_7 : !emitc.lvalue<!emitc.ptr<!emitc.opaque<"im_transfer">>>
  // CHECK:         %[[C0:.*]] = emitc.load %[[H0]]
  // CHECK:         %[[T:.*]] = emitc.call_opaque "im_halo"(%[[C0]], %{{.*}}, %{{.*}}) {args = [0 : index, 7, 1 : index, 2 : index, -1, 0, 0]}
  // CHECK:         %[[H1:.*]] = emitc.get_global @zt_7
  // CHECK:         emitc.assign %[[T]] : !emitc.ptr<!emitc.opaque<"im_transfer">> to %[[H1]]
  // CHECK:         emitc.call_opaque "im_dr"(%[[T]])
  // CHECK:         emitc.call_opaque "im_sr"(%[[T]])
  // CHECK:         emitc.call_opaque "im_dn"(%[[T]])
  // CHECK:         emitc.call_opaque "im_sv"(%[[T]])
  // A transfer without an id is numbered after the largest one.
  // CHECK:         emitc.get_global @zt_8
  // CHECK:         emitc.call_opaque "im_halo"({{.*}}) {args = [0 : index, 8, 1 : index, 2 : index, 0, 1, 0]}
  func.func @comm() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 7 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t
    ironman.sr %t
    ironman.dn %t
    ironman.sv %t
    %u = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %u
    ironman.sr %u
    ironman.dn %u
    ironman.sv %u
    return
  }

  // Scalars, regions and output.
  // CHECK-LABEL: func.func @zp_misc()
  // CHECK:         %[[X:.*]] = "emitc.variable"() <{value = 0 : i64}> : () -> !emitc.lvalue<i64>
  // CHECK:         emitc.call_opaque "zrt_region_in"(%{{.*}}) {args = [0 : index, 0, 1, 0]}
  // CHECK:         emitc.call_opaque "zrt_region_at"(%{{.*}}) {args = [0 : index, 1, 1, 0]}
  // CHECK:         emitc.assign %{{.*}} : i64 to %[[X]]
  // CHECK:         %[[XV:.*]] = emitc.load %[[X]] : <i64>
  // CHECK:         emitc.call_opaque "zrt_write_i64"(%[[XV]]) {args = [0 : index, #emitc.opaque<"\22%5lld\22">]}
  // CHECK:         emitc.call_opaque "zrt_write_str"() {args = [#emitc.opaque<"\22a \\\22q\\\22\\n\\t\\\\ b?\\?=\\001\22">]}
  // CHECK:         emitc.call_opaque "zrt_write_bool"(%{{.*}}) {args = [0 : index, #emitc.opaque<"\22\22">]}
  // CHECK:         emitc.call_opaque "zrt_write_array"(%{{.*}}, %{{.*}}) {args = [0 : index, 1 : index, #emitc.opaque<"\22%.2f\22">]}
  // CHECK:         emitc.call_opaque "zrt_writeln"()
  // CHECK:         %[[T:.*]] = emitc.call_opaque "zrt_timer"() : () -> f64
  // CHECK-NEXT:    emitc.call_opaque "zrt_write_f64"(%[[T]])
  // CHECK:         emitc.call_opaque "zrt_halt"()
  // CHECK:         call @zp_shift_self() : () -> ()
  func.func @misc() {
    %x = zpl.alloca "x" : !zpl.ref<i64>
    %R = zpl.get @R : !zpl.region<2>
    %in = zpl.derive in %R [0, 1] : !zpl.region<2>
    %at = zpl.derive at %in [1, 1] : !zpl.region<2>
    %c3 = arith.constant 3 : i64
    zpl.store %c3, %x : !zpl.ref<i64>
    %xv = zpl.load %x : !zpl.ref<i64>
    zpl.write %xv {format = "%5lld"} : i64
    zpl.write_str "a \"q\"\n\t\\ b??=\01"
    %v = zpl.get @verbose : i1
    zpl.write %v : i1
    %A = zpl.get @A : !zpl.array<2 x f64>
    zpl.write_array %A over %at {format = "%.2f"} : !zpl.array<2 x f64>, !zpl.region<2>
    zpl.writeln
    %t = zpl.timer
    zpl.write %t : f64
    zpl.halt
    func.call @shift_self() : () -> ()
    return
  }

  func.func @prog() {
    func.call @misc() : () -> ()
    %r = func.call @reductions() : () -> i1
    func.call @comm() : () -> ()
    func.call @in_place() : () -> ()
    return
  }
}

// zpl_main: configs, one zrt_config_done, the scalars, the regions (each
// checked, then added to the implicit distribution of its rank) and the
// arrays, then the entry procedure.
// CHECK-LABEL: func.func @zpl_main()
// CHECK:         %[[C8:.*]] = arith.constant 8 : i64
// CHECK:         %[[N:.*]] = emitc.call_opaque "zrt_config_i64"(%[[C8]]) {args = [#emitc.opaque<"\22n\22">, 0 : index]} : (i64) -> i64
// CHECK:         %[[NG:.*]] = emitc.get_global @zg_n : !emitc.lvalue<i64>
// CHECK:         emitc.assign %[[N]] : i64 to %[[NG]]
// CHECK:         emitc.call_opaque "zrt_config_f64"({{.*}}) {args = [#emitc.opaque<"\22h\22">, 0 : index]}
// CHECK:         emitc.call_opaque "zrt_config_bool"({{.*}}) {args = [#emitc.opaque<"\22verbose\22">, 0 : index]}
// CHECK-NEXT:    emitc.get_global @zg_verbose
// CHECK-NEXT:    emitc.assign
// CHECK-NEXT:    emitc.call_opaque "zrt_config_done"() : () -> ()
// CHECK-NOT:     zrt_config_done
// CHECK:         emitc.get_global @zg_two
// CHECK:         %[[RR:.*]] = emitc.call_opaque "zrt_region_make"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {args = [2, 0 : index, 1 : index, 2 : index, 3 : index, 0, 0]}
// CHECK:         emitc.call_opaque "zrt_region_check"(%[[RR]])
// CHECK:         emitc.call_opaque "zrt_dist_add"(%[[RR]])
// CHECK:         emitc.get_global @zg_R
// CHECK:         %[[RL:.*]] = emitc.call_opaque "zrt_region_make"(%{{.*}}, %{{.*}}) {args = [1, 0 : index, 1 : index, 0, 0, 0, 0]}
// CHECK:         emitc.call_opaque "zrt_dist_add"(%[[RL]])
// CHECK:         emitc.call_opaque "zrt_array_new"(%{{.*}}) {args = [#emitc.opaque<"\22A\22">, 0 : index, 1, 1, 1, 0, 2, 0, 0]}
// CHECK:         emitc.call_opaque "zrt_array_new"(%{{.*}}) {args = [#emitc.opaque<"\22B\22">, 0 : index, 1, 0, 0, 0, 0, 0, 0]}
// CHECK:         emitc.call_opaque "zrt_array_new"(%{{.*}}) {args = [#emitc.opaque<"\22V\22">, 0 : index, 0, 0, 0, 0, 0, 0, 0]}
// CHECK:         call @zp_prog() : () -> ()
// CHECK-NEXT:    return
