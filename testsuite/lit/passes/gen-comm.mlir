// zpl-gen-comm: one IRONMAN transfer per distinct (array, nonzero offset)
// before each statement, with DR, SR, DN, SV and a program-wide id.
// RUN: %zpl-opt %s --zpl-gen-comm | FileCheck %s
// Idempotent: a second run changes nothing.
// RUN: %zpl-opt %s --zpl-gen-comm --zpl-gen-comm | FileCheck %s
// RUN: %zpl-opt %s --zpl-gen-comm | %zpl-opt --zpl-gen-comm | FileCheck %s

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
zpl.array_decl @A : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
zpl.array_decl @B : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
zpl.array_decl @V : !zpl.array<1 x i64> init {
  %r = zpl.get @Line : !zpl.region<1>
  zpl.yield %r : !zpl.region<1>
}
zpl.array_decl @W : !zpl.array<3 x f32> init {
  %r = zpl.get @Cube : !zpl.region<3>
  zpl.yield %r : !zpl.region<3>
}

// Four-point stencil: rows move contiguously, columns one element at a
// time one (run-time) row pitch apart. Repeated and unshifted reads need
// nothing more.
// CHECK-LABEL: func.func @four_point
// CHECK:      %[[A:.*]] = zpl.get @A : !zpl.array<2 x f64>
// CHECK-NEXT: %[[B:.*]] = zpl.get @B : !zpl.array<2 x f64>
// CHECK-NEXT: %[[R:.*]] = zpl.get @R : !zpl.region<2>
// CHECK-NEXT: %[[T0:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 0 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
// CHECK-NEXT: ironman.dr %[[T0]]
// CHECK-NEXT: ironman.sr %[[T0]]
// CHECK-NEXT: ironman.dn %[[T0]]
// CHECK-NEXT: ironman.sv %[[T0]]
// CHECK-NEXT: %[[T1:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 1 : i64}
// CHECK-NEXT: ironman.dr %[[T1]]
// CHECK-NEXT: ironman.sr %[[T1]]
// CHECK-NEXT: ironman.dn %[[T1]]
// CHECK-NEXT: ironman.sv %[[T1]]
// CHECK-NEXT: %[[T2:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [0, -1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 2 : i64}
// CHECK-NEXT: ironman.dr %[[T2]]
// CHECK-NEXT: ironman.sr %[[T2]]
// CHECK-NEXT: ironman.dn %[[T2]]
// CHECK-NEXT: ironman.sv %[[T2]]
// CHECK-NEXT: %[[T3:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 3 : i64}
// CHECK-NEXT: ironman.dr %[[T3]]
// CHECK-NEXT: ironman.sr %[[T3]]
// CHECK-NEXT: ironman.dn %[[T3]]
// CHECK-NEXT: ironman.sv %[[T3]]
// CHECK-NEXT: zpl.assign %[[B]] over %[[R]]
// CHECK-NOT:  ironman
// CHECK:      return
func.func @four_point() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %n = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %s = zpl.read %A [1, 0] : !zpl.array<2 x f64>
    %w = zpl.read %A [0, -1] : !zpl.array<2 x f64>
    %e = zpl.read %A [0, 1] : !zpl.array<2 x f64>
    %n2 = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %c = zpl.read %A [0, 0] : !zpl.array<2 x f64>
    %a = arith.addf %n, %s : f64
    %b = arith.addf %w, %e : f64
    %d = arith.addf %a, %b : f64
    %f = arith.addf %n2, %c : f64
    %g = arith.addf %d, %f : f64
    zpl.yield %g : f64
  }
  // Only unshifted reads: no communication.
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %B [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// Eight-point stencil: diagonals move single elements; a width-2 shift
// west moves blocks of two.
// CHECK-LABEL: func.func @eight_point
// CHECK:      %[[A:.*]] = zpl.get @A
// CHECK-NEXT: %[[R:.*]] = zpl.get @R
// CHECK-NEXT: %[[T:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [-1, -1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 4 : i64}
// CHECK-NEXT: ironman.dr %[[T]]
// CHECK-NEXT: ironman.sr %[[T]]
// CHECK-NEXT: ironman.dn %[[T]]
// CHECK-NEXT: ironman.sv %[[T]]
// CHECK-NEXT: ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [-1, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 5 : i64}
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [1, -1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 6 : i64}
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [1, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 7 : i64}
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 8 : i64}
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [0, -2] pattern(#ironman.pattern<strided, stride = ?, block = 2> -> #ironman.pattern<strided, stride = ?, block = 2>) {id = 9 : i64}
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: zpl.assign %[[A]] over %[[R]]
func.func @eight_point() {
  %A = zpl.get @A : !zpl.array<2 x f64>
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

// A reduction reading shifted, then a statement inside scf.while: the
// transfer goes right before the statement, inside the loop body.
// CHECK-LABEL: func.func @reduce_and_while
// CHECK:      %[[A:.*]] = zpl.get @A
// CHECK-NEXT: %[[R:.*]] = zpl.get @R
// CHECK-NEXT: %[[T:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [0, 3] pattern(#ironman.pattern<strided, stride = ?, block = 3> -> #ironman.pattern<strided, stride = ?, block = 3>) {id = 10 : i64}
// CHECK-NEXT: ironman.dr %[[T]]
// CHECK-NEXT: ironman.sr %[[T]]
// CHECK-NEXT: ironman.dn %[[T]]
// CHECK-NEXT: ironman.sv %[[T]]
// CHECK-NEXT: %{{.*}} = zpl.reduce max over %[[R]]
// CHECK:      scf.while
// CHECK:      scf.condition
// CHECK:      } do {
// CHECK-NEXT: ^bb0(%{{.*}}: f64):
// CHECK-NEXT:   %[[C:.*]] = arith.constant 5.000000e-01 : f64
// CHECK-NEXT:   %[[L:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [2, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 11 : i64}
// CHECK-NEXT:   ironman.dr %[[L]]
// CHECK-NEXT:   ironman.sr %[[L]]
// CHECK-NEXT:   ironman.dn %[[L]]
// CHECK-NEXT:   ironman.sv %[[L]]
// CHECK-NEXT:   zpl.assign %[[A]] over %[[R]]
func.func @reduce_and_while() -> f64 {
  %A = zpl.get @A : !zpl.array<2 x f64>
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
    %half = arith.constant 0.5 : f64
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [2, 0] : !zpl.array<2 x f64>
      %h = arith.mulf %v, %half : f64
      zpl.yield %h : f64
    }
    %next = arith.mulf %err, %half : f64
    scf.yield %next : f64
  }
  return %r : f64
}

