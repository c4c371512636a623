//===- CSpellings.cpp - what C spells differently or warns about ----------===//
//
// zpl-c-spellings, after zpl-math-to-libc:
//   * the constant INT64_MIN is spelled so (C has no literal for it);
//   * a procedure call whose results nobody uses has none (an unused
//     variable in C);
//   * an operand of a bitwise or shift operation that is itself an operator
//     expression is kept in a variable (-Wparentheses).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace zpl {
#define GEN_PASS_DEF_CSPELLINGS
#include "passes/LoopsToEmitC/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

/// The C literal -9223372036854775808 is the negation of a constant too
/// large for any signed type (compilers warn that it is unsigned): an i64
/// constant of that value (bsl(1, 63), -9223372036854775807 - 1 folded)
/// becomes stdint.h's INT64_MIN. It runs after zpl-c-run-time-checks,
/// whose constant divisors and shift amounts it would hide.
struct SpellInt64Min : OpRewritePattern<arith::ConstantOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ConstantOp c, PatternRewriter &rewriter) const override {
    auto v = dyn_cast<IntegerAttr>(c.getValue());
    if (!v || !c.getType().isInteger(64) || !v.getValue().isMinSignedValue())
      return failure();
    rewriter.replaceOpWithNewOp<emitc::ConstantOp>(
        c, c.getType(), emitc::OpaqueAttr::get(getContext(), "INT64_MIN"));
    return success();
  }
};

/// `bool v1 = zp_f();` with v1 unused is an unused variable in C: a call
/// whose results are all unused becomes an opaque call without results.
struct DropUnusedCallResults : OpRewritePattern<func::CallOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(func::CallOp c, PatternRewriter &rewriter) const override {
    if (c->getNumResults() == 0 || !c->use_empty())
      return failure();
    emitc::CallOpaqueOp::create(rewriter, c.getLoc(), TypeRange(), c.getCallee(),
                                c.getOperands());
    rewriter.eraseOp(c);
    return success();
  }
};

/// C prints `a | b > c` and `a & b + c` without parentheses (precedence
/// allows it) and -Wall (-Wparentheses) rejects them: such an operand is
/// kept in a variable, `bool t = b > c; ... a | t`.
struct ParenthesizeBitwiseOperands : RewritePattern {
  explicit ParenthesizeBitwiseOperands(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), 1, ctx) {}

  static bool isOperatorExpression(Value v) {
    Operation *def = v.getDefiningOp();
    if (!def || isa<arith::ConstantOp>(def))
      return false;
    return isa<arith::ArithDialect>(def->getDialect()) ||
           isa<emitc::CmpOp, emitc::ConditionalOp, emitc::AddOp, emitc::SubOp, emitc::MulOp,
               emitc::DivOp, emitc::RemOp>(def);
  }

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    if (!isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::ShLIOp, arith::ShRSIOp,
             arith::ShRUIOp>(op) ||
        llvm::none_of(op->getOperands(), isOperatorExpression))
      return failure();
    Location loc = op->getLoc();
    rewriter.modifyOpInPlace(op, [&] {
      for (OpOperand &o : op->getOpOperands()) {
        Value v = o.get();
        if (!isOperatorExpression(v))
          continue;
        Value var = emitc::VariableOp::create(rewriter, loc, emitc::LValueType::get(v.getType()),
                                              emitc::OpaqueAttr::get(getContext(), ""));
        emitc::AssignOp::create(rewriter, loc, var, v);
        o.set(emitc::LoadOp::create(rewriter, loc, v.getType(), var));
      }
    });
    return success();
  }
};

struct CSpellingsPass : zpl::impl::CSpellingsBase<CSpellingsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    patterns.add<SpellInt64Min, DropUnusedCallResults, ParenthesizeBitwiseOperands>(ctx);
    walkAndApplyPatterns(getOperation(), FrozenRewritePatternSet(std::move(patterns)));
  }
};

} // namespace
