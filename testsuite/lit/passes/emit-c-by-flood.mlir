// RUN: %zpl-opt %s --zpl-to-emitc | mlir-translate --mlir-to-cpp > %t.c
// RUN: FileCheck %s < %t.c
// RUN: cc -std=c11 -Wall -Werror -fsyntax-only -I%runtime_include %t.c

// `by` regions and flood dimensions: the whole pipeline to C, which must compile with -Wall -Werror.

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
  zpl.region_decl @Col : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %n = zpl.get @n : i64
    %r = zpl.make_region [%c1 : %n, %c1 : %c1] {flood = array<i64: 1>} : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @C : !zpl.array<2 x f64> init {
    %r = zpl.get @Col : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // CHECK-LABEL: void zpl_main() {
  // CHECK:         zrt_region_check("R", v{{[0-9]+}});
  // CHECK:         zrt_region_flood(v{{[0-9]+}}, 1);
  // CHECK:         zrt_region_check("Col", v{{[0-9]+}});
  // An array over a region flooding its innermost dimension is read with
  // its innermost stride (0); the others keep stride 1.
  // CHECK-LABEL: void zp_flooded() {
  // CHECK:         int64_t [[CS:v[0-9]+]] = zrt_array_stride([[C:v[0-9]+]], 1);
  // CHECK-NOT:     zrt_array_stride({{v[0-9]+}}, 1)
  // CHECK:         for (
  // CHECK:           for (
  // CHECK:             for (int64_t [[J:k[0-9]+]] =
  // CHECK:               [[J]] * [[CS]]
  // CHECK-LABEL: void zp_prog() {
  // The strides of `by` are constants: the loops step by them, with no
  // zrt_region_step call.
  // CHECK:         zrt_region_by(v{{[0-9]+}}, 2, 3, 0);
  // CHECK-NOT:     zrt_region_step
  // CHECK:         for (int64_t {{.*}} += 2) {
  // CHECK:           for (int64_t {{.*}} += 3) {
  func.func @flooded() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %C = zpl.get @C : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %c = zpl.read %C [0, 0] : !zpl.array<2 x f64>
      %d = arith.subf %a, %c : f64
      zpl.yield %d : f64
    }
    return
  }
  func.func @prog() {
    func.call @flooded() : () -> ()
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %S = zpl.derive by %R [2, 3] : !zpl.region<2>
    zpl.assign %A over %S : !zpl.array<2 x f64>, !zpl.region<2> {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      zpl.yield %b : f64
    }
    return
  }
}
