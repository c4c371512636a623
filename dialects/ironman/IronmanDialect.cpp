//===- IronmanDialect.cpp - the ironman dialect ---------------------------===//

#include "dialects/ironman/IronmanDialect.h"
#include "dialects/ironman/IronmanOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ironman;

#include "dialects/ironman/IronmanDialect.cpp.inc"
#include "dialects/ironman/IronmanEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/ironman/IronmanTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/ironman/IronmanAttrs.cpp.inc"

void IronmanDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/ironman/IronmanTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/ironman/IronmanAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/ironman/IronmanOps.cpp.inc"
      >();
}

/// Parses `?` as kDynamic or an integer.
static ParseResult parseMaybeDynamic(AsmParser &parser, int64_t &value) {
  if (succeeded(parser.parseOptionalQuestion())) {
    value = PatternAttr::kDynamic;
    return success();
  }
  return parser.parseInteger(value);
}

static void printMaybeDynamic(AsmPrinter &printer, int64_t value) {
  if (value == PatternAttr::kDynamic)
    printer << "?";
  else
    printer << value;
}

// #ironman.pattern<contiguous> | <strided, stride = N|?, block = M> | <indexed>
Attribute PatternAttr::parse(AsmParser &parser, Type) {
  StringRef word;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&word))
    return {};
  std::optional<PatternKind> kind = symbolizePatternKind(word);
  if (!kind) {
    parser.emitError(loc, "unknown access pattern '") << word << "'";
    return {};
  }
  int64_t stride = 1, block = 1;
  if (*kind == PatternKind::strided) {
    if (parser.parseComma() || parser.parseKeyword("stride") ||
        parser.parseEqual() || parseMaybeDynamic(parser, stride) ||
        parser.parseComma() || parser.parseKeyword("block") ||
        parser.parseEqual() || parseMaybeDynamic(parser, block))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return PatternAttr::get(parser.getContext(), *kind, stride, block);
}

void PatternAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyPatternKind(getKind());
  if (getKind() == PatternKind::strided) {
    printer << ", stride = ";
    printMaybeDynamic(printer, getStride());
    printer << ", block = ";
    printMaybeDynamic(printer, getBlock());
  }
  printer << ">";
}

std::string PatternAttr::getLetter() const {
  switch (getKind()) {
  case PatternKind::contiguous:
    return "1";
  case PatternKind::strided:
    return getStride() == kDynamic ? "n" : std::to_string(getStride());
  case PatternKind::indexed:
    return "w";
  }
  return "?";
}
