// zpl-ironman-combine: transfers at one program point that share a
// neighbour become one ironman.combine with its own id, strategy and
// calls. The input is what zpl-gen-comm and zpl-select-strategy produce.
// RUN: %zpl-opt %s --zpl-ironman-combine | FileCheck %s
// RUN: %zpl-opt %s --zpl-ironman-combine=directions=false | FileCheck %s --check-prefix=SAME
// The combine lowers to one im_combine call on its own static handle.
// RUN: %zpl-opt %s --zpl-ironman-combine --zpl-lower-to-loops | FileCheck %s --check-prefix=LOWER

module attributes {zpl.entry = @three_north} {
zpl.region_decl @R : !zpl.region<2> init {
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 1, 1>} init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
zpl.array_decl @B : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 1, 1>} init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
zpl.array_decl @C : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 1, 1>} init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}

// Three arrays shifted north, all chained: one combine, chained, after
// the members; the members keep their ids and lose their strategy and
// calls. The new id follows the largest in the module (14, in @apart).
// CHECK-LABEL: func.func @three_north
// CHECK:      %[[TA:.*]] = ironman.transfer %{{.*}} shift [-1, 0] {{.*}}{id = 0 : i64}
// CHECK-NEXT: %[[TB:.*]] = ironman.transfer %{{.*}} shift [-1, 0] {{.*}}{id = 1 : i64}
// CHECK-NEXT: %[[TC:.*]] = ironman.transfer %{{.*}} shift [-1, 0] {{.*}}{id = 2 : i64}
// CHECK-NEXT: %[[C:.*]] = ironman.combine %[[TA]], %[[TB]], %[[TC]] {id = 15 : i64, strategy = #ironman.strategy<chained>}
// CHECK-NEXT: ironman.dr %[[C]]
// CHECK-NEXT: ironman.sr %[[C]]
// CHECK-NEXT: ironman.dn %[[C]]
// CHECK-NEXT: ironman.sv %[[C]]
// CHECK-NEXT: zpl.assign
// LOWER-LABEL: func.func @zp_three_north
// LOWER:      %[[HA:.*]] = emitc.call_opaque "im_halo"({{.*}}) {args = [0 : index, 0, 1 : index, 2 : index, -1, 0, 0]}
// LOWER:      %[[HB:.*]] = emitc.call_opaque "im_halo"({{.*}}) {args = [0 : index, 1, 1 : index, 2 : index, -1, 0, 0]}
// LOWER:      %[[HC:.*]] = emitc.call_opaque "im_halo"({{.*}}) {args = [0 : index, 2, 1 : index, 2 : index, -1, 0, 0]}
// LOWER-NOT:  im_strategy
// LOWER:      %[[H:.*]] = emitc.call_opaque "im_combine"(%{{.*}}, %[[HA]], %[[HB]], %[[HC]]) {args = [0 : index, 15, 3, 1 : index, 2 : index, 3 : index]}
// LOWER:      emitc.call_opaque "im_strategy"(%[[H]]) {args = [0 : index, 1]}
// LOWER-NEXT: emitc.call_opaque "im_dr"(%[[H]])
// LOWER-NEXT: emitc.call_opaque "im_sr"(%[[H]])
// LOWER-NEXT: emitc.call_opaque "im_dn"(%[[H]])
// LOWER-NEXT: emitc.call_opaque "im_sv"(%[[H]])
func.func @three_north() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %C = zpl.get @C : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %ta = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 0 : i64, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %ta
  ironman.sr %ta
  ironman.dn %ta
  ironman.sv %ta
  %tb = ironman.transfer %B -> %B over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 1 : i64, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %tb
  ironman.sr %tb
  ironman.dn %tb
  ironman.sv %tb
  %tc = ironman.transfer %C -> %C over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 2 : i64, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %tc
  ironman.sr %tc
  ironman.dn %tc
  ironman.sv %tc
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %a = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %b = zpl.read %B [-1, 0] : !zpl.array<2 x f64>
    %c = zpl.read %C [-1, 0] : !zpl.array<2 x f64>
    %s = arith.addf %a, %b : f64
    %t = arith.addf %s, %c : f64
    zpl.yield %t : f64
  }
  return
}

