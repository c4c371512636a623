// Every zpl verifier and parser error.
// RUN: %zpl-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{rank must be 1, 2 or 3, got 0}}
func.func @region_rank_zero(%r: !zpl.region<0>)

// -----

// expected-error @+1 {{rank must be 1, 2 or 3, got 4}}
func.func @array_rank_four(%a: !zpl.array<4 x f64>)

// -----

// expected-error @+1 {{element type must be i1, i32, i64, f32 or f64, got 'i16'}}
func.func @array_element(%a: !zpl.array<2 x i16>)

// -----

// expected-error @+1 {{unknown distribution kind 'diagonal'}}
zpl.dist_decl @D #zpl.dist<[block, diagonal]>

// -----

zpl.dist_decl @D #zpl.dist<[block]>
// expected-error @+1 {{distribution 'D' has 1 dimensions but the region has rank 2}}
zpl.region_decl @R : !zpl.region<2> dist @D init {
  %c1 = arith.constant 1 : i64
  %r = zpl.make_region [%c1 : %c1, %c1 : %c1] : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}

// -----

// expected-error @+1 {{config var must have a scalar type, got '!zpl.region<1>'}}
zpl.config @n : !zpl.region<1> init {
  %c1 = arith.constant 1 : i64
  %r = zpl.make_region [%c1 : %c1] : !zpl.region<1>
  zpl.yield %r : !zpl.region<1>
}

// -----

// expected-error @+1 {{body yields 'f64' but 'i64' is expected}}
zpl.config @n : i64 init {
  %c = arith.constant 1.0 : f64
  zpl.yield %c : f64
}

// -----

// expected-error @+1 {{body must yield exactly one value}}
zpl.config @n : i64 init {
  zpl.yield
}

// -----

// expected-error @+1 {{body must yield exactly one value}}
zpl.config @n : i64 init {
  %c = arith.constant 1 : i64
  zpl.yield %c, %c : i64, i64
}

// -----

// expected-error @+1 {{global must have a scalar type, got 'i16'}}
zpl.global @g : i16

// -----

// expected-error @+1 {{a constant needs an init body}}
zpl.global @eps : f64 constant

// -----

// expected-error @+1 {{body yields 'i1' but 'f64' is expected}}
zpl.global @g : f64 init {
  %c = arith.constant true
  zpl.yield %c : i1
}

// -----

// expected-error @+1 {{type must be a !zpl.region, got 'i64'}}
zpl.region_decl @R : i64 init {
  %c = arith.constant 1 : i64
  zpl.yield %c : i64
}

// -----

// expected-error @+1 {{body yields '!zpl.region<1>' but '!zpl.region<2>' is expected}}
zpl.region_decl @R : !zpl.region<2> init {
  %c1 = arith.constant 1 : i64
  %r = zpl.make_region [%c1 : %c1] : !zpl.region<1>
  zpl.yield %r : !zpl.region<1>
}

// -----

// expected-error @+1 {{type must be a !zpl.array, got '!zpl.region<2>'}}
zpl.array_decl @A : !zpl.region<2> init {
  %c1 = arith.constant 1 : i64
  %r = zpl.make_region [%c1 : %c1, %c1 : %c1] : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}

// -----

// expected-error @+1 {{fluff needs 4 widths (lo, hi per dimension), got 3}}
zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, 1, 1>} init {
  %c1 = arith.constant 1 : i64
  %r = zpl.make_region [%c1 : %c1, %c1 : %c1] : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}

// -----

// expected-error @+1 {{fluff widths must not be negative}}
zpl.array_decl @A : !zpl.array<2 x f64> attributes {fluff = array<i64: 1, -1, 0, 0>} init {
  %c1 = arith.constant 1 : i64
  %r = zpl.make_region [%c1 : %c1, %c1 : %c1] : !zpl.region<2>
  zpl.yield %r : !zpl.region<2>
}

// -----

// expected-error @+1 {{body yields '!zpl.region<1>' but '!zpl.region<2>' is expected}}
zpl.array_decl @A : !zpl.array<2 x f64> init {
  %c1 = arith.constant 1 : i64
  %r = zpl.make_region [%c1 : %c1] : !zpl.region<1>
  zpl.yield %r : !zpl.region<1>
}

// -----

func.func @config_in_function() {
  // expected-error @+1 {{expects parent op 'builtin.module'}}
  zpl.config @n : i64 init {
    %c = arith.constant 1 : i64
    zpl.yield %c : i64
  }
  return
}

// -----

