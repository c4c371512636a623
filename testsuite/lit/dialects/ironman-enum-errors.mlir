// The words of ironman.transfer's and ironman.combine's enum attributes
// (kind, strategy, remap, orientation): a misspelled word is rejected by the
// parser, which lists the words it accepts; a quoted string (the form these
// attributes had before they were enums) by the op's verifier, which shows
// the form it expects.
// RUN: %zpl-opt %s -split-input-file -verify-diagnostics

func.func @misspelled_kind(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{unknown transfer kind 'wrapp' (expected halo, wrap, reflect, redist, remap or transpose)}}
  %t = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {kind = #ironman.kind<wrapp>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

func.func @misspelled_strategy(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{unknown transfer strategy 'pakced' (expected chained or packed)}}
  %t = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {strategy = #ironman.strategy<pakced>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

func.func @combine_strategy(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  %t = ironman.transfer %A -> %A over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  %u = ironman.transfer %B -> %B over %R shift [1, 0] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  // expected-error @+1 {{unknown transfer strategy 'fast' (expected chained or packed)}}
  %c = ironman.combine %t, %u {strategy = #ironman.strategy<fast>}
  return
}

// -----

func.func @misspelled_orientation(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{unknown transfer orientation 'sideways' (expected loads or stores)}}
  %t = ironman.transfer %A -> %A over %R transpose [2, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<contiguous>) {kind = #ironman.kind<transpose>, orientation = #ironman.orientation<sideways>} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

// ironman.transfer spells its remap direction as a keyword (`gather(...)`);
// the attribute itself parses anywhere.
// expected-error @+1 {{unknown remap direction 'both' (expected gather or scatter)}}
func.func @remap_direction() attributes {remap = #ironman.remap<both>} {
  return
}

// -----

func.func @quoted_kind(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{attribute 'kind' failed to satisfy constraint: #ironman.kind<halo|wrap|reflect|redist|remap|transpose>}}
  %t = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {kind = "wrap"} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

func.func @quoted_strategy(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{attribute 'strategy' failed to satisfy constraint: #ironman.strategy<chained|packed>}}
  %t = ironman.transfer %A -> %A over %R shift [0, 1] pattern(#ironman.pattern<contiguous> -> #ironman.pattern<contiguous>) {strategy = "packed"} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

func.func @quoted_orientation(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{attribute 'orientation' failed to satisfy constraint: #ironman.orientation<loads|stores>}}
  %t = ironman.transfer %A -> %A over %R transpose [2, 1] pattern(#ironman.pattern<strided, stride = ?, block = 1> -> #ironman.pattern<contiguous>) {kind = #ironman.kind<transpose>, orientation = "loads"} : !zpl.array<2 x f64> -> !zpl.array<2 x f64>, !zpl.region<2>
  return
}
