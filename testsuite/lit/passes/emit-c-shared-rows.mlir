// RUN: %zpl-opt %s --zpl-to-emitc | mlir-translate --mlir-to-cpp > %t.c
// RUN: FileCheck %s < %t.c
// RUN: cc -std=c11 -Wall -Werror -fsyntax-only -I%runtime_include %t.c

// Reads sharing a row at a nonzero outer offset (A@[-1,-1], A@[-1,1]):
// the second displacement is unused and removed (no unused variable). The whole pipeline to C, which must compile with -Wall -Werror.

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
  // CHECK-LABEL: void zp_prog() {
  // CHECK:         for (
  func.func @prog() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [-1, -1] : !zpl.array<2 x f64>
      %b = zpl.read %A [-1, 1] : !zpl.array<2 x f64>
      %s = arith.addf %a, %b : f64
      zpl.yield %s : f64
    }
    return
  }
}
