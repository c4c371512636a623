//===- ZPLOps.td - zpl operations --------------------------*- tablegen -*-===//

#ifndef ZPL_OPS_TD
#define ZPL_OPS_TD

include "dialects/zpl/ZPLDialect.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

class ZPL_Op<string mnemonic, list<Trait> traits = []>
    : Op<ZPL_Dialect, mnemonic, traits>;

def ZPL_AnyScalar : AnyTypeOf<[I1, I32, I64, F32, F64]>;

//===----------------------------------------------------------------------===//
// Global declarations. Each has an `init` body that computes its value once,
// in declaration order, at program start; the body may read earlier globals.
//===----------------------------------------------------------------------===//

class ZPL_DeclOp<string mnemonic, list<Trait> traits = []>
    : ZPL_Op<mnemonic, !listconcat(traits, [Symbol, IsolatedFromAbove,
                                            HasParent<"::mlir::ModuleOp">])>;

def ZPL_ConfigOp : ZPL_DeclOp<"config"> {
  let summary = "a config var: a scalar settable with --name=value";
  let description = [{
    ```mlir
    zpl.config @n : i64 init {
      %c = arith.constant 64 : i64
      zpl.yield %c : i64
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$type);
  let regions = (region SizedRegion<1>:$init);
  let assemblyFormat = "$sym_name `:` $type attr-dict-with-keyword `init` $init";
  let hasVerifier = 1;
}

def ZPL_GlobalOp : ZPL_DeclOp<"global"> {
  let summary = "a replicated scalar variable or constant";
  let description = [{
    ```mlir
    zpl.global @err : f64
    zpl.global @eps : f64 constant init { ... zpl.yield %v : f64 }
    ```
    Without an init body the value starts at zero.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$type,
                       UnitAttr:$constant);
  let regions = (region MaxSizedRegion<1>:$init);
  let assemblyFormat =
      "$sym_name `:` $type (`constant` $constant^)? attr-dict-with-keyword (`init` $init^)?";
  let hasVerifier = 1;
}

def ZPL_GridDeclOp : ZPL_DeclOp<"grid_decl"> {
  let summary = "a named grid of PEs; its sizes may use config vars";
  let description = [{
    ```mlir
    zpl.grid_decl @G init {
      %p = zpl.get @p : i64
      %q = zpl.get @q : i64
      zpl.yield %p, %q : i64, i64
    }
    ```
    The init body yields one size per grid dimension (1 to 3). A grid
    whose size differs from the number of PEs is a run-time error.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name);
  let regions = (region SizedRegion<1>:$init);
  let assemblyFormat = "$sym_name attr-dict-with-keyword `init` $init";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The number of grid dimensions (the sizes the init body yields).
    unsigned getRank();
  }];
}

def ZPL_DistDeclOp : ZPL_DeclOp<"dist_decl",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "a named distribution: how its regions spread over a grid";
  let description = [{
    ```mlir
    zpl.dist_decl @D #zpl.dist<[cyclic, blockcyclic(2)]> on @G
    zpl.dist_decl @E #zpl.dist<[blockcyclic(?), block]> on @G init {
      %k = zpl.get @k : i64
      zpl.yield %k : i64
    }
    zpl.dist_decl @F #zpl.dist<[cyclic, cyclic]>
    ```
    `on @G` names the zpl.grid_decl (of the same rank); without it the
    distribution uses the default grid of its rank (`--grid`, or as square
    as possible). Block sizes known only at run time (`blockcyclic(?)`)
    are yielded by the init body, one i64 per `?` in dimension order; the
    body is absent when every block size is a constant.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, ZPL_DistAttr:$dist,
                       OptionalAttr<FlatSymbolRefAttr>:$grid);
  let regions = (region MaxSizedRegion<1>:$init);
  let assemblyFormat = [{
    $sym_name qualified($dist) (`on` $grid^)? attr-dict-with-keyword (`init` $init^)?
  }];
  let hasVerifier = 1;
}

def ZPL_RegionDeclOp : ZPL_DeclOp<"region_decl",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "a named region; its bounds may use config vars";
  let description = [{
    ```mlir
    zpl.region_decl @R : !zpl.region<2> dist @D init { ... }
    ```
    `dist @D` binds the region to the zpl.dist_decl @D (of the same rank);
    without it the region belongs to the implicit distribution of its rank.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$type,
                       OptionalAttr<FlatSymbolRefAttr>:$dist);
  let regions = (region SizedRegion<1>:$init);
  let assemblyFormat = [{
    $sym_name `:` $type (`dist` $dist^)? attr-dict-with-keyword `init` $init
  }];
  let hasVerifier = 1;
}

def ZPL_ArrayDeclOp : ZPL_DeclOp<"array_decl"> {
  let summary = "a distributed array over a region";
  let description = [{
    ```mlir
    zpl.array_decl @A : !zpl.array<2 x f64> {fluff = array<i64: 1, 1, 1, 1>} init {
      %r = zpl.get @BigR : !zpl.region<2>
      zpl.yield %r : !zpl.region<2>
    }
    ```
    `fluff` holds the ghost widths below and above the region per
    dimension (lo0, hi0, lo1, hi1, ...); storage inference sets it.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$type,
                       OptionalAttr<DenseI64ArrayAttr>:$fluff);
  let regions = (region SizedRegion<1>:$init);
  let assemblyFormat = "$sym_name `:` $type attr-dict-with-keyword `init` $init";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::zpl::ArrayType getArrayType() {
      return ::mlir::cast<::zpl::ArrayType>(getType());
    }
    /// Ghost widths (lo, hi) of dimension `dim`, zero when not inferred.
    std::pair<int64_t, int64_t> getFluffOf(unsigned dim);
  }];
}

def ZPL_GetOp : ZPL_Op<"get", [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "reads a global declaration's value";
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$name attr-dict `:` qualified(type($result))";
}

def ZPL_FamilyElementOp : ZPL_Op<"family_element", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the element of a family (multiregion, multiarray) an index selects";
  let description = [{
    ```mlir
    %u = zpl.family_element %j of [@"U{0}", @"U{1}", @"U{2}"] first 0 : !zpl.array<1 x f64>
    ```
    `U{j}` with `j` known only at run time: the value of the declaration
    `elements[j - first]` (region or array declarations of one type). An
    index outside `first .. first + size - 1` stops the program with one
    line naming the source position (status 2). The result is known only
    at run time, as a rank-only parameter is: the passes treat it so
    (run-time storage and lattice checks), so a statement on `U{j}` is
    compiled once for every element.
  }];
  let arguments = (ins I64:$index, FlatSymbolRefArrayAttr:$elements, I64Attr:$first);
  let results = (outs AnyTypeOf<[ZPL_RegionType, ZPL_ArrayType]>:$result);
  let assemblyFormat = [{
    $index `of` $elements `first` $first attr-dict `:` qualified(type($result))
  }];
}

def ZPL_SetOp : ZPL_Op<"set", [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "assigns a replicated scalar global";
  let arguments = (ins FlatSymbolRefAttr:$name, ZPL_AnyScalar:$value);
  let assemblyFormat = "$name `,` $value attr-dict `:` qualified(type($value))";
}

//===----------------------------------------------------------------------===//
// Scalar locals of procedures.
//===----------------------------------------------------------------------===//

def ZPL_AllocaOp : ZPL_Op<"alloca"> {
  let summary = "a procedure-local scalar variable, zero-initialised";
  let arguments = (ins StrAttr:$var_name);
  let results = (outs ZPL_RefType:$ref);
  let assemblyFormat = "$var_name attr-dict `:` qualified(type($ref))";
}

def ZPL_LoadOp : ZPL_Op<"load", [TypesMatchWith<"result is the ref's element",
    "ref", "result", "::mlir::cast<::zpl::RefType>($_self).getElementType()">]> {
  let arguments = (ins ZPL_RefType:$ref);
  let results = (outs ZPL_AnyScalar:$result);
  let assemblyFormat = "$ref attr-dict `:` qualified(type($ref))";
}

def ZPL_StoreOp : ZPL_Op<"store", [TypesMatchWith<"value is the ref's element",
    "ref", "value", "::mlir::cast<::zpl::RefType>($_self).getElementType()">]> {
  let arguments = (ins ZPL_AnyScalar:$value, ZPL_RefType:$ref);
  let assemblyFormat = "$value `,` $ref attr-dict `:` qualified(type($ref))";
}

//===----------------------------------------------------------------------===//
// Indexed arrays: replicated, used from scalar code. No effects are declared
// (the defaults: unknown), so nothing moves them across each other.
//===----------------------------------------------------------------------===//

def ZPL_IndexedNewOp : ZPL_Op<"indexed_new"> {
  let summary = "allocates an indexed array, zero-initialised";
  let description = [{
    The bounds are lo and hi of each dimension in turn:
    ```mlir
    %t = zpl.indexed_new "T"[%lo, %hi] : !zpl.indexed<1 x i64>
    %m = zpl.indexed_new "M"[%lo0, %hi0, %lo1, %hi1] : !zpl.indexed<2 x f64>
    ```
    In a global's init body (a global indexed array) or in a procedure,
    freed by `zpl.indexed_free` (a local one).
  }];
  let arguments = (ins StrAttr:$var_name, Variadic<I64>:$bounds);
  let results = (outs ZPL_IndexedType:$array);
  let assemblyFormat =
      "$var_name `[` $bounds `]` attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
}

def ZPL_IndexedFreeOp : ZPL_Op<"indexed_free"> {
  let summary = "releases a procedure's local indexed array";
  let arguments = (ins ZPL_IndexedType:$array);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array))";
}

def ZPL_IndexedLoadOp : ZPL_Op<"indexed_load", [TypesMatchWith<
    "result is the element type", "array", "result",
    "::mlir::cast<::zpl::IndexedType>($_self).getElementType()">]> {
  let summary = "`T[i]`: an element; an index outside the bounds stops the "
                "program naming the op's source position";
  let arguments = (ins ZPL_IndexedType:$array, Variadic<I64>:$indices);
  let results = (outs ZPL_AnyScalar:$result);
  let assemblyFormat =
      "$array `[` $indices `]` attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
}

def ZPL_IndexedStoreOp : ZPL_Op<"indexed_store", [TypesMatchWith<
    "value is the element type", "array", "value",
    "::mlir::cast<::zpl::IndexedType>($_self).getElementType()">]> {
  let summary = "`T[i] := v`; the index is checked as by zpl.indexed_load";
  let arguments = (ins ZPL_AnyScalar:$value, ZPL_IndexedType:$array,
                       Variadic<I64>:$indices);
  let assemblyFormat =
      "$value `,` $array `[` $indices `]` attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Regions.
//===----------------------------------------------------------------------===//

def ZPL_MakeRegionOp : ZPL_Op<"make_region", [Pure, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "a region from lower and upper bounds per dimension";
  let description = [{
    `%r = zpl.make_region [%lo0 : %hi0, %lo1 : %hi1] : !zpl.region<2>`
    `flood = array<i64: 1>` lists `*` (flood) dimensions, whose bounds are
    ignored: `[1..n, *]`. `dist = @D` binds the region to the
    zpl.dist_decl @D (the front end does so for the region literal of an
    array declaration when `--dist` replaces the implicit distribution);
    without it the region belongs to the implicit distribution of its rank.
  }];
  let arguments = (ins Variadic<I64>:$lows, Variadic<I64>:$highs,
                       OptionalAttr<DenseI64ArrayAttr>:$flood,
                       OptionalAttr<FlatSymbolRefAttr>:$dist);
  let results = (outs ZPL_RegionType:$result);
  let hasCustomAssemblyFormat = 1;
  let builders = [OpBuilder<(ins "::mlir::Type":$result,
      "::mlir::ValueRange":$lows, "::mlir::ValueRange":$highs), [{
    build($_builder, $_state, result, lows, highs, ::mlir::DenseI64ArrayAttr(),
          ::mlir::FlatSymbolRefAttr());
  }]>];
  let hasVerifier = 1;
}

def ZPL_DeriveKind : I32EnumAttr<"DeriveKind", "derived region", [
    I32EnumAttrCase<"of", 0>, I32EnumAttrCase<"in", 1>,
    I32EnumAttrCase<"at", 2>, I32EnumAttrCase<"by", 3>]> {
  let cppNamespace = "::zpl";
}

def ZPL_DeriveRegionOp : ZPL_Op<"derive", [Pure, AllTypesMatch<["base", "result"]>]> {
  let summary = "`d of R`, `d in R` or `R at d`";
  let description = [{
    `%s = zpl.derive of %R [1, 0] : !zpl.region<2>` is the band just
    outside R on side (1, 0) (south), as wide as the direction; `by` keeps
    every s-th index per dimension (`[R by [2, 1]]`).

    A direction known only at start-up (its components use config vars)
    comes as operands, one per dimension, and `direction` is all zeros:
    `zpl.derive at %R [0, 0] run_time(%n, %c0)`. Such a region's reach
    beyond its base is unknown at compile time: zpl-infer-storage marks the
    statements over it for a storage check at run time.
  }];
  let arguments = (ins ZPL_DeriveKind:$kind, ZPL_RegionType:$base,
                       DenseI64ArrayAttr:$direction, Variadic<I64>:$runTimeDirection);
  let results = (outs ZPL_RegionType:$result);
  let assemblyFormat = [{
    $kind $base $direction (`run_time` `(` $runTimeDirection^ `)`)? attr-dict `:`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def ZPL_ExpandRegionOp : ZPL_Op<"expand", [Pure, AllTypesMatch<["base", "result"]>]> {
  let summary = "a region widened by ghost widths on each side";
  let description = [{
    `%w = zpl.expand %R [1, 0, 0, 2] : !zpl.region<2>` is R's bounding box
    widened by 1 below in dimension 0 and by 2 above in dimension 1
    (widths lo0, hi0, lo1, hi1, ...; none negative): every index a read of
    R shifted within those widths touches. The result is a plain box: it
    steps by 1 in every dimension, a flood dimension of R becomes an
    ordinary one (its placeholder index, widened), and it belongs to the
    implicit distribution of its rank (a zpl.local_array over it aligns
    it). Redistribution copies an array over it into a compiler temporary
    whose shifted reads then stay inside the temporary's region.
  }];
  let arguments = (ins ZPL_RegionType:$base, DenseI64ArrayAttr:$widths);
  let results = (outs ZPL_RegionType:$result);
  let assemblyFormat = "$base $widths attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Array statements.
//===----------------------------------------------------------------------===//

def ZPL_AssignOp : ZPL_Op<"assign", [SingleBlockImplicitTerminator<"YieldOp">,
                                     RecursiveMemoryEffects]> {
  let summary = "an array statement `[R] A := expr`";
  let description = [{
    The body computes the new value at one index of the region; every read
    in it sees the arrays as they were before the statement (ZPL semantics).
    ```mlir
    zpl.assign %T over %R : !zpl.array<2 x f64>, !zpl.region<2> {
      %n = zpl.read %A [-1, 0] : !zpl.array<2 x f64>
      zpl.yield %n : f64
    }
    ```
  }];
  let arguments = (ins ZPL_ArrayType:$dest, ZPL_RegionType:$region,
                       Optional<ZPL_ArrayType>:$mask, UnitAttr:$without);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $dest `over` $region (`mask` $mask^ `:` qualified(type($mask)))?
    attr-dict `:` qualified(type($dest)) `,` qualified(type($region)) $body
  }];
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$dest, "::mlir::Value":$region), [{
    build($_builder, $_state, dest, region, ::mlir::Value(), false);
  }]>];
}

def ZPL_ReduceOp : ZPL_Op<"reduce", [SingleBlockImplicitTerminator<"YieldOp">,
                                     RecursiveMemoryEffects]> {
  let summary = "a full reduction `op<< expr` over a region";
  let description = [{
    Kind `user` combines the values with the function `combiner`, a scalar
    procedure of two values returning one (`f<< expr`):
    `zpl.reduce user over %R {combiner = @f} : !zpl.region<1> -> f64 {...}`.
  }];
  let arguments = (ins ZPL_ReduceKind:$kind, ZPL_RegionType:$region,
                       Optional<ZPL_ArrayType>:$mask, UnitAttr:$without,
                       OptionalAttr<FlatSymbolRefAttr>:$combiner);
  let results = (outs ZPL_AnyScalar:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $kind `over` $region (`mask` $mask^ `:` qualified(type($mask)))?
    attr-dict `:` qualified(type($region)) `->` qualified(type($result)) $body
  }];
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::Type":$result, "::zpl::ReduceKind":$kind,
                                 "::mlir::Value":$region), [{
    build($_builder, $_state, result, kind, region, ::mlir::Value(), false, nullptr);
  }]>];
}

def ZPL_FusedOp : ZPL_Op<"fused", [RecursiveMemoryEffects]> {
  let summary = "array statements executed as one loop nest";
  let description = [{
    A run of `zpl.assign` and `zpl.reduce` statements over one region that
    is executed as one loop nest: at each index of the region, the
    statements' bodies in order. zpl-fuse-statements forms these runs
    where this has the meaning of the statements one after the other. The
    op yields the reductions' results, in statement order.
    ```mlir
    %s = zpl.fused -> f64 {
      zpl.assign %B over %R : !zpl.array<2 x f64>, !zpl.region<2> { ... }
      %r = zpl.reduce add over %R : !zpl.region<2> -> f64 { ... }
      zpl.yield %r : f64
    }
    ```
  }];
  let results = (outs Variadic<ZPL_AnyScalar>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "attr-dict-with-keyword (`->` type($results)^)? $body";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The statements of the run, in order.
    ::llvm::SmallVector<::mlir::Operation *> getStatements();
  }];
}

def ZPL_ReadOp : ZPL_Op<"read", [TypesMatchWith<"result is the element type",
    "array", "result", "::mlir::cast<::zpl::ArrayType>($_self).getElementType()">]> {
  let summary = "reads an array at the current index plus a constant offset";
  let arguments = (ins ZPL_ArrayType:$array, DenseI64ArrayAttr:$offset);
  let results = (outs ZPL_AnyScalar:$result);
  let assemblyFormat = "$array $offset attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    bool isShifted() {
      return llvm::any_of(getOffset(), [](int64_t d) { return d != 0; });
    }
  }];
}

def ZPL_IndexOp : ZPL_Op<"index", [Pure]> {
  let summary = "`Index1`..`Index3`: the current index in one dimension";
  let arguments = (ins I64Attr:$dim);
  let results = (outs I64:$result);
  let assemblyFormat = "$dim attr-dict";
}

def ZPL_YieldOp : ZPL_Op<"yield", [Pure, Terminator,
    ParentOneOf<["AssignOp", "ReduceOp", "PartialReduceOp", "ScanOp",
                 "FloodOp", "FusedOp", "ConfigOp", "GlobalOp", "GridDeclOp",
                 "DistDeclOp", "RegionDeclOp", "ArrayDeclOp"]>]> {
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` qualified(type($values)))? attr-dict";
  let builders = [OpBuilder<(ins), [{ /* nothing */ }]>];
}


