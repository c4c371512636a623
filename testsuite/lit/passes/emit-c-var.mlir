// RUN: %zpl-opt %s --zpl-to-emitc | mlir-translate --mlir-to-cpp > %t.c
// RUN: FileCheck %s < %t.c
// RUN: cc -std=c11 -Wall -Werror -fsyntax-only -I%runtime_include %t.c

// `var` parameters: the whole pipeline to C, which must compile with -Wall -Werror.

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
  zpl.global @g : i64
  // CHECK-LABEL: void zp_bump(int64_t* v1) {
  // CHECK:         v1[{{.*}}] =
  // CHECK-LABEL: void zp_twice(int64_t* v1, double* v2) {
  // CHECK:         zp_bump(v1);
  // CHECK:         v2[{{.*}}] = 5.0{{.*}};
  // CHECK-LABEL: void zp_prog() {
  // CHECK:         int64_t [[K:v[0-9]+]] = 0;
  // CHECK:         double [[D:v[0-9]+]] = 0.0e+00;
  // CHECK:         int64_t* [[KA:v[0-9]+]] = &[[K]];
  // CHECK:         double* [[DA:v[0-9]+]] = &[[D]];
  // CHECK:         zp_twice([[KA]], [[DA]]);
  // CHECK:         int64_t* [[GA:v[0-9]+]] = &zg_g;
  // CHECK:         zp_bump([[GA]]);
  // CHECK:         int64_t {{v[0-9]+}} = [[K]];
  func.func @bump(%x : !zpl.ref<i64>) {
    %v = zpl.load %x : !zpl.ref<i64>
    %c = arith.constant 1 : i64
    %w = arith.addi %v, %c : i64
    zpl.store %w, %x : !zpl.ref<i64>
    return
  }
  func.func @twice(%x : !zpl.ref<i64>, %d : !zpl.ref<f64>) {
    func.call @bump(%x) : (!zpl.ref<i64>) -> ()
    func.call @bump(%x) : (!zpl.ref<i64>) -> ()
    %c = arith.constant 0.5 : f64
    zpl.store %c, %d : !zpl.ref<f64>
    return
  }
  func.func @prog() {
    %k = zpl.alloca "k" : !zpl.ref<i64>
    %d = zpl.alloca "d" : !zpl.ref<f64>
    func.call @twice(%k, %d) : (!zpl.ref<i64>, !zpl.ref<f64>) -> ()
    %g = zpl.address_of @g : !zpl.ref<i64>
    func.call @bump(%g) : (!zpl.ref<i64>) -> ()
    %v = zpl.load %k : !zpl.ref<i64>
    zpl.write %v : i64
    %w = zpl.load %d : !zpl.ref<f64>
    zpl.write %w : f64
    %gv = zpl.get @g : i64
    zpl.write %gv : i64
    return
  }
}
