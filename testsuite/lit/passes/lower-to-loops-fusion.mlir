// RUN: %zpl-opt %s --zpl-fuse-statements --zpl-lower-to-loops | FileCheck %s
// RUN: %zpl-opt %s --zpl-lower-to-loops | FileCheck %s --check-prefix=NOFUSE

// The lowering of zpl.fused runs: zpl-fuse-statements wraps consecutive
// statements over the same region in a run when no statement can observe
// the change of order (its rules: passes/zpl/Passes.td, tested one by one in
// fuse-statements.mlir), and zpl-lower-to-loops makes each run one loop
// nest. Without the runs (zplc -O0) every statement gets its own nest.

module attributes {zpl.entry = @fused} {
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
  zpl.array_decl @C : !zpl.array<2 x f64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @T : !zpl.array<2 x f64> init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.global @m : f64
  zpl.global @s : f64

  // Jacobi's stencil, its error and a sum: one nest, two accumulators, the
  // constant between the statements hoisted before it, T reused from the
  // register it was just stored from, then the allreduces in order.
  // CHECK-LABEL: func.func @zp_fused()
  // CHECK:         arith.constant 7 : i64
  // CHECK:         emitc.call_opaque "zrt_array_check"({{.*}}) {args = [0 : index, 1 : index, -1, 0, 0]}
  // CHECK:         emitc.call_opaque "zrt_array_check"({{.*}}) {args = [0 : index, 1 : index, 0, -1, 0]}
  // CHECK-NOT:     zrt_array_check
  // CHECK-DAG:     %[[INF:.*]] = arith.constant 0xFFF0000000000000 : f64
  // CHECK-DAG:     %[[INFK:.*]] = emitc.call_opaque "zrt_max_key_f64"(%[[INF]]) : (f64) -> i64
  // CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
  // The accumulators go through the tile loop, then the row loop; max<<
  // keeps order keys (i64).
  // CHECK:         %[[OUT:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %[[INFK]], %{{.*}} = %[[ZERO]]) -> (i64, f64) : i64 {
  // CHECK:           %[[ROWS:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i64, f64) : i64 {
  // CHECK:           %[[IN:.*]]:2 = scf.for {{.*}} iter_args(%[[MAX:.*]] = %{{.*}}, %[[SUM:.*]] = %{{.*}}) -> (i64, f64) : i64 {
  // CHECK:             %[[Q:.*]] = arith.divf %{{.*}}, %{{.*}} : f64
  // CHECK:             emitc.assign %[[Q]] : f64 to
  // CHECK:             %[[AL:.*]] = emitc.subscript
  // CHECK:             %[[A0:.*]] = emitc.load %[[AL]]
  // CHECK:             %[[D:.*]] = arith.subf %[[Q]], %[[A0]] : f64
  // CHECK:             %[[ABS:.*]] = math.absf %[[D]] : f64
  // CHECK:             %[[KEY:.*]] = emitc.call_opaque "zrt_max_key_abs_f64"(%[[ABS]]) : (f64) -> i64
  // CHECK:             %[[GT:.*]] = emitc.cmp gt, %[[KEY]], %[[MAX]] : (i64, i64) -> i1
  // CHECK:             %[[NMAX:.*]] = emitc.conditional %[[GT]], %[[KEY]], %[[MAX]] : i64
  // CHECK:             %[[NSUM:.*]] = arith.addf %[[SUM]], %{{.*}} : f64
  // CHECK:             scf.yield %[[NMAX]], %[[NSUM]] : i64, f64
  // CHECK:             scf.yield %[[IN]]#0, %[[IN]]#1 : i64, f64
  // CHECK:           scf.yield %[[ROWS]]#0, %[[ROWS]]#1 : i64, f64
  // CHECK-NOT:     scf.for
  // CHECK:         %[[MV:.*]] = emitc.call_opaque "zrt_key_f64"(%[[OUT]]#0) : (i64) -> f64
  // CHECK-NEXT:    %[[M:.*]] = emitc.call_opaque "zrt_allreduce_f64"(%[[MV]]) {args = [2, 0 : index]} : (f64) -> f64
  // CHECK-NEXT:    %[[S:.*]] = emitc.call_opaque "zrt_allreduce_f64"(%[[OUT]]#1) {args = [0, 0 : index]} : (f64) -> f64
  // CHECK:         emitc.assign %[[M]] : f64 to
  // CHECK:         emitc.assign %[[S]] : f64 to
  // CHECK:         return
  // Unfused: three nests, each reduction right after its own.
  // NOFUSE-LABEL: func.func @zp_fused()
  // NOFUSE:         scf.for
  // NOFUSE:           scf.for
  // NOFUSE:             arith.divf
  // NOFUSE:         scf.for {{.*}} iter_args
  // NOFUSE:           scf.for {{.*}} iter_args
  // NOFUSE:             arith.subf
  // NOFUSE:         emitc.call_opaque "zrt_allreduce_f64"({{.*}}) {args = [2, 0 : index]}
  // NOFUSE:         scf.for {{.*}} iter_args
  // NOFUSE:         emitc.call_opaque "zrt_allreduce_f64"({{.*}}) {args = [0, 0 : index]}
  // NOFUSE:         return
  func.func @fused() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %T = zpl.get @T : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %T over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %n = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      %w = zpl.read %A [0, -1] : !zpl.array<2 x f64>
      %s = arith.addf %n, %w : f64
      %four = arith.constant 4.000000e+00 : f64
      %q = arith.divf %s, %four : f64
      zpl.yield %q : f64
    }
    %m = zpl.reduce max over %R : !zpl.region<2> -> f64 {
      %t = zpl.read %T [0, 0] : !zpl.array<2 x f64>
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %d = arith.subf %t, %a : f64
      %abs = math.absf %d : f64
      zpl.yield %abs : f64
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

  // Rule 3: C := B@north reads B, written by the statement before, at
  // another index: two nests.
  // CHECK-LABEL: func.func @zp_shifted_after_write()
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             arith.addf
  // CHECK:             emitc.assign
  // CHECK:         emitc.call_opaque "zrt_array_check"({{.*}}) {args = [0 : index, 1 : index, -1, 0, 0]}
  // CHECK:         scf.for
  // CHECK:           scf.for
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
      zpl.yield %b : f64
    }
    return
  }

  // Rule 4: B := A * 2 writes B, which the statement before reads at
  // another index: fused, it would clobber B@north before C reads it.
  // CHECK-LABEL: func.func @zp_write_after_shifted_read()
  // CHECK:         emitc.call_opaque "zrt_array_check"({{.*}}) {args = [0 : index, 1 : index, -1, 0, 0]}
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             emitc.assign
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             arith.mulf
  // CHECK:             emitc.assign
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

  // Rule 5: the statement uses the reduction before it, complete only after
  // its loop and allreduce: two nests, the allreduce between them.
  // CHECK-LABEL: func.func @zp_uses_reduction()
  // CHECK:         %[[OUT:.*]] = scf.for {{.*}} iter_args
  // CHECK:         %[[MV:.*]] = emitc.call_opaque "zrt_key_f64"(%[[OUT]])
  // CHECK:         %[[M:.*]] = emitc.call_opaque "zrt_allreduce_f64"(%[[MV]]) {args = [2, 0 : index]}
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             arith.subf %{{.*}}, %[[M]] : f64
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

  // Rule 5, between the statements: the op using the reduction cannot move
  // before the nest.
  // CHECK-LABEL: func.func @zp_reduction_between()
  // CHECK:         %[[OUT:.*]] = scf.for {{.*}} iter_args
  // CHECK:         %[[M:.*]] = emitc.call_opaque "zrt_allreduce_f64"(%[[OUT]]) {args = [0, 0 : index]}
  // CHECK:         %[[H:.*]] = arith.mulf %[[M]], %{{.*}} : f64
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             emitc.assign %[[H]] : f64 to
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

  // Rule 1: different regions (the interior of R, then R): two nests.
  // CHECK-LABEL: func.func @zp_other_region()
  // CHECK:         %[[IN:.*]] = emitc.call_opaque "zrt_region_in"
  // CHECK:         %[[INB:.*]] = emitc.call_opaque "zrt_region_align"(%[[IN]], %{{.*}})
  // CHECK:         emitc.call_opaque "zrt_tiles"(%[[INB]])
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             emitc.assign
  // CHECK:         %[[RB:.*]] = emitc.call_opaque "zrt_region_align"(%[[R:.*]], %{{.*}})
  // CHECK:         emitc.call_opaque "zrt_tiles"(%[[RB]])
  // CHECK-NOT:     %[[INB]]
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             emitc.assign
  // CHECK:         return
  func.func @other_region() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %C = zpl.get @C : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %In = zpl.derive in %R [1, 0] : !zpl.region<2>
    zpl.assign %B over %In : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %one = arith.constant 1.000000e+00 : f64
      %p = arith.addf %a, %one : f64
      zpl.yield %p : f64
    }
    zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %two = arith.constant 2.000000e+00 : f64
      %p = arith.addf %a, %two : f64
      zpl.yield %p : f64
    }
    return
  }

  // Unshifted reads and writes of earlier destinations are fine (rules 3
  // and 4 at offset 0): B := A + 1; C := B * 2; A := C - B in one nest, B
  // and C reused, each destination stored once.
  // CHECK-LABEL: func.func @zp_chain()
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             %[[B:.*]] = arith.addf
  // CHECK:             emitc.assign %[[B]] : f64 to
  // CHECK:             %[[C:.*]] = arith.mulf %[[B]], %{{.*}} : f64
  // CHECK:             emitc.assign %[[C]] : f64 to
  // CHECK:             %[[N:.*]] = arith.subf %[[C]], %[[B]] : f64
  // CHECK:             emitc.assign %[[N]] : f64 to
  // CHECK-NOT:     scf.for
  // CHECK:         return
  // NOFUSE-LABEL: func.func @zp_chain()
  // NOFUSE-COUNT-6: scf.for
  // NOFUSE:         return
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

  // Rule 2: a statement that needs the temporary (B := B@west) is fused
  // with nothing. Rule 6: an array that is a procedure argument cannot be
  // traced to its declaration. A plain copy keeps its memmove rows.
  // CHECK-LABEL: func.func @zp_not_candidates(
  // CHECK:         emitc.call_opaque "zrt_array_temp"
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:         "memmove"
  // CHECK:         emitc.call_opaque "zrt_array_free"
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             arith.negf
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             arith.addf
  // CHECK:         scf.for
  // CHECK:           "memmove"
  // CHECK:         scf.for
  // CHECK:           scf.for
  // CHECK:             arith.mulf
  // CHECK:         return
  func.func @not_candidates(%X: !zpl.array<2 x f64>) {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %B = zpl.get @B : !zpl.array<2 x f64>
    %C = zpl.get @C : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %w = zpl.read %B [0, -1] : !zpl.array<2 x f64>
      zpl.yield %w : f64
    }
    zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %n = arith.negf %a : f64
      zpl.yield %n : f64
    }
    zpl.assign %X over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %p = arith.addf %a, %a : f64
      zpl.yield %p : f64
    }
    zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      %p = arith.mulf %a, %a : f64
      zpl.yield %p : f64
    }
    return
  }

  // T is read outside a run here, so the run of @fused stores it (a
  // register array would not be: lower-to-loops-register-arrays.mlir).
  func.func @reads_t() {
    %T = zpl.get @T : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %s = zpl.reduce add over %R : !zpl.region<2> -> f64 {
      %t = zpl.read %T [0, 0] : !zpl.array<2 x f64>
      zpl.yield %t : f64
    }
    zpl.set @s, %s : f64
    return
  }
}
