// The placement verifier: nothing between a transfer's DR and DN reads the
// cells it receives, nothing between its SR and SV writes its source, and
// transfers that could write the same cells are never in flight together;
// and the ironman.combine verifier.
// RUN: %zpl-opt %s -split-input-file -verify-diagnostics

func.func @read_while_receiving(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // expected-note @+1 {{the transfer's ironman.dr}}
  ironman.dr %t
  ironman.sr %t
  // expected-error @+1 {{reads cells that a transfer is still receiving (between its ironman.dr and ironman.dn)}}
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

// Also a diagonal read, whose cells include some of the north band.
func.func @diagonal_read_while_receiving(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // expected-note @+1 {{the transfer's ironman.dr}}
  ironman.dr %t
  // expected-error @+1 {{reads cells that a transfer is still receiving}}
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 1] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @write_while_sending(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  // expected-note @+1 {{the transfer's ironman.sr}}
  ironman.sr %t
  ironman.dn %t
  %c = arith.constant 0.0 : f64
  // expected-error @+1 {{writes a source that a transfer is still sending (between its ironman.sr and ironman.sv)}}
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    zpl.yield %c : f64
  }
  ironman.sv %t
  return
}

// -----

// A call may read or write anything.
func.func private @anything()
func.func @call_while_receiving(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // expected-note @+1 {{the transfer's ironman.dr}}
  ironman.dr %t
  // expected-error @+1 {{reads cells that a transfer is still receiving}}
  func.call @anything() : () -> ()
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

// A write nested in a loop counts.
func.func @nested_write(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  // expected-note @+1 {{the transfer's ironman.sr}}
  ironman.sr %t
  // expected-error @+1 {{writes a source that a transfer is still sending}}
  scf.for %i = %c0 to %n step %c1 {
    %c = arith.constant 0.0 : f64
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      zpl.yield %c : f64
    }
  }
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

// North and north-east of one array may receive into the same ghost cells:
// their receive windows may not overlap.
func.func @shared_ghosts(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %u = ironman.transfer %A -> %A over %R shift [-1, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // expected-note @+1 {{the transfer's ironman.dr}}
  ironman.dr %t
  // expected-error @+1 {{is a state call of a transfer that may write the same cells as one in flight (between its ironman.dr and ironman.dn)}}
  ironman.dr %u
  ironman.sr %t
  ironman.sr %u
  ironman.dn %t
  ironman.dn %u
  ironman.sv %t
  ironman.sv %u
  return
}

// -----

// A wrap writes its band, which this PE owns: even an unshifted read of
// the array may not come between its DR and DN.
func.func @read_while_wrapping(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %w = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {kind = #ironman.kind<wrap>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // expected-note @+1 {{the transfer's ironman.dr}}
  ironman.dr %w
  ironman.sr %w
  // expected-error @+1 {{reads cells that a transfer is still receiving}}
  zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  ironman.dn %w
  ironman.sv %w
  return
}

// -----

// What may overlap: writes of the destination between DR and DN (they
// touch only cells this PE owns), reads of other cells, reads of the
// source between SR and SV, and transfers that cannot touch the same
// cells (arrays of other types are other arrays).
func.func @allowed(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f32>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %u = ironman.transfer %A -> %A over %R shift [1, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %v = ironman.transfer %B -> %B over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f32> -> !zpl.array<2 x f32>, !zpl.region<2>
  ironman.dr %t
  ironman.dr %u
  ironman.dr %v
  %c = arith.constant 1.0 : f64
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    zpl.yield %c : f64
  }
  ironman.sr %t
  ironman.sr %u
  ironman.sr %v
  %sum = zpl.reduce add over %R : !zpl.region<2> -> f64 {
    %x = zpl.read %A [0, 0] : !zpl.array<2 x f64>
    %y = zpl.read %A [0, -1] : !zpl.array<2 x f64>
    %z = arith.addf %x, %y : f64
    zpl.yield %z : f64
  }
  ironman.dn %t
  ironman.dn %u
  ironman.dn %v
  ironman.sv %t
  ironman.sv %u
  ironman.sv %v
  return
}

// -----

func.func @combine_one(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // expected-error @+1 {{needs at least two members}}
  %c = ironman.combine %t
  ironman.dr %c
  ironman.sr %c
  ironman.dn %c
  ironman.sv %c
  return
}

// -----

func.func @combine_member_calls(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %u = ironman.transfer %B -> %B over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // expected-error @+1 {{member #1 has uses besides this combine}}
  %c = ironman.combine %t, %u
  ironman.dr %u
  ironman.dr %c
  ironman.sr %c
  ironman.dn %c
  ironman.sv %c
  return
}

// -----

func.func @combine_missing_call(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %u = ironman.transfer %B -> %B over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // expected-error @+1 {{has no ironman.sv}}
  %c = ironman.combine %t, %u
  ironman.dr %c
  ironman.sr %c
  ironman.dn %c
  return
}

// -----

// A combine's calls obey the placement rules for every member.
func.func @combine_placement(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %C: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %u = ironman.transfer %B -> %B over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %c = ironman.combine %t, %u
  // expected-note @+1 {{the transfer's ironman.dr}}
  ironman.dr %c
  ironman.sr %c
  // expected-error @+1 {{reads cells that a transfer is still receiving}}
  zpl.assign %C over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %B [1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  ironman.dn %c
  ironman.sv %c
  return
}

// -----

// Rotated starts: the next iteration's transfer is in flight from its DR
// in the body to the DN of the next iteration, so the statement after the
// guard may not read the cells it receives.
func.func @rotated_read_while_receiving(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>, %lb: index, %ub: index, %step: index) {
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
      // expected-note @+1 {{the transfer's ironman.dr}}
      ironman.dr %t
      ironman.sr %t
    }
    // expected-error @+1 {{reads cells that a transfer is still receiving (between its ironman.dr and ironman.dn)}}
    zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
  }
  return
}

// -----

// ... and the top of the body, before SV, may not write the source the
// transfer started in the previous iteration is still sending.
func.func @rotated_write_while_sending(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>, %lb: index, %ub: index, %step: index) {
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %runs = arith.cmpi slt, %lb, %ub : index
  scf.if %runs {
    ironman.dr %t
    ironman.sr %t
  }
  scf.for %i = %lb to %ub step %step {
    %c = arith.constant 0.0 : f64
    // expected-error @+1 {{writes a source that a transfer is still sending (between its ironman.sr and ironman.sv)}}
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      zpl.yield %c : f64
    }
    ironman.dn %t
    ironman.sv %t
    %next = arith.addi %i, %step : index
    %more = arith.cmpi slt, %next, %ub : index
    scf.if %more {
      ironman.dr %t
      // expected-note @+1 {{the transfer's ironman.sr}}
      ironman.sr %t
    }
  }
  return
}