//===----------------------------------------------------------------------===//
// The rest of the language: boundaries, partial reductions, scans, floods,
// remaps, local arrays and references to globals.
//===----------------------------------------------------------------------===//

def ZPL_BoundaryKind : I32EnumAttr<"BoundaryKind", "boundary statement", [
    I32EnumAttrCase<"wrap", 0>, I32EnumAttrCase<"reflect", 1>]> {
  let cppNamespace = "::zpl";
}

def ZPL_BoundaryOp : ZPL_Op<"boundary"> {
  let summary = "`[d of R] wrap A;` or `[d of R] reflect A;`";
  let description = [{
    ```mlir
    zpl.boundary wrap %A over %R [0, 1] : !zpl.array<2 x f64>, !zpl.region<2>
    ```
    Fills the band `d of R` of A: `wrap` with the opposite edge of R
    (periodic), `reflect` with R's edge mirrored. Communication generation
    turns it into an `ironman.transfer` of that kind.
  }];
  let arguments = (ins ZPL_BoundaryKind:$kind, ZPL_ArrayType:$array,
                       ZPL_RegionType:$region, DenseI64ArrayAttr:$direction);
  let assemblyFormat = [{
    $kind $array `over` $region $direction attr-dict `:` qualified(type($array)) `,` qualified(type($region))
  }];
  let hasVerifier = 1;
}

