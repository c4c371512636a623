//===- MLIRGen.h - AST to the zpl dialect ----------------------*- C++ -*-===//
//
// Builds the zpl-dialect module of a program that Sema has checked. Built
// without exceptions, like the rest of the MLIR side.
//===----------------------------------------------------------------------===//
#ifndef ZPL_FRONTEND_MLIRGEN_H
#define ZPL_FRONTEND_MLIRGEN_H

#include "dialects/zpl/ZPLDialect.h"
#include "frontend/AST.h"
#include "frontend/Diagnostics.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>
#include <vector>

namespace zpl {

/// Loads the dialects MLIRGen and the zplc pipeline use into `context`.
void loadDialects(mlir::MLIRContext &context);

/// Choices of the driver that change the generated module.
struct GenOptions {
  /// `--dist=KINDS`: the kinds of the implicit distribution of each rank
  /// given (at most one per rank). Regions of that rank without an
  /// explicit distribution are bound to a generated distribution with
  /// these kinds on the default grid; ranks without one stay block.
  std::vector<DistAttr> implicitDists;
};

/// Parses the KINDS of `--dist=KINDS`: a comma-separated list of block,
/// cyclic, blockcyclic(k) (k >= 1) and `*` (or none), one per dimension.
/// On failure returns null and sets `error`.
DistAttr parseDistKinds(mlir::MLIRContext &context, llvm::StringRef text,
                        std::string &error);

/// Returns the module, or null after reporting `file:line:col: error:` for
/// every construct that cannot be generated (e.g. "... is not supported yet").
mlir::OwningOpRef<mlir::ModuleOp> buildModule(mlir::MLIRContext &context,
                                              const ast::Program &program,
                                              DiagnosticEngine &diags,
                                              const GenOptions &options = {});

} // namespace zpl

#endif // ZPL_FRONTEND_MLIRGEN_H
