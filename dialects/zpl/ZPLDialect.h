//===- ZPLDialect.h - the zpl dialect ---------------------------*- C++ -*-===//
#ifndef ZPL_DIALECT_H
#define ZPL_DIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"

#include "dialects/zpl/ZPLDialect.h.inc"
#include "dialects/zpl/ZPLEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/zpl/ZPLTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/zpl/ZPLAttrs.h.inc"

#endif // ZPL_DIALECT_H
