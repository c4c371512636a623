// Grids, distributions, regions bound to them, aligned temporaries,
// widened regions and redistributions parse, print, and parse back.
// RUN: %zpl-opt %s | %zpl-opt | FileCheck %s

zpl.config @p : i64 init {
  %c = arith.constant 2 : i64
  zpl.yield %c : i64
}
zpl.config @k : i64 init {
  %c = arith.constant 3 : i64
  zpl.yield %c : i64
}

// CHECK-LABEL: zpl.grid_decl @G init {
// CHECK-NEXT:    %[[P:.*]] = zpl.get @p : i64
// CHECK-NEXT:    %[[Q:.*]] = arith.constant 2 : i64
// CHECK-NEXT:    zpl.yield %[[P]], %[[Q]] : i64, i64
zpl.grid_decl @G init {
  %p = zpl.get @p : i64
  %q = arith.constant 2 : i64
  zpl.yield %p, %q : i64, i64
}

// CHECK-LABEL: zpl.grid_decl @Line init {
// CHECK-NEXT:    %[[F:.*]] = arith.constant 4 : i64
// CHECK-NEXT:    zpl.yield %[[F]] : i64
zpl.grid_decl @Line init {
  %four = arith.constant 4 : i64
  zpl.yield %four : i64
}

// Every kind; `none` is the language's `*`.
// CHECK-LABEL: zpl.dist_decl @D #zpl.dist<[cyclic, blockcyclic(2)]> on @G{{$}}
zpl.dist_decl @D #zpl.dist<[cyclic, blockcyclic(2)]> on @G
// CHECK-LABEL: zpl.dist_decl @E #zpl.dist<[block, none]> on @G{{$}}
zpl.dist_decl @E #zpl.dist<[block, none]> on @G
// CHECK-LABEL: zpl.dist_decl @L #zpl.dist<[blockcyclic(1)]> on @Line{{$}}
zpl.dist_decl @L #zpl.dist<[blockcyclic(1)]> on @Line
// Without a grid: the default grid of its rank.
// CHECK-LABEL: zpl.dist_decl @F #zpl.dist<[cyclic, cyclic]>{{$}}
zpl.dist_decl @F #zpl.dist<[cyclic, cyclic]>
// A block size from a config var is yielded by the init body.
// CHECK-LABEL: zpl.dist_decl @K #zpl.dist<[blockcyclic(?), block]> on @G init {
// CHECK-NEXT:    %[[K:.*]] = zpl.get @k : i64
// CHECK-NEXT:    zpl.yield %[[K]] : i64
zpl.dist_decl @K #zpl.dist<[blockcyclic(?), block]> on @G init {
  %k = zpl.get @k : i64
  zpl.yield %k : i64
}

// CHECK-LABEL: zpl.region_decl @R : !zpl.region<2> dist @D init {
zpl.region_decl @R : !zpl.region<2> dist @D init {
  %c1 = arith.constant 1 : i64
  %c6 = arith.constant 6 : i64
  %r = zpl.make_region [%c1 : %c6, %c1 : %c6] : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}
// CHECK-LABEL: zpl.region_decl @S : !zpl.region<2> dist @E init {
zpl.region_decl @S : !zpl.region<2> dist @E init {
  %c1 = arith.constant 1 : i64
  %c4 = arith.constant 4 : i64
  %r = zpl.make_region [%c1 : %c4, %c1 : %c4] : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}

// A region literal bound to a distribution (what --dist does for the
// region of an array declaration).
// CHECK-LABEL: zpl.array_decl @A : !zpl.array<2 x f64> init {
// CHECK:         zpl.make_region [%{{.*}} : %{{.*}}, %{{.*}} : %{{.*}}] {dist = @F} : !zpl.region<2>
zpl.array_decl @A : !zpl.array<2 x f64> init {
  %c1 = arith.constant 1 : i64
  %r = zpl.make_region [%c1 : %c1, %c1 : %c1] {dist = @F} : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}

// CHECK-LABEL: func.func @temporaries
// CHECK:         %[[W:.*]] = zpl.expand %{{.*}} [1, 0, 0, 2] : !zpl.region<2>
// CHECK-NEXT:    %[[T:.*]] = zpl.local_array "A_redist" over %[[W]] align %{{.*}} : !zpl.array<2 x f64> : !zpl.region<2> -> !zpl.array<2 x f64>
// CHECK-NEXT:    zpl.redistribute %[[T]] from %{{.*}} over %[[W]] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>
// CHECK-NEXT:    %{{.*}} = zpl.local_array "plain" over %{{.*}} : !zpl.region<2> -> !zpl.array<2 x f64>
func.func @temporaries(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %w = zpl.expand %R [1, 0, 0, 2] : !zpl.region<2>
  %t = zpl.local_array "A_redist" over %w align %B : !zpl.array<2 x f64> : !zpl.region<2> -> !zpl.array<2 x f64>
  zpl.redistribute %t from %A over %w : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>
  %u = zpl.local_array "plain" over %R : !zpl.region<2> -> !zpl.array<2 x f64>
  zpl.free_array %u : !zpl.array<2 x f64>
  zpl.free_array %t : !zpl.array<2 x f64>
  return
}
