// Every ironman verifier and parser error (the words of the enum attributes:
// ironman-enum-errors.mlir).
// RUN: %zpl-opt %s -split-input-file -verify-diagnostics

func.func @missing_dr(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{has no ironman.dr}}
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @missing_sr(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{has no ironman.sr}}
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @missing_dn(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{has no ironman.dn}}
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.sv %t
  return
}

// -----

func.func @missing_sv(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{has no ironman.sv}}
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  return
}

// -----

func.func @missing_all(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{has no ironman.dr}}
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

func.func @second_dr(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  // expected-error @+1 {{is the second ironman.dr of one transfer}}
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @second_sv(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  // expected-error @+1 {{is the second ironman.sv of one transfer}}
  ironman.sv %t
  return
}

// -----

func.func @dn_before_sr(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  // expected-error @+1 {{must come after ironman.sr (IRONMAN order is DR, SR, DN, SV)}}
  ironman.dn %t
  ironman.sr %t
  ironman.sv %t
  return
}

// -----

func.func @sr_before_dr(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // expected-error @+1 {{must come after ironman.dr (IRONMAN order is DR, SR, DN, SV)}}
  ironman.sr %t
  ironman.dr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @sv_before_dn(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  // expected-error @+1 {{must come after ironman.dn (IRONMAN order is DR, SR, DN, SV)}}
  ironman.sv %t
  ironman.dn %t
  return
}

// -----

func.func @different_blocks(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>, %c: i1) {
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  scf.if %c {
    // expected-error @+1 {{must be in the same block as ironman.dr of its transfer}}
    ironman.dn %t
  }
  ironman.sv %t
  return
}

// -----

func.func @dr_in_loop(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  scf.for %i = %c0 to %n step %c1 {
    ironman.dr %t
  }
  // expected-error @+1 {{must be in the same block as ironman.dr of its transfer}}
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @zero_shift(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{a halo transfer needs a nonzero shift}}
  %t = ironman.transfer %A -> %A over %R shift [0, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @shift_rank(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{shift has 1 components but the region has rank 2}}
  %t = ironman.transfer %A -> %A over %R shift [1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @array_rank(%A: !zpl.array<1 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{arrays and region must have the same rank}}
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<1 x f64> -> !zpl.array<1 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @element_types(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f32>, %R: !zpl.region<2>) {
  // expected-error @+1 {{source elements are 'f64' but destination elements are 'f32'}}
  %t = ironman.transfer %A -> %B over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f32>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @unknown_pattern(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{unknown access pattern 'diagonal'}}
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<diagonal> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

func.func @strided_without_block(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{expected ','}}
  %t = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

func.func @strided_bad_stride(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{expected integer value}}
  %t = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = n, block = 1> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

func.func @remap_without_kind_attr(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>, %I: !zpl.array<2 x i64>) {
  // expected-error @+1 {{a halo transfer has a shift, not index arrays or a permutation}}
  %t = ironman.transfer %A -> %A over %R gather(%I, %I : !zpl.array<2 x i64>, !zpl.array<2 x i64>) pattern(#ironman.pattern<indexed> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @remap_index_count(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>, %I: !zpl.array<2 x i64>) {
  // expected-error @+1 {{needs 2 index arrays (one per dimension of the indexed array), got 1}}
  %t = ironman.transfer %A -> %A over %R gather(%I : !zpl.array<2 x i64>) pattern(#ironman.pattern<indexed> -> #ironman.pattern<contiguous>) {kind = #ironman.kind<remap>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @remap_index_type(%A: !zpl.array<1 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>, %I: !zpl.array<2 x f64>) {
  // expected-error @+1 {{index arrays must be integer arrays of rank 2}}
  %t = ironman.transfer %A -> %B over %R gather(%I : !zpl.array<2 x f64>) pattern(#ironman.pattern<indexed> -> #ironman.pattern<contiguous>) {kind = #ironman.kind<remap>} : !zpl.array<1 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @remap_direct_rank(%A: !zpl.array<2 x f64>, %X: !zpl.array<1 x f64>, %R: !zpl.region<2>, %I: !zpl.array<2 x i64>) {
  // expected-error @+1 {{source must have the region's rank 2}}
  %t = ironman.transfer %X -> %A over %R scatter(%I, %I : !zpl.array<2 x i64>, !zpl.array<2 x i64>) pattern(#ironman.pattern<contiguous> -> #ironman.pattern<indexed>) {kind = #ironman.kind<remap>} : !zpl.array<1 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @remap_with_shift(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{a remap transfer needs a remap direction (gather or scatter)}}
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<indexed> -> #ironman.pattern<contiguous>) {kind = #ironman.kind<remap>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @transpose_not_permutation(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{permutation must be a permutation of 1..2}}
  %t = ironman.transfer %A -> %A over %R transpose [1, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<contiguous>) {kind = #ironman.kind<transpose>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @transpose_without_permutation(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{a transpose transfer has a permutation, not a shift or index arrays}}
  %t = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<contiguous>) {kind = #ironman.kind<transpose>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @halo_orientation(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{a halo transfer has no orientation}}
  %t = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) {orientation = #ironman.orientation<loads>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

func.func @unknown_movement(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{expected 'shift', 'gather', 'scatter' or 'transpose'}}
  %t = ironman.transfer %A -> %A over %R rotate [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @state_call_on_array(%A: !zpl.array<2 x f64>) {
  // expected-error @+1 {{use of value '%A' expects different type than prior uses: '!ironman.transfer' vs '!zpl.array<2 x f64>'}}
  ironman.dr %A
  return
}

// -----

func.func @redist_shift(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{a redist transfer has no shift}}
  %t = ironman.transfer %A -> %B over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {kind = #ironman.kind<redist>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

// Rotated starts whose guard in the loop does not ask whether another
// iteration follows (`%i < %ub` instead of `%i + %step < %ub`): the last
// iteration would start a transfer nobody completes.
func.func @rotated_wrong_guard(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>, %lb: index, %ub: index, %step: index) {
  // expected-error @+1 {{starts twice but not in the rotated form: scf.if (lb < ub) {ironman.dr; ironman.sr} before an scf.for whose body holds ironman.dn, ironman.sv, then scf.if (iv + step < ub) {ironman.dr; ironman.sr}}}
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %runs = arith.cmpi slt, %lb, %ub : index
  scf.if %runs {
    ironman.dr %t
    ironman.sr %t
  }
  scf.for %i = %lb to %ub step %step {
    ironman.dn %t
    ironman.sv %t
    %more = arith.cmpi slt, %i, %ub : index
    scf.if %more {
      ironman.dr %t
      ironman.sr %t
    }
  }
  return
}
