//===- RunTimeChecks.cpp - the run-time checks C needs --------------------===//
//
// zpl-c-run-time-checks, the first step towards C:
//   * run-time checks of the front end (cf.assert, e.g. a loop step) become
//     `if (!cond) zrt_fail_at("file:line:col", "message");`;
//   * integer divisions and remainders whose divisor may be 0 (or -1, for
//     INT64_MIN / -1) become calls of zplrt.h's checked zrt_div_i64 and
//     zrt_rem_i64, which name the source position in their error;
//   * shifts whose amount may lie outside 0..63 (C leaves them undefined)
//     become calls of zplrt.h's checked zrt_shl_i64 and zrt_shr_i64, which
//     also name the source position.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace zpl {
#define GEN_PASS_DEF_CRUNTIMECHECKS
#include "passes/LoopsToEmitC/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

/// "file:line:col" of the first file position in `loc`, as a C string
/// literal.
std::string sourcePositionLiteral(Location loc) {
  return zpl::cStringLiteral(zpl::sourcePosition(loc));
}

/// cf.assert(cond, msg) becomes `if (!cond) zrt_fail_at("file:l:c", msg);`:
/// the program stops with one line naming the source position.
struct AssertToFailAt : OpRewritePattern<cf::AssertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(cf::AssertOp a, PatternRewriter &rewriter) const override {
    Location loc = a.getLoc();
    Value yes = arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true));
    Value broken = arith::XOrIOp::create(rewriter, loc, a.getArg(), yes);
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange(), broken,
                                  /*withElseRegion=*/false);
    OpBuilder tb = ifOp.getThenBodyBuilder();
    ArrayAttr args = tb.getArrayAttr(
        {emitc::OpaqueAttr::get(getContext(), sourcePositionLiteral(loc)),
         emitc::OpaqueAttr::get(getContext(), zpl::cStringLiteral(a.getMsg()))});
    emitc::CallOpaqueOp::create(tb, loc, TypeRange(), "zrt_fail_at", ValueRange(), args);
    rewriter.eraseOp(a);
    return success();
  }
};

/// Replaces an i64 `op` whose right operand is not a constant that
/// `isSafe` accepts by a call of the runtime's checked twin
/// `callee(a, b, "file:line:col")` (C leaves the operation undefined for
/// some right operands).
template <typename Op> struct CheckedCall : OpRewritePattern<Op> {
  CheckedCall(MLIRContext *ctx, StringRef callee, bool (*isSafe)(const APInt &))
      : OpRewritePattern<Op>(ctx), callee(callee), isSafe(isSafe) {}
  LogicalResult matchAndRewrite(Op op, PatternRewriter &rewriter) const override {
    if (!op.getType().isInteger(64))
      return failure();
    APInt rhs;
    if (matchPattern(op.getRhs(), m_ConstantInt(&rhs)) && isSafe(rhs))
      return failure();
    ArrayAttr args = rewriter.getArrayAttr(
        {rewriter.getIndexAttr(0), rewriter.getIndexAttr(1),
         emitc::OpaqueAttr::get(op->getContext(), sourcePositionLiteral(op->getLoc()))});
    rewriter.replaceOpWithNewOp<emitc::CallOpaqueOp>(op, TypeRange(op.getType()), callee,
                                                     op->getOperands(), args);
    return success();
  }
  StringRef callee;
  bool (*isSafe)(const APInt &);
};

/// Signed integer `/` and `%` are undefined in C for a zero divisor and for
/// INT64_MIN / -1. Divisors that are constants other than 0 and -1 need no
/// check.
bool isSafeDivisor(const APInt &d) { return !d.isZero() && !d.isAllOnes(); }

/// Shifts of i64 (bsl, bsr) are undefined in C by an amount outside 0..63.
/// Constant amounts in range are left to the upstream conversion (C's `<<`
/// on the unsigned value, `>>`).
bool isSafeShift(const APInt &n) { return n.ult(64); }

struct CRunTimeChecksPass : zpl::impl::CRunTimeChecksBase<CRunTimeChecksPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    patterns.add<AssertToFailAt>(ctx);
    patterns.add<CheckedCall<arith::DivSIOp>>(ctx, "zrt_div_i64", isSafeDivisor);
    patterns.add<CheckedCall<arith::RemSIOp>>(ctx, "zrt_rem_i64", isSafeDivisor);
    patterns.add<CheckedCall<arith::ShLIOp>>(ctx, "zrt_shl_i64", isSafeShift);
    patterns.add<CheckedCall<arith::ShRSIOp>>(ctx, "zrt_shr_i64", isSafeShift);
    walkAndApplyPatterns(getOperation(), FrozenRewritePatternSet(std::move(patterns)));
  }
};

} // namespace
