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

#endif // ZPL_OPS_H
