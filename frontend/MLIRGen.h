//===- MLIRGen.h - AST to the zpl dialect ----------------------*- C++ -*-===//
//
// Builds the zpl-dialect module of a program that Sema has checked. Built
// without exceptions, like the rest of the MLIR side.
//===----------------------------------------------------------------------===//
#ifndef ZPL_FRONTEND_MLIRGEN_H
#define ZPL_FRONTEND_MLIRGEN_H

#include "frontend/AST.h"
#include "frontend/Diagnostics.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

namespace zpl {

/// Loads the dialects MLIRGen and the zplc pipeline use into `context`.
void loadDialects(mlir::MLIRContext &context);

/// Returns the module, or null after reporting `file:line:col: error:` for
/// every construct that cannot be generated (e.g. "... is not supported yet").
mlir::OwningOpRef<mlir::ModuleOp> buildModule(mlir::MLIRContext &context,
                                              const ast::Program &program,
                                              DiagnosticEngine &diags);

} // namespace zpl

#endif // ZPL_FRONTEND_MLIRGEN_H