// Two arrays shifted, both by the same offset: one transfer each.
// CHECK-LABEL: func.func @two_arrays
// CHECK:      %[[A:.*]] = zpl.get @A
// CHECK-NEXT: %[[B:.*]] = zpl.get @B
// CHECK-NEXT: %[[R:.*]] = zpl.get @R
// CHECK-NEXT: %[[TA:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 12 : i64}
// CHECK-NEXT: ironman.dr %[[TA]]
// CHECK-NEXT: ironman.sr %[[TA]]
// CHECK-NEXT: ironman.dn %[[TA]]
// CHECK-NEXT: ironman.sv %[[TA]]
// CHECK-NEXT: %[[TB:.*]] = ironman.transfer %[[B]] -> %[[B]] over %[[R]] shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 13 : i64}
// CHECK-NEXT: ironman.dr %[[TB]]
// CHECK-NEXT: ironman.sr %[[TB]]
// CHECK-NEXT: ironman.dn %[[TB]]
// CHECK-NEXT: ironman.sv %[[TB]]
// CHECK-NEXT: %[[TC:.*]] = ironman.transfer %[[B]] -> %[[B]] over %[[R]] shift [0, -1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 14 : i64}
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}} %[[TC]]
// CHECK-NEXT: zpl.assign %[[A]] over %[[R]]
func.func @two_arrays() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %a = zpl.read %A [1, 0] : !zpl.array<2 x f64>
    %b = zpl.read %B [1, 0] : !zpl.array<2 x f64>
    %c = zpl.read %B [0, -1] : !zpl.array<2 x f64>
    %s = arith.addf %a, %b : f64
    %t = arith.addf %s, %c : f64
    zpl.yield %t : f64
  }
  return
}

