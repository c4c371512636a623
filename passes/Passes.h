//===- Passes.h - zplc passes ----------------------------------*- C++ -*-===//
#ifndef ZPLC_PASSES_H
#define ZPLC_PASSES_H

#include "dialects/ironman/IronmanOps.h"
#include "dialects/zpl/ZPLOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace zpl {

// The passes by the dialect they work on (docs/architecture.md): transforms
// of zpl and of ironman, and the conversions zpl -> ironman, zpl and
// ironman -> loops, loops -> EmitC, each declared in its folder's
// Passes.td.
#define GEN_PASS_DECL
#include "passes/zpl/Passes.h.inc"
#define GEN_PASS_DECL
#include "passes/ironman/Passes.h.inc"
#define GEN_PASS_DECL
#include "passes/ZPLToIronman/Passes.h.inc"
#define GEN_PASS_DECL
#include "passes/ZPLToLoops/Passes.h.inc"
#define GEN_PASS_DECL
#include "passes/LoopsToEmitC/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/zpl/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "passes/ironman/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "passes/ZPLToIronman/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "passes/ZPLToLoops/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "passes/LoopsToEmitC/Passes.h.inc"

/// Registers every zplc pass (zpl-opt).
void registerAllPasses();

/// Which stage of the pipeline to stop after (zplc --emit=...).
enum class Stage { ZPL, Ironman, Loops, EmitC };

/// Adds the passes that take a module from the zpl dialect (as MLIRGen
/// produces it) to `stage`. `optLevel` is zplc's -O level; `strategyOpts`
/// are zplc's --machine and --strategy for strategy selection (an empty
/// machine leaves strategy selection out); `overlap` false leaves
/// zpl-overlap-halos out of -O2 (zplc --overlap=false).
void buildPipeline(mlir::OpPassManager &pm, Stage stage, int optLevel,
                   const SelectStrategyOptions &strategyOpts = {},
                   bool overlap = true);

/// The passes from loops to EmitC up to (not including) arith-to-emitc and
/// form-expressions; registered as `zpl-legalize-for-emitc` for zpl-opt.
void buildLegalizeForEmitC(mlir::OpPassManager &pm);

/// A C string literal (with quotes) for `s`: escapes, no trigraphs.
std::string cStringLiteral(llvm::StringRef s);

/// "file:line:col" of the first file position in `loc` ("<unknown>" when
/// it has none), for run-time errors that name the source position.
std::string sourcePosition(mlir::Location loc);

/// Registers the zplc pipeline as `zpl-to-emitc`, and
/// `zpl-legalize-for-emitc`, for zpl-opt.
void registerPipelines();

} // namespace zpl

#endif // ZPLC_PASSES_H
