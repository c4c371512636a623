// RUN: %zpl-opt %s --zpl-select-strategy=machine=t3d | FileCheck %s --check-prefix=T3D
// RUN: %zpl-opt %s --zpl-select-strategy=machine=paragon | FileCheck %s --check-prefix=PARAGON
// RUN: %zpl-opt %s --zpl-select-strategy=machine=t3e | FileCheck %s --check-prefix=T3E
// RUN: %zpl-opt %s --zpl-select-strategy="machine=t3d strategy=packed" | FileCheck %s --check-prefix=PACKED
// Idempotent: the second run starts from the first one's orientation.
// RUN: %zpl-opt %s --zpl-select-strategy=machine=t3d --zpl-select-strategy=machine=t3d | FileCheck %s --check-prefix=T3D
// RUN: %zpl-opt %s --zpl-select-strategy=machine=paragon --zpl-select-strategy=machine=paragon | FileCheck %s --check-prefix=PARAGON

// A transpose is strided on one side, either side: zpl-select-strategy
// estimates strided loads (64Q1: the row pitch is unknown, costed at the
// largest measured stride) and strided stores (1Q64), each with its best
// strategy, for one 8 KiB message (the region's bounds are not constants),
// and records the faster with both throughputs (docs/model.md, "Transposes:
// strided loads or strided stores"). From docs/machines.md tables 1-4:
//   t3d      loads  chained 64S0 || Nadp || 0D1 = min(35, 38, 142) = 35
//            stores chained 1S0 || Nadp || 0D64 = min(126, 38, 52) = 38
//            -> stores, 1.3 + 8192/38 = 216.88 us
//   paragon  loads  chained min(64S0 42, Nadp 45, 0R1 82) = 42
//            stores chained min(1S0 52, Nadp 45, 0R64 38) = 38
//            (the chained forms state no constraint) -> loads,
//            6 + 8192/42 = 201.05 us
//   t3e      58.75 both ways, before the constraint too -> loads,
//            3.86 + 0.5 + 8192/58.75 = 143.8 us
//   t3d with strategy=packed: loads 64C1 o (...) o 1C1 = 18.09, stores
//            1C1 o (...) o 1C64 = 25.02 -> stores, 1.3 + 8192/25.02 = 328.76 us
// A remap's indexed side is not oriented: t3d wQ1 chained min(wS0 32,
// Nadp 38, 0D1 142) = 32 beats packed 17.97; 1.3 + 8192/32 = 257.3 us.

module {
  zpl.config @n : i64 init {
    %c64 = arith.constant 64 : i64
    zpl.yield %c64 : i64
  }
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %n = zpl.get @n : i64
    %r = zpl.make_region [%c1 : %n, %c1 : %n] : !zpl.region<2>
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
  zpl.array_decl @I : !zpl.array<2 x i64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }

  // T3D-LABEL: func.func @transpose
  // T3D:       transpose [2, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<strided, stride = ?, block = 1>) {est_loads_mbps = 3.500000e+01 : f64, est_mbps = 3.800000e+01 : f64, est_stores_mbps = 3.800000e+01 : f64, est_us = 2.168800e+02 : f64, id = 0 : i64, kind = #ironman.kind<transpose>, orientation = #ironman.orientation<stores>, strategy = #ironman.strategy<chained>}
  // T3D:       gather(%{{.*}}, %{{.*}} : !zpl.array<2 x i64>, !zpl.array<2 x i64>) pattern(#ironman.pattern<indexed> -> #ironman.pattern<contiguous>) {est_mbps = 3.200000e+01 : f64, est_us = 2.573000e+02 : f64, id = 1 : i64, kind = #ironman.kind<remap>, strategy = #ironman.strategy<chained>}

  // PARAGON-LABEL: func.func @transpose
  // PARAGON:       transpose [2, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<contiguous>) {est_loads_mbps = 4.200000e+01 : f64, est_mbps = 4.200000e+01 : f64, est_stores_mbps = 3.800000e+01 : f64, est_us = 2.010500e+02 : f64, id = 0 : i64, kind = #ironman.kind<transpose>, orientation = #ironman.orientation<loads>, strategy = #ironman.strategy<chained>}

  // T3E-LABEL: func.func @transpose
  // T3E:       transpose [2, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<contiguous>) {est_loads_mbps = 5.875000e+01 : f64, est_mbps = 5.875000e+01 : f64, est_stores_mbps = 5.875000e+01 : f64, est_us = 1.438000e+02 : f64, id = 0 : i64, kind = #ironman.kind<transpose>, orientation = #ironman.orientation<loads>, strategy = #ironman.strategy<chained>}

  // PACKED-LABEL: func.func @transpose
  // PACKED:       transpose [2, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<strided, stride = ?, block = 1>) {est_loads_mbps = 1.809000e+01 : f64, est_mbps = 2.502000e+01 : f64, est_stores_mbps = 2.502000e+01 : f64, est_us = 3.287600e+02 : f64, id = 0 : i64, kind = #ironman.kind<transpose>, orientation = #ironman.orientation<stores>, strategy = #ironman.strategy<packed>}
  func.func @transpose() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %I = zpl.get @I : !zpl.array<2 x i64>
    %R = zpl.get @R : !zpl.region<2>
    %t = ironman.transfer %B -> %A over %R transpose [2, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<contiguous>) {id = 0 : i64, kind = #ironman.kind<transpose>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t
    ironman.sr %t
    ironman.dn %t
    ironman.sv %t
    %g = ironman.transfer %B -> %A over %R gather(%I, %I : !zpl.array<2 x i64>, !zpl.array<2 x i64>) pattern(#ironman.pattern<indexed> -> #ironman.pattern<contiguous>) {id = 1 : i64, kind = #ironman.kind<remap>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %g
    ironman.sr %g
    ironman.dn %g
    ironman.sv %g
    return
  }

  // With constant bounds the message is the whole region: 2 x 3 doubles,
  // 48 bytes. t3d, stores as above: 0.75 + 0.55 + 48/38 = 2.56 us.
  // T3D-LABEL: func.func @transpose_constant
  // T3D:       transpose [2, 1] {{.*}}est_us = 2.560000e+00 : f64{{.*}}orientation = #ironman.orientation<stores>
  func.func @transpose_constant() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %c1 = arith.constant 1 : i64
    %c2 = arith.constant 2 : i64
    %c3 = arith.constant 3 : i64
    %R = zpl.make_region [%c1 : %c2, %c1 : %c3] : !zpl.region<2>
    %t = ironman.transfer %B -> %A over %R transpose [2, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<contiguous>) {id = 2 : i64, kind = #ironman.kind<transpose>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t
    ironman.sr %t
    ironman.dn %t
    ironman.sv %t
    return
  }
}
