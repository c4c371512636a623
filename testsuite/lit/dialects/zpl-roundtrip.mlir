// Every zpl op, type and attribute parses, prints, and parses back.
// RUN: %zpl-opt %s | %zpl-opt | FileCheck %s

// CHECK-LABEL: zpl.config @n : i64 init {
// CHECK-NEXT:    %[[C:.*]] = arith.constant 64 : i64
// CHECK-NEXT:    zpl.yield %[[C]] : i64
// CHECK-NEXT:  }
zpl.config @n : i64 init {
  %c = arith.constant 64 : i64
  zpl.yield %c : i64
}

// CHECK-LABEL: zpl.config @verbose : i1 init {
zpl.config @verbose : i1 init {
  %f = arith.constant false
  zpl.yield %f : i1
}

// CHECK-LABEL: zpl.global @err : f64{{$}}
zpl.global @err : f64
// CHECK-LABEL: zpl.global @count : i64{{$}}
zpl.global @count : i64
// CHECK-LABEL: zpl.global @scale : f32{{$}}
zpl.global @scale : f32

// CHECK-LABEL: zpl.global @eps : f64 constant init {
// CHECK-NEXT:    %[[E:.*]] = arith.constant 1.000000e-05 : f64
// CHECK-NEXT:    zpl.yield %[[E]] : f64
zpl.global @eps : f64 constant init {
  %e = arith.constant 1.0e-5 : f64
  zpl.yield %e : f64
}

// CHECK-LABEL: zpl.global @limit : i64 init {
zpl.global @limit : i64 init {
  %n = zpl.get @n : i64
  zpl.yield %n : i64
}

// CHECK-LABEL: zpl.region_decl @Line : !zpl.region<1> init {
// CHECK:         %[[R1:.*]] = zpl.make_region [%{{.*}} : %{{.*}}] : !zpl.region<1>
// CHECK-NEXT:    zpl.yield %[[R1]] : !zpl.region<1>
zpl.region_decl @Line : !zpl.region<1> init {
  %c1 = arith.constant 1 : i64
  %n = zpl.get @n : i64
  %r = zpl.make_region [%c1 : %n] : !zpl.region<1>
  zpl.yield %r : !zpl.region<1>
}

// CHECK-LABEL: zpl.dist_decl @Blocks #zpl.dist<[block, block]>{{$}}
zpl.dist_decl @Blocks #zpl.dist<[block, block]>
// CHECK-LABEL: zpl.dist_decl @Columns #zpl.dist<[block, cyclic]>{{$}}
zpl.dist_decl @Columns #zpl.dist<[block, cyclic]>
// CHECK-LABEL: zpl.dist_decl @Slabs #zpl.dist<[blockcyclic(4), none, block]>{{$}}
zpl.dist_decl @Slabs #zpl.dist<[blockcyclic(4), none, block]>

// CHECK-LABEL: zpl.region_decl @R : !zpl.region<2> dist @Blocks init {
// CHECK:         %[[C1:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    %[[N:.*]] = zpl.get @n : i64
// CHECK-NEXT:    %[[R2:.*]] = zpl.make_region [%[[C1]] : %[[N]], %[[C1]] : %[[N]]] : !zpl.region<2>
// CHECK-NEXT:    zpl.yield %[[R2]] : !zpl.region<2>
zpl.region_decl @R : !zpl.region<2> dist @Blocks init {
  %c1 = arith.constant 1 : i64
  %n = zpl.get @n : i64
  %r = zpl.make_region [%c1 : %n, %c1 : %n] : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}

// CHECK-LABEL: zpl.region_decl @BigR : !zpl.region<2> dist @Columns init {
zpl.region_decl @BigR : !zpl.region<2> dist @Columns init {
  %c0 = arith.constant 0 : i64
  %n = zpl.get @n : i64
  %c1 = arith.constant 1 : i64
  %m = arith.addi %n, %c1 : i64
  %r = zpl.make_region [%c0 : %m, %c0 : %m] : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}

