//===- MathToLibC.cpp - math operations as C library calls ----------------===//
//
// zpl-math-to-libc: math operations become calls of the C library (math.h,
// which zplrt.h includes), `f`-suffixed for f32: upstream's math-to-emitc
// patterns where they exist, the patterns below for the others. Integer
// ones become arith code (absi) or a square-and-multiply loop (ipowi)
// since C has no integer power, and the arith min/max operations that
// arith-to-emitc leaves alone become fmax/fmin or a compare and a select.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Conversion/MathToEmitC/MathToEmitC.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

namespace zpl {
#define GEN_PASS_DEF_MATHTOLIBC
#include "passes/LoopsToEmitC/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

/// The C library function for a float math op (double version) that
/// upstream's math-to-emitc does not convert, or "".
StringRef cMathName(Operation *op) {
  return llvm::TypeSwitch<Operation *, StringRef>(op)
      .Case<math::SqrtOp>([](auto) { return "sqrt"; })
      .Case<math::CbrtOp>([](auto) { return "cbrt"; })
      .Case<math::Exp2Op>([](auto) { return "exp2"; })
      .Case<math::ExpM1Op>([](auto) { return "expm1"; })
      .Case<math::LogOp>([](auto) { return "log"; })
      .Case<math::Log10Op>([](auto) { return "log10"; })
      .Case<math::Log2Op>([](auto) { return "log2"; })
      .Case<math::Log1pOp>([](auto) { return "log1p"; })
      .Case<math::TanOp>([](auto) { return "tan"; })
      .Case<math::AtanOp>([](auto) { return "atan"; })
      .Case<math::SinhOp>([](auto) { return "sinh"; })
      .Case<math::CoshOp>([](auto) { return "cosh"; })
      .Case<math::TanhOp>([](auto) { return "tanh"; })
      .Case<math::AsinhOp>([](auto) { return "asinh"; })
      .Case<math::AcoshOp>([](auto) { return "acosh"; })
      .Case<math::AtanhOp>([](auto) { return "atanh"; })
      .Case<math::ErfOp>([](auto) { return "erf"; })
      .Case<math::ErfcOp>([](auto) { return "erfc"; })
      .Case<math::TruncOp>([](auto) { return "trunc"; })
      // Round half to even: the default rounding mode of nearbyint.
      .Case<math::RoundEvenOp>([](auto) { return "nearbyint"; })
      .Case<math::CopySignOp>([](auto) { return "copysign"; })
      .Case<math::FmaOp>([](auto) { return "fma"; })
      .Default([](Operation *) { return StringRef(); });
}

/// The arith min/max operations that arith-to-emitc leaves alone.
bool isMinMax(Operation *op) {
  return isa<arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp, arith::MinNumFOp,
             arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>(op);
}

Value callC(OpBuilder &b, Location loc, Type result, StringRef callee, ValueRange operands) {
  return emitc::CallOpaqueOp::create(b, loc, TypeRange(result), callee, operands).getResult(0);
}

/// `name` for f64, `namef` for f32.
std::string forFloat(StringRef name, Type t) { return (name + (t.isF32() ? "f" : "")).str(); }

/// The float operations of cMathName's table, for f32 and f64.
struct TableCall : RewritePattern {
  explicit TableCall(MLIRContext *ctx) : RewritePattern(MatchAnyOpTypeTag(), 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    StringRef name = cMathName(op);
    Type t = op->getNumResults() == 1 ? op->getResult(0).getType() : Type();
    if (name.empty() || !t || !(t.isF32() || t.isF64()))
      return failure();
    rewriter.replaceOp(op, callC(rewriter, op->getLoc(), t, forFloat(name, t), op->getOperands()));
    return success();
  }
};

/// rsqrt(x) = 1 / sqrt(x).
struct RsqrtToDivide : OpRewritePattern<math::RsqrtOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::RsqrtOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type t = op.getType();
    Value s = callC(rewriter, loc, t, forFloat("sqrt", t), op->getOperands());
    Value one = arith::ConstantOp::create(rewriter, loc, t, rewriter.getFloatAttr(t, 1.0));
    rewriter.replaceOpWithNewOp<arith::DivFOp>(op, one, s);
    return success();
  }
};

