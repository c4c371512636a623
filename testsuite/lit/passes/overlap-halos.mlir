// zpl-overlap-halos: a statement (or fused run) that right after the DN
// of a halo transfer reads its ghost cells becomes an interior part before
// the DNs and a boundary part after them (zpl.overlap), where the
// placement verifier accepts it. The input is what zpl-ironman-pipeline
// produces.
// RUN: %zpl-opt %s --zpl-overlap-halos | FileCheck %s

zpl.region_decl @R : !zpl.region<2> init {
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
zpl.region_decl @V : !zpl.region<3> init {
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %r = zpl.make_region [%c1 : %c8, %c1 : %c8, %c1 : %c8] : !zpl.region<3>
  zpl.yield %r : !zpl.region<3>
}
zpl.array_decl @A : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
zpl.array_decl @B : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
zpl.array_decl @C : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
zpl.array_decl @M : !zpl.array<2 x i1> init {
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
zpl.array_decl @P : !zpl.array<3 x f64> init {
  %r = zpl.get @V : !zpl.region<3>
  zpl.yield %r : !zpl.region<3>
}
zpl.array_decl @Q : !zpl.array<3 x f64> init {
  %r = zpl.get @V : !zpl.region<3>
  zpl.yield %r : !zpl.region<3>
}

// The basic case: B := A@north waits for A's north halo. The interior goes
// before the DN, in the transfer's receive window; the boundary strips
// after it.
// CHECK-LABEL: func.func @split_assign
// CHECK:      ironman.dr %[[T:.*]]
// CHECK-NEXT: ironman.sr %[[T]]
// CHECK-NEXT: zpl.assign %[[B:[0-9]+]] over %{{.*}} {zpl.overlap = "interior"}
// CHECK-NEXT:   zpl.read %{{.*}} [-1, 0]
// CHECK:      ironman.dn %[[T]]
// CHECK-NEXT: ironman.sv %[[T]]
// CHECK-NEXT: zpl.assign %[[B]] over %{{.*}} {zpl.overlap = "boundary"}
// CHECK-NEXT:   zpl.read %{{.*}} [-1, 0]
func.func @split_assign() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// A fused run with a max reduction (exact in any order): both parts hold
// the whole run; the boundary part's result is the run's, the interior
// part's is unused. All four DNs go after the interior.
// CHECK-LABEL: func.func @split_run_with_max
// CHECK:      ironman.sr
// CHECK:      ironman.sr %[[W:[0-9]+]]
// CHECK-NEXT: %{{.*}} = zpl.fused attributes {zpl.overlap = "interior"} -> f64
// CHECK:      ironman.dn %[[N:[0-9]+]]
// CHECK-NEXT: ironman.dn %[[W]]
// CHECK-NEXT: %[[RES:.*]] = zpl.fused attributes {zpl.overlap = "boundary"} -> f64
// CHECK:      ironman.sv %[[N]]
// CHECK:      return %[[RES]]
func.func @split_run_with_max() -> f64 {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %n = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %n
  ironman.sr %n
  %w = ironman.transfer %A -> %A over %R shift [0, -1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %w
  ironman.sr %w
  ironman.dn %n
  ironman.dn %w
  %r = zpl.fused -> f64 {
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %u = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      %v = zpl.read %A [0, -1] : !zpl.array<2 x f64>
      %s = arith.addf %u, %v : f64
      zpl.yield %s : f64
    }
    %m = zpl.reduce max over %R : !zpl.region<2> -> f64 {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      zpl.yield %b : f64
    }
    zpl.yield %m : f64
  }
  ironman.sv %n
  ironman.sv %w
  return %r : f64
}

// A floating-point sum keeps its order contract (row-major over each
// tile): a run holding one is not split.
// CHECK-LABEL: func.func @no_split_float_sum
// CHECK-NOT:  zpl.overlap
// CHECK:      return
func.func @no_split_float_sum() -> f64 {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  %r = zpl.fused -> f64 {
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %u = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %u : f64
    }
    %s = zpl.reduce add over %R : !zpl.region<2> -> f64 {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      zpl.yield %b : f64
    }
    zpl.yield %s : f64
  }
  ironman.sv %t
  return %r : f64
}

// An integer sum is exact in any order: split.
// CHECK-LABEL: func.func @split_integer_sum
// CHECK:      zpl.fused attributes {zpl.overlap = "interior"} -> i64
// CHECK:      ironman.dn
// CHECK-NEXT: zpl.fused attributes {zpl.overlap = "boundary"} -> i64
func.func @split_integer_sum() -> i64 {
  %I = zpl.get @I : !zpl.array<2 x i64>
  %J = zpl.get @J : !zpl.array<2 x i64>
  %R = zpl.get @R : !zpl.region<2>
  %t = ironman.transfer %I -> %I over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) : !zpl.array<2 x i64> -> !zpl.array<2 x i64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  %r = zpl.fused -> i64 {
    zpl.assign %J over %R : !zpl.array<2 x i64>, !zpl.region<2> {
      %u = zpl.read %I [0, 1] : !zpl.array<2 x i64>
      zpl.yield %u : i64
    }
    %s = zpl.reduce add over %R : !zpl.region<2> -> i64 {
      %j = zpl.read %J [0, 0] : !zpl.array<2 x i64>
      zpl.yield %j : i64
    }
    zpl.yield %s : i64
  }
  ironman.sv %t
  return %r : i64
}

