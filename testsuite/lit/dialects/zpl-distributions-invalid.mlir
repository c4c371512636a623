// Verifier and parser errors of grids, distributions and redistribution.
// RUN: %zpl-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{blockcyclic needs a block size k >= 1, got 0}}
zpl.dist_decl @D #zpl.dist<[blockcyclic(0), block]>

// -----

// expected-error @+1 {{expected '('}}
zpl.dist_decl @D #zpl.dist<[blockcyclic, block]>

// -----

// expected-error @+1 {{rank must be 1, 2 or 3, got 4}}
zpl.dist_decl @D #zpl.dist<[block, block, block, block]>

// -----

// expected-error @+1 {{'zpl.grid_decl' op a grid has 1, 2 or 3 dimensions, got 0}}
zpl.grid_decl @G init {
  zpl.yield
}

// -----

// expected-error @+1 {{'zpl.grid_decl' op body must yield i64 values, got 'f64'}}
zpl.grid_decl @G init {
  %c = arith.constant 2.0 : f64
  zpl.yield %c : f64
}

// -----

zpl.grid_decl @G init {
  %c = arith.constant 4 : i64
  zpl.yield %c : i64
}
// expected-error @+1 {{'zpl.dist_decl' op distribution has 2 dimensions but grid 'G' has 1}}
zpl.dist_decl @D #zpl.dist<[block, cyclic]> on @G

// -----

zpl.global @G : i64
// expected-error @+1 {{'zpl.dist_decl' op 'G' is not a zpl.grid_decl}}
zpl.dist_decl @D #zpl.dist<[block]> on @G

// -----

// expected-error @+1 {{'zpl.dist_decl' op needs an init body yielding its 1 run-time block size(s)}}
zpl.dist_decl @D #zpl.dist<[blockcyclic(?), block]>

// -----

// expected-error @+1 {{'zpl.dist_decl' op init body yields 2 block size(s) but the distribution has 1 'blockcyclic(?)' dimension(s)}}
zpl.dist_decl @D #zpl.dist<[blockcyclic(?), block]> init {
  %c = arith.constant 2 : i64
  zpl.yield %c, %c : i64, i64
}

// -----

// expected-error @+1 {{'zpl.region_decl' op 'D' is not a zpl.dist_decl}}
zpl.region_decl @R : !zpl.region<1> dist @D init {
  %c1 = arith.constant 1 : i64
  %r = zpl.make_region [%c1 : %c1] : !zpl.region<1>
  zpl.yield %r : !zpl.region<1>
}

// -----

zpl.dist_decl @D #zpl.dist<[cyclic]>
func.func @literal_rank(%n: i64) {
  // expected-error @+1 {{distribution 'D' has 1 dimensions but the region has rank 2}}
  %r = zpl.make_region [%n : %n, %n : %n] {dist = @D} : !zpl.region<2>
  return
}

// -----

func.func @expand_widths(%R: !zpl.region<2>) {
  // expected-error @+1 {{needs 4 widths (lo, hi per dimension), got 2}}
  %w = zpl.expand %R [1, 1] : !zpl.region<2>
  return
}

// -----

func.func @expand_negative(%R: !zpl.region<1>) {
  // expected-error @+1 {{widths must not be negative}}
  %w = zpl.expand %R [-1, 1] : !zpl.region<1>
  return
}

// -----

func.func @redist_types(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x i64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{source elements are 'f64' but destination elements are 'i64'}}
  zpl.redistribute %B from %A over %R : !zpl.array<2 x i64>, !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

func.func @redist_rank(%A: !zpl.array<1 x f64>, %B: !zpl.array<1 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{destination has rank 1, expected 2}}
  zpl.redistribute %B from %A over %R : !zpl.array<1 x f64>, !zpl.array<1 x f64>, !zpl.region<2>
  return
}

// -----

func.func @align_rank(%A: !zpl.array<1 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{the array it aligns to has rank 1, expected 2}}
  %t = zpl.local_array "t" over %R align %A : !zpl.array<1 x f64> : !zpl.region<2> -> !zpl.array<2 x f64>
  return
}
