// Statements split by zpl-overlap-halos (zpl.overlap): the parts come in
// pairs, interior first, with only IRONMAN state calls between them; the
// placement verifier counts the interior part's shifted reads as reads of
// the PE's own cells (and the interior part of `A := f(A@d)` as writing
// only its temporary), the boundary part's as reads of ghost cells.
// RUN: %zpl-opt %s -split-input-file -verify-diagnostics

// The placement zpl-overlap-halos makes: verifies.
func.func @interior_while_receiving(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x i64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  zpl.assign %B over %R {zpl.overlap = "interior"} : !zpl.array<2 x i64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %i = arith.fptosi %v : f64 to i64
    zpl.yield %i : i64
  }
  ironman.dn %t
  ironman.sv %t
  zpl.assign %B over %R {zpl.overlap = "boundary"} : !zpl.array<2 x i64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %i = arith.fptosi %v : f64 to i64
    zpl.yield %i : i64
  }
  return
}

// -----

// The interior part of A := f(A@north) writes only the temporary: it may
// stand between SR and SV of A's transfer.
func.func @self_read_interior_while_sending(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  ironman.dr %t
  ironman.sr %t
  zpl.assign %A over %R {zpl.overlap = "interior"} : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  ironman.dn %t
  ironman.sv %t
  zpl.assign %A over %R {zpl.overlap = "boundary"} : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

// The boundary part reads ghost cells: not before DN.
func.func @boundary_while_receiving(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x i64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // expected-note @+1 {{the transfer's ironman.dr}}
  ironman.dr %t
  ironman.sr %t
  zpl.assign %B over %R {zpl.overlap = "interior"} : !zpl.array<2 x i64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %i = arith.fptosi %v : f64 to i64
    zpl.yield %i : i64
  }
  // expected-error @+1 {{reads cells that a transfer is still receiving (between its ironman.dr and ironman.dn)}}
  zpl.assign %B over %R {zpl.overlap = "boundary"} : !zpl.array<2 x i64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %i = arith.fptosi %v : f64 to i64
    zpl.yield %i : i64
  }
  ironman.dn %t
  ironman.sv %t
  return
}

// -----

// An interior part that is not A := f(A@d) writes its destination: not
// while that array is being sent.
func.func @interior_writes_source_in_flight(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x i64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [-1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %u = ironman.transfer %B -> %B over %R shift [0, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<strided, stride = ?, block = 1>) : !zpl.array<2 x i64> -> !zpl.array<2 x i64>, !zpl.region<2>
  ironman.dr %t
  ironman.dr %u
  ironman.sr %t
  // expected-note @+1 {{the transfer's ironman.sr}}
  ironman.sr %u
  // expected-error @+1 {{writes a source that a transfer is still sending (between its ironman.sr and ironman.sv)}}
  zpl.assign %B over %R {zpl.overlap = "interior"} : !zpl.array<2 x i64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %i = arith.fptosi %v : f64 to i64
    zpl.yield %i : i64
  }
  ironman.dn %t
  ironman.dn %u
  ironman.sv %t
  ironman.sv %u
  zpl.assign %B over %R {zpl.overlap = "boundary"} : !zpl.array<2 x i64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    %i = arith.fptosi %v : f64 to i64
    zpl.yield %i : i64
  }
  return
}

// -----

func.func @interior_alone(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{is the interior part of a split statement without its boundary part after it (only IRONMAN state calls may stand between them)}}
  zpl.assign %B over %R {zpl.overlap = "interior"} : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

func.func @boundary_alone(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{is the boundary part of a split statement without its interior part before it}}
  zpl.assign %B over %R {zpl.overlap = "boundary"} : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

// Only IRONMAN state calls may stand between the parts.
func.func @other_op_between(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{without its boundary part after it}}
  zpl.assign %B over %R {zpl.overlap = "interior"} : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  %c = arith.constant 0.0 : f64
  zpl.assign %B over %R {zpl.overlap = "boundary"} : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

func.func @parts_differ(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{is the interior part of a split statement whose boundary part is another statement}}
  zpl.assign %B over %R {zpl.overlap = "interior"} : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  zpl.assign %B over %R {zpl.overlap = "boundary"} : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

func.func @interior_result_used(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) -> f64 {
  // expected-error @+1 {{is the interior part of a split run: its results are partial, only the boundary part's may be used}}
  %p = zpl.fused attributes {zpl.overlap = "interior"} -> f64 {
    %m = zpl.reduce max over %R : !zpl.region<2> -> f64 {
      %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
    zpl.yield %m : f64
  }
  %q = zpl.fused attributes {zpl.overlap = "boundary"} -> f64 {
    %m = zpl.reduce max over %R : !zpl.region<2> -> f64 {
      %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
    zpl.yield %m : f64
  }
  return %p : f64
}

// -----

func.func @bad_part(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{zpl.overlap is "interior" or "boundary"}}
  zpl.assign %B over %R {zpl.overlap = "middle"} : !zpl.array<2 x f64>, !zpl.region<2> {
    %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

func.func @inside_a_run(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  zpl.fused {
    // expected-error @+1 {{zpl.overlap splits a zpl.assign or a zpl.fused run, outside any run}}
    zpl.assign %B over %R {zpl.overlap = "interior"} : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
    zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %v = zpl.read %B [0, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
    zpl.yield
  }
  return
}