// No shifted read: nothing to split, even after a DN.
// CHECK-LABEL: func.func @no_split_unshifted
// CHECK-NOT:  zpl.overlap
// CHECK:      return
func.func @no_split_unshifted() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// The shifted read is not of the transfer that ends before it (A@south,
// the transfer brings A's north band): nothing to wait for, no split.
// CHECK-LABEL: func.func @no_split_other_band
// CHECK-NOT:  zpl.overlap
// CHECK:      return
func.func @no_split_other_band() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %B [1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// `A := f(A@north)` computes into a temporary: its interior writes no cell
// of A, so it may stand in A's send window too (SV stays before the
// boundary part, which writes A).
// CHECK-LABEL: func.func @split_self_read
// CHECK:      ironman.sr %[[T:.*]]
// CHECK-NEXT: zpl.assign %[[A:[0-9]+]] over %{{.*}} {zpl.overlap = "interior"}
// CHECK:      ironman.dn %[[T]]
// CHECK-NEXT: ironman.sv %[[T]]
// CHECK-NEXT: zpl.assign %[[A]] over %{{.*}} {zpl.overlap = "boundary"}
func.func @split_self_read() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %u = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
    %s = arith.addf %u, %v : f64
    zpl.yield %s : f64
  }
  return
}

// C := A@north writes C, which another transfer is still sending (its SV
// comes after the DN): the interior would write C in that transfer's
// send window, so no split.
// CHECK-LABEL: func.func @no_split_writes_sent_source
// CHECK-NOT:  zpl.overlap
// CHECK:      return
func.func @no_split_writes_sent_source() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %C = zpl.get @C : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %u = ironman.transfer %C -> %C over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.dr %u
  ironman.sr %t
  ironman.sr %u
  ironman.dn %t
  ironman.dn %u
  ironman.sv %t
  ironman.sv %u
  zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// A masked statement keeps its mask in both parts.
// CHECK-LABEL: func.func @split_masked
// CHECK:      zpl.assign %{{.*}} over %{{.*}} mask %[[M:[0-9]+]] : !zpl.array<2 x i1> {zpl.overlap = "interior"}
// CHECK:      ironman.dn
// CHECK:      zpl.assign %{{.*}} over %{{.*}} mask %[[M]] : !zpl.array<2 x i1> {zpl.overlap = "boundary"}
func.func @split_masked() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %M = zpl.get @M : !zpl.array<2 x i1>
  %R = zpl.get @R : !zpl.region<2>
  %t = ironman.transfer %A -> %A over %R shift [1, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  zpl.assign %B over %R mask %M : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [1, 1] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// Three dimensions.
// CHECK-LABEL: func.func @split_3d
// CHECK:      zpl.assign %{{.*}} {zpl.overlap = "interior"} : !zpl.array<3 x f64>
// CHECK:      ironman.dn
// CHECK-NEXT: ironman.sv
// CHECK-NEXT: zpl.assign %{{.*}} {zpl.overlap = "boundary"} : !zpl.array<3 x f64>
func.func @split_3d() {
  %P = zpl.get @P : !zpl.array<3 x f64>
  %Q = zpl.get @Q : !zpl.array<3 x f64>
  %V = zpl.get @V : !zpl.region<3>
  %t = ironman.transfer %P -> %P over %V shift [0, 0, 2] pattern(#ironman.pattern<strided, stride = ?, block = 2> -> #ironman.pattern<strided, stride = ?, block = 2>) : !zpl.array<3 x f64> -> !zpl.array<3 x f64>, !zpl.region<3>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  zpl.assign %Q over %V : !zpl.array<3 x f64>, !zpl.region<3> {
    %v = zpl.read %P [0, 0, 2] : !zpl.array<3 x f64>
    zpl.yield %v : f64
  }
  return
}

// A wrap transfer fills cells the PE owns: any read of its array must wait
// for it, so a statement after its DN is not split.
// CHECK-LABEL: func.func @no_split_after_wrap
// CHECK-NOT:  zpl.overlap
// CHECK:      return
func.func @no_split_after_wrap() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %t = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {kind = #ironman.kind<wrap>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [0, 1] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}
