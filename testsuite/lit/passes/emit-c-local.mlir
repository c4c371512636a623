// RUN: %zpl-opt %s --zpl-to-emitc | mlir-translate --mlir-to-cpp > %t.c
// RUN: FileCheck %s < %t.c
// RUN: cc -std=c11 -Wall -Werror -fsyntax-only -I%runtime_include %t.c

// Local arrays and array parameters: the whole pipeline to C, which must compile with -Wall -Werror.

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
  // CHECK-LABEL: double zp_sum(zrt_array* v1) {
  // CHECK:         zrt_array_region(
  // CHECK-LABEL: double zp_prog() {
  // CHECK:         zrt_array* [[T:v[0-9]+]] = zrt_array_new("T", v{{[0-9]+}}, 1, 0, 0, 1, 1, 0, 0);
  // The call's result stays before the free.
  // CHECK:         [[S:v[0-9]+]] = zp_sum([[T]]);
  // CHECK:         zrt_array_free([[T]]);
  func.func @sum(%X : !zpl.array<2 x f64>) -> f64 {
    %R = zpl.array_region %X : !zpl.array<2 x f64> -> !zpl.region<2>
    %s = zpl.reduce add over %R : !zpl.region<2> -> f64 {
      %x = zpl.read %X [0, 1] : !zpl.array<2 x f64>
      zpl.yield %x : f64
    }
    return %s : f64
  }
  func.func @prog() -> f64 {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %T = zpl.local_array "T" over %R : !zpl.region<2> -> !zpl.array<2 x f64>
    zpl.assign %T over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %w = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %s = arith.addf %a, %w : f64
      zpl.yield %s : f64
    }
    %s = func.call @sum(%T) : (!zpl.array<2 x f64>) -> f64
    %t = zpl.reduce add over %R : !zpl.region<2> -> f64 {
      %x = zpl.read %T [0, -1] : !zpl.array<2 x f64>
      zpl.yield %x : f64
    }
    zpl.free_array %T : !zpl.array<2 x f64>
    %u = arith.addf %s, %t : f64
    return %u : f64
  }
}