// Statements over an `of` band, in scf.if and scf.for, on procedure
// arguments, with the array fetched inside the statement (fetched again
// before it), and a reduction nested in an assignment (communicated before
// the assignment, over the reduction's region).
// CHECK-LABEL: func.func @places
// CHECK-SAME:    (%[[X:.*]]: !zpl.array<2 x f64>, %[[R:.*]]: !zpl.region<2>, %[[C:.*]]: i1, %[[N:.*]]: index)
// CHECK:      %[[S:.*]] = zpl.derive of %[[R]] [1, 0]
// CHECK-NEXT: %[[T0:.*]] = ironman.transfer %[[X]] -> %[[X]] over %[[S]] shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 15 : i64}
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}} %[[T0]]
// CHECK-NEXT: zpl.assign %[[X]] over %[[S]]
// CHECK:      scf.if %[[C]] {
// CHECK-NEXT:   %[[T1:.*]] = ironman.transfer %[[X]] -> %[[X]] over %[[R]] shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 16 : i64}
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}} %[[T1]]
// CHECK-NEXT:   zpl.assign %[[X]] over %[[R]]
// CHECK:      } else {
// CHECK-NEXT:   %[[T2:.*]] = ironman.transfer %[[X]] -> %[[X]] over %[[R]] shift [0, -1] {{.*}} {id = 17 : i64}
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}} %[[T2]]
// CHECK-NEXT:   %{{.*}} = zpl.reduce add over %[[R]]
// CHECK:      scf.for
// CHECK-NEXT:   %[[B:.*]] = zpl.get @B : !zpl.array<2 x f64>
// CHECK-NEXT:   %[[T3:.*]] = ironman.transfer %[[B]] -> %[[B]] over %[[R]] shift [-1, 0] {{.*}} {id = 18 : i64}
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}} %[[T3]]
// CHECK-NEXT:   zpl.assign %[[X]] over %[[R]]
// CHECK-NEXT:     %[[BI:.*]] = zpl.get @B : !zpl.array<2 x f64>
// CHECK-NEXT:     zpl.read %[[BI]] [-1, 0]
// CHECK:      %[[V:.*]] = zpl.get @V : !zpl.array<1 x i64>
// CHECK-NEXT: %[[L:.*]] = zpl.get @Line : !zpl.region<1>
// CHECK-NEXT: %[[T4:.*]] = ironman.transfer %[[V]] -> %[[V]] over %[[L]] shift [1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 19 : i64} : !zpl.array<1 x i64> -> !zpl.array<1 x i64>, !zpl.region<1>
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}} %[[T4]]
// CHECK-NEXT: zpl.assign %[[X]] over %[[R]]
// CHECK-NEXT:   zpl.reduce add over %[[L]]
func.func @places(%X: !zpl.array<2 x f64>, %R: !zpl.region<2>, %c: i1, %n: index) {
  %S = zpl.derive of %R [1, 0] : !zpl.region<2>
  zpl.assign %X over %S : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %X [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  scf.if %c {
    zpl.assign %X over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %X [0, 1] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
  } else {
    %s = zpl.reduce add over %R : !zpl.region<2> -> f64 {
      %v = zpl.read %X [0, -1] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    zpl.assign %X over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %B = zpl.get @B : !zpl.array<2 x f64>
      %v = zpl.read %B [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
  }
  %V = zpl.get @V : !zpl.array<1 x i64>
  %L = zpl.get @Line : !zpl.region<1>
  zpl.assign %X over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %s = zpl.reduce add over %L : !zpl.region<1> -> i64 {
      %v = zpl.read %V [1] : !zpl.array<1 x i64>
      zpl.yield %v : i64
    }
    %f = arith.sitofp %s : i64 to f64
    zpl.yield %f : f64
  }
  return
}

// Rank 3: a shift only in the outermost dimension moves whole planes
// (contiguous); a middle one moves whole inner rows (block unknown); an
// innermost one moves blocks of |d|.
// CHECK-LABEL: func.func @rank3
// CHECK:      ironman.transfer %{{.*}} shift [1, 0, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 20 : i64}
// CHECK:      ironman.transfer %{{.*}} shift [0, -1, 0] pattern(#ironman.pattern<strided, stride = ?, block = ?> -> #ironman.pattern<strided, stride = ?, block = ?>) {id = 21 : i64}
// CHECK:      ironman.transfer %{{.*}} shift [0, 0, -3] pattern(#ironman.pattern<strided, stride = ?, block = 3> -> #ironman.pattern<strided, stride = ?, block = 3>) {id = 22 : i64}
// CHECK:      ironman.transfer %{{.*}} shift [2, 1, 0] pattern(#ironman.pattern<strided, stride = ?, block = ?> -> #ironman.pattern<strided, stride = ?, block = ?>) {id = 23 : i64}
func.func @rank3() {
  %W = zpl.get @W : !zpl.array<3 x f32>
  %C = zpl.get @Cube : !zpl.region<3>
  zpl.assign %W over %C : !zpl.array<3 x f32>, !zpl.region<3> {
    %a = zpl.read %W [1, 0, 0] : !zpl.array<3 x f32>
    %b = zpl.read %W [0, -1, 0] : !zpl.array<3 x f32>
    %c = zpl.read %W [0, 0, -3] : !zpl.array<3 x f32>
    %d = zpl.read %W [2, 1, 0] : !zpl.array<3 x f32>
    %s = arith.addf %a, %b : f32
    %t = arith.addf %c, %d : f32
    %u = arith.addf %s, %t : f32
    zpl.yield %u : f32
  }
  return
}

// Transfers already right before a statement are kept (and numbered);
// only the missing one is added after them.
// CHECK-LABEL: func.func @existing
// CHECK:      %[[A:.*]] = zpl.get @A
// CHECK-NEXT: %[[R:.*]] = zpl.get @R
// CHECK-NEXT: %[[E:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 24 : i64}
// CHECK-NEXT: ironman.dr %[[E]]
// CHECK-NEXT: ironman.sr %[[E]]
// CHECK-NEXT: ironman.dn %[[E]]
// CHECK-NEXT: ironman.sv %[[E]]
// CHECK-NEXT: %[[T:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [1, 0] {{.*}} {id = 25 : i64}
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}} %[[T]]
// CHECK-NEXT: zpl.assign
// CHECK-NOT:  ironman
// CHECK:      return
func.func @existing() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 7 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %w = zpl.read %A [1, 0] : !zpl.array<2 x f64>
    %s = arith.addf %v, %w : f64
    zpl.yield %s : f64
  }
  return
}