// North and north-east of one array share the north neighbour: combined,
// packed, because one member (north-east) was packed. East shares no neighbour with north but
// does with north-east, so it joins them too. South shares none: alone.
// With directions=false only equal shifts combine: nothing here.
// CHECK-LABEL: func.func @mixed
// CHECK:      %[[N:.*]] = ironman.transfer {{.*}} shift [-1, 0] {{.*}}{id = 3 : i64}
// CHECK-NEXT: %[[NE:.*]] = ironman.transfer {{.*}} shift [-1, 1] {{.*}}{id = 4 : i64}
// CHECK-NEXT: %[[S:.*]] = ironman.transfer {{.*}} shift [1, 0] {{.*}}{id = 5 : i64, strategy = #ironman.strategy<packed>}
// CHECK-NEXT: ironman.dr %[[S]]
// CHECK-NEXT: ironman.sr %[[S]]
// CHECK-NEXT: ironman.dn %[[S]]
// CHECK-NEXT: ironman.sv %[[S]]
// CHECK-NEXT: %[[E:.*]] = ironman.transfer {{.*}} shift [0, 1] {{.*}}{id = 7 : i64}
// CHECK-NEXT: %[[M:.*]] = ironman.combine %[[N]], %[[NE]], %[[E]] {id = 16 : i64, strategy = #ironman.strategy<packed>}
// CHECK-NEXT: ironman.dr %[[M]]
// CHECK-NEXT: ironman.sr %[[M]]
// CHECK-NEXT: ironman.dn %[[M]]
// CHECK-NEXT: ironman.sv %[[M]]
// CHECK-NEXT: zpl.assign
// SAME-LABEL: func.func @mixed
// SAME-NOT:   ironman.combine
// SAME:       return
func.func @mixed() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %n = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 3 : i64, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %n
  ironman.sr %n
  ironman.dn %n
  ironman.sv %n
  %ne = ironman.transfer %A -> %A over %R shift [-1, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 4 : i64, strategy = #ironman.strategy<packed>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %ne
  ironman.sr %ne
  ironman.dn %ne
  ironman.sv %ne
  %s = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 5 : i64, strategy = #ironman.strategy<packed>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %s
  ironman.sr %s
  ironman.dn %s
  ironman.sv %s
  %e = ironman.transfer %B -> %B over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 7 : i64, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %e
  ironman.sr %e
  ironman.dn %e
  ironman.sv %e
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %a = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %b = zpl.read %A [-1, 1] : !zpl.array<2 x f64>
    %c = zpl.read %A [1, 0] : !zpl.array<2 x f64>
    %d = zpl.read %B [0, 1] : !zpl.array<2 x f64>
    %x = arith.addf %a, %b : f64
    %y = arith.addf %c, %d : f64
    %z = arith.addf %x, %y : f64
    zpl.yield %z : f64
  }
  return
}

// What stays apart: a wrap of A and a halo of A (the wrap writes the cells
// the halo may send); transfers with a statement between them that reads
// the first one's cells; transfers without a strategy give a combine
// without one.
// CHECK-LABEL: func.func @apart
// CHECK:      %[[W:.*]] = ironman.transfer {{.*}} shift [-1, 0] {{.*}}kind = #ironman.kind<wrap>
// CHECK-NEXT: ironman.dr %[[W]]
// CHECK-NEXT: ironman.sr %[[W]]
// CHECK-NEXT: ironman.dn %[[W]]
// CHECK-NEXT: ironman.sv %[[W]]
// CHECK-NEXT: %[[H:.*]] = ironman.transfer {{.*}} shift [-1, 0] {{.*}}{id = 11 : i64}
// CHECK-NEXT: ironman.dr %[[H]]
// CHECK-NEXT: ironman.sr %[[H]]
// CHECK-NEXT: ironman.dn %[[H]]
// CHECK-NEXT: ironman.sv %[[H]]
// CHECK-NEXT: zpl.assign
// CHECK:      %[[B1:.*]] = ironman.transfer {{.*}} shift [-1, 0] {{.*}}{id = 13 : i64}
// CHECK-NEXT: %[[C1:.*]] = ironman.transfer {{.*}} shift [-1, -1] {{.*}}{id = 14 : i64}
// CHECK-NEXT: ironman.combine %[[B1]], %[[C1]] {id = 17 : i64}
// CHECK-NOT:  ironman.combine
// CHECK:      return
func.func @apart() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %C = zpl.get @C : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %w = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 10 : i64, kind = #ironman.kind<wrap>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %w
  ironman.sr %w
  ironman.dn %w
  ironman.sv %w
  %h = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 11 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %h
  ironman.sr %h
  ironman.dn %h
  ironman.sv %h
  // Reads the cells of %h: %h's DN cannot move past it.
  zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %a = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %a : f64
  }
  %b = ironman.transfer %B -> %B over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 13 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %b
  ironman.sr %b
  ironman.dn %b
  ironman.sv %b
  %c = ironman.transfer %C -> %C over %R shift [-1, -1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 14 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %c
  ironman.sr %c
  ironman.dn %c
  ironman.sv %c
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %x = zpl.read %B [-1, 0] : !zpl.array<2 x f64>
    %y = zpl.read %C [-1, -1] : !zpl.array<2 x f64>
    %z = arith.addf %x, %y : f64
    zpl.yield %z : f64
  }
  return
}

// North and north-east of one array, both chained by the cost model: their
// ghost cells overlap (both bring part of the row above), and the combine
// still keeps the model's choice (the runtime moves such a message packed
// only on MPI, whose datatypes may not receive into a cell twice).
// CHECK-LABEL: func.func @overlap_chained
// CHECK:      %[[N:.*]] = ironman.transfer {{.*}} shift [-1, 0] {{.*}}{id = 8 : i64}
// CHECK-NEXT: %[[NE:.*]] = ironman.transfer {{.*}} shift [-1, 1] {{.*}}{id = 9 : i64}
// CHECK-NEXT: ironman.combine %[[N]], %[[NE]] {id = 18 : i64, strategy = #ironman.strategy<chained>}
func.func @overlap_chained() {
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  %n = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 8 : i64, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %n
  ironman.sr %n
  ironman.dn %n
  ironman.sv %n
  %ne = ironman.transfer %A -> %A over %R shift [-1, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {id = 9 : i64, strategy = #ironman.strategy<chained>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %ne
  ironman.sr %ne
  ironman.dn %ne
  ironman.sv %ne
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %a = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %b = zpl.read %A [-1, 1] : !zpl.array<2 x f64>
    %x = arith.addf %a, %b : f64
    zpl.yield %x : f64
  }
  return
}
}
