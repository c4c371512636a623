// RUN: %zpl-opt %s --zpl-select-strategy=machine=t3d | FileCheck %s --check-prefix=T3D
// RUN: %zpl-opt %s --zpl-select-strategy=machine=paragon | FileCheck %s --check-prefix=PARAGON
// RUN: %zpl-opt %s --zpl-select-strategy=machine=t3e | FileCheck %s --check-prefix=T3E
// RUN: %zpl-opt %s --zpl-select-strategy="machine=t3d strategy=packed" | FileCheck %s --check-prefix=PACKED
// RUN: %zpl-opt %s --zpl-select-strategy="machine=t3d strategy=chained" | FileCheck %s --check-prefix=CHAINED
// Idempotent: a second run records the same.
// RUN: %zpl-opt %s --zpl-select-strategy=machine=t3d --zpl-select-strategy=machine=t3d | FileCheck %s --check-prefix=T3D
// A machine given by the path of its description.
// RUN: %zpl-opt %s --zpl-select-strategy=machine=%S/../../../machines/t3d.toml | FileCheck %s --check-prefix=T3D
// A T3D whose network moved address-data pairs at 10 MB/s: chained stays
// the choice for contiguous rows (Nd), packed wins for strided columns.
// RUN: sed 's/^c2 = 38.0 /c2 = 10.0 /' %S/../../../machines/t3d.toml > %t.slow-nadp.toml
// RUN: %zpl-opt %s --zpl-select-strategy=machine=%t.slow-nadp.toml | FileCheck %s --check-prefix=MIXED

// zpl-select-strategy records on every ironman.transfer the strategy of the
// copy-transfer model (docs/model.md) and its estimate for one message.
// The figures are those of `zplc model --machine=M --pattern=xQy
// --bytes=N`: a contiguous row halo is 1Q1; a column halo, whose stride is
// the local row pitch (unknown at compile time), is costed at the largest
// measured stride (on these machines 64: 64Q64); 8192 bytes when the
// region's bounds are not constants.
//   t3d     1Q1   chained 69    (120.02 us)   packed 27.78 (296.2 us)
//           64Q64 chained 35    (235.36 us)   packed 16.88 (486.68 us)
//   paragon 1Q1   chained 52    (163.54 us)   6 + 8192/52
//           64Q64 chained 38    (221.58 us)   min(64S0 42, Nadp 45, 0R64 38)
//   t3e     1Q1   chained 235   (39.22 us)    3.86 + 0.5 + 8192/235
//           64Q64 chained 58.75 (143.8 us)
// (each strategy's own resource constraint: none on the T3D and for the
// Paragon's chained forms; 2 x Q <= 470 holds on the T3E)

