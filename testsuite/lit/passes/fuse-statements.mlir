// RUN: %zpl-opt %s --zpl-fuse-statements | FileCheck %s
// Idempotent: a run's body is not fused again.
// RUN: %zpl-opt %s --zpl-fuse-statements --zpl-fuse-statements | FileCheck %s

// zpl-fuse-statements: each legal run of consecutive zpl.assign/zpl.reduce
// ops becomes one zpl.fused op; one case per rule of the pass's
// description (passes/zpl/Passes.td), then statements that take part in no
// run and ops that end one.

module attributes {zpl.entry = @fused} {
  zpl.dist_decl @D #zpl.dist<[cyclic, block]>
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %r = zpl.make_region [%c1 : %c8, %c1 : %c8] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.region_decl @S : !zpl.region<2> dist @D init {
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
  zpl.array_decl @M : !zpl.array<2 x i1> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  // P and Q: distribution D.
  zpl.array_decl @P : !zpl.array<2 x f64> init {
    %r = zpl.get @S : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @Q : !zpl.array<2 x f64> init {
    %r = zpl.get @S : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.global @m : f64
  zpl.global @s : f64
  zpl.global @count : i64
  func.func private @opaque()

  // A stencil, a max and a sum over R: one run. The constant between the
  // statements moves before the run; the run yields the reductions, whose
  // uses after it take the run's results.
  // CHECK-LABEL: func.func @fused()
  // CHECK:         %[[R:.*]] = zpl.get @R
  // CHECK-NEXT:    %{{.*}} = arith.constant 7 : i64
  // CHECK-NEXT:    %[[RES:.*]]:2 = zpl.fused -> f64, f64 {
  // CHECK-NEXT:      zpl.assign %{{.*}} over %[[R]]
  // CHECK:           %[[MAX:.*]] = zpl.reduce max over %[[R]]
  // CHECK:           %[[SUM:.*]] = zpl.reduce add over %[[R]]
  // CHECK:           zpl.yield %[[MAX]], %[[SUM]] : f64, f64
  // CHECK-NEXT:    }
  // CHECK-NEXT:    zpl.set @m, %[[RES]]#0 : f64
  // CHECK-NEXT:    zpl.set @s, %[[RES]]#1 : f64
  func.func @fused() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %n = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      %w = zpl.read %A [0, -1] : !zpl.array<2 x f64>
      %s = arith.addf %n, %w : f64
      zpl.yield %s : f64
    }
    %m = zpl.reduce max over %R : !zpl.region<2> -> f64 {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %d = arith.subf %b, %a : f64
      zpl.yield %d : f64
    }
    %unused = arith.constant 7 : i64
    %s = zpl.reduce add over %R : !zpl.region<2> -> f64 {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    zpl.set @m, %m : f64
    zpl.set @s, %s : f64
    return
  }

  // Rule 1: another region (the interior of R, then R): no run.
  // CHECK-LABEL: func.func @other_region()
  // CHECK-NOT:     zpl.fused
  // CHECK:         return
  func.func @other_region() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %C = zpl.get @C : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %In = zpl.derive in %R [1, 0] : !zpl.region<2>
    zpl.assign %B over %In : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %a : f64
      zpl.yield %n : f64
    }
    return
  }

