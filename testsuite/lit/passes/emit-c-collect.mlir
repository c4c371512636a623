// RUN: %zpl-opt %s --zpl-to-emitc | mlir-translate --mlir-to-cpp > %t.c
// RUN: FileCheck %s < %t.c
// RUN: cc -std=c11 -Wall -Werror -fsyntax-only -I%runtime_include %t.c

// Partial reductions, scans and floods: the whole pipeline to C, which must compile with -Wall -Werror.

module attributes {zpl.entry = @prog} {
  zpl.config @n : i64 init {
    %c = arith.constant 8 : i64
    zpl.yield %c : i64
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
  zpl.array_decl @L : !zpl.array<2 x i1> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // CHECK-LABEL: void zp_prog() {
  // CHECK:         zrt_collect* [[H:v[0-9]+]] = zrt_preduce_begin(
  // CHECK:         double* [[BUF:v[0-9]+]] = zrt_collect_f64([[H]]);
  // CHECK:         [[BUF]][{{.*}}] = {{.*}};
  // CHECK:         zrt_preduce_end([[H]]);
  // CHECK:         zrt_collect* [[HS:v[0-9]+]] = zrt_scan_begin({{.*}}, 0, 1);
  // CHECK:         zrt_collect_i64([[HS]]);
  // CHECK:         zrt_scan_end([[HS]]);
  // CHECK:         zrt_collect* [[HL:v[0-9]+]] = zrt_preduce_begin({{.*}}, 4);
  // CHECK:         zrt_collect_bool([[HL]]);
  // CHECK:         zrt_preduce_end([[HL]]);
  // CHECK:         zrt_collect* [[HF:v[0-9]+]] = zrt_flood_begin(
  // CHECK:         zrt_flood_end([[HF]]);
  func.func @prog() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %I = zpl.get @I : !zpl.array<2 x i64>
    %L = zpl.get @L : !zpl.array<2 x i1>
    %c1 = arith.constant 1 : i64
    %n = zpl.get @n : i64
    %K = zpl.make_region [%c1 : %n, %c1 : %c1] : !zpl.region<2>
    zpl.reduce_partial max %B over %K from %R : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
      %a = zpl.read %A [0, 1] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    zpl.scan add %I over %R dim 1 : !zpl.array<2 x i64>, !zpl.region<2> {
      %i = zpl.index 1
      zpl.yield %i : i64
    }
    zpl.reduce_partial and %L over %K from %R : !zpl.array<2 x i1>, !zpl.region<2>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %z = arith.constant 0.0 : f64
      %p = arith.cmpf ogt, %a, %z : f64
      zpl.yield %p : i1
    }
    zpl.flood %A over %R from %K : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      zpl.yield %b : f64
    }
    return
  }
}