def ZPL_DynShiftOp : ZPL_Op<"dyn_shift", [AllTypesMatch<["array", "result"]>]> {
  let summary = "`A@d` over R with d known only at run time: A moved by d";
  let description = [{
    ```mlir
    %v = zpl.dyn_shift %A by(%s, %c0) over %R : !zpl.array<2 x f64>, !zpl.region<2>
    ```
    The direction's components are operands (config vars, parameters,
    locals). The result is A seen from d away: a statement over R reads
    `%v` at offset 0 where it reads A at index + d. Before the statement
    this op makes those reads valid: it stops the program (status 2) when
    R + d is off A's lattice or beyond what A can store, grows A's ghost
    cells when d reaches past them, and fills them from their owners (a
    halo transfer, run in place). The lowering reads the elements of A at
    the run-time displacement, so the loop is as tight as a constant
    shift's; every pass before it treats `%v` as an array of its own
    (passes that care about aliasing look through it: it writes A's ghost
    cells, and its reads may touch any of them).
  }];
  let arguments = (ins ZPL_ArrayType:$array, Variadic<I64>:$direction,
                       ZPL_RegionType:$region);
  let results = (outs ZPL_ArrayType:$result);
  let assemblyFormat = [{
    $array `by` `(` $direction `)` `over` $region attr-dict `:`
    qualified(type($array)) `,` qualified(type($region))
  }];
  let hasVerifier = 1;
}