// CHECK-LABEL: zpl.region_decl @Cube : !zpl.region<3> dist @Slabs init {
// CHECK:         zpl.make_region [%{{.*}} : %{{.*}}, %{{.*}} : %{{.*}}, %{{.*}} : %{{.*}}] : !zpl.region<3>
zpl.region_decl @Cube : !zpl.region<3> dist @Slabs init {
  %c1 = arith.constant 1 : i64
  %c8 = arith.constant 8 : i64
  %r = zpl.make_region [%c1 : %c8, %c1 : %c8, %c1 : %c8] : !zpl.region<3>
  zpl.yield %r : !zpl.region<3>
}

// CHECK-LABEL: zpl.region_decl @North : !zpl.region<2> init {
// CHECK:         %[[B:.*]] = zpl.get @R : !zpl.region<2>
// CHECK-NEXT:    %[[NB:.*]] = zpl.derive of %[[B]] [-1, 0] : !zpl.region<2>
zpl.region_decl @North : !zpl.region<2> init {
  %r = zpl.get @R : !zpl.region<2>
  %s = zpl.derive of %r [-1, 0] : !zpl.region<2>
  zpl.yield %s : !zpl.region<2>
}

// CHECK-LABEL: zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 1, 1>} init {
// CHECK-NEXT:    %[[AR:.*]] = zpl.get @BigR : !zpl.region<2>
// CHECK-NEXT:    zpl.yield %[[AR]] : !zpl.region<2>
zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 1, 1>} init {
  %r = zpl.get @BigR : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}

// CHECK-LABEL: zpl.array_decl @B : !zpl.array<2 x f64> init {
zpl.array_decl @B : !zpl.array<2 x f64> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}

// CHECK-LABEL: zpl.array_decl @Mask : !zpl.array<2 x i1> init {
zpl.array_decl @Mask : !zpl.array<2 x i1> init {
  %r = zpl.get @R : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}

// CHECK-LABEL: zpl.array_decl @V : !zpl.array<1 x i64> attributes {fluff = array<i64: 0, 2>} init {
zpl.array_decl @V : !zpl.array<1 x i64> attributes {fluff = array<i64: 0, 2>} init {
  %r = zpl.get @Line : !zpl.region<1>
  zpl.yield %r : !zpl.region<1>
}

// CHECK-LABEL: zpl.array_decl @W : !zpl.array<3 x f32> init {
zpl.array_decl @W : !zpl.array<3 x f32> init {
  %r = zpl.get @Cube : !zpl.region<3>
  zpl.yield %r : !zpl.region<3>
}

// CHECK-LABEL: func.func @family_element(
// CHECK:         zpl.family_element %{{.*}} of [@B, @A] first -1 : !zpl.array<2 x f64>
// CHECK:         zpl.family_element %{{.*}} of [@R] first 3 : !zpl.region<2>
func.func @family_element(%i: i64) {
  %a = zpl.family_element %i of [@B, @A] first -1 : !zpl.array<2 x f64>
  %r = zpl.family_element %i of [@R] first 3 : !zpl.region<2>
  return
}

