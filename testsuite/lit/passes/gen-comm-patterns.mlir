// zpl-gen-comm classifies every transfer's two sides in the copy-transfer
// notation (#ironman.pattern, docs/model.md): halo rows contiguous (`1`),
// halo columns strided (stride = the local row pitch, known at run time:
// `?`; block = |shift| in the innermost dimension, or a whole inner row
// when that component is 0: `?`), remaps indexed on the indexed side (`w`),
// transposes strided on one side (strided loads `nQ1` until strategy
// selection orients them). Remaps and transposes replace their zpl.remap.
// RUN: %zpl-opt %s --zpl-gen-comm | FileCheck %s

zpl.region_decl @R : !zpl.region<2> init {
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
zpl.region_decl @C : !zpl.region<3> init {
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %r = zpl.make_region [%c1 : %c8, %c1 : %c8, %c1 : %c8] : !zpl.region<3>
  zpl.yield %r : !zpl.region<3>
}
zpl.region_decl @L : !zpl.region<1> init {
  %c1 = arith.constant 1 : i64
  %c64 = arith.constant 64 : i64
  %r = zpl.make_region [%c1 : %c64] : !zpl.region<1>
  zpl.yield %r : !zpl.region<1>
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
zpl.array_decl @J : !zpl.array<2 x i64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
zpl.array_decl @X : !zpl.array<1 x f64> init {
  %r = zpl.get @L : !zpl.region<1>
  zpl.yield %r : !zpl.region<1>
}
zpl.array_decl @U : !zpl.array<3 x f64> init {
  %r = zpl.get @C : !zpl.region<3>
  zpl.yield %r : !zpl.region<3>
}
zpl.array_decl @V : !zpl.array<3 x f64> init {
  %r = zpl.get @C : !zpl.region<3>
  zpl.yield %r : !zpl.region<3>
}

// Halos: a row (contiguous both sides), a column (single elements one row
// pitch apart), two columns (blocks of 2), a corner (the inner component
// decides: strided).
// CHECK-LABEL: func.func @halos
// CHECK:      shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>)
// CHECK:      shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>)
// CHECK:      shift [0, -2] pattern(#ironman.pattern<strided, stride = ?, block = 2> -> #ironman.pattern<strided, stride = ?, block = 2>)
// CHECK:      shift [1, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>)
func.func @halos() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %n = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %e = zpl.read %A [0, 1] : !zpl.array<2 x f64>
    %w = zpl.read %A [0, -2] : !zpl.array<2 x f64>
    %d = zpl.read %A [1, 1] : !zpl.array<2 x f64>
    %s0 = arith.addf %n, %e : f64
    %s1 = arith.addf %s0, %w : f64
    %s2 = arith.addf %s1, %d : f64
    zpl.yield %s2 : f64
  }
  return
}

// Rank 3: a plane (contiguous), rows of a plane one plane pitch apart
// (blocks of a whole inner row), single elements (strided).
// CHECK-LABEL: func.func @halos3
// CHECK:      shift [1, 0, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>)
// CHECK:      shift [0, 1, 0] pattern(#ironman.pattern<strided, stride = ?, block = ?> -> #ironman.pattern<strided, stride = ?, block = ?>)
// CHECK:      shift [0, 0, -1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>)
func.func @halos3() {
  %U = zpl.get @U : !zpl.array<3 x f64>
  %V = zpl.get @V : !zpl.array<3 x f64>
  %C = zpl.get @C : !zpl.region<3>
  zpl.assign %V over %C : !zpl.array<3 x f64>, !zpl.region<3> {
    %a = zpl.read %U [1, 0, 0] : !zpl.array<3 x f64>
    %b = zpl.read %U [0, 1, 0] : !zpl.array<3 x f64>
    %c = zpl.read %U [0, 0, -1] : !zpl.array<3 x f64>
    %s0 = arith.addf %a, %b : f64
    %s1 = arith.addf %s0, %c : f64
    zpl.yield %s1 : f64
  }
  return
}

// Boundary bands classify like halos.
// CHECK-LABEL: func.func @boundaries
// CHECK:      shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = {{[0-9]+}} : i64, kind = #ironman.kind<wrap>}
// CHECK:      shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = {{[0-9]+}} : i64, kind = #ironman.kind<reflect>}
func.func @boundaries() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  zpl.boundary wrap %A over %R [0, 1] : !zpl.array<2 x f64>, !zpl.region<2>
  zpl.boundary reflect %A over %R [-1, 0] : !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// Remaps: indexed on the indexed side (gather: the source, wQ1; scatter:
// the destination, 1Qw), the index arrays named, the zpl.remap gone; then
// the four state ops.
// CHECK-LABEL: func.func @remaps
// CHECK:      %[[G:.*]] = ironman.transfer %[[B:.*]] -> %[[A:.*]] over %[[R:.*]] gather(%[[I:.*]], %[[J:.*]] : !zpl.array<2 x i64>, !zpl.array<2 x i64>) pattern(#ironman.pattern<indexed> -> #ironman.pattern<contiguous>) {id = {{[0-9]+}} : i64, kind = #ironman.kind<remap>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
// CHECK-NEXT: ironman.dr %[[G]]
// CHECK-NEXT: ironman.sr %[[G]]
// CHECK-NEXT: ironman.dn %[[G]]
// CHECK-NEXT: ironman.sv %[[G]]
// CHECK-NEXT: ironman.transfer %[[A]] -> %[[B]] over %[[R]] scatter(%[[J]], %[[I]] : !zpl.array<2 x i64>, !zpl.array<2 x i64>) pattern(#ironman.pattern<contiguous> -> #ironman.pattern<indexed>) {id = {{[0-9]+}} : i64, kind = #ironman.kind<remap>}
// A rank-2 gather from a rank-1 array: one index array.
// CHECK:      ironman.transfer %[[X:.*]] -> %[[A]] over %[[R]] gather(%[[I]] : !zpl.array<2 x i64>) pattern(#ironman.pattern<indexed> -> #ironman.pattern<contiguous>) {id = {{[0-9]+}} : i64, kind = #ironman.kind<remap>} : !zpl.array<1 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
// CHECK-NOT:  zpl.remap
// CHECK:      return
func.func @remaps() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %I = zpl.get @I : !zpl.array<2 x i64>
  %J = zpl.get @J : !zpl.array<2 x i64>
  %X = zpl.get @X : !zpl.array<1 x f64>
  %R = zpl.get @R : !zpl.region<2>
  zpl.remap gather %A from %B over %R [%I, %J] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>]
  zpl.remap scatter %B from %A over %R [%J, %I] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>]
  zpl.remap gather %A from %X over %R [%I] : !zpl.array<2 x f64>, !zpl.array<1 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>]
  return
}

// Transposes: strided loads, contiguous stores. The loads are single
// elements when the innermost dimension moves, whole inner rows when it
// stays in place; the identity permutation copies rows (contiguous).
// CHECK-LABEL: func.func @transposes
// CHECK:      %[[T:.*]] = ironman.transfer %[[B:.*]] -> %[[A:.*]] over %[[R:.*]] transpose [2, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<contiguous>) {id = {{[0-9]+}} : i64, kind = #ironman.kind<transpose>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
// CHECK-NEXT: ironman.dr %[[T]]
// CHECK-NEXT: ironman.sr %[[T]]
// CHECK-NEXT: ironman.dn %[[T]]
// CHECK-NEXT: ironman.sv %[[T]]
// CHECK:      transpose [3, 1, 2] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<contiguous>)
// CHECK:      transpose [2, 1, 3] pattern(#ironman.pattern<strided, stride = ?, block = ?> -> #ironman.pattern<contiguous>)
// CHECK:      transpose [1, 2, 3] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>)
// CHECK-NOT:  zpl.remap
func.func @transposes() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %U = zpl.get @U : !zpl.array<3 x f64>
  %V = zpl.get @V : !zpl.array<3 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %C = zpl.get @C : !zpl.region<3>
  zpl.remap gather %A from %B over %R transpose [2, 1] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>
  zpl.remap gather %V from %U over %C transpose [3, 1, 2] : !zpl.array<3 x f64>, !zpl.array<3 x f64>, !zpl.region<3>
  zpl.remap gather %V from %U over %C transpose [2, 1, 3] : !zpl.array<3 x f64>, !zpl.array<3 x f64>, !zpl.region<3>
  zpl.remap gather %V from %U over %C transpose [1, 2, 3] : !zpl.array<3 x f64>, !zpl.array<3 x f64>, !zpl.region<3>
  return
}