module {
  zpl.config @n : i64 init {
    %c64 = arith.constant 64 : i64
    zpl.yield %c64 : i64
  }
  // Bounds from a config var: the message size is the 8 KiB default.
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %n = zpl.get @n : i64
    %r = zpl.make_region [%c1 : %n, %c1 : %n] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // Constant bounds: the band itself (a 64-element row of doubles: 512 B).
  zpl.region_decl @K : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %c64 = arith.constant 64 : i64
    %r = zpl.make_region [%c1 : %c64, %c1 : %c64] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 1, 1>} init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @S : !zpl.array<2 x f32> attributes {fluff = array<i64: 1, 1, 1, 1>} init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }

  // T3D-LABEL: func.func @halos
  // T3D:       shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {est_mbps = 6.900000e+01 : f64, est_us = 1.200200e+02 : f64, id = 0 : i64, strategy = #ironman.strategy<chained>}
  // T3D:       shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {est_mbps = 3.500000e+01 : f64, est_us = 2.353600e+02 : f64, id = 1 : i64, strategy = #ironman.strategy<chained>}
  // T3D:       shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {est_mbps = 3.500000e+01 : f64, est_us = 2.353600e+02 : f64, id = 2 : i64, kind = #ironman.kind<wrap>, strategy = #ironman.strategy<chained>}
  // T3D:       return

  // PARAGON-LABEL: func.func @halos
  // PARAGON:       shift [-1, 0] {{.*}} {est_mbps = 5.200000e+01 : f64, est_us = 1.635400e+02 : f64, id = 0 : i64, strategy = #ironman.strategy<chained>}
  // PARAGON:       shift [0, 1] {{.*}} {est_mbps = 3.800000e+01 : f64, est_us = 2.215800e+02 : f64, id = 1 : i64, strategy = #ironman.strategy<chained>}
  // PARAGON:       shift [0, 1] {{.*}} {est_mbps = 3.800000e+01 : f64, est_us = 2.215800e+02 : f64, id = 2 : i64, kind = #ironman.kind<wrap>, strategy = #ironman.strategy<chained>}

  // T3E-LABEL: func.func @halos
  // T3E:       shift [-1, 0] {{.*}} {est_mbps = 2.350000e+02 : f64, est_us = 3.922000e+01 : f64, id = 0 : i64, strategy = #ironman.strategy<chained>}
  // T3E:       shift [0, 1] {{.*}} {est_mbps = 5.875000e+01 : f64, est_us = 1.438000e+02 : f64, id = 1 : i64, strategy = #ironman.strategy<chained>}
  // T3E:       shift [0, 1] {{.*}} {est_mbps = 5.875000e+01 : f64, est_us = 1.438000e+02 : f64, id = 2 : i64, kind = #ironman.kind<wrap>, strategy = #ironman.strategy<chained>}

  // --strategy overrides the choice; the estimates are the forced one's.
  // PACKED-LABEL: func.func @halos
  // PACKED:       shift [-1, 0] {{.*}} {est_mbps = 2.778000e+01 : f64, est_us = 2.962000e+02 : f64, id = 0 : i64, strategy = #ironman.strategy<packed>}
  // PACKED:       shift [0, 1] {{.*}} {est_mbps = 1.688000e+01 : f64, est_us = 4.866800e+02 : f64, id = 1 : i64, strategy = #ironman.strategy<packed>}
  // PACKED:       shift [0, 1] {{.*}} {est_mbps = 1.688000e+01 : f64, est_us = 4.866800e+02 : f64, id = 2 : i64, kind = #ironman.kind<wrap>, strategy = #ironman.strategy<packed>}
  // MIXED-LABEL: func.func @halos
  // MIXED:       shift [-1, 0] {{.*}} {est_mbps = 6.900000e+01 : f64, est_us = 1.200200e+02 : f64, id = 0 : i64, strategy = #ironman.strategy<chained>}
  // MIXED:       shift [0, 1] {{.*}} {est_mbps = 1.688000e+01 : f64, est_us = 4.866800e+02 : f64, id = 1 : i64, strategy = #ironman.strategy<packed>}
  // MIXED:       shift [0, 1] {{.*}} {est_mbps = 1.688000e+01 : f64, est_us = 4.866800e+02 : f64, id = 2 : i64, kind = #ironman.kind<wrap>, strategy = #ironman.strategy<packed>}
  // CHAINED-LABEL: func.func @halos
  // CHAINED:       {est_mbps = 6.900000e+01 : f64, est_us = 1.200200e+02 : f64, id = 0 : i64, strategy = #ironman.strategy<chained>}
  // CHAINED:       {est_mbps = 3.500000e+01 : f64, est_us = 2.353600e+02 : f64, id = 1 : i64, strategy = #ironman.strategy<chained>}
  func.func @halos() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %t0 = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 0 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t0
    ironman.sr %t0
    ironman.dn %t0
    ironman.sv %t0
    %t1 = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 1 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t1
    ironman.sr %t1
    ironman.dn %t1
    ironman.sv %t1
    %t2 = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 2 : i64, kind = #ironman.kind<wrap>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t2
    ironman.sr %t2
    ironman.dn %t2
    ironman.sv %t2
    return
  }

  // Known strides count in 64-bit words (16 floats = 8 words: 8Q8 on the
  // T3D, interpolated between 1 and 64), runs of blocks as single words at
  // the same density (2 words every 16: 8Q8), indexed sides are `w`, and a
  // constant region gives the size of the band (512 bytes: 1Q1 at 69
  // MB/s, 1.3 us start-up and latency + 7.42 us).
  // T3D-LABEL: func.func @patterns
  // T3D:       stride = 16, block = 1> {{.*}} {est_mbps = [[E8:.*]] : f64, est_us = [[U8:.*]] : f64, id = 3 : i64, strategy = #ironman.strategy<chained>}
  // T3D:       stride = 16, block = 2> {{.*}} {est_mbps = [[E8]] : f64, est_us = [[U8]] : f64, id = 4 : i64, strategy = #ironman.strategy<chained>}
  // T3D:       pattern(#ironman.pattern<indexed> -> #ironman.pattern<indexed>) {est_mbps = 3.200000e+01 : f64, est_us = 2.573000e+02 : f64, id = 5 : i64, strategy = #ironman.strategy<chained>}
  // T3D:       shift [1, 0] {{.*}} {est_mbps = 6.900000e+01 : f64, est_us = 8.720000e+00 : f64, id = 6 : i64, strategy = #ironman.strategy<chained>}
  func.func @patterns() {
    %S = zpl.get @S : !zpl.array<2 x f32>
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %K = zpl.get @K : !zpl.region<2>
    %t3 = ironman.transfer %S -> %S over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = 16, block = 1> -> #ironman.pattern<strided, stride = 16, block = 1>) {id = 3 : i64} : !zpl.array<2 x f32> -> !zpl.array<2 x f32>, !zpl.region<2>
    ironman.dr %t3
    ironman.sr %t3
    ironman.dn %t3
    ironman.sv %t3
    %t4 = ironman.transfer %A -> %A over %R shift [0, 2] pattern(#ironman.pattern<strided, stride = 16, block = 2> -> #ironman.pattern<strided, stride = 16, block = 2>) {id = 4 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t4
    ironman.sr %t4
    ironman.dn %t4
    ironman.sv %t4
    %t5 = ironman.transfer %A -> %A over %R shift [1, 1] pattern(#ironman.pattern<indexed> -> #ironman.pattern<indexed>) {id = 5 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t5
    ironman.sr %t5
    ironman.dn %t5
    ironman.sv %t5
    %t6 = ironman.transfer %A -> %A over %K shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 6 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t6
    ironman.sr %t6
    ironman.dn %t6
    ironman.sv %t6
    return
  }
}

// The lowering tells the runtime right after each transfer call:
// im_strategy(h, 1) for chained, 0 for packed (ironman.h IM_CHAINED,
// IM_PACKED); the whole pipeline does the same with machine=.
// RUN: %zpl-opt %s --zpl-select-strategy=machine=t3d --zpl-lower-to-loops | FileCheck %s --check-prefix=LOWER
// RUN: %zpl-opt %s --zpl-select-strategy="machine=t3d strategy=packed" --zpl-lower-to-loops | FileCheck %s --check-prefix=LOWER-PACKED
// RUN: %zpl-opt %s --zpl-to-emitc="machine=t3d" 2>/dev/null | FileCheck %s --check-prefix=PIPE
// RUN: %zpl-opt %s --zpl-to-emitc 2>/dev/null | FileCheck %s --check-prefix=NONE
// LOWER-LABEL:  func.func @{{(zp_)?}}halos
// LOWER:        %[[H:.*]] = emitc.call_opaque "im_halo"
// LOWER:        emitc.call_opaque "im_strategy"(%[[H]]) {args = [0 : index, 1]}
// LOWER:        %[[W:.*]] = emitc.call_opaque "im_wrap"
// LOWER:        emitc.call_opaque "im_strategy"(%[[W]]) {args = [0 : index, 1]}
// LOWER-PACKED-LABEL: func.func @{{(zp_)?}}halos
// LOWER-PACKED:       %[[H:.*]] = emitc.call_opaque "im_halo"
// LOWER-PACKED:       emitc.call_opaque "im_strategy"(%[[H]]) {args = [0 : index, 0]}
// PIPE-LABEL:  emitc.func @zp_halos
// PIPE:        call_opaque "im_halo"
// PIPE:        call_opaque "im_strategy"({{.*}}) {args = [0 : index, 1]}
// Without a strategy attribute (no selection), no call.
// RUN: %zpl-opt %s --zpl-lower-to-loops | FileCheck %s --check-prefix=NONE
// NONE-NOT: im_strategy
// NONE: call_opaque "im_halo"
// NONE-NOT: im_strategy
// NONE: call_opaque "im_wrap"
// NONE-NOT: im_strategy
