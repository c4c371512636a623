// zpl-ironman-combine on the transfers of periodic shifts (`A@^d`): the
// wraps of one array over one region fill disjoint bands from the region's
// own cells, so they travel as one combine, and the halos that carry the
// wrapped cells on to the neighbours as a second one after it.
// RUN: %zpl-opt %s --zpl-ironman-combine | FileCheck %s

module attributes {zpl.entry = @periodic_corners} {
zpl.region_decl @R : !zpl.region<2> init {
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 2, 1, 1, 1>} init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
zpl.array_decl @B : !zpl.array<2 x f64> attributes {fluff = array<i64: 2, 1, 1, 1>} init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}

// `B := A@^[-1, -1] + A@^[-1, 1]` as the front end spells it: five wraps
// (the faces and corners of both shifts), then the two halos. The faces
// [0, -1] and [0, 1] share no neighbour with the first wrap, [-1, 0], yet
// join its group: all five wraps go as one combine, the halos (which send
// cells the wraps write) as another after it.
// CHECK-LABEL: func.func @periodic_corners
// CHECK:      %[[W1:.*]] = ironman.transfer {{.*}} shift [-1, 0] {{.*}}id = 0 : i64, kind = #ironman.kind<wrap>
// CHECK-NEXT: %[[W2:.*]] = ironman.transfer {{.*}} shift [0, -1] {{.*}}id = 1 : i64, kind = #ironman.kind<wrap>
// CHECK-NEXT: %[[W3:.*]] = ironman.transfer {{.*}} shift [-1, -1] {{.*}}id = 2 : i64, kind = #ironman.kind<wrap>
// CHECK-NEXT: %[[W4:.*]] = ironman.transfer {{.*}} shift [0, 1] {{.*}}id = 3 : i64, kind = #ironman.kind<wrap>
// CHECK-NEXT: %[[W5:.*]] = ironman.transfer {{.*}} shift [-1, 1] {{.*}}id = 4 : i64, kind = #ironman.kind<wrap>
// CHECK-NEXT: %[[W:.*]] = ironman.combine %[[W1]], %[[W2]], %[[W3]], %[[W4]], %[[W5]] {id = 7 : i64, strategy = #ironman.strategy<chained>}
// CHECK-NEXT: ironman.dr %[[W]]
// CHECK-NEXT: ironman.sr %[[W]]
// CHECK-NEXT: ironman.dn %[[W]]
// CHECK-NEXT: ironman.sv %[[W]]
// CHECK-NEXT: %[[H1:.*]] = ironman.transfer {{.*}} shift [-1, -1] {{.*}}{id = 5 : i64}
// CHECK-NEXT: %[[H2:.*]] = ironman.transfer {{.*}} shift [-1, 1] {{.*}}{id = 6 : i64}
// CHECK-NEXT: %[[H:.*]] = ironman.combine %[[H1]], %[[H2]] {id = 8 : i64, strategy = #ironman.strategy<chained>}
// CHECK-NEXT: ironman.dr %[[H]]
// CHECK-NEXT: ironman.sr %[[H]]
// CHECK-NEXT: ironman.dn %[[H]]
// CHECK-NEXT: ironman.sv %[[H]]
// CHECK-NEXT: zpl.assign
// CHECK-NOT:  ironman.combine
// CHECK:      return
func.func @periodic_corners() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %w1 = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 0 : i64, kind = #ironman.kind<wrap>, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %w1
  ironman.sr %w1
  ironman.dn %w1
  ironman.sv %w1
  %w2 = ironman.transfer %A -> %A over %R shift [0, -1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 1 : i64, kind = #ironman.kind<wrap>, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %w2
  ironman.sr %w2
  ironman.dn %w2
  ironman.sv %w2
  %w3 = ironman.transfer %A -> %A over %R shift [-1, -1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 2 : i64, kind = #ironman.kind<wrap>, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %w3
  ironman.sr %w3
  ironman.dn %w3
  ironman.sv %w3
  %w4 = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 3 : i64, kind = #ironman.kind<wrap>, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %w4
  ironman.sr %w4
  ironman.dn %w4
  ironman.sv %w4
  %w5 = ironman.transfer %A -> %A over %R shift [-1, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 4 : i64, kind = #ironman.kind<wrap>, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %w5
  ironman.sr %w5
  ironman.dn %w5
  ironman.sv %w5
  %h1 = ironman.transfer %A -> %A over %R shift [-1, -1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 5 : i64, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %h1
  ironman.sr %h1
  ironman.dn %h1
  ironman.sv %h1
  %h2 = ironman.transfer %A -> %A over %R shift [-1, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 6 : i64, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %h2
  ironman.sr %h2
  ironman.dn %h2
  ironman.sv %h2
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %a = zpl.read %A [-1, -1] : !zpl.array<2 x f64>
    %b = zpl.read %A [-1, 1] : !zpl.array<2 x f64>
    %s = arith.addf %a, %b : f64
    zpl.yield %s : f64
  }
  return
}
}