// CHECK-LABEL: func.func @statements
func.func @statements() {
  // CHECK:      %[[A:.*]] = zpl.get @A : !zpl.array<2 x f64>
  // CHECK-NEXT: %[[BA:.*]] = zpl.get @B : !zpl.array<2 x f64>
  // CHECK-NEXT: %[[R:.*]] = zpl.get @R : !zpl.region<2>
  %A = zpl.get @A : !zpl.array<2 x f64>
  %B = zpl.get @B : !zpl.array<2 x f64>
  %R = zpl.get @R : !zpl.region<2>
  // CHECK-NEXT: %[[S:.*]] = zpl.derive of %[[R]] [1, 0] : !zpl.region<2>
  // CHECK-NEXT: %{{.*}} = zpl.derive in %[[R]] [0, -1] : !zpl.region<2>
  // CHECK-NEXT: %{{.*}} = zpl.derive at %[[R]] [1, 1] : !zpl.region<2>
  %S = zpl.derive of %R [1, 0] : !zpl.region<2>
  %W = zpl.derive in %R [0, -1] : !zpl.region<2>
  %T = zpl.derive at %R [1, 1] : !zpl.region<2>
  // CHECK-NEXT: zpl.assign %[[A]] over %[[R]] : !zpl.array<2 x f64>, !zpl.region<2> {
  // CHECK-NEXT:   %[[N:.*]] = zpl.read %[[BA]] [-1, 0] : !zpl.array<2 x f64>
  // CHECK-NEXT:   %[[E:.*]] = zpl.read %[[BA]] [0, 1] : !zpl.array<2 x f64>
  // CHECK-NEXT:   %[[I:.*]] = zpl.index 1
  // CHECK-NEXT:   %[[IF:.*]] = arith.sitofp %[[I]] : i64 to f64
  // CHECK-NEXT:   %[[S1:.*]] = arith.addf %[[N]], %[[E]] : f64
  // CHECK-NEXT:   %[[S2:.*]] = arith.addf %[[S1]], %[[IF]] : f64
  // CHECK-NEXT:   zpl.yield %[[S2]] : f64
  // CHECK-NEXT: }
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %n = zpl.read %B [-1, 0] : !zpl.array<2 x f64>
    %e = zpl.read %B [0, 1] : !zpl.array<2 x f64>
    %i = zpl.index 1
    %f = arith.sitofp %i : i64 to f64
    %s = arith.addf %n, %e : f64
    %t = arith.addf %s, %f : f64
    zpl.yield %t : f64
  }
  // CHECK-NEXT: zpl.assign %[[A]] over %[[S]] : !zpl.array<2 x f64>, !zpl.region<2> {
  zpl.assign %A over %S : !zpl.array<2 x f64>, !zpl.region<2> {
    %z = arith.constant 0.0 : f64
    zpl.yield %z : f64
  }
  // CHECK:      %{{.*}} = zpl.reduce add over %[[R]] : !zpl.region<2> -> f64 {
  // CHECK-NEXT:   %[[V:.*]] = zpl.read %[[A]] [0, 0] : !zpl.array<2 x f64>
  // CHECK-NEXT:   zpl.yield %[[V]] : f64
  // CHECK-NEXT: }
  // CHECK-NEXT: %{{.*}} = zpl.reduce mul over %[[R]] : !zpl.region<2> -> f64 {
  // CHECK:      %{{.*}} = zpl.reduce max over %[[R]] : !zpl.region<2> -> f64 {
  // CHECK:      %{{.*}} = zpl.reduce min over %[[R]] : !zpl.region<2> -> i64 {
  // CHECK:      %{{.*}} = zpl.reduce and over %[[R]] : !zpl.region<2> -> i1 {
  // CHECK:      %{{.*}} = zpl.reduce or over %[[R]] : !zpl.region<2> -> i1 {
  %sum = zpl.reduce add over %R : !zpl.region<2> -> f64 {
    %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  %prod = zpl.reduce mul over %R : !zpl.region<2> -> f64 {
    %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  %big = zpl.reduce max over %R : !zpl.region<2> -> f64 {
    %v = zpl.read %A [1, -1] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  %small = zpl.reduce min over %R : !zpl.region<2> -> i64 {
    %i = zpl.index 0
    zpl.yield %i : i64
  }
  %M = zpl.get @Mask : !zpl.array<2 x i1>
  %all = zpl.reduce and over %R : !zpl.region<2> -> i1 {
    %v = zpl.read %M [0, 0] : !zpl.array<2 x i1>
    zpl.yield %v : i1
  }
  %any = zpl.reduce or over %R : !zpl.region<2> -> i1 {
    %v = zpl.read %M [0, 0] : !zpl.array<2 x i1>
    zpl.yield %v : i1
  }
  // CHECK:      zpl.set @err, %{{.*}} : f64
  // CHECK-NEXT: zpl.set @count, %{{.*}} : i64
  zpl.set @err, %big : f64
  zpl.set @count, %small : i64
  // CHECK-NEXT: zpl.write %{{.*}} {format = "%.3e"} : f64
  // CHECK-NEXT: zpl.write %{{.*}} : i1
  // CHECK-NEXT: zpl.write_str "sum = "
  // CHECK-NEXT: zpl.write_array %[[A]] over %[[R]] : !zpl.array<2 x f64>, !zpl.region<2>
  // CHECK-NEXT: zpl.write_array %[[A]] over %[[R]] {format = "%5.1f"} : !zpl.array<2 x f64>, !zpl.region<2>
  // CHECK-NEXT: zpl.writeln
  // CHECK-NEXT: %[[T:.*]] = zpl.timer
  // CHECK-NEXT: zpl.write %[[T]] {format = "%.3f"} : f64
  zpl.write %sum {format = "%.3e"} : f64
  zpl.write %all : i1
  zpl.write_str "sum = "
  zpl.write_array %A over %R : !zpl.array<2 x f64>, !zpl.region<2>
  zpl.write_array %A over %R {format = "%5.1f"} : !zpl.array<2 x f64>, !zpl.region<2>
  zpl.writeln
  %t = zpl.timer
  zpl.write %t {format = "%.3f"} : f64
  // CHECK-NEXT: scf.if %{{.*}} {
  // CHECK-NEXT:   zpl.halt
  // CHECK-NEXT: }
  scf.if %any {
    zpl.halt
  }
  return
}

// CHECK-LABEL: func.func @ranks
// CHECK-SAME:    (%[[V:.*]]: !zpl.array<1 x i64>, %[[W:.*]]: !zpl.array<3 x f32>, %[[L:.*]]: !zpl.region<1>, %[[C:.*]]: !zpl.region<3>)
func.func @ranks(%V: !zpl.array<1 x i64>, %W: !zpl.array<3 x f32>, %L: !zpl.region<1>, %C: !zpl.region<3>) {
  // CHECK:      zpl.assign %[[V]] over %[[L]] : !zpl.array<1 x i64>, !zpl.region<1> {
  // CHECK-NEXT:   zpl.read %[[V]] [2] : !zpl.array<1 x i64>
  zpl.assign %V over %L : !zpl.array<1 x i64>, !zpl.region<1> {
    %v = zpl.read %V [2] : !zpl.array<1 x i64>
    zpl.yield %v : i64
  }
  // CHECK:      zpl.assign %[[W]] over %[[C]] : !zpl.array<3 x f32>, !zpl.region<3> {
  // CHECK-NEXT:   zpl.read %[[W]] [0, -1, 1] : !zpl.array<3 x f32>
  zpl.assign %W over %C : !zpl.array<3 x f32>, !zpl.region<3> {
    %v = zpl.read %W [0, -1, 1] : !zpl.array<3 x f32>
    zpl.yield %v : f32
  }
  // CHECK:      zpl.check_lattice %[[W]] over %[[C]] [0, -1, 1] : !zpl.array<3 x f32>, !zpl.region<3>
  zpl.check_lattice %W over %C [0, -1, 1] : !zpl.array<3 x f32>, !zpl.region<3>
  return
}

// CHECK-LABEL: func.func @locals
func.func @locals() -> f64 {
  // CHECK:      %[[X:.*]] = zpl.alloca "x" : !zpl.ref<f64>
  // CHECK-NEXT: %[[K:.*]] = zpl.alloca "k" : !zpl.ref<i64>
  // CHECK-NEXT: %[[B:.*]] = zpl.alloca "done" : !zpl.ref<i1>
  // CHECK-NEXT: %[[F:.*]] = zpl.alloca "s" : !zpl.ref<f32>
  %x = zpl.alloca "x" : !zpl.ref<f64>
  %k = zpl.alloca "k" : !zpl.ref<i64>
  %b = zpl.alloca "done" : !zpl.ref<i1>
  %f = zpl.alloca "s" : !zpl.ref<f32>
  // CHECK:      zpl.store %{{.*}}, %[[X]] : !zpl.ref<f64>
  // CHECK-NEXT: %[[L:.*]] = zpl.load %[[X]] : !zpl.ref<f64>
  %one = arith.constant 1.0 : f64
  zpl.store %one, %x : !zpl.ref<f64>
  %l = zpl.load %x : !zpl.ref<f64>
  // CHECK-NEXT: %{{.*}} = zpl.load %[[K]] : !zpl.ref<i64>
  // CHECK-NEXT: %{{.*}} = zpl.load %[[B]] : !zpl.ref<i1>
  // CHECK-NEXT: %{{.*}} = zpl.load %[[F]] : !zpl.ref<f32>
  %lk = zpl.load %k : !zpl.ref<i64>
  %lb = zpl.load %b : !zpl.ref<i1>
  %lf = zpl.load %f : !zpl.ref<f32>
  // CHECK: return %[[L]] : f64
  return %l : f64
}

// A read belongs to its innermost statement: here the rank-1 reduction.
// CHECK-LABEL: func.func @nested_statement
// CHECK:      zpl.assign %{{.*}} over %{{.*}} : !zpl.array<2 x f64>, !zpl.region<2> {
// CHECK-NEXT:   %[[S:.*]] = zpl.reduce add over %{{.*}} : !zpl.region<1> -> f64 {
// CHECK-NEXT:     %[[V:.*]] = zpl.read %{{.*}} [1] : !zpl.array<1 x f64>
// CHECK-NEXT:     zpl.yield %[[V]] : f64
// CHECK-NEXT:   }
// CHECK-NEXT:   zpl.yield %[[S]] : f64
func.func @nested_statement(%A: !zpl.array<2 x f64>, %V: !zpl.array<1 x f64>, %R: !zpl.region<2>, %L: !zpl.region<1>) {
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %s = zpl.reduce add over %L : !zpl.region<1> -> f64 {
      %v = zpl.read %V [1] : !zpl.array<1 x f64>
      zpl.yield %v : f64
    }
    zpl.yield %s : f64
  }
  return
}

// Remaps: index arrays, or for a transpose the permutation of the Index
// arrays instead.
// CHECK-LABEL: func.func @remaps
// CHECK:      zpl.remap gather %[[A:.*]] from %[[B:.*]] over %[[R:.*]][%[[I:.*]], %[[J:.*]]] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>]
// CHECK-NEXT: zpl.remap scatter %[[A]] from %[[B]] over %[[R]][%[[J]], %[[I]]] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>]
// CHECK-NEXT: zpl.remap gather %[[A]] from %[[B]] over %[[R]] transpose [2, 1] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>{{$}}
func.func @remaps(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>, %I: !zpl.array<2 x i64>, %J: !zpl.array<2 x i64>) {
  zpl.remap gather %A from %B over %R [%I, %J] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>]
  zpl.remap scatter %A from %B over %R [%J, %I] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>]
  zpl.remap gather %A from %B over %R transpose [2, 1] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// Combining and masked remaps.