  // Rule 2: B := B@west needs a temporary: it takes part in no run, and
  // the two statements around it are not consecutive.
  // CHECK-LABEL: func.func @needs_temporary()
  // CHECK-NOT:     zpl.fused
  // CHECK:         return
  func.func @needs_temporary() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %C = zpl.get @C : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %a : f64
      zpl.yield %n : f64
    }
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %w = zpl.read %B [0, -1] : !zpl.array<2 x f64>
      %n = arith.negf %w : f64
      zpl.yield %n : f64
    }
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %c = zpl.read %C [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %c : f64
      zpl.yield %n : f64
    }
    return
  }

  // Rule 3: C := B@north after B := A + 1 reads B, written by the
  // statement before, at another index: no run.
  // CHECK-LABEL: func.func @shifted_after_write()
  // CHECK-NOT:     zpl.fused
  // CHECK:         return
  func.func @shifted_after_write() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %C = zpl.get @C : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %one = arith.constant 1.000000e+00 : f64
      %p = arith.addf %a, %one : f64
      zpl.yield %p : f64
    }
    zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %b = zpl.read %B [-1, 0] : !zpl.array<2 x f64>
      %n = arith.negf %b : f64
      zpl.yield %n : f64
    }
    return
  }

  // Rule 4: B := A * 2 writes B, which the statement before reads at
  // another index: fused, it would clobber B@north before C reads it.
  // CHECK-LABEL: func.func @write_after_shifted_read()
  // CHECK-NOT:     zpl.fused
  // CHECK:         return
  func.func @write_after_shifted_read() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %C = zpl.get @C : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %b = zpl.read %B [-1, 0] : !zpl.array<2 x f64>
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %p = arith.addf %a, %b : f64
      zpl.yield %p : f64
    }
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %two = arith.constant 2.000000e+00 : f64
      %p = arith.mulf %a, %two : f64
      zpl.yield %p : f64
    }
    return
  }

  // Rules 3 and 4 at offset 0: B := A + 1; C := B * 2; A := C - B read and
  // write earlier and later destinations only at the same index: one run.
  // CHECK-LABEL: func.func @chain()
  // CHECK:         zpl.fused {
  // CHECK-NEXT:      zpl.assign %[[B:.*]] over
  // CHECK:           zpl.assign %[[C:.*]] over
  // CHECK:           zpl.assign %[[A:.*]] over
  // CHECK:           zpl.yield{{$}}
  // CHECK-NEXT:    }
  // CHECK-NEXT:    return
  func.func @chain() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %C = zpl.get @C : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %one = arith.constant 1.000000e+00 : f64
      %p = arith.addf %a, %one : f64
      zpl.yield %p : f64
    }
    zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      %two = arith.constant 2.000000e+00 : f64
      %p = arith.mulf %b, %two : f64
      zpl.yield %p : f64
    }
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %c = zpl.read %C [0, 0] : !zpl.array<2 x f64>
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      %p = arith.subf %c, %b : f64
      zpl.yield %p : f64
    }
    return
  }

  // Rule 5: the statement uses the reduction before it, complete only
  // after its loop: no run.
  // CHECK-LABEL: func.func @uses_reduction()
  // CHECK-NOT:     zpl.fused
  // CHECK:         return
  func.func @uses_reduction() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %m = zpl.reduce max over %R : !zpl.region<2> -> f64 {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %d = arith.subf %a, %m : f64
      zpl.yield %d : f64
    }
    return
  }

  // Rule 5, between the statements: the op using the reduction cannot
  // move before the run, so it ends it.
  // CHECK-LABEL: func.func @reduction_between()
  // CHECK-NOT:     zpl.fused
  // CHECK:         return
  func.func @reduction_between() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %s = zpl.reduce add over %R : !zpl.region<2> -> f64 {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    %half = arith.constant 5.000000e-01 : f64
    %h = arith.mulf %s, %half : f64
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      zpl.yield %h : f64
    }
    return
  }

  // Rule 6: X, a procedure argument, cannot be traced to its declaration:
  // the statement assigning it and the one masked by the argument M2 take
  // part in no run.
  // CHECK-LABEL: func.func @untraced(
  // CHECK-NOT:     zpl.fused
  // CHECK:         return
  func.func @untraced(%X: !zpl.array<2 x f64>, %M2: !zpl.array<2 x i1>) {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %a : f64
      zpl.yield %n : f64
    }
    zpl.assign %X over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %p = arith.addf %a, %a : f64
      zpl.yield %p : f64
    }
    zpl.assign %B over %R mask %M2 : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    return
  }

  // A mask is read at offset 0: M, declared, is no obstacle.
  // CHECK-LABEL: func.func @masked()
  // CHECK:         zpl.fused {
  // CHECK-NEXT:      zpl.assign {{.*}} mask
  // CHECK:           zpl.assign
  // CHECK:           zpl.yield{{$}}
  // CHECK-NEXT:    }
  func.func @masked() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %C = zpl.get @C : !zpl.array<2 x f64>
    %M = zpl.get @M : !zpl.array<2 x i1>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %B over %R mask %M : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %a : f64
      zpl.yield %n : f64
    }
    zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %b : f64
      zpl.yield %n : f64
    }
    return
  }

  // Rule 7: P and Q follow D, A the implicit distribution. Statements
  // assigning arrays of one distribution form a run (P, Q); one assigning
  // A does not join it; one assigning A that reads P reads another
  // distribution (zpl-insert-redistribution gives it a temporary): it
  // takes part in no run, not even with the statement assigning B after
  // it.
  // CHECK-LABEL: func.func @distributions()
  // CHECK:         zpl.fused {
  // CHECK-NEXT:      zpl.assign %[[P:.*]] over
  // CHECK:           zpl.assign %[[Q:.*]] over
  // CHECK:           zpl.yield{{$}}
  // CHECK-NEXT:    }
  // CHECK-NEXT:    zpl.assign
  // CHECK:         zpl.assign
  // CHECK:         zpl.assign
  // CHECK-NOT:     zpl.fused
  // CHECK:         return
  func.func @distributions() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %P = zpl.get @P : !zpl.array<2 x f64>
    %Q = zpl.get @Q : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %P over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %one = arith.constant 1.000000e+00 : f64
      zpl.yield %one : f64
    }
    zpl.assign %Q over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %p = zpl.read %P [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %p : f64
      zpl.yield %n : f64
    }
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %two = arith.constant 2.000000e+00 : f64
      zpl.yield %two : f64
    }
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %p = zpl.read %P [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %p : f64
      zpl.yield %n : f64
    }
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %a : f64
      zpl.yield %n : f64
    }
    return
  }

  // A plain copy (memmove rows) takes part in no run; a reduction reading
  // no array follows no distribution and joins any run.
  // CHECK-LABEL: func.func @plain_copy()
  // CHECK:         zpl.assign
  // CHECK-NEXT:      zpl.read
  // CHECK-NEXT:      zpl.yield
  // CHECK-NEXT:    }
  // CHECK-NEXT:    %[[RES:.*]] = zpl.fused -> i64 {
  // CHECK-NEXT:      zpl.assign
  // CHECK:           zpl.reduce add
  // CHECK:         zpl.set @count
  func.func @plain_copy() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %C = zpl.get @C : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %b : f64
      zpl.yield %n : f64
    }
    %n = zpl.reduce add over %R : !zpl.region<2> -> i64 {
      %one = arith.constant 1 : i64
      zpl.yield %one : i64
    }
    zpl.set @count, %n : i64
    return
  }

  // Reads of scalars between statements, a global's value and a local's,
  // move before the run: no statement writes a scalar.
  // CHECK-LABEL: func.func @scalar_reads()
  // CHECK:         %[[M:.*]] = zpl.get @m : f64
  // CHECK-NEXT:    %[[V:.*]] = zpl.load %{{.*}} : !zpl.ref<f64>
  // CHECK-NEXT:    zpl.fused {
  // CHECK-NEXT:      zpl.assign %{{.*}} over
  // CHECK:           zpl.assign %{{.*}} over
  // CHECK:             arith.addf %{{.*}}, %[[M]] : f64
  // CHECK-NEXT:        arith.addf %{{.*}}, %[[V]] : f64
  // CHECK:           zpl.yield{{$}}
  // CHECK-NEXT:    }
  // CHECK-NEXT:    return
  func.func @scalar_reads() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %C = zpl.get @C : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %x = zpl.alloca "x" : !zpl.ref<f64>
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %a : f64
      zpl.yield %n : f64
    }
    %m = zpl.get @m : f64
    %v = zpl.load %x : !zpl.ref<f64>
    zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %b = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      %s = arith.addf %b, %m : f64
      %t = arith.addf %s, %v : f64
      zpl.yield %t : f64
    }
    return
  }

  // Ops with memory effects or regions between statements end a run: a
  // call, a store, an scf.if. Runs form in nested blocks too (the loop
  // body).
  // CHECK-LABEL: func.func @barriers(
  // CHECK-NOT:     zpl.fused
  // CHECK:         scf.for
  // CHECK-NEXT:      zpl.fused {
  // CHECK:             zpl.yield{{$}}
  // CHECK-NEXT:      }
  // CHECK-NEXT:    }
  // CHECK-NEXT:    return
  func.func @barriers(%c: i1, %n: index) {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %C = zpl.get @C : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %x = arith.negf %a : f64
      zpl.yield %x : f64
    }
    func.call @opaque() : () -> ()
    zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %x = arith.negf %a : f64
      zpl.yield %x : f64
    }
    %one = arith.constant 1.0 : f64
    zpl.set @m, %one : f64
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %x = arith.negf %a : f64
      zpl.yield %x : f64
    }
    scf.if %c {
    }
    zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %x = arith.negf %a : f64
      zpl.yield %x : f64
    }
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
        %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
        %x = arith.negf %a : f64
        zpl.yield %x : f64
      }
      zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
        %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
        %x = arith.negf %a : f64
        zpl.yield %x : f64
      }
    }
    return
  }
}
