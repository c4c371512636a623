// zpl-infer-storage: ghost widths (fluff) from shifts, transfers and bands.
// RUN: %zpl-opt %s --zpl-infer-storage | FileCheck %s
// Idempotent: a second run changes nothing.
// RUN: %zpl-opt %s --zpl-infer-storage --zpl-infer-storage | FileCheck %s
// RUN: %zpl-opt %s --zpl-infer-storage | %zpl-opt --zpl-infer-storage | FileCheck %s

zpl.config @n : i64 init {
  %c = arith.constant 64 : i64
  zpl.yield %c : i64
}
zpl.region_decl @R : !zpl.region<2> init {
  %c1 = arith.constant 1 : i64
  %n = zpl.get @n : i64
  %r = zpl.make_region [%c1 : %n, %c1 : %n] : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// A band declared as a region: traced through the declaration.
zpl.region_decl @East2 : !zpl.region<2> init {
  %r = zpl.get @R : !zpl.region<2>
  %e = zpl.derive of %r [0, 2] : !zpl.region<2>
  zpl.yield %e : !zpl.region<2>
}
zpl.region_decl @Line : !zpl.region<1> init {
  %c1 = arith.constant 1 : i64
  %n = zpl.get @n : i64
  %r = zpl.make_region [%c1 : %n] : !zpl.region<1>
  zpl.yield %r : !zpl.region<1>
}
zpl.region_decl @Cube : !zpl.region<3> init {
  %c1 = arith.constant 1 : i64
  %n = zpl.get @n : i64
  %r = zpl.make_region [%c1 : %n, %c1 : %n, %c1 : %n] : !zpl.region<3>
  zpl.yield %r : !zpl.region<3>
}

//===----------------------------------------------------------------------===//
// Four-point stencil: one ghost on every side of A; B is only written.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: zpl.array_decl @A4 : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 1, 1>} init
zpl.array_decl @A4 : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: zpl.array_decl @B4 : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 0, 0>} init
zpl.array_decl @B4 : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: func.func @four_point
func.func @four_point() {
  %A = zpl.get @A4 : !zpl.array<2 x f64>
  %B = zpl.get @B4 : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %n = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %s = zpl.read %A [1, 0] : !zpl.array<2 x f64>
    %w = zpl.read %A [0, -1] : !zpl.array<2 x f64>
    %e = zpl.read %A [0, 1] : !zpl.array<2 x f64>
    %a = arith.addf %n, %s : f64
    %b = arith.addf %w, %e : f64
    %c = arith.addf %a, %b : f64
    zpl.yield %c : f64
  }
  return
}

//===----------------------------------------------------------------------===//
// Eight-point stencil with diagonals, and a second ring to the west.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: zpl.array_decl @A8 : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 2, 1>} init
zpl.array_decl @A8 : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: func.func @eight_point
func.func @eight_point() {
  %A = zpl.get @A8 : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %nw = zpl.read %A [-1, -1] : !zpl.array<2 x f64>
    %ne = zpl.read %A [-1, 1] : !zpl.array<2 x f64>
    %sw = zpl.read %A [1, -1] : !zpl.array<2 x f64>
    %se = zpl.read %A [1, 1] : !zpl.array<2 x f64>
    %n = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %w2 = zpl.read %A [0, -2] : !zpl.array<2 x f64>
    %a = arith.addf %nw, %ne : f64
    %b = arith.addf %sw, %se : f64
    %c = arith.addf %n, %w2 : f64
    %d = arith.addf %a, %b : f64
    %e = arith.addf %c, %d : f64
    zpl.yield %e : f64
  }
  return
}