// CHECK-LABEL: func.func @combining_and_masked_remaps
// CHECK:      zpl.scatter_combine add %[[H:.*]] from %[[S:.*]] over %[[R:.*]][%[[I:.*]]] : !zpl.array<1 x i64>, !zpl.array<2 x i64>, !zpl.region<2>, [!zpl.array<2 x i64>]
// CHECK-NEXT: zpl.scatter_combine mul %[[H]] from %[[S]] over %[[R]][%[[I]]] mask %[[M:.*]] {without} : !zpl.array<1 x i64>, !zpl.array<2 x i64>, !zpl.region<2>, [!zpl.array<2 x i64>], !zpl.array<2 x i1>
// CHECK-NEXT: zpl.scatter_combine add %[[H]] from %[[V:.*]] over %[[R]][%[[I]]] : !zpl.array<1 x i64>, i64, !zpl.region<2>, [!zpl.array<2 x i64>]
// CHECK-NEXT: zpl.scatter_combine add %[[H]] from %[[V]] over %[[R]][%[[I]]] {deferred} : !zpl.array<1 x i64>, i64, !zpl.region<2>, [!zpl.array<2 x i64>]
// CHECK-NEXT: zpl.scatter_settle %[[H]] : !zpl.array<1 x i64>
// CHECK-NEXT: zpl.masked_remap gather %[[A:.*]] from %[[B:.*]] over %[[R]][%[[I]], %[[I]]] mask %[[M]] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>], !zpl.array<2 x i1>
// CHECK-NEXT: zpl.masked_remap scatter %[[A]] from %[[B]] over %[[R]][%[[I]], %[[I]]] mask %[[M]] {without} : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>], !zpl.array<2 x i1>
func.func @combining_and_masked_remaps(%H: !zpl.array<1 x i64>, %S: !zpl.array<2 x i64>, %A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>, %I: !zpl.array<2 x i64>, %M: !zpl.array<2 x i1>, %V: i64) {
  zpl.scatter_combine add %H from %S over %R [%I] : !zpl.array<1 x i64>, !zpl.array<2 x i64>, !zpl.region<2>, [!zpl.array<2 x i64>]
  zpl.scatter_combine mul %H from %S over %R [%I] mask %M {without} : !zpl.array<1 x i64>, !zpl.array<2 x i64>, !zpl.region<2>, [!zpl.array<2 x i64>], !zpl.array<2 x i1>
  zpl.scatter_combine add %H from %V over %R [%I] : !zpl.array<1 x i64>, i64, !zpl.region<2>, [!zpl.array<2 x i64>]
  zpl.scatter_combine add %H from %V over %R [%I] {deferred} : !zpl.array<1 x i64>, i64, !zpl.region<2>, [!zpl.array<2 x i64>]
  zpl.scatter_settle %H : !zpl.array<1 x i64>
  zpl.masked_remap gather %A from %B over %R [%I, %I] mask %M : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>], !zpl.array<2 x i1>
  zpl.masked_remap scatter %A from %B over %R [%I, %I] mask %M {without} : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>, [!zpl.array<2 x i64>, !zpl.array<2 x i64>], !zpl.array<2 x i1>
  return
}

