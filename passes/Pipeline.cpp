//===- Pipeline.cpp - the zplc pass pipeline ------------------------------===//

#include "passes/Passes.h"

#include "mlir/Conversion/ArithToEmitC/ArithToEmitCPass.h"
#include "mlir/Conversion/FuncToEmitC/FuncToEmitCPass.h"
#include "mlir/Conversion/SCFToEmitC/SCFToEmitC.h"
#include "mlir/Dialect/EmitC/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void zpl::buildPipeline(OpPassManager &pm, Stage stage, int optLevel) {
  // -O0 keeps one loop nest per statement; the communication optimisations
  // will key off optLevel too.
  if (stage == Stage::ZPL)
    return;
  pm.addPass(createInferStorage());
  pm.addPass(createGenerateCommunication());
  if (stage == Stage::Ironman)
    return;
  LowerToLoopsOptions lowerOpts;
  lowerOpts.fuse = optLevel >= 1;
  pm.addPass(createLowerToLoops(lowerOpts));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (stage == Stage::Loops)
    return;
  pm.addPass(createLegalizeForEmitC());
  pm.addPass(createSCFToEmitC());
  pm.addPass(createConvertArithToEmitC());
  pm.addPass(createConvertFuncToEmitC());
  pm.addPass(emitc::createFormExpressionsPass());
}

void zpl::registerPipelines() {
  PassPipelineRegistration<>(
      "zpl-to-emitc", "the whole zplc pipeline, from zpl to EmitC",
      [](OpPassManager &pm) { buildPipeline(pm, Stage::EmitC, 2); });
}
