// zpl-ironman-pipeline across the iterations of an scf.for: the next
// iteration's DR and SR move to the end of the current one, after its last
// read of the received cells and last write of the source, guarded by
// whether another iteration follows; the first iteration's go before the
// loop, guarded by whether it runs at all. Only when an array statement
// remains after the new place to overlap, and only when nothing at the top
// of the body (before DN, SV) would fall into the windows.
// RUN: %zpl-opt %s --zpl-ironman-pipeline | FileCheck %s
// RUN: %zpl-opt %s --zpl-ironman-pipeline=across-iterations=false | FileCheck %s --check-prefix=OFF

zpl.region_decl @R : !zpl.region<2> init {
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
zpl.region_decl @S : !zpl.region<2> init {
  %c2 = arith.constant 2 : i64
  %c7 = arith.constant 7 : i64
  %r = zpl.make_region [%c2 : %c7, %c2 : %c7] : !zpl.region<2>
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
zpl.array_decl @T : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}

// T := A@north; A := T (SV right before the write of A); then B over S,
// which neither reads A's ghost cells nor writes A: the next iteration's
// transfer starts before it.
// CHECK-LABEL: func.func @rotate
// CHECK:      %[[H:.*]] = ironman.transfer {{.*}} shift [-1, 0]
// CHECK-NEXT: %[[RUNS:.*]] = arith.cmpi slt, %[[LB:.*]], %[[UB:.*]] : index
// CHECK-NEXT: scf.if %[[RUNS]] {
// CHECK-NEXT:   ironman.dr %[[H]]
// CHECK-NEXT:   ironman.sr %[[H]]
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP:[^ ]*]] {
// CHECK-NEXT:   ironman.dn %[[H]]
// CHECK-NEXT:   zpl.assign %[[T:[0-9]+]] over
// CHECK:        ironman.sv %[[H]]
// CHECK-NEXT:   zpl.assign %[[A:[0-9]+]] over
// CHECK:        %[[NEXT:.*]] = arith.addi %[[IV]], %[[STEP]] : index
// CHECK-NEXT:   %[[MORE:.*]] = arith.cmpi slt, %[[NEXT]], %[[UB]] : index
// CHECK-NEXT:   scf.if %[[MORE]] {
// CHECK-NEXT:     ironman.dr %[[H]]
// CHECK-NEXT:     ironman.sr %[[H]]
// CHECK-NEXT:   }
// CHECK-NEXT:   zpl.assign %[[B:[0-9]+]] over
// CHECK-NOT:  ironman.dr
// OFF-LABEL: func.func @rotate
// OFF:       scf.for
// OFF-NEXT:    ironman.transfer
// OFF-NEXT:    ironman.dr
// OFF-NEXT:    ironman.sr
// OFF-NOT:   scf.if
func.func @rotate(%lb: index, %ub: index, %step: index) {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %T = zpl.get @T : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %S = zpl.get @S : !zpl.region<2>
  scf.for %i = %lb to %ub step %step {
    %h = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %h
    ironman.sr %h
    ironman.dn %h
    ironman.sv %h
    zpl.assign %T over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %T [0, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
    zpl.assign %B over %S : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
  }
  return
}

// The write of A is the body's last statement: nothing would overlap, so
// the calls stay in the iteration.
// CHECK-LABEL: func.func @nothing_after
// CHECK:      scf.for
// CHECK-NEXT:   ironman.transfer
// CHECK-NEXT:   ironman.dr
// CHECK-NEXT:   ironman.sr
// CHECK-NOT:  scf.if
func.func @nothing_after(%lb: index, %ub: index, %step: index) {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %T = zpl.get @T : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  scf.for %i = %lb to %ub step %step {
    %h = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %h
    ironman.sr %h
    ironman.dn %h
    ironman.sv %h
    zpl.assign %T over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %T [0, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
  }
  return
}

// A is written at the top of the body, before the transfer reads it: a
// send started in the previous iteration would still be in flight there.
// The calls stay in the iteration (SR after that write, as within a block).
// CHECK-LABEL: func.func @written_at_top
// CHECK:      scf.for
// CHECK-NEXT:   ironman.transfer
// CHECK-NEXT:   ironman.dr
// CHECK-NEXT:   zpl.assign
// CHECK:        ironman.sr
// CHECK-NOT:  scf.if
func.func @written_at_top(%lb: index, %ub: index, %step: index) {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %T = zpl.get @T : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %S = zpl.get @S : !zpl.region<2>
  scf.for %i = %lb to %ub step %step {
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %T [0, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
    %h = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %h
    ironman.sr %h
    ironman.dn %h
    ironman.sv %h
    zpl.assign %T over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
    zpl.assign %B over %S : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %T [0, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
  }
  return
}