// Files.
// CHECK-LABEL: func.func @files
// CHECK:      %[[F:.*]] = zpl.file_open "in.txt", "r"
// CHECK-NEXT: %[[X:.*]] = zpl.file_read %[[F]] as "x" : f64
// CHECK-NEXT: zpl.file_read_array %[[F]] into %{{.*}} over %{{.*}} as "A" : !zpl.array<2 x f64>, !zpl.region<2>
// CHECK-NEXT: zpl.file_close %[[F]]
// CHECK-NEXT: zpl.file_output %[[F]]
// CHECK-NEXT: zpl.write %[[X]] : f64
// CHECK-NEXT: zpl.file_output_end
func.func @files(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %f = zpl.file_open "in.txt", "r"
  %x = zpl.file_read %f as "x" : f64
  zpl.file_read_array %f into %A over %R as "A" : !zpl.array<2 x f64>, !zpl.region<2>
  zpl.file_close %f
  zpl.file_output %f
  zpl.write %x : f64
  zpl.file_output_end
  return
}

// CHECK-LABEL: zpl.global @T : !zpl.indexed<1 x i64> init {
// CHECK-NEXT:    %[[LO:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    %[[T:.*]] = zpl.indexed_new "T"[%[[LO]], %[[LO]]] : !zpl.indexed<1 x i64>
// CHECK-NEXT:    zpl.yield %[[T]] : !zpl.indexed<1 x i64>
zpl.global @T : !zpl.indexed<1 x i64> init {
  %c1 = arith.constant 1 : i64
  %t = zpl.indexed_new "T"[%c1, %c1] : !zpl.indexed<1 x i64>
  zpl.yield %t : !zpl.indexed<1 x i64>
}