//===----------------------------------------------------------------------===//
// A reduction reading shifted, and a statement inside scf.while.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: zpl.array_decl @Red : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 0, 3>} init
zpl.array_decl @Red : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: zpl.array_decl @Loop : !zpl.array<2 x f64> attributes {fluff = array<i64: 2, 0, 0, 0>} init
zpl.array_decl @Loop : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: func.func @reduce_and_loop
func.func @reduce_and_loop() -> f64 {
  %A = zpl.get @Red : !zpl.array<2 x f64>
  %L = zpl.get @Loop : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %m = zpl.reduce max over %R : !zpl.region<2> -> f64 {
    %v = zpl.read %A [0, 3] : !zpl.array<2 x f64>
    %w = zpl.read %A [0, 0] : !zpl.array<2 x f64>
    %d = arith.subf %v, %w : f64
    zpl.yield %d : f64
  }
  %eps = arith.constant 1.0e-3 : f64
  %r = scf.while (%err = %m) : (f64) -> f64 {
    %go = arith.cmpf ogt, %err, %eps : f64
    scf.condition(%go) %err : f64
  } do {
  ^bb0(%err: f64):
    zpl.assign %L over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %L [-2, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
    %half = arith.constant 0.5 : f64
    %next = arith.mulf %err, %half : f64
    scf.yield %next : f64
  }
  return %r : f64
}

//===----------------------------------------------------------------------===//
// Two arrays shifted in one statement.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: zpl.array_decl @E : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 1, 0, 0>} init
zpl.array_decl @E : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: zpl.array_decl @F : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 1, 0>} init
zpl.array_decl @F : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: func.func @two_arrays
func.func @two_arrays() {
  %E = zpl.get @E : !zpl.array<2 x f64>
  %F = zpl.get @F : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  zpl.assign %E over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %e = zpl.read %E [1, 0] : !zpl.array<2 x f64>
    %f = zpl.read %F [0, -1] : !zpl.array<2 x f64>
    %s = arith.addf %e, %f : f64
    zpl.yield %s : f64
  }
  return
}

//===----------------------------------------------------------------------===//
// `of` bands: the destination gets storage on the band's side; a read in a
// band statement may reach as far as the band plus its offset.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: zpl.array_decl @G : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 0, 0, 2>} init
zpl.array_decl @G : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: zpl.array_decl @H : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 1, 0, 0>} init
zpl.array_decl @H : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: zpl.array_decl @Src : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 2, 0, 0>} init
zpl.array_decl @Src : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: zpl.array_decl @Corner : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 1, 1, 0>} init
zpl.array_decl @Corner : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// `in` bands stay inside the region.
// CHECK-LABEL: zpl.array_decl @Inner : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 0, 0>} init
zpl.array_decl @Inner : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// `R at d` is R moved by d (conservatively widened like a band).
// CHECK-LABEL: zpl.array_decl @Moved : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 1, 1, 0>} init
zpl.array_decl @Moved : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: func.func @of_bands
func.func @of_bands() {
  %G = zpl.get @G : !zpl.array<2 x f64>
  %H = zpl.get @H : !zpl.array<2 x f64>
  %S = zpl.get @Src : !zpl.array<2 x f64>
  %C = zpl.get @Corner : !zpl.array<2 x f64>
  %I = zpl.get @Inner : !zpl.array<2 x f64>
  %M = zpl.get @Moved : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %zero = arith.constant 0.0 : f64
  // [north of R] G := 0
  %north = zpl.derive of %R [-1, 0] : !zpl.region<2>
  zpl.assign %G over %north : !zpl.array<2 x f64>, !zpl.region<2> {
    zpl.yield %zero : f64
  }
  // [east2 of R] G := 0, the band from a region declaration
  %east2 = zpl.get @East2 : !zpl.region<2>
  zpl.assign %G over %east2 : !zpl.array<2 x f64>, !zpl.region<2> {
    zpl.yield %zero : f64
  }
  // [south of R] H := Src@[1, 0] + Src@[-1, 0]: Src is read one row beyond
  // the band (two below R) and, conservatively, one above R.
  %south = zpl.derive of %R [1, 0] : !zpl.region<2>
  zpl.assign %H over %south : !zpl.array<2 x f64>, !zpl.region<2> {
    %a = zpl.read %S [1, 0] : !zpl.array<2 x f64>
    %b = zpl.read %S [-1, 0] : !zpl.array<2 x f64>
    %c = arith.addf %a, %b : f64
    zpl.yield %c : f64
  }
  // [west of (south of R)] Corner := 0: the south-west corner.
  %west = zpl.derive of %south [0, -1] : !zpl.region<2>
  zpl.assign %C over %west : !zpl.array<2 x f64>, !zpl.region<2> {
    zpl.yield %zero : f64
  }
  // [east in R] Inner := 0
  %inner = zpl.derive in %R [0, 1] : !zpl.region<2>
  zpl.assign %I over %inner : !zpl.array<2 x f64>, !zpl.region<2> {
    zpl.yield %zero : f64
  }
  // [R at [1, -1]] Moved := 0
  %moved = zpl.derive at %R [1, -1] : !zpl.region<2>
  zpl.assign %M over %moved : !zpl.array<2 x f64>, !zpl.region<2> {
    zpl.yield %zero : f64
  }
  return
}