def ZPL_DynWrapOp : ZPL_Op<"dyn_wrap"> {
  let summary = "the band `d of` A's declared region wrapped, d known only at run time";
  let description = [{
    ```mlir
    zpl.dyn_wrap %A by(%s, %c0) : !zpl.array<2 x f64>
    ```
    What `A@^d` needs when d is known only at run time: like
    `zpl.boundary wrap` over A's declared region, the band filled from the
    opposite side (run in place, after growing A's ghost cells to the
    band's width and checking that d is a whole number of A's strides).
    Nothing happens when every component is 0.
  }];
  let arguments = (ins ZPL_ArrayType:$array, Variadic<I64>:$direction);
  let assemblyFormat = [{
    $array `by` `(` $direction `)` attr-dict `:` qualified(type($array))
  }];
  let hasVerifier = 1;
}

def ZPL_DynBoundaryOp : ZPL_Op<"dyn_boundary"> {
  let summary = "`[d of R] wrap A;` or `reflect` with d known only at run time";
  let description = [{
    ```mlir
    zpl.dyn_boundary wrap %A over %R by(%s, %c0) : !zpl.array<2 x f64>, !zpl.region<2>
    ```
    `zpl.boundary` whose direction's components are operands (config
    vars, parameters, locals): fills the band `d of R` of A, run in place,
    after growing A's ghost cells to reach it and checking that the band
    is on A's lattice and within what A stores (status 2 otherwise).
    Nothing happens when every component is 0.
  }];
  let arguments = (ins ZPL_BoundaryKind:$kind, ZPL_ArrayType:$array,
                       ZPL_RegionType:$region, Variadic<I64>:$direction);
  let assemblyFormat = [{
    $kind $array `over` $region `by` `(` $direction `)` attr-dict `:` qualified(type($array)) `,` qualified(type($region))
  }];
  let hasVerifier = 1;
}

