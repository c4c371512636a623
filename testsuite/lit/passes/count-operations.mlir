// RUN: %zpl-opt %s --zpl-count-operations | FileCheck %s
// RUN: %zpl-opt %s --zpl-count-operations --zpl-lower-to-loops | FileCheck %s --check-prefix=LOWER

// zpl-count-operations: each array statement gets what one element of its
// region costs (counted by hand from the bodies below), and the lowering
// emits zrt_charge(region, ops, divs, calls, loads, cached, stores) before
// each statement's loop nest.

module attributes {zpl.entry = @counts} {
  zpl.config @n : i64 init {
    %c8_i64 = arith.constant 8 : i64
    zpl.yield %c8_i64 : i64
  }
  zpl.region_decl @R : !zpl.region<2> init {
    %c1_i64 = arith.constant 1 : i64
    %0 = zpl.get @n : i64
    %c1_i64_0 = arith.constant 1 : i64
    %1 = zpl.get @n : i64
    %2 = zpl.make_region [%c1_i64 : %0, %c1_i64_0 : %1] : !zpl.region<2>
    zpl.yield %2 : !zpl.region<2>
  }
  zpl.array_decl @A : !zpl.array<2 x f64> init {
    %0 = zpl.get @R : !zpl.region<2>
    zpl.yield %0 : !zpl.region<2>
  }
  zpl.array_decl @B : !zpl.array<2 x f64> init {
    %0 = zpl.get @R : !zpl.region<2>
    zpl.yield %0 : !zpl.region<2>
  }
  zpl.array_decl @M : !zpl.array<2 x i1> init {
    %0 = zpl.get @R : !zpl.region<2>
    zpl.yield %0 : !zpl.region<2>
  }
  zpl.global @s : f64
  zpl.global @k : i64
  func.func @counts() {
    %0 = zpl.get @R : !zpl.region<2>
    %1 = zpl.get @A : !zpl.array<2 x f64>
    %2 = zpl.get @B : !zpl.array<2 x f64>
    %3 = zpl.get @M : !zpl.array<2 x i1>
    %cst = arith.constant 2.000000e+00 : f64
    // [R] A := (B@east + B@west) / 2.0: an add and a division by a
    // constant (a multiplication in C): 2 ops; B streams once, its second
    // read is cached; one store.
    // CHECK-LABEL: func.func @counts
    // CHECK: zpl.assign
    // CHECK-SAME: zpl.ops = {cached = 1 : i64, calls = 0 : i64, divs = 0 : i64, loads = 1 : i64, ops = 2 : i64, stores = 1 : i64}
    // LOWER: emitc.call_opaque "zrt_charge"(%{{.*}}) {args = [0 : index, 2, 0, 0, 1, 1, 1]}
    zpl.assign %1 over %0 : !zpl.array<2 x f64>, !zpl.region<2> {
      %6 = zpl.read %2 [0, 1] : !zpl.array<2 x f64>
      %7 = zpl.read %2 [0, -1] : !zpl.array<2 x f64>
      %8 = arith.addf %6, %7 : f64
      %9 = arith.divf %8, %cst : f64
      zpl.yield %9 : f64
    }
    // [R] A := sqrt(B) / A + abs(B): a library call, a division by a
    // variable, abs and add (2 ops); B and A stream, B's second read is
    // cached.
    // CHECK: zpl.assign
    // CHECK-SAME: zpl.ops = {cached = 1 : i64, calls = 1 : i64, divs = 1 : i64, loads = 2 : i64, ops = 2 : i64, stores = 1 : i64}
    // LOWER: emitc.call_opaque "zrt_charge"(%{{.*}}) {args = [0 : index, 2, 1, 1, 2, 1, 1]}
    zpl.assign %1 over %0 : !zpl.array<2 x f64>, !zpl.region<2> {
      %6 = zpl.read %2 [0, 0] : !zpl.array<2 x f64>
      %7 = math.sqrt %6 : f64
      %8 = zpl.read %1 [0, 0] : !zpl.array<2 x f64>
      %9 = arith.divf %7, %8 : f64
      %10 = zpl.read %2 [0, 0] : !zpl.array<2 x f64>
      %11 = math.absf %10 : f64
      %12 = arith.addf %9, %11 : f64
      zpl.yield %12 : f64
    }
    // [R with M] A := B * 2.0: the mask is read too.
    // CHECK: zpl.assign
    // CHECK-SAME: zpl.ops = {cached = 0 : i64, calls = 0 : i64, divs = 0 : i64, loads = 2 : i64, ops = 1 : i64, stores = 1 : i64}
    // LOWER: emitc.call_opaque "zrt_charge"(%{{.*}}) {args = [0 : index, 1, 0, 0, 2, 0, 1]}
    %cst_0 = arith.constant 2.000000e+00 : f64
    zpl.assign %1 over %0 mask %3 : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
      %6 = zpl.read %2 [0, 0] : !zpl.array<2 x f64>
      %7 = arith.mulf %6, %cst_0 : f64
      zpl.yield %7 : f64
    }
    // s := +<< (A * B): the product and the combine; no store.
    // CHECK: zpl.reduce
    // CHECK-SAME: zpl.ops = {cached = 0 : i64, calls = 0 : i64, divs = 0 : i64, loads = 2 : i64, ops = 2 : i64, stores = 0 : i64}
    // LOWER: emitc.call_opaque "zrt_charge"(%{{.*}}) {args = [0 : index, 2, 0, 0, 2, 0, 0]}
    %4 = zpl.reduce add over %0 : !zpl.region<2> -> f64 {
      %6 = zpl.read %1 [0, 0] : !zpl.array<2 x f64>
      %7 = zpl.read %2 [0, 0] : !zpl.array<2 x f64>
      %8 = arith.mulf %6, %7 : f64
      zpl.yield %8 : f64
    }
    zpl.set @s, %4 : f64
    // k := max<< (Index1 % Index2): two Index values and the combine (3
    // ops), a remainder by a variable; no array is read.
    // CHECK: zpl.reduce
    // CHECK-SAME: zpl.ops = {cached = 0 : i64, calls = 0 : i64, divs = 1 : i64, loads = 0 : i64, ops = 3 : i64, stores = 0 : i64}
    // LOWER: emitc.call_opaque "zrt_charge"(%{{.*}}) {args = [0 : index, 3, 1, 0, 0, 0, 0]}
    %5 = zpl.reduce max over %0 : !zpl.region<2> -> i64 {
      %6 = zpl.index 0
      %7 = zpl.index 1
      %8 = arith.remsi %6, %7 : i64
      zpl.yield %8 : i64
    }
    zpl.set @k, %5 : i64
    return
  }
}
