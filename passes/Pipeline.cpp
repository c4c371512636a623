//===- Pipeline.cpp - the zplc pass pipeline ------------------------------===//

#include "passes/Passes.h"

#include "mlir/Conversion/ArithToEmitC/ArithToEmitCPass.h"
#include "mlir/Conversion/FuncToEmitC/FuncToEmitCPass.h"
#include "mlir/Conversion/SCFToEmitC/SCFToEmitC.h"
#include "mlir/Dialect/EmitC/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void zpl::buildPipeline(OpPassManager &pm, Stage stage, int optLevel,
                        const SelectStrategyOptions &strategyOpts,
                        bool overlap) {
  // -O0 keeps one loop nest per statement and every transfer where
  // communication generation put it; -O1 fuses statements and removes
  // redundant transfers; -O2 also combines and pipelines transfers and
  // computes interiors while halos travel.
  // Fusion comes first: the runs it forms are statements for every pass
  // after it, and --emit=zpl shows them.
  if (optLevel >= 1)
    pm.addNestedPass<func::FuncOp>(createFuseStatements());
  // -O2: sums regrouped so that partial sums recur along the innermost
  // dimension, which the lowering then computes once per position. It
  // reassociates floating-point additions, hence -O2 only.
  if (optLevel >= 2)
    pm.addNestedPass<func::FuncOp>(createGroupSums());
  if (stage == Stage::ZPL)
    return;
  pm.addPass(createInsertRedistribution());
  // Accesses of arrays whose region is known only at run time.
  pm.addPass(createCheckLattices());
  pm.addPass(createInferStorage());
  pm.addPass(createGenerateCommunication());
  // How each transfer moves is part of what communication generation
  // decides, at every -O level: the runtime executes the chosen strategy.
  // zplc always names a machine; an empty one (zpl-opt's zpl-to-emitc
  // without machine=) leaves the transfers without a strategy. It runs
  // before the optimisations, which give a combine the strategy of its
  // members.
  if (!strategyOpts.machine.empty())
    pm.addPass(createSelectStrategy(strategyOpts));
  if (optLevel >= 1)
    pm.addPass(createRemoveRedundantTransfers());
  if (optLevel >= 2) {
    pm.addPass(createCombineTransfers());
    pm.addNestedPass<func::FuncOp>(createPipelineTransfers());
  }
  // -O1 and above: A := Temp exchanges storage where Temp is dead.
  if (optLevel >= 1)
    pm.addPass(createRenameArrays());
  // -O1 and above: a loop's accumulating scatters combine across PEs
  // once, after the loop.
  if (optLevel >= 1)
    pm.addPass(createDeferCombines());
  if (stage == Stage::Ironman)
    return;
  // -O1 and above: % and / by constants in 32 bits where values fit.
  if (optLevel >= 1)
    pm.addPass(createNarrowIntegers());
  // -O2: interiors compute while their halos travel. After the
  // narrowing, whose run-time guards a split may not straddle.
  if (optLevel >= 2 && overlap)
    pm.addNestedPass<func::FuncOp>(createOverlapHalos());
  // -O2: expressions needed at several positions of a row computed once
  // per position (exact; the partial sums of zpl-group-sums).
  LowerToLoopsOptions lowering;
  lowering.reuseAlongRows = optLevel >= 2;
  pm.addPass(createLowerToLoops(lowering));
  pm.addNestedPass<func::FuncOp>(createHoistConstants());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (stage == Stage::Loops)
    return;
  buildLegalizeForEmitC(pm);
  pm.addPass(createConvertArithToEmitC());
  pm.addNestedPass<emitc::FuncOp>(createFormExpressions());
}

void zpl::buildLegalizeForEmitC(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(createCRunTimeChecks());
  pm.addNestedPass<func::FuncOp>(createMathToLibC());
  pm.addNestedPass<func::FuncOp>(createCSpellings());
  pm.addPass(createSCFToEmitC());
  pm.addNestedPass<func::FuncOp>(createCRemoveUnused());
  pm.addPass(createConvertFuncToEmitC());
  pm.addNestedPass<emitc::FuncOp>(createCPrepareCalls());
  pm.addPass(createCDeclarations());
}

namespace {
/// Options of the registered `zpl-to-emitc` pipeline: zplc's --machine and
/// --strategy. Without machine= the pipeline selects no strategies (the
/// runtime's default, packed), so its output does not depend on whether
/// and how this host was calibrated; zplc always selects (default: host).
struct ZplToEmitCOptions : PassPipelineOptions<ZplToEmitCOptions> {
  Option<std::string> machine{
      *this, "machine",
      llvm::cl::desc("Target machine of strategy selection: t3d, t3e, "
                     "paragon, host, or a .toml description (default: none, "
                     "no strategy selection)"),
      llvm::cl::init("")};
  Option<std::string> strategy{
      *this, "strategy",
      llvm::cl::desc("auto (the cost model's choice), chained or packed"),
      llvm::cl::init("auto")};
  Option<bool> overlap{
      *this, "overlap",
      llvm::cl::desc("Split statements around their DNs (zpl-overlap-halos)"),
      llvm::cl::init(true)};
};
} // namespace

void zpl::registerAllPasses() {
  registerZPLTransformsPasses();
  registerIronmanTransformsPasses();
  registerZPLToIronmanPasses();
  registerZPLToLoopsPasses();
  registerLoopsToEmitCPasses();
}

void zpl::registerPipelines() {
  PassPipelineRegistration<ZplToEmitCOptions>(
      "zpl-to-emitc", "the whole zplc pipeline, from zpl to EmitC",
      [](OpPassManager &pm, const ZplToEmitCOptions &opts) {
        SelectStrategyOptions strategyOpts;
        strategyOpts.machine = opts.machine;
        strategyOpts.strategy = opts.strategy;
        buildPipeline(pm, Stage::EmitC, 2, strategyOpts, opts.overlap);
      });
  PassPipelineRegistration<>(
      "zpl-legalize-for-emitc",
      "loops to EmitC but for arith-to-emitc and form-expressions: run-time "
      "checks, C library calls, scf and func conversion, clean-ups, "
      "prototypes and includes",
      [](OpPassManager &pm) { buildLegalizeForEmitC(pm); });
}
