// zpl-ironman-redundancy: a transfer whose cells are still current (an
// identical transfer completed on every path, no write of the array since)
// goes with its four calls; loop-invariant halo transfers leave the loop.
// The input is what zpl-gen-comm produces: each transfer right before the
// statement that needs it.
// RUN: %zpl-opt %s --zpl-ironman-redundancy | FileCheck %s
// RUN: %zpl-opt %s --zpl-ironman-redundancy=hoist=false | FileCheck %s --check-prefix=NOHOIST

zpl.region_decl @R : !zpl.region<2> init {
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
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
func.func private @opaque()

// Two statements read A@east with no write of A between: the second
// transfer goes. A write of A brings the next one back; a transfer of B,
// another shift or another region is no repeat.
// CHECK-LABEL: func.func @straight_line
// CHECK:      %[[T0:.*]] = ironman.transfer %[[A:[0-9]+]] -> %{{.*}} shift [0, 1] {{.*}}id = 0
// CHECK-NEXT: ironman.dr %[[T0]]
// CHECK-NEXT: ironman.sr %[[T0]]
// CHECK-NEXT: ironman.dn %[[T0]]
// CHECK-NEXT: ironman.sv %[[T0]]
// CHECK-NEXT: zpl.assign %[[B:[0-9]+]] over
// CHECK:      ironman.transfer {{.*}} shift [0, -1] {{.*}}id = 2
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: ironman.transfer {{.*}} shift [0, 1] {{.*}}id = 3
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: zpl.assign %[[B]] over
// CHECK:      zpl.assign %[[A]] over
// CHECK:      ironman.transfer {{.*}} shift [0, 1] {{.*}}id = 4
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: zpl.assign %[[B]] over
// CHECK-NOT:  ironman
// CHECK:      return
func.func @straight_line() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %t0 = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 0 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t0
  ironman.sr %t0
  ironman.dn %t0
  ironman.sv %t0
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [0, 1] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  // The same transfer again, through another zpl.get of A: dropped.
  %A2 = zpl.get @A : !zpl.array<2 x f64>
  %t1 = ironman.transfer %A2 -> %A2 over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 1 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t1
  ironman.sr %t1
  ironman.dn %t1
  ironman.sv %t1
  // Another shift: kept; the first again: dropped.
  %t2 = ironman.transfer %A -> %A over %R shift [0, -1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 2 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t2
  ironman.sr %t2
  ironman.dn %t2
  ironman.sv %t2
  // B's transfer is no repeat of A's.
  %t3 = ironman.transfer %B -> %B over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 3 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t3
  ironman.sr %t3
  ironman.dn %t3
  ironman.sv %t3
  %t1b = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 5 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t1b
  ironman.sr %t1b
  ironman.dn %t1b
  ironman.sv %t1b
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [0, -1] : !zpl.array<2 x f64>
    %w = zpl.read %B [0, 1] : !zpl.array<2 x f64>
    %x = zpl.read %A2 [0, 1] : !zpl.array<2 x f64>
    %s = arith.addf %v, %w : f64
    %t = arith.addf %s, %x : f64
    zpl.yield %t : f64
  }
  // A changes: its cells must move again.
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %B [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  %t4 = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 4 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t4
  ironman.sr %t4
  ironman.dn %t4
  ironman.sv %t4
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [0, 1] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// Control flow: a transfer inside an scf.if repeats one before it
// (dropped); after an if whose branch writes A, or a call, A moves again.
// CHECK-LABEL: func.func @control_flow
// CHECK:      ironman.transfer {{.*}} shift [-1, 0] {{.*}}id = 10
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: scf.if
// CHECK-NEXT:   zpl.assign
// CHECK:      } else {
// CHECK-NEXT:   zpl.assign %[[A:[0-9]+]] over
// CHECK:      ironman.transfer {{.*}} shift [-1, 0] {{.*}}id = 12
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: call @opaque()
// CHECK-NEXT: ironman.transfer {{.*}} shift [-1, 0] {{.*}}id = 13
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: return
func.func @control_flow(%c: i1) {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %t0 = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 10 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t0
  ironman.sr %t0
  ironman.dn %t0
  ironman.sv %t0
  scf.if %c {
    %t1 = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 11 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t1
    ironman.sr %t1
    ironman.dn %t1
    ironman.sv %t1
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
  } else {
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
  }
  %t2 = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 12 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t2
  ironman.sr %t2
  ironman.dn %t2
  ironman.sv %t2
  func.call @opaque() : () -> ()
  %t3 = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 13 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t3
  ironman.sr %t3
  ironman.dn %t3
  ironman.sv %t3
  return
}

// Loops: a loop body starts with what holds before the loop and is written
// nowhere in it. A is never written in the loop, so the transfer of A
// before the loop still holds in the body (with or without hoisting); B is
// written in the loop, so its transfer stays.
// CHECK-LABEL: func.func @loop
// CHECK:      ironman.transfer {{.*}} shift [1, 0] {{.*}}id = 20 : i64
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: scf.for
// CHECK-NEXT:   %[[T2:.*]] = ironman.transfer {{.*}} shift [1, 0] {{.*}}id = 22 : i64
// CHECK-NEXT:   ironman.dr %[[T2]]
// CHECK-NEXT:   ironman.sr %[[T2]]
// CHECK-NEXT:   ironman.dn %[[T2]]
// CHECK-NEXT:   ironman.sv %[[T2]]
// CHECK-NEXT:   zpl.assign
// CHECK-NOT:  ironman
// CHECK:      return
// NOHOIST-LABEL: func.func @loop
// NOHOIST:      ironman.transfer {{.*}}id = 20 : i64
// NOHOIST:      scf.for
// NOHOIST-NEXT:   ironman.transfer {{.*}}id = 22 : i64
func.func @loop(%n: index) {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t0 = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 20 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t0
  ironman.sr %t0
  ironman.dn %t0
  ironman.sv %t0
  scf.for %i = %c0 to %n step %c1 {
    %t1 = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 21 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t1
    ironman.sr %t1
    ironman.dn %t1
    ironman.sv %t1
    %t2 = ironman.transfer %B -> %B over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 22 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t2
    ironman.sr %t2
    ironman.dn %t2
    ironman.sv %t2
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [1, 0] : !zpl.array<2 x f64>
      %w = zpl.read %B [1, 0] : !zpl.array<2 x f64>
      %s = arith.addf %v, %w : f64
      zpl.yield %s : f64
    }
  }
  return
}

// Wrap: repeating an unchanged wrap is idle, but a wrap writes its array
// (its band), so a halo transfer of A before it no longer holds after it.
// CHECK-LABEL: func.func @wrap
// CHECK:      ironman.transfer {{.*}} shift [0, 1] {{.*}}id = 30
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: ironman.transfer {{.*}} shift [0, 1] {{.*}}id = 31 : i64, kind = #ironman.kind<wrap>
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: ironman.transfer {{.*}} shift [0, 1] {{.*}}id = 33
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: return
func.func @wrap() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %h0 = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 30 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %h0
  ironman.sr %h0
  ironman.dn %h0
  ironman.sv %h0
  %w0 = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 31 : i64, kind = #ironman.kind<wrap>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %w0
  ironman.sr %w0
  ironman.dn %w0
  ironman.sv %w0
  %w1 = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 32 : i64, kind = #ironman.kind<wrap>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %w1
  ironman.sr %w1
  ironman.dn %w1
  ironman.sv %w1
  %h1 = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 33 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %h1
  ironman.sr %h1
  ironman.dn %h1
  ironman.sv %h1
  return
}

