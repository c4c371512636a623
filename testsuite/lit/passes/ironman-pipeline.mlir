// zpl-ironman-pipeline: DR and SR as early, DN and SV as late as the
// arrays allow, within each block; ops with regions move as units, runs of
// statements (zpl.fused) too. The input is what zpl-gen-comm produces.
// RUN: %zpl-opt %s --zpl-ironman-pipeline | FileCheck %s

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
zpl.array_decl @C : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
func.func private @opaque()

// Two transfers of A (south for the third statement, north for the
// fourth): the handles are built at once; DR goes up past the write of A
// (statements write only cells their PE owns, never ghost cells) to the
// top; SR stays after that write; DN waits until the statement reading
// the cells; SV waits until the next write of A. (No two statements here
// form a run: the first two are plain copies, the last two are kept apart
// by rule 4 of zpl-fuse-statements.) The statement reading A@south stands
// between the north transfer's SR and DN: it reads no ghost cell that one
// receives.
// CHECK-LABEL: func.func @straight_line
// CHECK:      %[[S:.*]] = ironman.transfer {{.*}} shift [1, 0]
// CHECK-NEXT: ironman.dr %[[S]]
// CHECK-NEXT: %[[T:.*]] = ironman.transfer {{.*}} shift [-1, 0]
// CHECK-NEXT: ironman.dr %[[T]]
// CHECK-NEXT: zpl.assign %[[A:[0-9]+]] over
// CHECK:      ironman.sr %[[S]]
// CHECK-NEXT: ironman.sr %[[T]]
// CHECK-NEXT: zpl.assign %[[C:[0-9]+]] over
// CHECK:      ironman.dn %[[S]]
// CHECK-NEXT: zpl.assign %[[B:[0-9]+]] over
// CHECK:      ironman.dn %[[T]]
// CHECK-NEXT: zpl.assign %[[C]] over
// CHECK:      ironman.sv %[[S]]
// CHECK-NEXT: ironman.sv %[[T]]
// CHECK-NEXT: zpl.assign %[[A]] over
func.func @straight_line() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %C = zpl.get @C : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %B [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  // Unrelated work: C is neither A nor a reader of A's ghost cells.
  zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %B [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  %s = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %s
  ironman.sr %s
  ironman.dn %s
  ironman.sv %s
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %C [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// Ops with regions move as units: DR stays after the if that reads A's
// ghost cells inside; SV goes past the loop that only reads A and stops
// at the call (which may do anything). Transfers that could receive into
// the same ghost cells (north and north-west of A) never receive at the
// same time: the second DR waits for the read of the first one's cells,
// and so after the first DN; their sends may overlap.
// CHECK-LABEL: func.func @units
// CHECK:      %[[T:.*]] = ironman.transfer {{.*}} shift [-1, 0]
// CHECK-NEXT: %[[U:.*]] = ironman.transfer {{.*}} shift [-1, -1]
// CHECK:      scf.if
// CHECK:      ironman.dr %[[T]]
// CHECK-NEXT: ironman.sr %[[T]]
// CHECK-NEXT: ironman.dn %[[T]]
// CHECK-NEXT: zpl.assign
// CHECK:      ironman.dr %[[U]]
// CHECK-NEXT: ironman.sr %[[U]]
// CHECK-NEXT: scf.for
// CHECK:      ironman.dn %[[U]]
// CHECK-NEXT: zpl.assign
// CHECK:      ironman.sv %[[T]]
// CHECK-NEXT: ironman.sv %[[U]]
// CHECK-NEXT: call @opaque
func.func @units(%c: i1, %n: index) {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %c {
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [-1, 1] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
  }
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  scf.for %i = %c0 to %n step %c1 {
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
  }
  %u = ironman.transfer %A -> %A over %R shift [-1, -1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %u
  ironman.sr %u
  ironman.dn %u
  ironman.sv %u
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, -1] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  func.call @opaque() : () -> ()
  return
}

// A run of statements is one op: SV of A's transfer goes past the
// statement reading A@east and stops before the run, whose last statement
// writes A, not between the run's statements. A wrap is not moved at all.
// CHECK-LABEL: func.func @fusion
// CHECK:      ironman.dn %[[T:[0-9]+]]
// CHECK-NEXT: zpl.assign %[[B:[0-9]+]] over
// CHECK:      ironman.sv %[[T]]
// CHECK-NEXT: zpl.fused {
// CHECK-NEXT:   zpl.assign %[[C:[0-9]+]] over
// CHECK:        zpl.assign %[[A:[0-9]+]] over
// CHECK:        zpl.yield{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: %[[W:.*]] = ironman.transfer {{.*}}kind = #ironman.kind<wrap>
// CHECK-NEXT: ironman.dr %[[W]]
// CHECK-NEXT: ironman.sr %[[W]]
// CHECK-NEXT: ironman.dn %[[W]]
// CHECK-NEXT: ironman.sv %[[W]]
// CHECK-NEXT: return
func.func @fusion() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %C = zpl.get @C : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %t = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [0, 1] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  zpl.fused {
    zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %v : f64
      zpl.yield %n : f64
    }
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %C [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %v : f64
      zpl.yield %n : f64
    }
    zpl.yield
  }
  %w = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {kind = #ironman.kind<wrap>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %w
  ironman.sr %w
  ironman.dn %w
  ironman.sv %w
  return
}

// Two transfers of A that one statement both reads and writes: their DNs
// and SVs all come to rest before it, and every DN goes before the SVs.
// An SV may wait for the other PE's DN (on the T3E for its "done"), a DN
// only for data already sent: DN(east) after SV(west) would wait for the
// west exchange to finish on the neighbour first.
// CHECK-LABEL: func.func @receives_before_sends
// CHECK:      %[[W:.*]] = ironman.transfer {{.*}} shift [0, -1]
// CHECK:      %[[E:.*]] = ironman.transfer {{.*}} shift [0, 1]
// CHECK:      ironman.dn %[[W]]
// CHECK-NEXT: ironman.dn %[[E]]
// CHECK-NEXT: ironman.sv %[[W]]
// CHECK-NEXT: ironman.sv %[[E]]
// CHECK-NEXT: zpl.assign
func.func @receives_before_sends() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %w = ironman.transfer %A -> %A over %R shift [0, -1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %w
  ironman.sr %w
  ironman.dn %w
  ironman.sv %w
  %e = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %e
  ironman.sr %e
  ironman.dn %e
  ironman.sv %e
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %a = zpl.read %A [0, -1] : !zpl.array<2 x f64>
    %b = zpl.read %A [0, 1] : !zpl.array<2 x f64>
    %s = arith.addf %a, %b : f64
    zpl.yield %s : f64
  }
  return
}