//===----------------------------------------------------------------------===//
// Existing fluff only grows; existing transfers count; procedure arguments
// are traced through their calls; ranks 1 and 3.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: zpl.array_decl @Wide : !zpl.array<2 x f64> attributes {fluff = array<i64: 3, 3, 3, 3>} init
zpl.array_decl @Wide : !zpl.array<2 x f64> attributes {fluff = array<i64: 3, 3, 3, 3>} init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: zpl.array_decl @Grow : !zpl.array<2 x f64> attributes {fluff = array<i64: 2, 1, 0, 4>} init
zpl.array_decl @Grow : !zpl.array<2 x f64> attributes {fluff = array<i64: 2, 0, 0, 0>} init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: zpl.array_decl @Arg : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 1, 0, 0>} init
zpl.array_decl @Arg : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: zpl.array_decl @V : !zpl.array<1 x i64> attributes {fluff = array<i64: 2, 0>} init
zpl.array_decl @V : !zpl.array<1 x i64> init {
  %r = zpl.get @Line : !zpl.region<1>
  zpl.yield %r : !zpl.region<1>
}
// CHECK-LABEL: zpl.array_decl @W : !zpl.array<3 x f32> attributes {fluff = array<i64: 0, 0, 1, 0, 0, 1>} init
zpl.array_decl @W : !zpl.array<3 x f32> init {
  %r = zpl.get @Cube : !zpl.region<3>
  zpl.yield %r : !zpl.region<3>
}
// CHECK-LABEL: func.func @existing
func.func @existing() {
  %W = zpl.get @Wide : !zpl.array<2 x f64>
  %G = zpl.get @Grow : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  zpl.assign %W over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %W [1, -1] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  %t = ironman.transfer %G -> %G over %R shift [0, 4] pattern(#ironman.pattern<strided, stride = ?, block = 4> -> #ironman.pattern<strided, stride = ?, block = 4>) {id = 0 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  zpl.assign %G over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %G [0, 4] : !zpl.array<2 x f64>
    %u = zpl.read %G [1, 0] : !zpl.array<2 x f64>
    %s = arith.addf %u, %v : f64
    zpl.yield %s : f64
  }
  return
}
// CHECK-LABEL: func.func @proc
func.func @proc(%X: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  zpl.assign %X over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %X [1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}
// Never called: its argument cannot be traced and is ignored.
// CHECK-LABEL: func.func @orphan
func.func @orphan(%X: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  zpl.assign %X over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %X [5, 5] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}
// CHECK-LABEL: func.func @caller
func.func @caller() {
  %A = zpl.get @Arg : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  call @proc(%A, %R) : (!zpl.array<2 x f64>, !zpl.region<2>) -> ()
  return
}
// CHECK-LABEL: func.func @ranks
func.func @ranks() {
  %V = zpl.get @V : !zpl.array<1 x i64>
  %L = zpl.get @Line : !zpl.region<1>
  zpl.assign %V over %L : !zpl.array<1 x i64>, !zpl.region<1> {
    %v = zpl.read %V [-2] : !zpl.array<1 x i64>
    zpl.yield %v : i64
  }
  %W = zpl.get @W : !zpl.array<3 x f32>
  %C = zpl.get @Cube : !zpl.region<3>
  zpl.assign %W over %C : !zpl.array<3 x f32>, !zpl.region<3> {
    %a = zpl.read %W [0, -1, 0] : !zpl.array<3 x f32>
    %b = zpl.read %W [0, 0, 1] : !zpl.array<3 x f32>
    %c = arith.addf %a, %b : f32
    zpl.yield %c : f32
  }
  return
}
