//===- ZPLOps.h - zpl operations --------------------------------*- C++ -*-===//
#ifndef ZPL_OPS_H
#define ZPL_OPS_H

#include "dialects/zpl/ZPLDialect.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"

#define GET_OP_CLASSES
#include "dialects/zpl/ZPLOps.h.inc"

namespace zpl {
/// Array statements: the ops whose body is evaluated at every index of a
/// region (assign, reduce, reduce_partial, scan, flood).
bool isArrayStatement(mlir::Operation *op);
/// The region an array statement's body is evaluated over (the source
/// region of a partial reduction or a flood).
mlir::Value getStatementRegion(mlir::Operation *stmt);
/// The innermost array statement enclosing `op`, or null.
mlir::Operation *getEnclosingStatement(mlir::Operation *op);
} // namespace zpl

#endif // ZPL_OPS_H