/// A float to an integer power: C's pow of the converted exponent.
struct FPowIToPow : OpRewritePattern<math::FPowIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::FPowIOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type t = op.getType();
    Value e = arith::SIToFPOp::create(rewriter, loc, t, op.getRhs());
    rewriter.replaceOp(op, callC(rewriter, loc, t, forFloat("pow", t), ValueRange{op.getLhs(), e}));
    return success();
  }
};

/// isnan, isinf, isfinite, isnormal: math.h's classification macros.
struct ClassifyCall : RewritePattern {
  explicit ClassifyCall(MLIRContext *ctx) : RewritePattern(MatchAnyOpTypeTag(), 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    StringRef fn = llvm::TypeSwitch<Operation *, StringRef>(op)
                       .Case<math::IsNaNOp>([](auto) { return "isnan"; })
                       .Case<math::IsInfOp>([](auto) { return "isinf"; })
                       .Case<math::IsFiniteOp>([](auto) { return "isfinite"; })
                       .Case<math::IsNormalOp>([](auto) { return "isnormal"; })
                       .Default([](auto) { return StringRef(); });
    if (fn.empty())
      return failure();
    rewriter.replaceOp(op, callC(rewriter, op->getLoc(), rewriter.getI1Type(), fn,
                                 op->getOperands()));
    return success();
  }
};

/// x < 0 ? -x : x (two's complement, like llabs without stdlib.h).
struct AbsIToSelect : OpRewritePattern<math::AbsIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::AbsIOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getOperand();
    Type t = x.getType();
    Value zero = arith::ConstantOp::create(rewriter, loc, t, rewriter.getIntegerAttr(t, 0));
    Value neg = arith::SubIOp::create(rewriter, loc, zero, x);
    Value lt = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, x, zero);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, lt, neg, x);
    return success();
  }
};

/// Reals: C's fmax/fmin (they differ from maximumf/minimumf only for NaN
/// and the sign of zero). Integers: a compare and a select.
struct MinMaxToC : RewritePattern {
  explicit MinMaxToC(MLIRContext *ctx) : RewritePattern(MatchAnyOpTypeTag(), 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    if (!isMinMax(op))
      return failure();
    Location loc = op->getLoc();
    Value x = op->getOperand(0), y = op->getOperand(1);
    Type t = x.getType();
    if (isa<FloatType>(t)) {
      bool isMax = isa<arith::MaximumFOp, arith::MaxNumFOp>(op);
      rewriter.replaceOp(op, callC(rewriter, loc, t, forFloat(isMax ? "fmax" : "fmin", t),
                                   ValueRange{x, y}));
      return success();
    }
    arith::CmpIPredicate pred =
        llvm::TypeSwitch<Operation *, arith::CmpIPredicate>(op)
            .Case<arith::MaxSIOp>([](auto) { return arith::CmpIPredicate::sgt; })
            .Case<arith::MinSIOp>([](auto) { return arith::CmpIPredicate::slt; })
            .Case<arith::MaxUIOp>([](auto) { return arith::CmpIPredicate::ugt; })
            .Default([](auto) { return arith::CmpIPredicate::ult; });
    Value pick = arith::CmpIOp::create(rewriter, loc, pred, x, y);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, pick, x, y);
    return success();
  }
};