def ZPL_PartialReduceOp : ZPL_Op<"reduce_partial", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects]> {
  let summary = "`[1..n, 1] S := +<< [1..n, 1..n] A`";
  let description = [{
    The body is evaluated over `source`; the values are combined with `kind`
    down to the shape of `region` (the dimensions where `region` is a single
    index or a flood dimension collapse) and stored into `dest` over `region`.
    Kind `user` combines with the function `combiner` (`f<<`), in row-major
    order of `source`: the running result first, the next value second.
  }];
  let arguments = (ins ZPL_ReduceKind:$kind, ZPL_ArrayType:$dest,
                       ZPL_RegionType:$region, ZPL_RegionType:$source,
                       OptionalAttr<FlatSymbolRefAttr>:$combiner);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $kind $dest `over` $region `from` $source attr-dict `:`
    qualified(type($dest)) `,` qualified(type($region)) `,` qualified(type($source)) $body
  }];
  let hasVerifier = 1;
}

def ZPL_ScanOp : ZPL_Op<"scan", [SingleBlockImplicitTerminator<"YieldOp">,
                                 RecursiveMemoryEffects]> {
  let summary = "`[R] B := +|| A` (row-major) or `+|| [d] A` (along d)";
  let description = [{
    Stores into `dest` over `region` the inclusive prefix combination (with
    `kind`) of the body's values: over the whole region in row-major order
    when `dim` is -1, else along dimension `dim` (0-based) only. Kind
    `user` combines with the function `combiner` (`f||`): the running
    result first, the next value second.
  }];
  let arguments = (ins ZPL_ReduceKind:$kind, ZPL_ArrayType:$dest,
                       ZPL_RegionType:$region, I64Attr:$dim,
                       OptionalAttr<FlatSymbolRefAttr>:$combiner);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $kind $dest `over` $region `dim` $dim attr-dict `:`
    qualified(type($dest)) `,` qualified(type($region)) $body
  }];
  let hasVerifier = 1;
}

def ZPL_FloodOp : ZPL_Op<"flood", [SingleBlockImplicitTerminator<"YieldOp">,
                                   RecursiveMemoryEffects]> {
  let summary = "`[1..n, *] C := >>[1..n, k] A`";
  let description = [{
    The body is evaluated over `source`, whose extent is 1 in every
    dimension where `region` floods (`*`) or differs; those values are
    replicated across that dimension and stored into `dest` over `region`.
  }];
  let arguments = (ins ZPL_ArrayType:$dest, ZPL_RegionType:$region,
                       ZPL_RegionType:$source);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $dest `over` $region `from` $source attr-dict `:`
    qualified(type($dest)) `,` qualified(type($region)) `,` qualified(type($source)) $body
  }];
  let hasVerifier = 1;
}

def ZPL_RemapKind : I32EnumAttr<"RemapKind", "remap direction", [
    I32EnumAttrCase<"gather", 0>, I32EnumAttrCase<"scatter", 1>]> {
  let cppNamespace = "::zpl";
}