// A zpl.fused run is one statement: the transfers for all its members'
// reads (each array and offset once, in order of first read) go before
// the run, none inside it.
// CHECK-LABEL: func.func @fused_run
// CHECK:      %[[T0:.*]] = ironman.transfer %[[A:.*]] -> %{{.*}} shift [-1, 0]
// CHECK-NEXT: ironman.dr %[[T0]]
// CHECK-NEXT: ironman.sr %[[T0]]
// CHECK-NEXT: ironman.dn %[[T0]]
// CHECK-NEXT: ironman.sv %[[T0]]
// CHECK-NEXT: %[[T1:.*]] = ironman.transfer %[[A]] -> %{{.*}} shift [0, 1]
// CHECK-NEXT: ironman.dr %[[T1]]
// CHECK-NEXT: ironman.sr %[[T1]]
// CHECK-NEXT: ironman.dn %[[T1]]
// CHECK-NEXT: ironman.sv %[[T1]]
// CHECK-NEXT: %{{.*}} = zpl.fused -> f64 {
// CHECK-NOT:  ironman
// CHECK:      return
func.func @fused_run() -> f64 {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %s = zpl.fused -> f64 {
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
    %r = zpl.reduce add over %R : !zpl.region<2> -> f64 {
      %n = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      %e = zpl.read %A [0, 1] : !zpl.array<2 x f64>
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      %x = arith.addf %n, %e : f64
      %y = arith.addf %x, %b : f64
      zpl.yield %y : f64
    }
    zpl.yield %r : f64
  }
  return %s : f64
}
