// RUN: %zpl-opt %s --zpl-to-emitc | mlir-translate --mlir-to-cpp > %t.c
// RUN: FileCheck %s < %t.c
// RUN: cc -std=c11 -Wall -Werror -fsyntax-only -I%runtime_include %t.c

// Remaps (gather, scatter) and a transpose: the whole pipeline to C (remap
// and transpose transfers on static handles, without a machine: no
// strategy), which must compile with -Wall -Werror. A masked remap is
// im_remap_masked on its own handle with the four state calls in place, a
// combining scatter im_remap_combine (operator, then the masked remap's
// arguments; no mask: NULL) likewise, a sparse product im_remap_product
// (destination, region, source, factor, then both index triples).

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
  zpl.array_decl @I1 : !zpl.array<2 x i64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @I2 : !zpl.array<2 x i64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @M : !zpl.array<2 x i1> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // CHECK-LABEL: void zp_prog() {
  // CHECK:         im_transfer* [[C0:v[0-9]+]] = zt_0;
  // CHECK-NEXT:    im_transfer* [[G:v[0-9]+]] = im_remap([[C0]], 0, 0, [[A:v[0-9]+]], [[R:v[0-9]+]], [[B:v[0-9]+]], [[I1:v[0-9]+]], [[I2:v[0-9]+]], NULL);
  // CHECK-NEXT:    zt_0 = [[G]];
  // CHECK-NEXT:    im_dr([[G]]);
  // CHECK-NEXT:    im_sr([[G]]);
  // CHECK-NEXT:    im_dn([[G]]);
  // CHECK-NEXT:    im_sv([[G]]);
  // CHECK:         im_remap({{v[0-9]+}}, 1, 1, [[B]], [[R]], [[A]], [[I2]], [[I1]], NULL);
  // CHECK:         im_transfer* [[T:v[0-9]+]] = im_transpose({{v[0-9]+}}, 2, [[A]], [[R]], [[B]], 2, 1, 0, 0);
  // CHECK-NEXT:    zt_2 = [[T]];
  // CHECK-NEXT:    im_dr([[T]]);
  // CHECK:         im_transfer* [[MG:v[0-9]+]] = im_remap_masked({{v[0-9]+}}, 3, 0, [[A]], [[R]], [[B]], [[M:v[0-9]+]], 1, [[I1]], [[I2]], NULL);
  // CHECK-NEXT:    zt_3 = [[MG]];
  // CHECK-NEXT:    im_dr([[MG]]);
  // CHECK-NEXT:    im_sr([[MG]]);
  // CHECK-NEXT:    im_dn([[MG]]);
  // CHECK-NEXT:    im_sv([[MG]]);
  // CHECK:         im_transfer* [[SC:v[0-9]+]] = im_remap_combine({{v[0-9]+}}, 4, 1, [[A]], [[R]], [[B]], NULL, 0, [[I1]], [[I2]], NULL);
  // CHECK-NEXT:    zt_4 = [[SC]];
  // CHECK-NEXT:    im_dr([[SC]]);
  // CHECK-NEXT:    im_sr([[SC]]);
  // CHECK-NEXT:    im_dn([[SC]]);
  // CHECK-NEXT:    im_sv([[SC]]);
  // CHECK:         im_transfer* [[SP:v[0-9]+]] = im_remap_product({{v[0-9]+}}, 5, [[A]], [[R]], [[B]], [[B]], [[I1]], [[I2]], NULL, [[I2]], [[I1]], NULL);
  // CHECK-NEXT:    zt_5 = [[SP]];
  // CHECK-NEXT:    im_dr([[SP]]);
  // CHECK-NEXT:    im_sr([[SP]]);
  // CHECK-NEXT:    im_dn([[SP]]);
  // CHECK-NEXT:    im_sv([[SP]]);
  func.func @prog() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %I1 = zpl.get @I1 : !zpl.array<2 x i64>
    %I2 = zpl.get @I2 : !zpl.array<2 x i64>
    zpl.remap gather %A from %B over %R [%I1, %I2] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>]
    zpl.remap scatter %B from %A over %R [%I2, %I1] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>]
    zpl.remap gather %A from %B over %R transpose [2, 1] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>
    %M = zpl.get @M : !zpl.array<2 x i1>
    zpl.masked_remap gather %A from %B over %R [%I1, %I2] mask %M {without} : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>], !zpl.array<2 x i1>
    zpl.scatter_combine mul %A from %B over %R [%I1, %I2] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>]
    zpl.scatter_product %A from %B times %B over %R [%I1, %I2] [%I2, %I1] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>], [!zpl.array<2 x i64>, !zpl.array<2 x i64>]
    return
  }
}
