//===- IronmanDialect.td - the ironman dialect -------------*- tablegen -*-===//
//
// IRONMAN (Chamberlain, Choi & Snyder): the compiler says what data moves
// (a transfer) and where each of its four state calls may go; each machine
// decides how the bytes move.
//   DR destination ready, SR source ready, DN destination needed,
//   SV source volatile.
//
//===----------------------------------------------------------------------===//

#ifndef IRONMAN_DIALECT_TD
#define IRONMAN_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Ironman_Dialect : Dialect {
  let name = "ironman";
  let summary = "IRONMAN communication: transfers and their state calls";
  let cppNamespace = "::ironman";
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::zpl::ZPLDialect"];
}

def Ironman_TransferType : TypeDef<Ironman_Dialect, "Transfer"> {
  let mnemonic = "transfer";
  let summary = "a handle naming one static transfer";
}

def Ironman_PatternKind : I32EnumAttr<"PatternKind", "access pattern", [
    I32EnumAttrCase<"contiguous", 0>, I32EnumAttrCase<"strided", 1>,
    I32EnumAttrCase<"indexed", 2>]> {
  let cppNamespace = "::ironman";
  let genSpecializedAttr = 0;
}

// The closed vocabularies of ironman.transfer and ironman.combine: one
// definition for the verifier, the printer and every pass. Each prints as
// `#ironman.<mnemonic><word>`, e.g. `strategy = #ironman.strategy<packed>`.
// The parser (IronmanDialect.cpp) rejects any other word with a message
// that names the `noun` and lists the accepted words. The enum's summary
// is what the op verifier reports for an attribute of another type (such
// as the quoted strings these attributes once were).
class Ironman_EnumAttr<EnumAttrInfo info, string mnemonic, string noun>
    : EnumAttr<Ironman_Dialect, info, mnemonic> {
  let assemblyFormat = ?;
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// What the word names, for the parser's messages.
    static constexpr ::llvm::StringLiteral kNoun = "}] # noun # [{";
  }];
}

def Ironman_TransferKind : I32EnumAttr<"TransferKind",
    "#ironman.kind<halo|wrap|reflect|redist|remap|transpose>", [
    I32EnumAttrCase<"halo", 0>, I32EnumAttrCase<"wrap", 1>,
    I32EnumAttrCase<"reflect", 2>, I32EnumAttrCase<"redist", 3>,
    I32EnumAttrCase<"remap", 4>, I32EnumAttrCase<"transpose", 5>]> {
  let cppNamespace = "::ironman";
  let genSpecializedAttr = 0;
}
def Ironman_TransferKindAttr
    : Ironman_EnumAttr<Ironman_TransferKind, "kind", "transfer kind">;

def Ironman_TransferStrategy : I32EnumAttr<"TransferStrategy",
    "#ironman.strategy<chained|packed>", [
    I32EnumAttrCase<"chained", 0>, I32EnumAttrCase<"packed", 1>]> {
  let cppNamespace = "::ironman";
  let genSpecializedAttr = 0;
}
def Ironman_TransferStrategyAttr
    : Ironman_EnumAttr<Ironman_TransferStrategy, "strategy",
                       "transfer strategy">;

def Ironman_RemapDirection : I32EnumAttr<"RemapDirection",
    "#ironman.remap<gather|scatter>", [
    I32EnumAttrCase<"gather", 0>, I32EnumAttrCase<"scatter", 1>]> {
  let cppNamespace = "::ironman";
  let genSpecializedAttr = 0;
}
def Ironman_RemapDirectionAttr
    : Ironman_EnumAttr<Ironman_RemapDirection, "remap", "remap direction">;

def Ironman_TransposeOrientation : I32EnumAttr<"TransposeOrientation",
    "#ironman.orientation<loads|stores>", [
    I32EnumAttrCase<"loads", 0>, I32EnumAttrCase<"stores", 1>]> {
  let cppNamespace = "::ironman";
  let genSpecializedAttr = 0;
}
def Ironman_TransposeOrientationAttr
    : Ironman_EnumAttr<Ironman_TransposeOrientation, "orientation",
                       "transfer orientation">;

def Ironman_PatternAttr : AttrDef<Ironman_Dialect, "Pattern"> {
  let mnemonic = "pattern";
  let summary = "the access pattern of one side of a transfer (xQy notation)";
  let description = [{
    `#ironman.pattern<contiguous>` (`1`),
    `#ironman.pattern<strided, stride = ?, block = 1>` (constant stride in
    elements, `?` when it is only known at run time, e.g. the local row
    pitch; `block` is the run length in elements), or
    `#ironman.pattern<indexed>` (`w`).
  }];
  let parameters = (ins "::ironman::PatternKind":$kind,
                        "int64_t":$stride, "int64_t":$block);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    static constexpr int64_t kDynamic = -1;
    /// The pattern letter of the copy-transfer model: "1", "n" or "w".
    std::string getLetter() const;
  }];
}

#endif // IRONMAN_DIALECT_TD
