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
