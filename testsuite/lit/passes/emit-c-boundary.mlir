// RUN: %zpl-opt %s --zpl-to-emitc | mlir-translate --mlir-to-cpp > %t.c
// RUN: FileCheck %s < %t.c
// RUN: cc -std=c11 -Wall -Werror -fsyntax-only -I%runtime_include %t.c

// Boundary statements (wrap, reflect): the whole pipeline to C, which must compile with -Wall -Werror.

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
  // Each transfer gets the region aligned with its array.
  // CHECK-LABEL: void zp_prog() {
  // CHECK:         zrt_region [[RA:v[0-9]+]] = zrt_region_align([[R:v[0-9]+]], [[A:v[0-9]+]]);
  // CHECK:         im_transfer* [[H0:v[0-9]+]] = im_wrap(v{{[0-9]+}}, 0, [[A]], [[RA]], 0, 1, 0);
  // CHECK-NEXT:    zt_0 = [[H0]];
  // CHECK-NEXT:    im_dr([[H0]]);
  // CHECK:         im_sv([[H0]]);
  // CHECK:         zrt_region [[RA1:v[0-9]+]] = zrt_region_align([[R]], [[A]]);
  // CHECK:         im_transfer* [[H1:v[0-9]+]] = im_reflect(v{{[0-9]+}}, 1, [[A]], [[RA1]], -1, 0, 0);
  // CHECK-NEXT:    zt_1 = [[H1]];
  // The read A@east after the wrap still gets its halo exchange.
  // CHECK:         zrt_region [[RA2:v[0-9]+]] = zrt_region_align([[R]], [[A]]);
  // CHECK:         im_halo(v{{[0-9]+}}, 2, [[A]], [[RA2]], 0, 1, 0);
  func.func @prog() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.boundary wrap %A over %R [0, 1] : !zpl.array<2 x f64>, !zpl.region<2>
    zpl.boundary reflect %A over %R [-1, 0] : !zpl.array<2 x f64>, !zpl.region<2>
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 1] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    return
  }
}
