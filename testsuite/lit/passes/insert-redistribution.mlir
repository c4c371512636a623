// RUN: %zpl-opt %s --zpl-insert-redistribution | FileCheck %s
// Idempotent: a second run changes nothing.
// RUN: %zpl-opt %s --zpl-insert-redistribution | %zpl-opt --zpl-insert-redistribution | FileCheck %s

// zpl-insert-redistribution: a statement follows the distribution of the
// array it assigns (for a reduction to a scalar, of the first array it
// reads); arrays of another distribution are first redistributed into a
// temporary aligned with that array.

module {
  zpl.dist_decl @D #zpl.dist<[cyclic, block]>
  zpl.dist_decl @E #zpl.dist<[block, block]>
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %c6 = arith.constant 6 : i64
    %r = zpl.make_region [%c1 : %c6, %c1 : %c6] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.region_decl @S : !zpl.region<2> dist @D init {
    %c1 = arith.constant 1 : i64
    %c6 = arith.constant 6 : i64
    %r = zpl.make_region [%c1 : %c6, %c1 : %c6] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // Derived from S: S's distribution.
  zpl.region_decl @SIn : !zpl.region<2> dist @D init {
    %s = zpl.get @S : !zpl.region<2>
    %r = zpl.derive in %s [1, 0] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // Same kinds as D, yet another distribution (another bounding box).
  zpl.region_decl @T : !zpl.region<2> dist @E init {
    %c1 = arith.constant 1 : i64
    %c6 = arith.constant 6 : i64
    %r = zpl.make_region [%c1 : %c6, %c1 : %c6] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // A: implicit; B, B2: D; C: E; M: a mask in D.
  zpl.array_decl @A : !zpl.array<2 x f64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @B : !zpl.array<2 x f64> init {
    %r = zpl.get @S : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @B2 : !zpl.array<2 x f64> init {
    %r = zpl.get @SIn : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @C : !zpl.array<2 x f64> init {
    %r = zpl.get @T : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @M : !zpl.array<2 x i1> init {
    %r = zpl.get @S : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }

  // [R] B := A between distributions: the statement is the redistribution.
  // [R] B2 := B within one: unchanged.
  // CHECK-LABEL: func.func @copies
  // CHECK-DAG:     %[[A:.*]] = zpl.get @A
  // CHECK-DAG:     %[[B:.*]] = zpl.get @B
  // CHECK-DAG:     %[[B2:.*]] = zpl.get @B2
  // CHECK-DAG:     %[[R:.*]] = zpl.get @R
  // CHECK:         zpl.redistribute %[[B]] from %[[A]] over %[[R]] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>
  // CHECK-NEXT:    zpl.assign %[[B2]] over %[[R]]
  // CHECK-NEXT:      zpl.read %[[B]] [0, 0]
  // CHECK-NOT:     zpl.redistribute
  // CHECK:         return
  func.func @copies() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %B2 = zpl.get @B2 : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    zpl.assign %B2 over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      zpl.yield %b : f64
    }
    return
  }

  // Shifted reads of A and C: each is copied once, over the statement's
  // region widened by its widest shifts (A: 1 above in dimension 0 and 2
  // below in dimension 1; C: none), into a temporary aligned with B; the
  // statement reads the temporaries at the same offsets; B2 (D) is read as
  // it is.
  // CHECK-LABEL: func.func @shifts
  // CHECK-DAG:     %[[A:.*]] = zpl.get @A
  // CHECK-DAG:     %[[B:.*]] = zpl.get @B
  // CHECK-DAG:     %[[B2:.*]] = zpl.get @B2
  // CHECK-DAG:     %[[C:.*]] = zpl.get @C
  // CHECK-DAG:     %[[S:.*]] = zpl.get @S
  // CHECK:         %[[W:.*]] = zpl.expand %[[S]] [0, 1, 2, 0] : !zpl.region<2>
  // CHECK-NEXT:    %[[TA:.*]] = zpl.local_array "A_redist" over %[[W]] align %[[B]] : !zpl.array<2 x f64> : !zpl.region<2> -> !zpl.array<2 x f64>
  // CHECK-NEXT:    zpl.redistribute %[[TA]] from %[[A]] over %[[W]]
  // CHECK-NEXT:    %[[TC:.*]] = zpl.local_array "C_redist" over %[[S]] align %[[B]]
  // CHECK-NEXT:    zpl.redistribute %[[TC]] from %[[C]] over %[[S]]
  // CHECK-NEXT:    zpl.assign %[[B]] over %[[S]]
  // CHECK-NEXT:      zpl.read %[[TA]] [1, 0]
  // CHECK-NEXT:      zpl.read %[[TA]] [0, -2]
  // CHECK-NEXT:      zpl.read %[[TA]] [1, 0]
  // CHECK-NEXT:      zpl.read %[[TC]] [0, 0]
  // CHECK-NEXT:      zpl.read %[[B2]] [0, 0]
  // CHECK:         }
  // CHECK-NEXT:    zpl.free_array %[[TC]]
  // CHECK-NEXT:    zpl.free_array %[[TA]]
  // CHECK-NEXT:    return
  func.func @shifts() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %B2 = zpl.get @B2 : !zpl.array<2 x f64>
    %C = zpl.get @C : !zpl.array<2 x f64>
    %S = zpl.get @S : !zpl.region<2>
    zpl.assign %B over %S : !zpl.array<2 x f64>, !zpl.region<2> {
      %s = zpl.read %A [1, 0] : !zpl.array<2 x f64>
      %w = zpl.read %A [0, -2] : !zpl.array<2 x f64>
      %s2 = zpl.read %A [1, 0] : !zpl.array<2 x f64>
      %c = zpl.read %C [0, 0] : !zpl.array<2 x f64>
      %b = zpl.read %B2 [0, 0] : !zpl.array<2 x f64>
      %x = arith.addf %s, %w : f64
      %y = arith.addf %x, %s2 : f64
      %z = arith.addf %y, %c : f64
      %v = arith.addf %z, %b : f64
      zpl.yield %v : f64
    }
    return
  }

  // A mask of another distribution is redistributed like a read.
  // CHECK-LABEL: func.func @mask
  // CHECK-DAG:     %[[A:.*]] = zpl.get @A
  // CHECK-DAG:     %[[M:.*]] = zpl.get @M
  // CHECK-DAG:     %[[R:.*]] = zpl.get @R
  // CHECK:         %[[TM:.*]] = zpl.local_array "M_redist" over %[[R]] align %[[A]] : !zpl.array<2 x f64> : !zpl.region<2> -> !zpl.array<2 x i1>
  // CHECK-NEXT:    zpl.redistribute %[[TM]] from %[[M]] over %[[R]] : !zpl.array<2 x i1>, !zpl.array<2 x i1>, !zpl.region<2>
  // CHECK-NEXT:    zpl.assign %[[A]] over %[[R]] mask %[[TM]] : !zpl.array<2 x i1> :
  // CHECK:         zpl.free_array %[[TM]]
  func.func @mask() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %M = zpl.get @M : !zpl.array<2 x i1>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %A over %R mask %M : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
      %one = arith.constant 1.0 : f64
      zpl.yield %one : f64
    }
    return
  }

  // A reduction to a scalar follows its first read (B): A moves, B and
  // B2 stay. A partial reduction follows its destination (A) over its
  // source region.
  // CHECK-LABEL: func.func @reductions
  // CHECK-DAG:     %[[A:.*]] = zpl.get @A
  // CHECK-DAG:     %[[B:.*]] = zpl.get @B
  // CHECK-DAG:     %[[S:.*]] = zpl.get @S
  // CHECK:         %[[TA:.*]] = zpl.local_array "A_redist" over %[[S]] align %[[B]]
  // CHECK-NEXT:    zpl.redistribute %[[TA]] from %[[A]] over %[[S]]
  // CHECK-NEXT:    zpl.reduce add over %[[S]]
  // CHECK-NEXT:      zpl.read %[[B]] [0, 0]
  // CHECK-NEXT:      zpl.read %[[TA]] [0, 0]
  // CHECK:         zpl.free_array %[[TA]]
  // CHECK:         %[[TB:.*]] = zpl.local_array "B_redist" over %[[S]] align %[[A]]
  // CHECK-NEXT:    zpl.redistribute %[[TB]] from %[[B]] over %[[S]]
  // CHECK-NEXT:    zpl.reduce_partial add %[[A]] over %{{.*}} from %[[S]]
  // CHECK-NEXT:      zpl.read %[[TB]] [0, 0]
  // CHECK:         zpl.free_array %[[TB]]
  func.func @reductions() -> f64 {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %S = zpl.get @S : !zpl.region<2>
    %s = zpl.reduce add over %S : !zpl.region<2> -> f64 {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %x = arith.addf %b, %a : f64
      zpl.yield %x : f64
    }
    %c1 = arith.constant 1 : i64
    %c6 = arith.constant 6 : i64
    %col = zpl.make_region [%c1 : %c6, %c1 : %c1] : !zpl.region<2>
    zpl.reduce_partial add %A over %col from %S : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      zpl.yield %b : f64
    }
    return %s : f64
  }

  // A temporary aligned with B has B's distribution; an array parameter's
  // distribution is not known, so nothing moves for it.
  // CHECK-LABEL: func.func @known_and_unknown
  // CHECK-NOT:     zpl.redistribute
  // CHECK:         return
  func.func @known_and_unknown(%P: !zpl.array<2 x f64>) {
    %B = zpl.get @B : !zpl.array<2 x f64>
    %S = zpl.get @S : !zpl.region<2>
    %t = zpl.local_array "tmp" over %S align %B : !zpl.array<2 x f64> : !zpl.region<2> -> !zpl.array<2 x f64>
    zpl.assign %B over %S : !zpl.array<2 x f64>, !zpl.region<2> {
      %x = zpl.read %t [0, 1] : !zpl.array<2 x f64>
      zpl.yield %x : f64
    }
    zpl.assign %P over %S : !zpl.array<2 x f64>, !zpl.region<2> {
      %x = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      zpl.yield %x : f64
    }
    zpl.free_array %t : !zpl.array<2 x f64>
    return
  }
  // The copy [S] B := A of a zpl.fused run (zpl-fuse-statements forms no
  // such run, one written by hand may): it stays a statement of the run,
  // which reads a temporary made before the run and freed after it.
  // CHECK-LABEL: func.func @in_run
  // CHECK-DAG:     %[[A:.*]] = zpl.get @A
  // CHECK-DAG:     %[[B:.*]] = zpl.get @B
  // CHECK-DAG:     %[[B2:.*]] = zpl.get @B2
  // CHECK:         %[[TA:.*]] = zpl.local_array "A_redist"
  // CHECK-NEXT:    zpl.redistribute %[[TA]] from %[[A]]
  // CHECK-NEXT:    zpl.fused {
  // CHECK-NEXT:      zpl.assign %[[B]] over
  // CHECK-NEXT:        zpl.read %[[TA]] [0, 0]
  // CHECK:           zpl.assign %[[B2]] over
  // CHECK-NEXT:        zpl.read %[[B]] [0, 0]
  // CHECK:           zpl.yield{{$}}
  // CHECK-NEXT:    }
  // CHECK-NEXT:    zpl.free_array %[[TA]]
  // CHECK-NEXT:    return
  func.func @in_run() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %B2 = zpl.get @B2 : !zpl.array<2 x f64>
    %S = zpl.get @S : !zpl.region<2>
    zpl.fused {
      zpl.assign %B over %S : !zpl.array<2 x f64>, !zpl.region<2> {
        %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
        zpl.yield %a : f64
      }
      zpl.assign %B2 over %S : !zpl.array<2 x f64>, !zpl.region<2> {
        %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
        %n = arith.negf %b : f64
        zpl.yield %n : f64
      }
      zpl.yield
    }
    return
  }
}
