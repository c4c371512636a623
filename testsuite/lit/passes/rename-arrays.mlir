// RUN: %zpl-opt %s --zpl-rename-arrays | FileCheck %s

// zpl-rename-arrays: `[R] A := Temp` gets zpl.rename when Temp is dead
// after it (RenameArrays.cpp, rules 1-3); A's and Temp's fluff become the
// same (the wider of the two). `[R] S := f(S@d)` gets it too (rules 5, 6):
// its temporary is S's spare and the copy back an exchange.

// CHECK-LABEL: zpl.array_decl @A
// CHECK-SAME:    fluff = array<i64: 1, 1, 2, 1>
// CHECK-LABEL: zpl.array_decl @Temp
// CHECK-SAME:    fluff = array<i64: 1, 1, 2, 1>
// Not renamed anywhere: fluff as it was.
// CHECK-LABEL: zpl.array_decl @Other
// CHECK-SAME:    fluff = array<i64: 0, 0, 0, 0>

module attributes {zpl.entry = @loop} {
  zpl.config @n : i64 init {
    %c = arith.constant 8 : i64
    zpl.yield %c : i64
  }
  zpl.region_decl @R : !zpl.region<2> init {
    %c1 = arith.constant 1 : i64
    %n = zpl.get @n : i64
    %r = zpl.make_region [%c1 : %n, %c1 : %n] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.region_decl @BigR : !zpl.region<2> init {
    %c0 = arith.constant 0 : i64
    %n = zpl.get @n : i64
    %r = zpl.make_region [%c0 : %n, %c0 : %n] : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 2, 1>} init {
    %r = zpl.get @BigR : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @Temp : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 0, 0>} init {
    %r = zpl.get @BigR : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @Other : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 0, 0>} init {
    %r = zpl.get @R : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @T2 : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 0, 0>} init {
    %r = zpl.get @BigR : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @T4 : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 0, 0>} init {
    %r = zpl.get @BigR : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @T5 : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 0, 0>} init {
    %r = zpl.get @BigR : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @T6 : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 0, 0>} init {
    %r = zpl.get @BigR : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @T3 : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 1, 1>} init {
    %r = zpl.get @BigR : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @M : !zpl.array<2 x i1> attributes {fluff = array<i64: 0, 0, 0, 0>} init {
    %r = zpl.get @BigR : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.array_decl @S : !zpl.array<2 x f64> attributes {fluff = array<i64: 0, 0, 1, 1>} init {
    %r = zpl.get @BigR : !zpl.region<2>
    zpl.yield %r : !zpl.region<2>
  }
  zpl.global @s : f64

  // Rule 3 around a loop: the next statement touching Temp, in the next
  // iteration, writes it over R; after the loop Temp is never used.
  // CHECK-LABEL: func.func @loop()
  // CHECK:         scf.for
  // CHECK:           zpl.assign %[[T:.*]] over
  // CHECK:           zpl.assign %{{.*}} over %{{.*}} {zpl.rename} : !zpl.array<2 x f64>, !zpl.region<2> {
  // CHECK-NEXT:        zpl.read %[[T]] [0, 0]
  func.func @loop() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %T = zpl.get @Temp : !zpl.array<2 x f64>
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c3 = arith.constant 3 : i64
    scf.for %i = %c0 to %c3 step %c1 : i64 {
      zpl.assign %T over %R : !zpl.array<2 x f64>, !zpl.region<2> {
        %e = zpl.read %A [0, 1] : !zpl.array<2 x f64>
        %w = zpl.read %A [0, -1] : !zpl.array<2 x f64>
        %v = arith.addf %e, %w : f64
        zpl.yield %v : f64
      }
      %m = zpl.reduce max over %R : !zpl.region<2> -> f64 {
        %t = zpl.read %T [0, 0] : !zpl.array<2 x f64>
        zpl.yield %t : f64
      }
      zpl.set @s, %m : f64
      zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
        %t = zpl.read %T [0, 0] : !zpl.array<2 x f64>
        zpl.yield %t : f64
      }
    }
    return
  }

  // The copy stays when Temp is read after it, before it is written again.
  // CHECK-LABEL: func.func @read_later()
  // CHECK-NOT:     zpl.rename
  // CHECK:         return
  func.func @read_later() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %T = zpl.get @T2 : !zpl.array<2 x f64>
    zpl.assign %T over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %a : f64
    }
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %t = zpl.read %T [0, 0] : !zpl.array<2 x f64>
      zpl.yield %t : f64
    }
    %s = zpl.reduce add over %R : !zpl.region<2> -> f64 {
      %t = zpl.read %T [0, 0] : !zpl.array<2 x f64>
      zpl.yield %t : f64
    }
    zpl.set @s, %s : f64
    return
  }

  // Rule 3 around a loop: Temp read at the top of the next iteration
  // before it is written again.
  // CHECK-LABEL: func.func @read_next_iteration()
  // CHECK-NOT:     zpl.rename
  // CHECK:         return
  func.func @read_next_iteration() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %T = zpl.get @T4 : !zpl.array<2 x f64>
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c3 = arith.constant 3 : i64
    scf.for %i = %c0 to %c3 step %c1 : i64 {
      %m = zpl.reduce max over %R : !zpl.region<2> -> f64 {
        %t = zpl.read %T [0, 0] : !zpl.array<2 x f64>
        zpl.yield %t : f64
      }
      zpl.set @s, %m : f64
      zpl.assign %T over %R : !zpl.array<2 x f64>, !zpl.region<2> {
        %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
        zpl.yield %a : f64
      }
      zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
        %t = zpl.read %T [0, 0] : !zpl.array<2 x f64>
        zpl.yield %t : f64
      }
    }
    return
  }

  // Rule 3: the next write of Temp is masked (or reads Temp): not full.
  // CHECK-LABEL: func.func @masked_write()
  // CHECK-NOT:     zpl.rename
  // CHECK:         return
  func.func @masked_write() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %T = zpl.get @T5 : !zpl.array<2 x f64>
    %M = zpl.get @M : !zpl.array<2 x i1>
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c3 = arith.constant 3 : i64
    scf.for %i = %c0 to %c3 step %c1 : i64 {
      zpl.assign %T over %R mask %M : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
        %a = zpl.read %A [0, 0] : !zpl.array<2 x f64>
        zpl.yield %a : f64
      }
      zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
        %t = zpl.read %T [0, 0] : !zpl.array<2 x f64>
        zpl.yield %t : f64
      }
    }
    return
  }

  // Rule 1: declared over another region.
  // CHECK-LABEL: func.func @other_region()
  // CHECK-NOT:     zpl.rename
  // CHECK:         return
  func.func @other_region() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %O = zpl.get @Other : !zpl.array<2 x f64>
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %t = zpl.read %O [0, 0] : !zpl.array<2 x f64>
      zpl.yield %t : f64
    }
    return
  }

  // Rule 2: Temp is read shifted (it moves: a transfer handle of its
  // own) — and over another region.
  // CHECK-LABEL: func.func @shifted_read()
  // CHECK-NOT:     zpl.rename
  // CHECK:         return
  func.func @shifted_read() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %T = zpl.get @T3 : !zpl.array<2 x f64>
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %t = zpl.read %T [0, 0] : !zpl.array<2 x f64>
      zpl.yield %t : f64
    }
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %t = zpl.read %T [0, 1] : !zpl.array<2 x f64>
      zpl.yield %t : f64
    }
    return
  }

  // Rule 4: a transfer into A's ghost cells is under way (DR before the
  // copy, DN after it): its messages would miss A's new storage.
  // CHECK-LABEL: func.func @in_flight()
  // CHECK-NOT:     zpl.rename
  // CHECK:         return
  func.func @in_flight() {
    %A = zpl.get @A : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %T = zpl.get @T6 : !zpl.array<2 x f64>
    %t = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 0 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %T [0, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
    ironman.sr %t
    ironman.dn %t
    ironman.sv %t
    return
  }

  // Rule 5: a statement reading its own destination shifted, in a loop
  // (the halo of S arrives before it).
  // CHECK-LABEL: func.func @self_shifted()
  // CHECK:         scf.for
  // CHECK:           ironman.dn
  // CHECK:           zpl.assign %[[S:.*]] over %{{.*}} {zpl.rename} : !zpl.array<2 x f64>, !zpl.region<2> {
  // CHECK-NEXT:        zpl.read %[[S]] [0, 1]
  func.func @self_shifted() {
    %S = zpl.get @S : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c3 = arith.constant 3 : i64
    scf.for %i = %c0 to %c3 step %c1 : i64 {
      %t = ironman.transfer %S -> %S over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 1 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
      ironman.dr %t
      ironman.sr %t
      ironman.dn %t
      ironman.sv %t
      zpl.assign %S over %R : !zpl.array<2 x f64>, !zpl.region<2> {
        %e = zpl.read %S [0, 1] : !zpl.array<2 x f64>
        %c = zpl.read %S [0, 0] : !zpl.array<2 x f64>
        %v = arith.addf %e, %c : f64
        zpl.yield %v : f64
      }
    }
    return
  }

  // Rule 5: masked, the elements the mask does not select would have to
  // be in the temporary: the copy back stays.
  // CHECK-LABEL: func.func @self_shifted_masked()
  // CHECK-NOT:     zpl.rename
  // CHECK:         return
  func.func @self_shifted_masked() {
    %S = zpl.get @S : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %M = zpl.get @M : !zpl.array<2 x i1>
    zpl.assign %S over %R mask %M : !zpl.array<2 x i1> : !zpl.array<2 x f64>, !zpl.region<2> {
      %e = zpl.read %S [0, 1] : !zpl.array<2 x f64>
      zpl.yield %e : f64
    }
    return
  }

  // Rule 6: a transfer into S's ghost cells (west) is under way at the
  // statement (DR before it, DN after it).
  // CHECK-LABEL: func.func @self_shifted_in_flight()
  // CHECK-NOT:     zpl.rename
  // CHECK:         return
  func.func @self_shifted_in_flight() {
    %S = zpl.get @S : !zpl.array<2 x f64>
    %R = zpl.get @R : !zpl.region<2>
    %t = ironman.transfer %S -> %S over %R shift [0, -1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {id = 2 : i64} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
    ironman.dr %t
    zpl.assign %S over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %e = zpl.read %S [0, 1] : !zpl.array<2 x f64>
      zpl.yield %e : f64
    }
    ironman.sr %t
    ironman.dn %t
    ironman.sv %t
    return
  }
}
