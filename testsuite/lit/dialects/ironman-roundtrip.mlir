// Every ironman op, type and attribute parses, prints, and parses back.
// RUN: %zpl-opt %s | %zpl-opt | FileCheck %s

// CHECK-LABEL: func.func @contiguous
// CHECK-SAME:    (%[[A:.*]]: !zpl.array<2 x f64>, %[[R:.*]]: !zpl.region<2>)
func.func @contiguous(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // CHECK:      %[[T:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [-1, 0]
  // CHECK-SAME:   pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>)
  // CHECK-SAME:   : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // CHECK-NEXT: ironman.dr %[[T]]
  // CHECK-NEXT: ironman.sr %[[T]]
  // CHECK-NEXT: ironman.dn %[[T]]
  // CHECK-NEXT: ironman.sv %[[T]]
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// CHECK-LABEL: func.func @patterns
// CHECK-SAME:    (%[[A:.*]]: !zpl.array<2 x f64>, %[[B:.*]]: !zpl.array<2 x f64>, %[[R:.*]]: !zpl.region<2>)
func.func @patterns(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // CHECK:      %[[T0:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [0, 1]
  // CHECK-SAME:   pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>)
  // CHECK-SAME:   {id = 0 : i64}
  %t0 = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 0 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // CHECK:      %[[T1:.*]] = ironman.transfer %[[A]] -> %[[B]] over %[[R]] shift [2, -2]
  // CHECK-SAME:   pattern(#ironman.pattern<strided, stride = 64, block = 2> -> #ironman.pattern<strided, stride = ?, block = ?>)
  // CHECK-SAME:   {id = 1 : i64}
  %t1 = ironman.transfer %A -> %B over %R shift [2, -2] pattern(#ironman.pattern<strided, stride = 64, block = 2> -> #ironman.pattern<strided, stride = ?, block = ?>) {id = 1 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // CHECK:      %[[T2:.*]] = ironman.transfer %[[B]] -> %[[A]] over %[[R]] shift [1, 1]
  // CHECK-SAME:   pattern(#ironman.pattern<indexed> -> #ironman.pattern<indexed>)
  %t2 = ironman.transfer %B -> %A over %R shift [1, 1] pattern(#ironman.pattern<indexed> -> #ironman.pattern<indexed>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // CHECK:      %[[T3:.*]] = ironman.transfer %[[A]] -> %[[A]] over %[[R]] shift [-1, 0]
  // CHECK-SAME:   pattern(#ironman.pattern<contiguous> -> #ironman.pattern<strided, stride = 8, block = 1>)
  // CHECK-SAME:   {id = 3 : i64, note = "extra attributes survive"}
  %t3 = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<strided, stride = 8, block = 1>) {id = 3 : i64, note = "extra attributes survive"} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // The state calls of different transfers may interleave, unless they may
  // receive into the same ghost cells (t2 and t0 both shift A's columns
  // up, and A and B are parameters, which may name the same array).
  // CHECK:      ironman.dr %[[T0]]
  // CHECK-NEXT: ironman.dr %[[T1]]
  // CHECK-NEXT: ironman.dr %[[T3]]
  // CHECK-NEXT: ironman.sr %[[T0]]
  // CHECK-NEXT: ironman.sr %[[T1]]
  // CHECK-NEXT: ironman.sr %[[T3]]
  // CHECK-NEXT: ironman.dn %[[T3]]
  // CHECK-NEXT: ironman.dn %[[T1]]
  // CHECK-NEXT: ironman.dn %[[T0]]
  // CHECK-NEXT: ironman.sv %[[T0]]
  // CHECK-NEXT: ironman.sv %[[T1]]
  // CHECK-NEXT: ironman.dr %[[T2]]
  // CHECK-NEXT: ironman.sr %[[T2]]
  // CHECK-NEXT: ironman.sv %[[T3]]
  // CHECK-NEXT: ironman.dn %[[T2]]
  // CHECK-NEXT: ironman.sv %[[T2]]
  ironman.dr %t0
  ironman.dr %t1
  ironman.dr %t3
  ironman.sr %t0
  ironman.sr %t1
  ironman.sr %t3
  ironman.dn %t3
  ironman.dn %t1
  ironman.dn %t0
  ironman.sv %t0
  ironman.sv %t1
  ironman.dr %t2
  ironman.sr %t2
  ironman.sv %t3
  ironman.dn %t2
  ironman.sv %t2
  return
}

// CHECK-LABEL: func.func @ranks
func.func @ranks(%V: !zpl.array<1 x i64>, %L: !zpl.region<1>, %W: !zpl.array<3 x f32>, %C: !zpl.region<3>, %M: !zpl.array<2 x i1>, %R: !zpl.region<2>) {
  // CHECK:      ironman.transfer %{{.*}} -> %{{.*}} over %{{.*}} shift [3] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<1 x i64> -> !zpl.array<1 x i64>, !zpl.region<1>
  %a = ironman.transfer %V -> %V over %L shift [3] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<1 x i64> -> !zpl.array<1 x i64>, !zpl.region<1>
  // CHECK:      ironman.transfer %{{.*}} -> %{{.*}} over %{{.*}} shift [0, 1, 0] pattern(#ironman.pattern<strided, stride = ?, block = ?> -> #ironman.pattern<strided, stride = ?, block = ?>) : !zpl.array<3 x f32> -> !zpl.array<3 x f32>, !zpl.region<3>
  %b = ironman.transfer %W -> %W over %C shift [0, 1, 0] pattern(#ironman.pattern<strided, stride = ?, block = ?> -> #ironman.pattern<strided, stride = ?, block = ?>) : !zpl.array<3 x f32> -> !zpl.array<3 x f32>, !zpl.region<3>
  // CHECK:      ironman.transfer %{{.*}} -> %{{.*}} over %{{.*}} shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x i1> -> !zpl.array<2 x i1>, !zpl.region<2>
  %c = ironman.transfer %M -> %M over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x i1> -> !zpl.array<2 x i1>, !zpl.region<2>
  ironman.dr %a
  ironman.sr %a
  ironman.dn %a
  ironman.sv %a
  ironman.dr %b
  ironman.sr %b
  ironman.dn %b
  ironman.sv %b
  ironman.dr %c
  ironman.sr %c
  ironman.dn %c
  ironman.sv %c
  return
}

// All four calls inside a loop body (one block) are fine.
// CHECK-LABEL: func.func @in_loop
// CHECK:      scf.for
// CHECK-NEXT:   %[[T:.*]] = ironman.transfer
// CHECK-NEXT:   ironman.dr %[[T]]
// CHECK-NEXT:   ironman.sr %[[T]]
// CHECK-NEXT:   ironman.dn %[[T]]
// CHECK-NEXT:   ironman.sv %[[T]]
func.func @in_loop(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = ironman.transfer %A -> %A over %R shift [0, -1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t
    ironman.sr %t
    ironman.dn %t
    ironman.sv %t
  }
  return
}

// Remaps name their index arrays (gather: one per dimension of the source,
// scatter: of the destination); a transpose names its permutation and, once
// strategy selection ran, its orientation and both orientations' estimates.
// CHECK-LABEL: func.func @remaps
// CHECK-SAME:    (%[[A:.*]]: !zpl.array<2 x f64>, %[[B:.*]]: !zpl.array<2 x f64>, %[[X:.*]]: !zpl.array<1 x f64>, %[[R:.*]]: !zpl.region<2>, %[[I:.*]]: !zpl.array<2 x i64>, %[[J:.*]]: !zpl.array<2 x i64>)
// CHECK:      ironman.transfer %[[B]] -> %[[A]] over %[[R]] gather(%[[I]], %[[J]] : !zpl.array<2 x i64>, !zpl.array<2 x i64>)
// CHECK-SAME:   pattern(#ironman.pattern<indexed> -> #ironman.pattern<contiguous>) {id = 0 : i64, kind = #ironman.kind<remap>}
// CHECK-SAME:   : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
// CHECK:      ironman.transfer %[[A]] -> %[[X]] over %[[R]] scatter(%[[I]] : !zpl.array<2 x i64>)
// CHECK-SAME:   pattern(#ironman.pattern<contiguous> -> #ironman.pattern<indexed>) {kind = #ironman.kind<remap>}
// CHECK-SAME:   : !zpl.array<2 x f64> -> !zpl.array<1 x f64>, !zpl.region<2>
// CHECK:      ironman.transfer %[[B]] -> %[[A]] over %[[R]] transpose [2, 1]
// CHECK-SAME:   pattern(#ironman.pattern<contiguous> -> #ironman.pattern<strided, stride = ?, block = 1>)
// CHECK-SAME:   {est_loads_mbps = 3.500000e+01 : f64, est_stores_mbps = 3.800000e+01 : f64, kind = #ironman.kind<transpose>, orientation = #ironman.orientation<stores>, strategy = #ironman.strategy<chained>}
func.func @remaps(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %X: !zpl.array<1 x f64>, %R: !zpl.region<2>, %I: !zpl.array<2 x i64>, %J: !zpl.array<2 x i64>) {
  %g = ironman.transfer %B -> %A over %R gather(%I, %J : !zpl.array<2 x i64>, !zpl.array<2 x i64>) pattern(#ironman.pattern<indexed> -> #ironman.pattern<contiguous>) {id = 0 : i64, kind = #ironman.kind<remap>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %s = ironman.transfer %A -> %X over %R scatter(%I : !zpl.array<2 x i64>) pattern(#ironman.pattern<contiguous> -> #ironman.pattern<indexed>) {kind = #ironman.kind<remap>} : !zpl.array<2 x f64> -> !zpl.array<1 x f64>, !zpl.region<2>
  %t = ironman.transfer %B -> %A over %R transpose [2, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<strided, stride = ?, block = 1>) {kind = #ironman.kind<transpose>, orientation = #ironman.orientation<stores>, strategy = #ironman.strategy<chained>, est_loads_mbps = 35.0 : f64, est_stores_mbps = 38.0 : f64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %g
  ironman.sr %g
  ironman.dn %g
  ironman.sv %g
  ironman.dr %s
  ironman.sr %s
  ironman.dn %s
  ironman.sv %s
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// A redistribution: from one array to another, no shift.
// CHECK-LABEL: func.func @redist
// CHECK:      %[[T:.*]] = ironman.transfer %arg0 -> %arg1 over %arg2 shift [0, 0] pattern(#ironman.pattern<strided, stride = ?, block = ?> -> #ironman.pattern<strided, stride = ?, block = ?>) {kind = #ironman.kind<redist>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
// CHECK-NEXT: ironman.dr %[[T]]
func.func @redist(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %B over %R shift [0, 0] pattern(#ironman.pattern<strided, stride = ?, block = ?> -> #ironman.pattern<strided, stride = ?, block = ?>) {kind = #ironman.kind<redist>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// A combine of a halo and a wrap: the members have no calls of their own.
// CHECK-LABEL: func.func @combine
// CHECK:      %[[T:.*]] = ironman.transfer
// CHECK-NEXT: %[[W:.*]] = ironman.transfer {{.*}}kind = #ironman.kind<wrap>
// CHECK-NEXT: %[[C:.*]] = ironman.combine %[[T]], %[[W]] {id = 9 : i64, strategy = #ironman.strategy<packed>}
// CHECK-NEXT: ironman.dr %[[C]]
// CHECK-NEXT: ironman.sr %[[C]]
// CHECK-NEXT: ironman.dn %[[C]]
// CHECK-NEXT: ironman.sv %[[C]]
func.func @combine(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x i64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 7 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %w = ironman.transfer %B -> %B over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 8 : i64, kind = #ironman.kind<wrap>} : !zpl.array<2 x i64> -> !zpl.array<2 x i64>, !zpl.region<2>
  %c = ironman.combine %t, %w {id = 9 : i64, strategy = #ironman.strategy<packed>}
  ironman.dr %c
  ironman.sr %c
  ironman.dn %c
  ironman.sv %c
  return
}

// Starts rotated across the iterations of a loop (zpl-ironman-pipeline):
// the first iteration's DR and SR before the loop when it runs, the next
// one's at the end of the body when another iteration follows.
// CHECK-LABEL: func.func @rotated
// CHECK:      scf.if
// CHECK-NEXT:   ironman.dr %[[T:.*]]
// CHECK-NEXT:   ironman.sr %[[T]]
// CHECK:      scf.for
// CHECK-NEXT:   ironman.dn %[[T]]
// CHECK-NEXT:   ironman.sv %[[T]]
// CHECK:        scf.if
// CHECK-NEXT:     ironman.dr %[[T]]
// CHECK-NEXT:     ironman.sr %[[T]]
func.func @rotated(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>, %lb: index, %ub: index, %step: index) {
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %runs = arith.cmpi slt, %lb, %ub : index
  scf.if %runs {
    ironman.dr %t
    ironman.sr %t
  }
  scf.for %i = %lb to %ub step %step {
    ironman.dn %t
    ironman.sv %t
    %next = arith.addi %i, %step : index
    %more = arith.cmpi slt, %next, %ub : index
    scf.if %more {
      ironman.dr %t
      ironman.sr %t
    }
  }
  return
}

// The words of the enum attributes the functions above do not use; a halo
// written out keeps its (otherwise implied) kind.
// CHECK-LABEL: func.func @enum_words
// CHECK:      ironman.transfer {{.*}} shift [0, -1] {{.*}} {kind = #ironman.kind<reflect>, strategy = #ironman.strategy<chained>}
// CHECK:      ironman.transfer {{.*}} shift [0, 0] {{.*}} {kind = #ironman.kind<redist>, orientation = #ironman.orientation<loads>, strategy = #ironman.strategy<packed>}
// CHECK:      ironman.transfer {{.*}} shift [1, 0] {{.*}} {kind = #ironman.kind<halo>}
func.func @enum_words(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %f = ironman.transfer %A -> %A over %R shift [0, -1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {kind = #ironman.kind<reflect>, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %r = ironman.transfer %A -> %B over %R shift [0, 0] pattern(#ironman.pattern<strided, stride = ?, block = ?> -> #ironman.pattern<contiguous>) {kind = #ironman.kind<redist>, orientation = #ironman.orientation<loads>, strategy = #ironman.strategy<packed>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %h = ironman.transfer %B -> %B over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {kind = #ironman.kind<halo>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %f
  ironman.sr %f
  ironman.dn %f
  ironman.sv %f
  ironman.dr %r
  ironman.sr %r
  ironman.dn %r
  ironman.sv %r
  ironman.dr %h
  ironman.sr %h
  ironman.dn %h
  ironman.sv %h
  return
}