def ZPL_RemapOp : ZPL_Op<"remap"> {
  let summary = "gather `A := B#[I1, I2]` or scatter `A#[I1, I2] := B`";
  let description = [{
    Over `region` (of the index arrays' rank): a gather sets
    dest[p] := source[I1[p], I2[p], ...]; a scatter sets
    dest[I1[p], I2[p], ...] := source[p]. There is one index array per
    dimension of the indexed side (source for a gather, dest for a scatter).

    A transpose `dest := source#[Index2, Index1]` (every index is one of
    the Index arrays of the region, each once) is a gather with a
    `permutation` instead of index arrays: dest[p] := source[p[perm[0]-1],
    p[perm[1]-1], ...], written `over %R transpose [2, 1]`.
  }];
  let arguments = (ins ZPL_RemapKind:$kind, ZPL_ArrayType:$dest,
                       ZPL_ArrayType:$source, ZPL_RegionType:$region,
                       Variadic<ZPL_ArrayType>:$indices,
                       OptionalAttr<DenseI64ArrayAttr>:$permutation);
  let assemblyFormat = [{
    $kind $dest `from` $source `over` $region (`[` $indices^ `]`)?
    (`transpose` $permutation^)? attr-dict `:`
    qualified(type($dest)) `,` qualified(type($source)) `,` qualified(type($region))
    (`,` `[` qualified(type($indices))^ `]`)?
  }];
  let hasVerifier = 1;
}

def ZPL_ScatterOperator : I32EnumAttr<"ScatterOperator",
    "how a combining scatter stores into an element several points target", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"mul", 1>]> {
  let cppNamespace = "::zpl";
}

def ZPL_ScatterCombineOp : ZPL_Op<"scatter_combine",
                                  [AttrSizedOperandSegments]> {
  let summary = "combining scatter `A#[I1, I2] += B` (`*=`), masked or not";
  let description = [{
    ```mlir
    zpl.scatter_combine add %A from %B over %R [%I1, %I2] mask %M
      : !zpl.array<2 x i64>, !zpl.array<2 x i64>, !zpl.region<2>,
        [!zpl.array<2 x i64>, !zpl.array<2 x i64>], !zpl.array<2 x i1>
    ```
    Over the points p of `region` where `mask` holds (is false with
    `without`; every point without a mask): `add` sets
    dest[I1[p], I2[p]] += source[p] and `mul` *= source[p], combining every
    point that targets one element (`-=` is `add` of a negated source).
    The source of an integer scatter may be one i64 value that every
    point contributes (`Count#[Key] += 1`: no temporary array; lowered to
    `im_remap_combine_value`).
    Integer results do not depend on the number of PEs. Lowered to
    `im_remap_combine` on a static handle, and its four state calls: the
    schedule of zpl.masked_remap, reused alike; each PE's contributions to
    one element combine before they are sent and where it is stored.

    `deferred` (set by zpl-defer-combines, on a rank-1 i64 destination)
    leaves the contributions in each PE's partial results of the whole
    destination (`zrt_scatter_defer`), added by one loop over the points;
    a `zpl.scatter_settle` of the destination after the enclosing loop
    combines them. When the run time cannot defer (a destination larger
    than ZRT_DEFER_MAX elements) the scatter runs as above.
  }];
  let arguments = (ins ZPL_ScatterOperator:$combiner, ZPL_ArrayType:$dest,
                       AnyTypeOf<[ZPL_ArrayType, I64]>:$source,
                       ZPL_RegionType:$region,
                       Variadic<ZPL_ArrayType>:$indices,
                       Optional<ZPL_ArrayType>:$mask, UnitAttr:$without,
                       UnitAttr:$deferred);
  let assemblyFormat = [{
    $combiner $dest `from` $source `over` $region `[` $indices `]`
    (`mask` $mask^)? attr-dict `:`
    qualified(type($dest)) `,` qualified(type($source)) `,` qualified(type($region))
    `,` `[` qualified(type($indices)) `]` (`,` qualified(type($mask))^)?
  }];
  let hasVerifier = 1;
}

def ZPL_ScatterProductOp : ZPL_Op<"scatter_product",
                                  [AttrSizedOperandSegments]> {
  let summary = "sparse product `A#[I1, I2] += B * C#[J1, J2]` of reals";
  let description = [{
    ```mlir
    zpl.scatter_product %Y from %V times %S over %E [%Row] [%Col]
      : !zpl.array<1 x f64>, !zpl.array<2 x f64>, !zpl.array<1 x f64>,
        !zpl.region<2>, [!zpl.array<2 x i64>], [!zpl.array<2 x i64>]
    ```
    Over every point p of `region`: dest[I(p)] += source[p] * factor[J(p)],
    combining every point that targets one element. It is what the
    gather `T := factor#[J]`, the product `T := source * T` and
    `zpl.scatter_combine add` of T give, bit for bit, without the
    temporary T: generated for `[R] A#[I] += B * C#[J]` (or `C#[J] * B`)
    of doubles without a mask. Lowered to `im_remap_product` on a static
    handle and its four state calls: one pass over each PE's points (a
    CSR loop); only the factor elements and the sums other PEs store
    travel; the schedule is reused while the indices are unchanged.
  }];
  let arguments = (ins ZPL_ArrayType:$dest, ZPL_ArrayType:$source,
                       ZPL_ArrayType:$factor, ZPL_RegionType:$region,
                       Variadic<ZPL_ArrayType>:$indices,
                       Variadic<ZPL_ArrayType>:$factorIndices);
  let assemblyFormat = [{
    $dest `from` $source `times` $factor `over` $region `[` $indices `]`
    `[` $factorIndices `]` attr-dict `:`
    qualified(type($dest)) `,` qualified(type($source)) `,`
    qualified(type($factor)) `,` qualified(type($region))
    `,` `[` qualified(type($indices)) `]` `,` `[` qualified(type($factorIndices)) `]`
  }];
  let hasVerifier = 1;
}

