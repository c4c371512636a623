//===- LowerToLoops.cpp - zpl and ironman to loops and runtime calls ------===//
//
// zpl-lower-to-loops: a dialect conversion of the zpl and ironman dialects
// to func, scf, arith, math and emitc. prepareModule (ModuleSetup.cpp)
// builds what is global to the module; the patterns of this folder then
// lower each op, one file per op family: declarations and references
// (Declarations.cpp), regions (Regions.cpp), array statements and fused
// runs (Statements.cpp), reductions (Reductions.cpp), partial reductions,
// scans and floods (Collections.cpp), transfers (Transfers.cpp), output
// (IO.cpp), all on the loop nest of LoopNest.h and calling the runtime
// through the table RuntimeCalls.def. The zpl types become C types
// (ZPLTypeConverter) in function signatures and scf ops through the
// upstream structural conversions. The C ABI is runtime/include/zplrt.h
// and ironman.h.
//
//===----------------------------------------------------------------------===//

#include "passes/ZPLToLoops/Lowering.h"

#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"

namespace zpl {
#define GEN_PASS_DEF_LOWERTOLOOPS
#include "passes/ZPLToLoops/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace zpl::loops {
namespace {

/// An emitc op built before the patterns ran (in zpl_main, or a charge)
/// takes the lowered values of its zpl-typed operands.
struct EmitCOperandConversion : ConversionPattern {
  EmitCOperandConversion(const TypeConverter &types, MLIRContext *ctx)
      : ConversionPattern(types, MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<emitc::EmitCDialect>(op->getDialect()) || op->getNumRegions())
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op->setOperands(operands); });
    return success();
  }
};

void configureTarget(ConversionTarget &target, const ZPLTypeConverter &types) {
  target.addIllegalDialect<zpl::ZPLDialect, ironman::IronmanDialect>();
  target.addLegalDialect<arith::ArithDialect, math::MathDialect>();
  target.addLegalOp<ModuleOp>();
  target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp f) {
    return types.isSignatureLegal(f.getFunctionType()) &&
           types.isLegal(&f.getBody());
  });
  // emitc, func.call, func.return: legal once their types are.
  target.markUnknownOpDynamicallyLegal(
      [&](Operation *op) { return types.isLegal(op); });
}

struct LowerToLoopsPass : zpl::impl::LowerToLoopsBase<LowerToLoopsPass> {
  using LowerToLoopsBase::LowerToLoopsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    ZPLTypeConverter types(ctx);
    ModuleFacts facts;
    facts.reuseAlongRows = reuseAlongRows;
    if (failed(prepareModule(module, types, facts)))
      return signalPassFailure();
    groupRunTimeShifts(module, facts);

    ConversionTarget target(*ctx);
    configureTarget(target, types);
    RewritePatternSet patterns(ctx);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   types);
    populateReturnOpTypeConversionPattern(patterns, types);
    scf::populateSCFStructuralTypeConversionsAndLegality(types, patterns,
                                                         target);
    patterns.add<EmitCOperandConversion>(types, ctx);
    populateDeclarationPatterns(types, facts, patterns);
    populateRegionPatterns(types, facts, patterns);
    populateStatementPatterns(types, facts, patterns);
    populateReductionPatterns(types, facts, patterns);
    populateCollectPatterns(types, facts, patterns);
    populateTransferPatterns(types, facts, patterns);
    populateIOPatterns(types, facts, patterns);
    populateFamilyPatterns(types, facts, patterns);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    orderFunctions(module);
  }
};

} // namespace
} // namespace zpl::loops