// CHECK-LABEL: func.func @indexed
// CHECK: %[[M:.*]] = zpl.indexed_new "M"[%[[I:.*]], %[[J:.*]], %[[I]], %[[J]]] : !zpl.indexed<2 x f64>
// CHECK-NEXT: %[[V:.*]] = zpl.indexed_load %[[M]][%[[I]], %[[J]]] : !zpl.indexed<2 x f64>
// CHECK-NEXT: zpl.indexed_store %[[V]], %[[M]][%[[J]], %[[I]]] : !zpl.indexed<2 x f64>
// CHECK-NEXT: zpl.indexed_free %[[M]] : !zpl.indexed<2 x f64>
func.func @indexed(%i: i64, %j: i64) {
  %m = zpl.indexed_new "M"[%i, %j, %i, %j] : !zpl.indexed<2 x f64>
  %v = zpl.indexed_load %m[%i, %j] : !zpl.indexed<2 x f64>
  zpl.indexed_store %v, %m[%j, %i] : !zpl.indexed<2 x f64>
  zpl.indexed_free %m : !zpl.indexed<2 x f64>
  return
}

// A sparse product.
// CHECK-LABEL: func.func @sparse_product
// CHECK: zpl.scatter_product %{{.*}} from %{{.*}} times %{{.*}} over %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}] : !zpl.array<2 x f64>, !zpl.array<1 x f64>, !zpl.array<1 x f64>, !zpl.region<1>, [!zpl.array<1 x i64>, !zpl.array<1 x i64>], [!zpl.array<1 x i64>]
func.func @sparse_product(%Y: !zpl.array<2 x f64>, %V: !zpl.array<1 x f64>, %S: !zpl.array<1 x f64>, %R: !zpl.region<1>, %I: !zpl.array<1 x i64>, %J: !zpl.array<1 x i64>) {
  zpl.scatter_product %Y from %V times %S over %R [%I, %J] [%J] : !zpl.array<2 x f64>, !zpl.array<1 x f64>, !zpl.array<1 x f64>, !zpl.region<1>, [!zpl.array<1 x i64>, !zpl.array<1 x i64>], [!zpl.array<1 x i64>]
  return
}