func.func @get_unknown() {
  // expected-error @+1 {{'nosuch' is not declared}}
  %x = zpl.get @nosuch : i64
  return
}

// -----

func.func @get_function() {
  // expected-error @+1 {{'get_function' is not a zpl declaration}}
  %x = zpl.get @get_function : i64
  return
}

// -----

zpl.config @n : i64 init {
  %c = arith.constant 1 : i64
  zpl.yield %c : i64
}
func.func @get_wrong_type() {
  // expected-error @+1 {{'n' has type 'i64', not 'f64'}}
  %x = zpl.get @n : f64
  return
}

// -----

func.func @set_unknown(%v: f64) {
  // expected-error @+1 {{'nosuch' is not a zpl.global}}
  zpl.set @nosuch, %v : f64
  return
}

// -----

zpl.global @eps : f64 constant init {
  %e = arith.constant 1.0e-5 : f64
  zpl.yield %e : f64
}
func.func @set_constant(%v: f64) {
  // expected-error @+1 {{cannot assign the constant 'eps'}}
  zpl.set @eps, %v : f64
  return
}

// -----

zpl.config @n : i64 init {
  %c = arith.constant 1 : i64
  zpl.yield %c : i64
}
func.func @set_config(%v: i64) {
  // expected-error @+1 {{'n' is not a zpl.global}}
  zpl.set @n, %v : i64
  return
}

// -----

zpl.global @err : f64
func.func @set_wrong_type(%v: i64) {
  // expected-error @+1 {{'err' has type 'f64'}}
  zpl.set @err, %v : i64
  return
}

// -----

func.func @make_region_bounds(%a: i64) {
  // expected-error @+1 {{a region of rank 2 needs 2 bounds pairs}}
  %r = zpl.make_region [%a : %a] : !zpl.region<2>
  return
}

// -----

func.func @check_lattice_offset(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{offset has 1 components but the region has rank 2}}
  zpl.check_lattice %A over %R [1] : !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

func.func @check_lattice_rank(%A: !zpl.array<1 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{array has rank 1, expected 2}}
  zpl.check_lattice %A over %R [1, 0] : !zpl.array<1 x f64>, !zpl.region<2>
  return
}

// -----

func.func @derive_direction(%R: !zpl.region<2>) {
  // expected-error @+1 {{direction has 3 components but the region has rank 2}}
  %s = zpl.derive of %R [1, 0, 0] : !zpl.region<2>
  return
}

// -----

func.func @assign_rank(%A: !zpl.array<2 x f64>, %L: !zpl.region<1>) {
  // expected-error @+1 {{array of rank 2 assigned over a region of rank 1}}
  zpl.assign %A over %L : !zpl.array<2 x f64>, !zpl.region<1> {
    %z = arith.constant 0.0 : f64
    zpl.yield %z : f64
  }
  return
}

// -----

func.func @assign_yield(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{body yields 'i64' but 'f64' is expected}}
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %z = arith.constant 0 : i64
    zpl.yield %z : i64
  }
  return
}

// -----

func.func @assign_yield_nothing(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{body must yield exactly one value}}
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    zpl.yield
  }
  return
}

// -----

