//===- ZPLDialect.cpp - the zpl dialect -----------------------------------===//

#include "dialects/zpl/ZPLDialect.h"
#include "dialects/zpl/ZPLOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace zpl;

#include "dialects/zpl/ZPLDialect.cpp.inc"
#include "dialects/zpl/ZPLEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/zpl/ZPLTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/zpl/ZPLAttrs.cpp.inc"

void ZPLDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/zpl/ZPLTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/zpl/ZPLAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/zpl/ZPLOps.cpp.inc"
      >();
}

static LogicalResult verifyRank(function_ref<InFlightDiagnostic()> emitError,
                                unsigned rank) {
  if (rank < 1 || rank > 3)
    return emitError() << "rank must be 1, 2 or 3, got " << rank;
  return success();
}

LogicalResult RegionType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned rank) {
  return verifyRank(emitError, rank);
}

LogicalResult ArrayType::verify(function_ref<InFlightDiagnostic()> emitError,
                                unsigned rank, Type elementType) {
  if (failed(verifyRank(emitError, rank)))
    return failure();
  if (!elementType.isInteger(1) && !elementType.isInteger(64) &&
      !elementType.isF32() && !elementType.isF64())
    return emitError() << "element type must be i1, i64, f32 or f64, got "
                       << elementType;
  return success();
}

// #zpl.dist<[block, cyclic]>
Attribute DistAttr::parse(AsmParser &parser, Type) {
  SmallVector<DistKind> kinds;
  auto parseKind = [&]() -> ParseResult {
    StringRef word;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&word))
      return failure();
    std::optional<DistKind> kind = symbolizeDistKind(word);
    if (!kind)
      return parser.emitError(loc, "unknown distribution kind '") << word << "'";
    kinds.push_back(*kind);
    return success();
  };
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseKind) ||
      parser.parseGreater())
    return {};
  return DistAttr::get(parser.getContext(), kinds);
}

void DistAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getKinds(), printer,
                        [&](DistKind k) { printer << stringifyDistKind(k); });
  printer << "]>";
}
