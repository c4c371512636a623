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
  if (!elementType.isInteger(1) && !elementType.isInteger(32) &&
      !elementType.isInteger(64) && !elementType.isF32() && !elementType.isF64())
    return emitError() << "element type must be i1, i32, i64, f32 or f64, got "
                       << elementType;
  return success();
}

LogicalResult DistAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<DistKind> kinds,
                               ArrayRef<int64_t> blockSizes) {
  if (failed(verifyRank(emitError, kinds.size())))
    return failure();
  if (blockSizes.size() != kinds.size())
    return emitError() << "a distribution needs one block size per dimension";
  for (auto [kind, k] : llvm::zip(kinds, blockSizes)) {
    if (kind != DistKind::blockcyclic && k != 0)
      return emitError() << "only blockcyclic takes a block size";
    if (kind == DistKind::blockcyclic && k < 1 && k != kDynamicBlockSize)
      return emitError() << "blockcyclic needs a block size k >= 1, got " << k;
  }
  return success();
}

// #zpl.dist<[block, cyclic, blockcyclic(2), blockcyclic(?), none]>
Attribute DistAttr::parse(AsmParser &parser, Type) {
  SmallVector<DistKind> kinds;
  SmallVector<int64_t> blockSizes;
  auto parseKind = [&]() -> ParseResult {
    StringRef word;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&word))
      return failure();
    std::optional<DistKind> kind = symbolizeDistKind(word);
    if (!kind)
      return parser.emitError(loc, "unknown distribution kind '") << word << "'";
    kinds.push_back(*kind);
    blockSizes.push_back(0);
    if (*kind != DistKind::blockcyclic)
      return success();
    if (parser.parseLParen())
      return failure();
    if (succeeded(parser.parseOptionalQuestion()))
      blockSizes.back() = kDynamicBlockSize;
    else if (parser.parseInteger(blockSizes.back()))
      return failure();
    return parser.parseRParen();
  };
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseKind) ||
      parser.parseGreater())
    return {};
  return DistAttr::getChecked([&] { return parser.emitError(loc); },
                              parser.getContext(), kinds, blockSizes);
}

void DistAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(llvm::zip(getKinds(), getBlockSizes()), printer,
                        [&](auto kindAndSize) {
                          auto [kind, k] = kindAndSize;
                          printer << stringifyDistKind(kind);
                          if (kind != DistKind::blockcyclic)
                            return;
                          if (k == kDynamicBlockSize)
                            printer << "(?)";
                          else
                            printer << "(" << k << ")";
                        });
  printer << "]>";
}