func.func @reduce_user_without_combiner(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{a 'user' reduction, and only it, names its combiner}}
  %x = zpl.reduce user over %R : !zpl.region<2> -> f64 {
    %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

func.func @scan_user_without_combiner(%A: !zpl.array<1 x f64>, %R: !zpl.region<1>) {
  // expected-error @+1 {{a 'user' scan, and only it, names its combiner}}
  zpl.scan user %A over %R dim -1 : !zpl.array<1 x f64>, !zpl.region<1> {
    %v = zpl.read %A [0] : !zpl.array<1 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

func.func @reduce_partial_user_without_combiner(%S: !zpl.array<2 x f64>, %A: !zpl.array<2 x f64>, %C: !zpl.region<2>, %R: !zpl.region<2>) {
  // expected-error @+1 {{a 'user' partial reduction, and only it, names its combiner}}
  zpl.reduce_partial user %S over %C from %R : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
    %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

func.func @reduce_partial_max_with_combiner(%S: !zpl.array<2 x f64>, %A: !zpl.array<2 x f64>, %C: !zpl.region<2>, %R: !zpl.region<2>) {
  // expected-error @+1 {{a 'user' partial reduction, and only it, names its combiner}}
  zpl.reduce_partial max %S over %C from %R {combiner = @f} : !zpl.array<2 x f64>, !zpl.region<2>, !zpl.region<2> {
    %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

func.func @reduce_user_without_mask(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{'without' needs a mask}}
  %x = zpl.reduce user over %R {combiner = @f, without} : !zpl.region<2> -> f64 {
    %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

func.func @reduce_add_with_combiner(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{a 'user' reduction, and only it, names its combiner}}
  %x = zpl.reduce add over %R {combiner = @f} : !zpl.region<2> -> f64 {
    %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

func.func @reduce_and_numbers(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{'&' and '|' reduce booleans; other operators reduce numbers}}
  %x = zpl.reduce and over %R : !zpl.region<2> -> f64 {
    %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

func.func @reduce_or_numbers(%R: !zpl.region<2>) {
  // expected-error @+1 {{'&' and '|' reduce booleans; other operators reduce numbers}}
  %x = zpl.reduce or over %R : !zpl.region<2> -> i64 {
    %i = zpl.index 0
    zpl.yield %i : i64
  }
  return
}

// -----

func.func @reduce_add_booleans(%M: !zpl.array<2 x i1>, %R: !zpl.region<2>) {
  // expected-error @+1 {{'&' and '|' reduce booleans; other operators reduce numbers}}
  %x = zpl.reduce add over %R : !zpl.region<2> -> i1 {
    %v = zpl.read %M [0, 0] : !zpl.array<2 x i1>
    zpl.yield %v : i1
  }
  return
}

// -----

func.func @reduce_yield(%R: !zpl.region<2>) {
  // expected-error @+1 {{body yields 'i64' but 'f64' is expected}}
  %x = zpl.reduce max over %R : !zpl.region<2> -> f64 {
    %i = zpl.index 0
    zpl.yield %i : i64
  }
  return
}

// -----

func.func @reduce_kind(%R: !zpl.region<2>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [add, mul, max, min, and, or, user]}}
  %x = zpl.reduce xor over %R : !zpl.region<2> -> i1 {
    %t = arith.constant true
    zpl.yield %t : i1
  }
  return
}

// -----

func.func @read_outside(%A: !zpl.array<2 x f64>) {
  // expected-error @+1 {{must be inside an array statement}}
  %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
  return
}

// -----

func.func @read_offset(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    // expected-error @+1 {{offset has 1 components but the array has rank 2}}
    %v = zpl.read %A [1] : !zpl.array<2 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

func.func @read_rank(%A: !zpl.array<2 x f64>, %V: !zpl.array<1 x f64>, %R: !zpl.region<2>) {
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    // expected-error @+1 {{reads an array of rank 1 in a statement of rank 2}}
    %v = zpl.read %V [0] : !zpl.array<1 x f64>
    zpl.yield %v : f64
  }
  return
}

// -----

func.func @read_type(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    // expected-error @+1 {{failed to verify that result is the element type}}
    %v = "zpl.read"(%A) {offset = array<i64: 0, 0>} : (!zpl.array<2 x f64>) -> i64
    %z = arith.constant 0.0 : f64
    zpl.yield %z : f64
  }
  return
}

// -----

// A read inside a reduction inside an assignment belongs to the reduction.
func.func @read_nested_rank(%A: !zpl.array<2 x f64>, %V: !zpl.array<1 x f64>, %R: !zpl.region<2>, %L: !zpl.region<1>) {
  zpl.assign %A over %R : !zpl.array<2 x f64>, !zpl.region<2> {
    %s = zpl.reduce add over %L : !zpl.region<1> -> f64 {
      // expected-error @+1 {{reads an array of rank 2 in a statement of rank 1}}
      %v = zpl.read %A [0, 0] : !zpl.array<2 x f64>
      zpl.yield %v : f64
    }
    zpl.yield %s : f64
  }
  return
}

// -----

func.func @yield_in_function() {
  %c = arith.constant 1 : i64
  // expected-error @+1 {{expects parent op to be one of}}
  zpl.yield %c : i64
}

// -----

func.func @remap_permutation_not_one(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{permutation must be a permutation of 1..2}}
  zpl.remap gather %A from %B over %R transpose [2, 3] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

func.func @remap_permutation_scatter(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{a permutation replaces the index arrays of a gather}}
  zpl.remap scatter %A from %B over %R transpose [2, 1] : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

func.func @remap_permutation_rank(%A: !zpl.array<2 x f64>, %X: !zpl.array<1 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{a transposed source must have the region's rank 2}}
  zpl.remap gather %A from %X over %R transpose [1] : !zpl.array<2 x f64>, !zpl.array<1 x f64>, !zpl.region<2>
  return
}

// -----

func.func @remap_no_indices(%A: !zpl.array<2 x f64>, %B: !zpl.array<2 x f64>, %R: !zpl.region<2>) {
  // expected-error @+1 {{needs 2 index arrays (one per dimension of the indexed array), got 0}}
  zpl.remap gather %A from %B over %R : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

func.func @scatter_combine_booleans(%A: !zpl.array<1 x i1>, %B: !zpl.array<1 x i1>, %R: !zpl.region<1>, %I: !zpl.array<1 x i64>) {
  // expected-error @+1 {{combines numbers, not 'i1'}}
  zpl.scatter_combine add %A from %B over %R [%I] : !zpl.array<1 x i1>, !zpl.array<1 x i1>, !zpl.region<1>, [!zpl.array<1 x i64>]
  return
}

// -----

func.func @scatter_combine_value_real(%A: !zpl.array<1 x f64>, %V: i64, %R: !zpl.region<1>, %I: !zpl.array<1 x i64>) {
  // expected-error @+1 {{a scatter of one value needs i64 elements, not 'f64'}}
  zpl.scatter_combine add %A from %V over %R [%I] : !zpl.array<1 x f64>, i64, !zpl.region<1>, [!zpl.array<1 x i64>]
  return
}

// -----

func.func @scatter_combine_deferred_rank(%A: !zpl.array<2 x i64>, %V: i64, %R: !zpl.region<1>, %I: !zpl.array<1 x i64>) {
  // expected-error @+1 {{a deferred scatter needs a rank-1 i64 destination}}
  zpl.scatter_combine add %A from %V over %R [%I, %I] {deferred} : !zpl.array<2 x i64>, i64, !zpl.region<1>, [!zpl.array<1 x i64>, !zpl.array<1 x i64>]
  return
}

// -----

func.func @scatter_combine_indices(%A: !zpl.array<2 x i64>, %B: !zpl.array<1 x i64>, %R: !zpl.region<1>, %I: !zpl.array<1 x i64>) {
  // expected-error @+1 {{needs 2 index arrays (one per dimension of the indexed array), got 1}}
  zpl.scatter_combine add %A from %B over %R [%I] : !zpl.array<2 x i64>, !zpl.array<1 x i64>, !zpl.region<1>, [!zpl.array<1 x i64>]
  return
}

// -----

func.func @masked_remap_mask(%A: !zpl.array<1 x f64>, %B: !zpl.array<1 x f64>, %R: !zpl.region<1>, %I: !zpl.array<1 x i64>) {
  // expected-error @+1 {{the mask must be a boolean array of rank 1}}
  zpl.masked_remap gather %A from %B over %R [%I] mask %I : !zpl.array<1 x f64>, !zpl.array<1 x f64>, !zpl.region<1>, [!zpl.array<1 x i64>], !zpl.array<1 x i64>
  return
}

// -----

func.func @masked_remap_index_type(%A: !zpl.array<1 x f64>, %B: !zpl.array<1 x f64>, %R: !zpl.region<1>, %M: !zpl.array<1 x i1>) {
  // expected-error @+1 {{index arrays must be integer arrays of rank 1}}
  zpl.masked_remap scatter %A from %B over %R [%B] mask %M : !zpl.array<1 x f64>, !zpl.array<1 x f64>, !zpl.region<1>, [!zpl.array<1 x f64>], !zpl.array<1 x i1>
  return
}

// -----

func.func @file_open_mode() {
  // expected-error @+1 {{mode must be "r", "w" or "a", not "rw"}}
  %f = zpl.file_open "x.txt", "rw"
  return
}

// -----

// expected-error @+1 {{a global indexed array needs an init body and cannot be constant}}
zpl.global @T : !zpl.indexed<1 x i64>

// -----

func.func @indexed_element(%i: i64) {
  // expected-error @+1 {{an indexed array holds i1, i32, i64, f32 or f64, got 'i16'}}
  %t = zpl.indexed_new "T"[%i, %i] : !zpl.indexed<1 x i16>
  return
}

// -----

func.func @indexed_rank(%i: i64) {
  // expected-error @+1 {{an indexed array has rank 1 or 2, got 3}}
  %t = zpl.indexed_new "T"[%i, %i, %i, %i, %i, %i] : !zpl.indexed<3 x i64>
  return
}

// -----

func.func @indexed_bounds(%i: i64) {
  // expected-error @+1 {{needs a lower and an upper bound per dimension}}
  %t = zpl.indexed_new "T"[%i, %i] : !zpl.indexed<2 x i64>
  return
}

// -----

func.func @indexed_load_indices(%t: !zpl.indexed<2 x i64>, %i: i64) {
  // expected-error @+1 {{needs 2 indices, got 1}}
  %v = zpl.indexed_load %t[%i] : !zpl.indexed<2 x i64>
  return
}

// -----

func.func @indexed_store_indices(%t: !zpl.indexed<1 x i64>, %i: i64) {
  // expected-error @+1 {{needs 1 index, got 2}}
  zpl.indexed_store %i, %t[%i, %i] : !zpl.indexed<1 x i64>
  return
}

// -----

func.func @scatter_product_integers(%A: !zpl.array<1 x i64>, %B: !zpl.array<1 x i64>, %C: !zpl.array<1 x i64>, %R: !zpl.region<1>, %I: !zpl.array<1 x i64>) {
  // expected-error @+1 {{multiplies doubles, but the destination holds 'i64'}}
  zpl.scatter_product %A from %B times %C over %R [%I] [%I] : !zpl.array<1 x i64>, !zpl.array<1 x i64>, !zpl.array<1 x i64>, !zpl.region<1>, [!zpl.array<1 x i64>], [!zpl.array<1 x i64>]
  return
}

// -----

func.func @scatter_product_factor_indices(%A: !zpl.array<1 x f64>, %B: !zpl.array<1 x f64>, %C: !zpl.array<2 x f64>, %R: !zpl.region<1>, %I: !zpl.array<1 x i64>) {
  // expected-error @+1 {{needs 2 index arrays (one per dimension of the indexed array), got 1}}
  zpl.scatter_product %A from %B times %C over %R [%I] [%I] : !zpl.array<1 x f64>, !zpl.array<1 x f64>, !zpl.array<2 x f64>, !zpl.region<1>, [!zpl.array<1 x i64>], [!zpl.array<1 x i64>]
  return
}

// -----

func.func @scatter_product_source_rank(%A: !zpl.array<1 x f64>, %B: !zpl.array<2 x f64>, %C: !zpl.array<1 x f64>, %R: !zpl.region<1>, %I: !zpl.array<1 x i64>) {
  // expected-error @+1 {{source has rank 2, expected 1}}
  zpl.scatter_product %A from %B times %C over %R [%I] [%I] : !zpl.array<1 x f64>, !zpl.array<2 x f64>, !zpl.array<1 x f64>, !zpl.region<1>, [!zpl.array<1 x i64>], [!zpl.array<1 x i64>]
  return
}

// -----

zpl.region_decl @R : !zpl.region<1> init {
  %c1 = arith.constant 1 : i64
  %r = zpl.make_region [%c1 : %c1] : !zpl.region<1>
  zpl.yield %r : !zpl.region<1>
}
func.func @family_element_type(%i: i64) {
  // expected-error @+1 {{element @R has type '!zpl.region<1>', not '!zpl.array<1 x f64>'}}
  %a = zpl.family_element %i of [@R] first 0 : !zpl.array<1 x f64>
  return
}

// -----

func.func @dyn_shift_rank(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>, %s: i64) {
  // expected-error @+1 {{direction has 1 components but the region has rank 2}}
  %v = zpl.dyn_shift %A by(%s) over %R : !zpl.array<2 x f64>, !zpl.region<2>
  return
}

// -----

func.func @family_element_undeclared(%i: i64) {
  // expected-error @+1 {{element @U is not a region or array declaration}}
  %a = zpl.family_element %i of [@U] first 0 : !zpl.array<1 x f64>
  return
}

// -----

func.func @family_element_empty(%i: i64) {
  // expected-error @+1 {{needs at least one element}}
  %a = zpl.family_element %i of [] first 0 : !zpl.array<1 x f64>
  return
}

// -----

func.func @dyn_wrap_rank(%A: !zpl.array<2 x f64>, %s: i64) {
  // expected-error @+1 {{direction has 3 components but the array has rank 2}}
  zpl.dyn_wrap %A by(%s, %s, %s) : !zpl.array<2 x f64>
  return
}

// -----

func.func @dyn_boundary_rank(%A: !zpl.array<2 x f64>, %R: !zpl.region<2>, %s: i64) {
  // expected-error @+1 {{direction has 1 components but the region has rank 2}}
  zpl.dyn_boundary wrap %A over %R by(%s) : !zpl.array<2 x f64>, !zpl.region<2>
  return
}