// Hoisting: the transfer of A (never written in the loop) leaves the loop,
// with the region it is over, computed in the body from values defined
// outside; B's (written in the loop) stays. Without hoisting both stay.
// CHECK-LABEL: func.func @hoist
// CHECK:      %[[BAND:.*]] = zpl.derive of
// CHECK-NEXT: %[[T:.*]] = ironman.transfer {{.*}} over %[[BAND]] shift [1, 0] {{.*}}id = 40 : i64
// CHECK-NEXT: ironman.dr %[[T]]
// CHECK-NEXT: ironman.sr %[[T]]
// CHECK-NEXT: ironman.dn %[[T]]
// CHECK-NEXT: ironman.sv %[[T]]
// CHECK-NEXT: scf.while
// CHECK:      } do {
// CHECK-NEXT:   ironman.transfer {{.*}}id = 41 : i64
// CHECK-NEXT:   ironman.dr
// NOHOIST-LABEL: func.func @hoist
// NOHOIST:      scf.while
// NOHOIST:      } do {
// NOHOIST-NEXT:   zpl.derive
// NOHOIST-NEXT:   ironman.transfer {{.*}}id = 40 : i64
// NOHOIST-COUNT-4: ironman.{{dr|sr|dn|sv}}
// NOHOIST-NEXT:   ironman.transfer {{.*}}id = 41 : i64
func.func @hoist(%go: i1) {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  scf.while : () -> () {
    scf.condition(%go)
  } do {
    %band = zpl.derive of %R [0, 1] : !zpl.region<2>
    %t1 = ironman.transfer %A -> %A over %band shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 40 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t1
    ironman.sr %t1
    ironman.dn %t1
    ironman.sv %t1
    %t2 = ironman.transfer %B -> %B over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 41 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t2
    ironman.sr %t2
    ironman.dn %t2
    ironman.sv %t2
    zpl.assign %B over %band : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [1, 0] : !zpl.array<2 x f64>
      %w = zpl.read %B [1, 0] : !zpl.array<2 x f64>
      %s = arith.addf %v, %w : f64
      zpl.yield %s : f64
    }
    scf.yield
  }
  return
}

// A zpl.fused run is one statement with the writes of all its members: a
// run that only reads A keeps A's cells current, one that writes A (its
// last statement) does not.
// CHECK-LABEL: func.func @fused_runs
// CHECK:      ironman.transfer {{.*}} shift [0, 1] {{.*}}id = 20
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: zpl.fused {
// CHECK:      zpl.fused {
// CHECK:      ironman.transfer {{.*}} shift [0, 1] {{.*}}id = 22
// CHECK-COUNT-4: ironman.{{dr|sr|dn|sv}}
// CHECK-NEXT: zpl.assign
// CHECK-NOT:  ironman
// CHECK:      return
func.func @fused_runs() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %t0 = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 20 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t0
  ironman.sr %t0
  ironman.dn %t0
  ironman.sv %t0
  zpl.fused {
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [0, 1] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %w = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      %s = arith.addf %v, %w : f64
      zpl.yield %s : f64
    }
    zpl.yield
  }
  // Dropped: the run before only read A.
  %t1 = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 21 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t1
  ironman.sr %t1
  ironman.dn %t1
  ironman.sv %t1
  zpl.fused {
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %v : f64
      zpl.yield %n : f64
    }
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %w = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %w : f64
      zpl.yield %n : f64
    }
    zpl.yield
  }
  // Kept: the run before wrote A.
  %t2 = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 22 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t2
  ironman.sr %t2
  ironman.dn %t2
  ironman.sv %t2
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [0, 1] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}
