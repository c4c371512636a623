// RUN: %zpl-opt %s --zpl-to-emitc | mlir-translate --mlir-to-cpp > %t.c
// RUN: FileCheck %s < %t.c
// RUN: cc -std=c11 -Wall -Werror -fsyntax-only -I%runtime_include %t.c

// Masked statements ([R with M], [R without M]): the whole pipeline to C, which must compile with -Wall -Werror.

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
  zpl.array_decl @M : !zpl.array<2 x i1> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // CHECK-LABEL: double zp_prog() {
  // CHECK:         if (v{{[0-9]+}}[k{{[0-9]+}}]) {
  // CHECK:         if (!v{{[0-9]+}}) {
  // CHECK:         } else {
  // CHECK:         zrt_allreduce_f64(
  func.func @prog() -> f64 {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %M = zpl.get @M : !zpl.array<2 x i1>
    zpl.assign %A over %R mask %M : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      %c = arith.constant 2.0 : f64
      %m = arith.mulf %b, %c : f64
      zpl.yield %m : f64
    }
    %s = zpl.reduce max over %R mask %M : !zpl.array<2 x i1> {without} : !zpl.region<2> -> f64 {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    return %s : f64
  }
}