def ZPL_ScatterSettleOp : ZPL_Op<"scatter_settle"> {
  let summary = "combines the deferred scatters' partial results into an array";
  let description = [{
    `zpl.scatter_settle %Q : !zpl.array<1 x i64>` after a loop whose
    `zpl.scatter_combine ... {deferred}` ops target %Q: every PE's partial
    results are combined (one allreduce) into %Q's elements, each PE into
    those it owns; nothing when none are pending. Collective. Lowered to
    `zrt_scatter_settle`.
  }];
  let arguments = (ins ZPL_ArrayType:$dest);
  let assemblyFormat = "$dest attr-dict `:` qualified(type($dest))";
}

def ZPL_MaskedRemapOp : ZPL_Op<"masked_remap"> {
  let summary = "masked gather `[R with M] A := B#[I]` or scatter `[R with M] A#[I] := B`";
  let description = [{
    ```mlir
    zpl.masked_remap gather %A from %B over %R [%I1, %I2] mask %M {without}
      : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>,
        [!zpl.array<2 x i64>, !zpl.array<2 x i64>], !zpl.array<2 x i1>
    ```
    zpl.remap restricted to the points p of `region` where `mask` holds
    (is false with `without`): only they move, and the index arrays are
    read only there. The mask is an array over `region` aligned with the
    direct side (dest of a gather, source of a scatter). Lowered to
    `im_remap_masked` on a static handle (the inspector/executor schedule
    of zpl.remap, reused while the indices and the mask are unchanged) and
    its four state calls.
  }];
  let arguments = (ins ZPL_RemapKind:$kind, ZPL_ArrayType:$dest,
                       ZPL_ArrayType:$source, ZPL_RegionType:$region,
                       Variadic<ZPL_ArrayType>:$indices,
                       ZPL_ArrayType:$mask, UnitAttr:$without);
  let assemblyFormat = [{
    $kind $dest `from` $source `over` $region `[` $indices `]` `mask` $mask
    attr-dict `:`
    qualified(type($dest)) `,` qualified(type($source)) `,` qualified(type($region))
    `,` `[` qualified(type($indices)) `]` `,` qualified(type($mask))
  }];
  let hasVerifier = 1;
}

def ZPL_RedistributeOp : ZPL_Op<"redistribute"> {
  let summary = "`[R] B := A` between arrays of different distributions";
  let description = [{
    ```mlir
    zpl.redistribute %B from %A over %R
      : !zpl.array<2 x f64>, !zpl.array<2 x f64>, !zpl.region<2>
    ```
    Every element of R moves from the PE that owns it in A's distribution
    to the PE that owns it in B's. Inserted by zpl-insert-redistribution;
    communication generation turns it into an `ironman.transfer` of kind
    "redist" (source A, destination B) with its DR/SR/DN/SV.
  }];
  let arguments = (ins ZPL_ArrayType:$dest, ZPL_ArrayType:$source,
                       ZPL_RegionType:$region);
  let assemblyFormat = [{
    $dest `from` $source `over` $region attr-dict `:`
    qualified(type($dest)) `,` qualified(type($source)) `,` qualified(type($region))
  }];
  let hasVerifier = 1;
}

def ZPL_LocalArrayOp : ZPL_Op<"local_array"> {
  let summary = "a procedure-local distributed array (or a compiler temporary)";
  let description = [{
    Allocated where it stands, freed by `zpl.free_array`. `fluff` is set by
    storage inference as on `zpl.array_decl`. With `align %A` the array is
    distributed like the array %A (its region is aligned to A's
    distribution): temporaries of an array statement follow the array the
    statement assigns; without it, like its region.
    ```mlir
    %t = zpl.local_array "tmp" over %R align %B : !zpl.array<2 x f64>
           : !zpl.region<2> -> !zpl.array<2 x f64>
    ```
  }];
  let arguments = (ins StrAttr:$var_name, ZPL_RegionType:$region,
                       Optional<ZPL_ArrayType>:$align,
                       OptionalAttr<DenseI64ArrayAttr>:$fluff);
  let results = (outs ZPL_ArrayType:$array);
  let assemblyFormat = [{
    $var_name `over` $region (`align` $align^ `:` qualified(type($align)))?
    attr-dict `:` qualified(type($region)) `->` qualified(type($array))
  }];
  let hasVerifier = 1;
}

def ZPL_FreeArrayOp : ZPL_Op<"free_array"> {
  let summary = "releases a zpl.local_array";
  let arguments = (ins ZPL_ArrayType:$array);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array))";
}

def ZPL_ArrayRegionOp : ZPL_Op<"array_region", [Pure]> {
  let summary = "the region an array was declared over (for rank-only parameters)";
  let arguments = (ins ZPL_ArrayType:$array);
  let results = (outs ZPL_RegionType:$region);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array)) `->` qualified(type($region))";
}