/// base ** exp for integers: square and multiply while exp > 0; a negative
/// exponent gives 0 except for base 1 (1) and base -1 (+-1).
struct IPowIToLoop : OpRewritePattern<math::IPowIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::IPowIOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value base = op.getLhs(), exp = op.getRhs();
    Type t = base.getType();
    auto cst = [&](int64_t v) {
      return arith::ConstantOp::create(rewriter, loc, t, rewriter.getIntegerAttr(t, v))
          .getResult();
    };
    auto lv = emitc::LValueType::get(t);
    Value r = emitc::VariableOp::create(rewriter, loc, lv, rewriter.getIntegerAttr(t, 1));
    Value b = emitc::VariableOp::create(rewriter, loc, lv, rewriter.getIntegerAttr(t, 0));
    Value e = emitc::VariableOp::create(rewriter, loc, lv, rewriter.getIntegerAttr(t, 0));
    emitc::AssignOp::create(rewriter, loc, b, base);
    emitc::AssignOp::create(rewriter, loc, e, exp);
    Value zero = cst(0), one = cst(1), minusOne = cst(-1);
    auto loop = scf::WhileOp::create(rewriter, loc, TypeRange(), ValueRange());
    squareAndMultiply(loop, r, b, e, zero, one);
    rewriter.setInsertionPointAfter(loop);
    Value pos = emitc::LoadOp::create(rewriter, loc, t, r);
    auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) {
      return arith::CmpIOp::create(rewriter, loc, p, x, y).getResult();
    };
    Value isOne = cmp(arith::CmpIPredicate::eq, base, one);
    Value isMinusOne = cmp(arith::CmpIPredicate::eq, base, minusOne);
    Value expOdd = cmp(arith::CmpIPredicate::ne, arith::AndIOp::create(rewriter, loc, exp, one),
                       zero);
    Value signed1 = arith::SelectOp::create(rewriter, loc, expOdd, minusOne, one);
    Value neg = arith::SelectOp::create(
        rewriter, loc, isOne, one,
        arith::SelectOp::create(rewriter, loc, isMinusOne, signed1, zero));
    Value expNeg = cmp(arith::CmpIPredicate::slt, exp, zero);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, expNeg, neg, pos);
    return success();
  }

  /// The loop's regions: while (e > 0) { if (e & 1) r *= b; b *= b; e >>= 1; }
  static void squareAndMultiply(scf::WhileOp loop, Value r, Value b, Value e, Value zero,
                                Value one) {
    Location loc = loop.getLoc();
    Type t = zero.getType();
    OpBuilder before = OpBuilder::atBlockEnd(&loop.getBefore().emplaceBlock());
    Value ev = emitc::LoadOp::create(before, loc, t, e);
    Value c = arith::CmpIOp::create(before, loc, arith::CmpIPredicate::sgt, ev, zero);
    scf::ConditionOp::create(before, loc, c, ValueRange());
    OpBuilder after = OpBuilder::atBlockEnd(&loop.getAfter().emplaceBlock());
    ev = emitc::LoadOp::create(after, loc, t, e);
    Value bv = emitc::LoadOp::create(after, loc, t, b);
    Value low = arith::AndIOp::create(after, loc, ev, one);
    Value odd = arith::CmpIOp::create(after, loc, arith::CmpIPredicate::ne, low, zero);
    auto ifOp = scf::IfOp::create(after, loc, TypeRange(), odd, /*withElseRegion=*/false);
    OpBuilder then = ifOp.getThenBodyBuilder();
    Value rv = emitc::LoadOp::create(then, loc, t, r);
    emitc::AssignOp::create(then, loc, r, arith::MulIOp::create(then, loc, rv, bv));
    emitc::AssignOp::create(after, loc, b, arith::MulIOp::create(after, loc, bv, bv));
    emitc::AssignOp::create(after, loc, e, arith::ShRSIOp::create(after, loc, ev, one));
    scf::YieldOp::create(after, loc, ValueRange());
  }
};

struct MathToLibCPass : zpl::impl::MathToLibCBase<MathToLibCPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    // Upstream's C library calls first (fabs, exp, sin, cos, asin, acos,
    // floor, ceil, round, pow, atan2), then the rest.
    RewritePatternSet upstream(ctx);
    populateConvertMathToEmitCPatterns(upstream, emitc::LanguageTarget::c99);
    walkAndApplyPatterns(getOperation(), FrozenRewritePatternSet(std::move(upstream)));
    RewritePatternSet patterns(ctx);
    patterns.add<TableCall, RsqrtToDivide, FPowIToPow, ClassifyCall, AbsIToSelect, MinMaxToC,
                 IPowIToLoop>(ctx);
    walkAndApplyPatterns(getOperation(), FrozenRewritePatternSet(std::move(patterns)));
    WalkResult left = getOperation()->walk([](Operation *op) {
      if (!isa<math::MathDialect>(op->getDialect()) && !isMinMax(op))
        return WalkResult::advance();
      if (!cMathName(op).empty())
        op->emitError("no C function for this type: ") << op->getResult(0).getType();
      else
        op->emitError("no C equivalent for this math operation");
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
