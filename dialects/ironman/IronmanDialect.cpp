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

//===----------------------------------------------------------------------===//
// Enum attributes: #ironman.kind<remap>, #ironman.strategy<packed>, ...
//===----------------------------------------------------------------------===//

/// Parses `<word>` into the enum attribute `AttrT`. A word that is not one
/// of the enum's is an error naming the attribute's noun and every word it
/// accepts, e.g. "unknown transfer strategy 'fast' (expected chained or
/// packed)".
template <typename AttrT>
static Attribute parseEnumAttr(AsmParser &parser) {
  using Enum = decltype(std::declval<AttrT>().getValue());
  StringRef word;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&word))
    return {};
  std::optional<Enum> value = symbolizeEnum<Enum>(word);
  if (!value) {
    // The cases are numbered from 0 without gaps (IronmanDialect.td); the
    // first number past them stringifies as "".
    SmallVector<StringRef> words;
    for (uint32_t i = 0; !stringifyEnum(static_cast<Enum>(i)).empty(); ++i)
      words.push_back(stringifyEnum(static_cast<Enum>(i)));
    InFlightDiagnostic diag = parser.emitError(loc, "unknown ")
                              << AttrT::kNoun << " '" << word
                              << "' (expected ";
    for (size_t i = 0; i < words.size(); ++i)
      diag << (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ")
           << words[i];
    diag << ")";
    return {};
  }
  if (parser.parseGreater())
    return {};
  return AttrT::get(parser.getContext(), *value);
}

template <typename AttrT>
static void printEnumAttr(AsmPrinter &printer, AttrT attr) {
  printer << "<" << stringifyEnum(attr.getValue()) << ">";
}

Attribute TransferKindAttr::parse(AsmParser &parser, Type) {
  return parseEnumAttr<TransferKindAttr>(parser);
}
void TransferKindAttr::print(AsmPrinter &printer) const {
  printEnumAttr(printer, *this);
}

Attribute TransferStrategyAttr::parse(AsmParser &parser, Type) {
  return parseEnumAttr<TransferStrategyAttr>(parser);
}
void TransferStrategyAttr::print(AsmPrinter &printer) const {
  printEnumAttr(printer, *this);
}

Attribute RemapDirectionAttr::parse(AsmParser &parser, Type) {
  return parseEnumAttr<RemapDirectionAttr>(parser);
}
void RemapDirectionAttr::print(AsmPrinter &printer) const {
  printEnumAttr(printer, *this);
}

Attribute TransposeOrientationAttr::parse(AsmParser &parser, Type) {
  return parseEnumAttr<TransposeOrientationAttr>(parser);
}
void TransposeOrientationAttr::print(AsmPrinter &printer) const {
  printEnumAttr(printer, *this);
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