def ZPL_CheckLatticeOp : ZPL_Op<"check_lattice"> {
  let summary = "stops the program unless `region` shifted by `offset` lies on the array's lattice";
  let description = [{
    ```mlir
    zpl.check_lattice %A over %R [1, 0] : !zpl.array<2 x f64>, !zpl.region<2>
    ```
    An array whose declared region is known only at run time (a rank-only
    parameter, or a temporary over such an array's region) may be strided;
    its elements are the points of its lattice. Before a statement
    accesses it over `region` at `offset`, this checks that every accessed
    index is a lattice point (the region's stride a multiple of the
    array's, its first index the array's first plus a multiple of the
    array's stride) and otherwise stops the program with one line naming
    the source position (status 2). zpl-check-lattices inserts it; Sema
    checks arrays whose region is known at compile time.
  }];
  let arguments = (ins ZPL_ArrayType:$array, ZPL_RegionType:$region,
                       DenseI64ArrayAttr:$offset);
  let assemblyFormat = [{
    $array `over` $region $offset attr-dict `:` qualified(type($array)) `,` qualified(type($region))
  }];
  let hasVerifier = 1;
}

def ZPL_AddressOfOp : ZPL_Op<"address_of", [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "a reference to a scalar global, for a `var` argument";
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs ZPL_RefType:$ref);
  let assemblyFormat = "$name attr-dict `:` qualified(type($ref))";
}

//===----------------------------------------------------------------------===//
// Output and termination.
//===----------------------------------------------------------------------===//

def ZPL_WriteOp : ZPL_Op<"write"> {
  let summary = "prints a scalar (on PE 0), with an optional printf format";
  let arguments = (ins ZPL_AnyScalar:$value, OptionalAttr<StrAttr>:$format);
  let assemblyFormat = "$value attr-dict `:` qualified(type($value))";
}

def ZPL_WriteStrOp : ZPL_Op<"write_str"> {
  let summary = "prints a string literal (on PE 0)";
  let arguments = (ins StrAttr:$text);
  let assemblyFormat = "$text attr-dict";
}

def ZPL_WriteArrayOp : ZPL_Op<"write_array"> {
  let summary = "prints an array over a region in row-major order (on PE 0)";
  let arguments = (ins ZPL_ArrayType:$array, ZPL_RegionType:$region,
                       OptionalAttr<StrAttr>:$format);
  let assemblyFormat = "$array `over` $region attr-dict `:` qualified(type($array)) `,` qualified(type($region))";
}

def ZPL_WritelnOp : ZPL_Op<"writeln"> {
  let summary = "ends the output line (on PE 0)";
  let assemblyFormat = "attr-dict";
}

def ZPL_FileOpenOp : ZPL_Op<"file_open"> {
  let summary = "`open(\"name\", \"r\")`: a file handle (the file lives where PE 0 runs)";
  let description = [{
    Opens `name` in `mode` ("r", "w" or "a") on PE 0; the handle (an i64,
    the same on every PE) names the file in the other file ops. A file
    that cannot be opened is a run-time error on every PE.
  }];
  let arguments = (ins StrAttr:$name, StrAttr:$mode);
  let results = (outs I64:$file);
  let assemblyFormat = "$name `,` $mode attr-dict";
  let hasVerifier = 1;
}

def ZPL_FileCloseOp : ZPL_Op<"file_close"> {
  let summary = "`close(f)`";
  let arguments = (ins I64:$file);
  let assemblyFormat = "$file attr-dict";
}

def ZPL_FileOutputOp : ZPL_Op<"file_output"> {
  let summary = "the write ops up to zpl.file_output_end print to file `file`";
  let description = [{
    `write(f, args)` is zpl.file_output %f, the write ops of its
    arguments, zpl.file_output_end. The file must be open for writing
    ("w" or "a").
  }];
  let arguments = (ins I64:$file);
  let assemblyFormat = "$file attr-dict";
}

def ZPL_FileOutputEndOp : ZPL_Op<"file_output_end"> {
  let summary = "the write ops print to the standard output again";
  let assemblyFormat = "attr-dict";
}

def ZPL_FileReadOp : ZPL_Op<"file_read"> {
  let summary = "`read(f, x)`: the next value of the file, on every PE";
  let description = [{
    PE 0 reads the next whitespace-separated value of the file (in the
    format `write` prints) and every PE gets it. `what` names the
    variable read, for the error a malformed value or the end of the
    file gives (it names the file and its line too).
  }];
  let arguments = (ins I64:$file, StrAttr:$what);
  let results = (outs ZPL_AnyScalar:$value);
  let assemblyFormat = "$file `as` $what attr-dict `:` type($value)";
}

def ZPL_FileReadArrayOp : ZPL_Op<"file_read_array"> {
  let summary = "`[R] read(f, A)`: A over R from the file, row-major";
  let description = [{
    PE 0 reads the elements of `array` over `region` in row-major order
    and sends them in row blocks (about one PE's share each) to the PEs
    that own them.
  }];
  let arguments = (ins I64:$file, ZPL_ArrayType:$array,
                       ZPL_RegionType:$region, StrAttr:$what);
  let assemblyFormat = [{
    $file `into` $array `over` $region `as` $what attr-dict `:`
    qualified(type($array)) `,` qualified(type($region))
  }];
}

def ZPL_TimerOp : ZPL_Op<"timer"> {
  let summary = "`timer()`: seconds since the program started, by this PE's clock";
  let description = [{
    Reads the back end's clock (wall time, or a simulated PE's virtual
    time) relative to the start of the program on this PE. Every call is
    a new reading: the op has effects, so it is never merged, hoisted or
    removed.
  }];
  let results = (outs F64:$seconds);
  let assemblyFormat = "attr-dict";
}

def ZPL_HaltOp : ZPL_Op<"halt"> {
  let summary = "`halt;`: stops every PE with exit status 1";
  let assemblyFormat = "attr-dict";
}

#endif // ZPL_OPS_TD