// Shifts by run-time directions.
// CHECK-LABEL: func.func @run_time_shift
// CHECK: %[[V:.*]] = zpl.dyn_shift %{{.*}} by(%{{.*}}, %{{.*}}) over %{{.*}} : !zpl.array<2 x f64>, !zpl.region<2>
// CHECK: zpl.dyn_wrap %{{.*}} by(%{{.*}}, %{{.*}}) : !zpl.array<2 x f64>
// CHECK: zpl.dyn_boundary reflect %{{.*}} over %{{.*}} by(%{{.*}}, %{{.*}}) : !zpl.array<2 x f64>, !zpl.region<2>
// CHECK: zpl.read %[[V]] [0, 0]
func.func @run_time_shift(%A: !zpl.array<2 x f64>, %E: !zpl.array<2 x f64>, %R: !zpl.region<2>, %s: i64) {
  %c0 = arith.constant 0 : i64
  %v = zpl.dyn_shift %A by(%s, %c0) over %R : !zpl.array<2 x f64>, !zpl.region<2>
  zpl.dyn_wrap %A by(%c0, %s) : !zpl.array<2 x f64>
  zpl.dyn_boundary reflect %A over %R by(%s, %c0) : !zpl.array<2 x f64>, !zpl.region<2>
  zpl.assign %E over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %x = zpl.read %v [0, 0] : !zpl.array<2 x f64>
    zpl.yield %x : f64
  }
  return
}
