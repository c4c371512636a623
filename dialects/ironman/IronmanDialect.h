//===- IronmanDialect.h - the ironman dialect -------------------*- C++ -*-===//
#ifndef IRONMAN_DIALECT_H
#define IRONMAN_DIALECT_H

#include "dialects/zpl/ZPLDialect.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"

#include "dialects/ironman/IronmanDialect.h.inc"
#include "dialects/ironman/IronmanEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/ironman/IronmanTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/ironman/IronmanAttrs.h.inc"

#endif // IRONMAN_DIALECT_H
