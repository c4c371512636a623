//===- ZPLDialect.td - the zpl dialect ---------------------*- tablegen -*-===//
//
// The zpl dialect carries a ZPL program after the front end: global
// declarations (config vars, scalars, regions, distributed arrays),
// array statements over regions whose bodies read arrays at constant
// offsets, and full reductions. Scalar code uses arith, scf, math and func.
//
//===----------------------------------------------------------------------===//

#ifndef ZPL_DIALECT_TD
#define ZPL_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def ZPL_Dialect : Dialect {
  let name = "zpl";
  let summary = "ZPL regions, distributed arrays and array statements";
  let cppNamespace = "::zpl";
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

class ZPL_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<ZPL_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def ZPL_RegionType : ZPL_Type<"Region", "region"> {
  let summary = "a rectangular index set of rank 1 to 3";
  let parameters = (ins "unsigned":$rank);
  let assemblyFormat = "`<` $rank `>`";
  let genVerifyDecl = 1;
}

def ZPL_ArrayType : ZPL_Type<"Array", "array"> {
  let summary = "a distributed parallel array";
  let description = [{
    `!zpl.array<2 x f64>`: an array of rank 2 whose elements are f64. The
    declared region and the ghost widths live on the `zpl.array_decl`.
  }];
  let parameters = (ins "unsigned":$rank, "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $rank `x` $elementType `>`";
  let genVerifyDecl = 1;
}

def ZPL_RefType : ZPL_Type<"Ref", "ref"> {
  let summary = "a mutable scalar local variable";
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

def ZPL_IndexedType : ZPL_Type<"Indexed", "indexed"> {
  let summary = "an indexed array: ordinary storage every PE holds whole";
  let description = [{
    `!zpl.indexed<1 x i64>`: the handle of an indexed array of rank 1 or 2
    (`var T : array [1..n] of integer;`), made by `zpl.indexed_new`. Its
    bounds live with the storage; scalar code reads and writes its elements.
  }];
  let parameters = (ins "unsigned":$rank, "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $rank `x` $elementType `>`";
}

def ZPL_ReduceKind : I32EnumAttr<"ReduceKind", "reduction operator", [
    I32EnumAttrCase<"Add", 0, "add">, I32EnumAttrCase<"Mul", 1, "mul">,
    I32EnumAttrCase<"Max", 2, "max">, I32EnumAttrCase<"Min", 3, "min">,
    I32EnumAttrCase<"And", 4, "and">, I32EnumAttrCase<"Or", 5, "or">,
    I32EnumAttrCase<"User", 6, "user">]> {
  let cppNamespace = "::zpl";
}

def ZPL_DistKind : I32EnumAttr<"DistKind", "distribution of one dimension", [
    I32EnumAttrCase<"block", 0>, I32EnumAttrCase<"cyclic", 1>,
    I32EnumAttrCase<"blockcyclic", 2>, I32EnumAttrCase<"none", 3>]> {
  let cppNamespace = "::zpl";
  let genSpecializedAttr = 0;
}

def ZPL_DistAttr : AttrDef<ZPL_Dialect, "Dist"> {
  let mnemonic = "dist";
  let summary = "how each dimension of a region is spread over the PE grid";
  let description = [{
    `#zpl.dist<[block, cyclic]>`, `#zpl.dist<[blockcyclic(2), none]>`: one
    kind per dimension (`none` is the language's `*`: not distributed).
    `blockcyclic(k)` carries its block size k >= 1; `blockcyclic(?)` is a
    block size known only at run time (a config var), which the
    `zpl.dist_decl` holding the attribute computes in its init body.
    `blockSizes` has one entry per dimension: k for blockcyclic
    (kDynamicBlockSize for `?`), 0 for the other kinds.
  }];
  let parameters = (ins ArrayRefParameter<"::zpl::DistKind">:$kinds,
                        ArrayRefParameter<"int64_t">:$blockSizes);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static constexpr int64_t kDynamicBlockSize = -1;
    unsigned getRank() const { return getKinds().size(); }
    /// How many block sizes are only known at run time.
    unsigned getNumDynamicBlockSizes() const {
      return llvm::count(getBlockSizes(), kDynamicBlockSize);
    }
  }];
}

#endif // ZPL_DIALECT_TD
