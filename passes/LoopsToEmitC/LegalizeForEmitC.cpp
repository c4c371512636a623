//===- LegalizeForEmitC.cpp - prepare lowered code for EmitC --------------===//
//
// Runs after zpl-lower-to-loops and before the upstream conversions to EmitC:
//   * run-time checks of the front end (cf.assert, e.g. a loop step) become
//     `if (!cond) zrt_fail_at("file:line:col", "message");`;
//   * integer divisions and remainders whose divisor may be 0 (or -1, for
//     INT64_MIN / -1) become calls of zplrt.h's checked zrt_div_i64 and
//     zrt_rem_i64, which name the source position in their error;
//   * shifts whose amount may lie outside 0..63 (C leaves them undefined)
//     become calls of zplrt.h's checked zrt_shl_i64 and zrt_shr_i64, which
//     also name the source position;
//   * math operations become calls of the C library (math.h, which zplrt.h
//     includes), `f`-suffixed for f32: upstream's math-to-emitc patterns
//     where they exist, a table for the others; integer ones become arith
//     code (absi) or a square-and-multiply loop (ipowi) since C has no
//     integer power;
//   * the constant INT64_MIN is spelled so (C has no literal for it);
//   * the module gets `#include "zplrt.h"` and `#include "ironman.h"`;
//   * scf is converted to emitc here (with the upstream patterns, so the
//     later convert-scf-to-emitc finds nothing left) and the leftovers of
//     that conversion that C compilers warn about under -Wall -Werror are
//     removed: loads of loop results nobody uses (unused variables),
//     variables that are only ever assigned (set but unused) and unused
//     results of opaque calls, and whatever becomes dead with them;
//   * the result of a procedure call used after other side effects is kept
//     in a variable: --form-expressions would otherwise move the call into
//     its user's expression, past those effects
//     (`x = f(a); zrt_array_free(a); return x + 1` -> `return f(a) + 1`).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Conversion/FuncToEmitC/FuncToEmitC.h"
#include "mlir/Conversion/MathToEmitC/MathToEmitC.h"
#include "mlir/Conversion/SCFToEmitC/SCFToEmitC.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/EmitC/Transforms/TypeConversions.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

namespace zpl {
#define GEN_PASS_DEF_LEGALIZEFOREMITC
#include "passes/LoopsToEmitC/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

/// The C library function for a float math op (double version) that
/// upstream's math-to-emitc does not convert (lowerMath runs that first),
/// or "".
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

class Legalizer {
public:
  explicit Legalizer(ModuleOp module)
      : module(module), ctx(module.getContext()) {}

  LogicalResult run() {
    applyRunTimeChecks();
    if (failed(lowerMath()))
      return failure();
    spellInt64Min();
    addIncludes();
    dropUnusedCallResults();
    parenthesizeBitwiseOperands();
    if (failed(convertSCF()))
      return failure();
    cleanup();
    if (failed(convertFuncs()))
      return failure();
    pinCallResults();
    declareFunctions();
    return success();
  }

private:
  Value call(OpBuilder &b, Location loc, Type result, StringRef callee,
             ValueRange operands) {
    return emitc::CallOpaqueOp::create(b, loc, TypeRange(result), callee,
                                       operands)
        .getResult(0);
  }

  void applyRunTimeChecks();
  void spellInt64Min();
  LogicalResult lowerMath();
  Value lowerIPowI(OpBuilder &b, Location loc, Value base, Value exp);
  void addIncludes();
  void dropUnusedCallResults();
  void parenthesizeBitwiseOperands();
  static bool isMinMax(Operation *op);
  Value lowerMinMax(OpBuilder &b, Location loc, Operation *op);
  LogicalResult convertSCF();
  LogicalResult convertFuncs();
  void declareFunctions();
  void cleanup();
  void pinCallResults();

  ModuleOp module;
  MLIRContext *ctx;
};

/// "file:line:col" of the first file position in `loc`, as a C string
/// literal.
static std::string sourcePositionLiteral(Location loc) {
  return zpl::cStringLiteral(zpl::sourcePosition(loc));
}

/// Replaces `op` (two operands, one result) by a call of the runtime's
/// checked twin `callee(a, b, "file:line:col")`.
static void replaceByCheckedCall(PatternRewriter &rewriter, Operation *op,
                                 StringRef callee) {
  ArrayAttr args = rewriter.getArrayAttr(
      {rewriter.getIndexAttr(0), rewriter.getIndexAttr(1),
       emitc::OpaqueAttr::get(op->getContext(), sourcePositionLiteral(op->getLoc()))});
  rewriter.replaceOpWithNewOp<emitc::CallOpaqueOp>(op, TypeRange(op->getResult(0).getType()),
                                                   callee, op->getOperands(), args);
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
/// `isSafe` accepts by a call of the runtime's checked twin (C leaves the
/// operation undefined for some right operands).
template <typename Op> struct CheckedCall : OpRewritePattern<Op> {
  CheckedCall(MLIRContext *ctx, StringRef callee, bool (*isSafe)(const APInt &))
      : OpRewritePattern<Op>(ctx), callee(callee), isSafe(isSafe) {}
  LogicalResult matchAndRewrite(Op op, PatternRewriter &rewriter) const override {
    if (!op.getType().isInteger(64))
      return failure();
    APInt rhs;
    if (matchPattern(op.getRhs(), m_ConstantInt(&rhs)) && isSafe(rhs))
      return failure();
    replaceByCheckedCall(rewriter, op, callee);
    return success();
  }
  StringRef callee;
  bool (*isSafe)(const APInt &);
};

/// Signed integer `/` and `%` are undefined in C for a zero divisor and for
/// INT64_MIN / -1: zrt_div_i64(a, b, "file:line:col") and zrt_rem_i64 stop
/// the program with one line naming the source position. Divisors that are
/// constants other than 0 and -1 need no check.
bool isSafeDivisor(const APInt &d) { return !d.isZero() && !d.isAllOnes(); }

/// Shifts of i64 (bsl, bsr) are undefined in C by an amount outside 0..63:
/// zrt_shl_i64(a, n, "file:line:col") and zrt_shr_i64 stop the program with
/// one line naming the source position. Constant amounts in range are left
/// to the upstream conversion (C's `<<` on the unsigned value, `>>`).
bool isSafeShift(const APInt &n) { return n.ult(64); }

/// The C literal -9223372036854775808 is the negation of a constant too
/// large for any signed type (compilers warn that it is unsigned): an i64
/// constant of that value (bsl(1, 63), -9223372036854775807 - 1 folded)
/// becomes stdint.h's INT64_MIN. Applied after the checks, whose constant
/// divisors and shift amounts it would hide.
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

/// The run-time checks C needs: failed assertions, divisions and shifts.
void Legalizer::applyRunTimeChecks() {
  RewritePatternSet patterns(ctx);
  patterns.add<AssertToFailAt>(ctx);
  patterns.add<CheckedCall<arith::DivSIOp>>(ctx, "zrt_div_i64", isSafeDivisor);
  patterns.add<CheckedCall<arith::RemSIOp>>(ctx, "zrt_rem_i64", isSafeDivisor);
  patterns.add<CheckedCall<arith::ShLIOp>>(ctx, "zrt_shl_i64", isSafeShift);
  patterns.add<CheckedCall<arith::ShRSIOp>>(ctx, "zrt_shr_i64", isSafeShift);
  walkAndApplyPatterns(module, FrozenRewritePatternSet(std::move(patterns)));
}

void Legalizer::spellInt64Min() {
  RewritePatternSet patterns(ctx);
  patterns.add<SpellInt64Min>(ctx);
  walkAndApplyPatterns(module, FrozenRewritePatternSet(std::move(patterns)));
}

LogicalResult Legalizer::lowerMath() {
  // The C library calls upstream's math-to-emitc knows (fabs, exp, sin,
  // cos, asin, acos, floor, ceil, round, pow, atan2: C99 names,
  // `f`-suffixed for f32); the rest below.
  RewritePatternSet upstream(ctx);
  populateConvertMathToEmitCPatterns(upstream, emitc::LanguageTarget::c99);
  walkAndApplyPatterns(module, FrozenRewritePatternSet(std::move(upstream)));
  SmallVector<Operation *> ops;
  module.walk([&](Operation *op) {
    if (isa<math::MathDialect>(op->getDialect()) || isMinMax(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value repl;
    if (StringRef name = cMathName(op); !name.empty()) {
      Type t = op->getResult(0).getType();
      std::string fn = name.str();
      if (t.isF32())
        fn += "f";
      else if (!t.isF64())
        return op->emitError("no C function for this type: ") << t;
      repl = call(b, loc, t, fn, op->getOperands());
    } else if (isa<math::RsqrtOp>(op)) {
      Type t = op->getResult(0).getType();
      Value s = call(b, loc, t, t.isF32() ? "sqrtf" : "sqrt",
                     op->getOperands());
      Value one = arith::ConstantOp::create(b, loc, t, b.getFloatAttr(t, 1.0));
      repl = arith::DivFOp::create(b, loc, one, s);
    } else if (auto fp = dyn_cast<math::FPowIOp>(op)) {
      Type t = fp.getType();
      Value e = arith::SIToFPOp::create(b, loc, t, fp.getRhs());
      repl = call(b, loc, t, t.isF32() ? "powf" : "pow",
                  ValueRange{fp.getLhs(), e});
    } else if (isa<math::IsNaNOp, math::IsInfOp, math::IsFiniteOp,
                   math::IsNormalOp>(op)) {
      StringRef fn = llvm::TypeSwitch<Operation *, StringRef>(op)
                         .Case<math::IsNaNOp>([](auto) { return "isnan"; })
                         .Case<math::IsInfOp>([](auto) { return "isinf"; })
                         .Case<math::IsFiniteOp>([](auto) { return "isfinite"; })
                         .Default([](auto) { return "isnormal"; });
      repl = call(b, loc, b.getI1Type(), fn, op->getOperands());
    } else if (auto ab = dyn_cast<math::AbsIOp>(op)) {
      // x < 0 ? -x : x (two's complement, like llabs without stdlib.h).
      Value x = ab.getOperand();
      Type t = x.getType();
      Value zero = arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, 0));
      Value neg = arith::SubIOp::create(b, loc, zero, x);
      Value lt = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x,
                                       zero);
      repl = arith::SelectOp::create(b, loc, lt, neg, x);
    } else if (auto ip = dyn_cast<math::IPowIOp>(op)) {
      repl = lowerIPowI(b, loc, ip.getLhs(), ip.getRhs());
    } else if (isMinMax(op)) {
      repl = lowerMinMax(b, loc, op);
    } else {
      return op->emitError("no C equivalent for this math operation");
    }
    op->getResult(0).replaceAllUsesWith(repl);
    op->erase();
  }
  return success();
}

/// The arith min/max operations that arith-to-emitc leaves alone.
bool Legalizer::isMinMax(Operation *op) {
  return isa<arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
             arith::MinNumFOp, arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp,
             arith::MinUIOp>(op);
}

/// Reals: C's fmax/fmin (they differ from maximumf/minimumf only for NaN and
/// the sign of zero). Integers: a compare and a select.
Value Legalizer::lowerMinMax(OpBuilder &b, Location loc, Operation *op) {
  Value x = op->getOperand(0), y = op->getOperand(1);
  Type t = x.getType();
  if (isa<FloatType>(t)) {
    bool isMax = isa<arith::MaximumFOp, arith::MaxNumFOp>(op);
    std::string fn = isMax ? "fmax" : "fmin";
    if (t.isF32())
      fn += "f";
    return call(b, loc, t, fn, ValueRange{x, y});
  }
  arith::CmpIPredicate pred =
      llvm::TypeSwitch<Operation *, arith::CmpIPredicate>(op)
          .Case<arith::MaxSIOp>([](auto) { return arith::CmpIPredicate::sgt; })
          .Case<arith::MinSIOp>([](auto) { return arith::CmpIPredicate::slt; })
          .Case<arith::MaxUIOp>([](auto) { return arith::CmpIPredicate::ugt; })
          .Default([](auto) { return arith::CmpIPredicate::ult; });
  Value pick = arith::CmpIOp::create(b, loc, pred, x, y);
  return arith::SelectOp::create(b, loc, pick, x, y);
}

/// base ** exp for integers: square and multiply while exp > 0; a negative
/// exponent gives 0 except for base 1 (1) and base -1 (+-1).
Value Legalizer::lowerIPowI(OpBuilder &b, Location loc, Value base,
                            Value exp) {
  Type t = base.getType();
  auto cst = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, v))
        .getResult();
  };
  auto lv = emitc::LValueType::get(t);
  Value r = emitc::VariableOp::create(b, loc, lv, b.getIntegerAttr(t, 1));
  Value bb = emitc::VariableOp::create(b, loc, lv, b.getIntegerAttr(t, 0));
  Value e = emitc::VariableOp::create(b, loc, lv, b.getIntegerAttr(t, 0));
  emitc::AssignOp::create(b, loc, bb, base);
  emitc::AssignOp::create(b, loc, e, exp);
  Value zero = cst(0), one = cst(1), minusOne = cst(-1);
  auto loop = scf::WhileOp::create(b, loc, TypeRange(), ValueRange());
  {
    Block *before = b.createBlock(&loop.getBefore());
    OpBuilder bb2 = OpBuilder::atBlockEnd(before);
    Value ev = emitc::LoadOp::create(bb2, loc, t, e);
    Value c = arith::CmpIOp::create(bb2, loc, arith::CmpIPredicate::sgt, ev,
                                    zero);
    scf::ConditionOp::create(bb2, loc, c, ValueRange());
  }
  {
    Block *after = b.createBlock(&loop.getAfter());
    OpBuilder ab = OpBuilder::atBlockEnd(after);
    Value ev = emitc::LoadOp::create(ab, loc, t, e);
    Value bv = emitc::LoadOp::create(ab, loc, t, bb);
    Value low = arith::AndIOp::create(ab, loc, ev, one);
    Value odd = arith::CmpIOp::create(ab, loc, arith::CmpIPredicate::ne, low,
                                      zero);
    auto ifOp = scf::IfOp::create(ab, loc, TypeRange(), odd,
                                  /*withElseRegion=*/false);
    {
      OpBuilder ib = ifOp.getThenBodyBuilder();
      Value rv = emitc::LoadOp::create(ib, loc, t, r);
      emitc::AssignOp::create(ib, loc, r,
                              arith::MulIOp::create(ib, loc, rv, bv));
    }
    emitc::AssignOp::create(ab, loc, bb,
                            arith::MulIOp::create(ab, loc, bv, bv));
    emitc::AssignOp::create(ab, loc, e,
                            arith::ShRSIOp::create(ab, loc, ev, one));
    scf::YieldOp::create(ab, loc, ValueRange());
  }
  b.setInsertionPointAfter(loop);
  Value pos = emitc::LoadOp::create(b, loc, t, r);
  // Negative exponent.
  Value isOne = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, base,
                                      one);
  Value isMinusOne = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           base, minusOne);
  Value expOdd = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne, arith::AndIOp::create(b, loc, exp, one),
      zero);
  Value signed1 = arith::SelectOp::create(b, loc, expOdd, minusOne, one);
  Value neg = arith::SelectOp::create(
      b, loc, isOne, one, arith::SelectOp::create(b, loc, isMinusOne, signed1, zero));
  Value expNeg = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, exp,
                                       zero);
  return arith::SelectOp::create(b, loc, expNeg, neg, pos);
}

void Legalizer::addIncludes() {
  llvm::StringSet<> have;
  for (auto inc : module.getOps<emitc::IncludeOp>())
    have.insert(inc.getInclude());
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  for (StringRef h : {"zplrt.h", "ironman.h"})
    if (!have.contains(h))
      emitc::IncludeOp::create(b, module.getLoc(), h,
                               /*is_standard_include=*/false);
  // Row copies of array statements use memmove.
  bool usesMemmove = false;
  module.walk([&](emitc::CallOpaqueOp c) {
    usesMemmove |= c.getCallee() == "memmove";
  });
  if (usesMemmove && !have.contains("string.h"))
    emitc::IncludeOp::create(b, module.getLoc(), "string.h",
                             /*is_standard_include=*/true);
}

/// `bool v1 = zp_f();` with v1 unused is an unused variable in C: a call
/// whose results are all unused becomes an opaque call without results.
void Legalizer::dropUnusedCallResults() {
  SmallVector<func::CallOp> calls;
  module.walk([&](func::CallOp c) {
    if (c->getNumResults() > 0 && c->use_empty())
      calls.push_back(c);
  });
  for (func::CallOp c : calls) {
    OpBuilder b(c);
    emitc::CallOpaqueOp::create(b, c.getLoc(), TypeRange(), c.getCallee(),
                                c.getOperands());
    c->erase();
  }
}

/// C prints `a | b > c` and `a & b + c` without parentheses (precedence
/// allows it) and -Wall (-Wparentheses) rejects them: an operand of a
/// bitwise or shift operation that is itself an operator expression is
/// kept in a variable, `bool t = b > c; ... a | t`.
void Legalizer::parenthesizeBitwiseOperands() {
  SmallVector<OpOperand *> operands;
  module.walk([&](Operation *op) {
    if (!isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::ShLIOp,
             arith::ShRSIOp, arith::ShRUIOp>(op))
      return;
    for (OpOperand &o : op->getOpOperands()) {
      Operation *def = o.get().getDefiningOp();
      if (!def || isa<arith::ConstantOp>(def))
        continue;
      if (isa<arith::ArithDialect>(def->getDialect()) ||
          isa<emitc::CmpOp, emitc::ConditionalOp, emitc::AddOp, emitc::SubOp,
              emitc::MulOp, emitc::DivOp, emitc::RemOp>(def))
        operands.push_back(&o);
    }
  });
  for (OpOperand *o : operands) {
    Operation *user = o->getOwner();
    Value v = o->get();
    OpBuilder b(user);
    Value var = emitc::VariableOp::create(
        b, user->getLoc(), emitc::LValueType::get(v.getType()),
        emitc::OpaqueAttr::get(ctx, ""));
    emitc::AssignOp::create(b, user->getLoc(), var, v);
    o->set(emitc::LoadOp::create(b, user->getLoc(), v.getType(), var));
  }
}

/// The same conversion as upstream convert-scf-to-emitc.
LogicalResult Legalizer::convertSCF() {
  TypeConverter typeConverter;
  typeConverter.addConversion([](Type type) -> std::optional<Type> {
    if (!emitc::isSupportedEmitCType(type))
      return {};
    return type;
  });
  populateEmitCSizeTTypeConversions(typeConverter);
  RewritePatternSet patterns(ctx);
  populateSCFToEmitCConversionPatterns(patterns, typeConverter);
  ConversionTarget target(*ctx);
  target.addIllegalOp<scf::ForOp, scf::IfOp, scf::IndexSwitchOp,
                      scf::WhileOp>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  return applyPartialConversion(module, target, std::move(patterns));
}

/// An opaque call that names one value twice, `f(%a, %b, %a)`, is rebuilt
/// as `f(%a, %b)` with args [0, 1, 0]: --form-expressions would otherwise
/// wrap it in an emitc.expression whose printed form cannot be parsed back
/// (a duplicated region entry argument).
static void dedupeCallOperands(ModuleOp module) {
  SmallVector<emitc::CallOpaqueOp> calls;
  module.walk([&](emitc::CallOpaqueOp c) {
    llvm::SmallPtrSet<void *, 8> seen;
    for (Value v : c.getOperands())
      if (!seen.insert(v.getAsOpaquePointer()).second) {
        calls.push_back(c);
        return;
      }
  });
  for (emitc::CallOpaqueOp c : calls) {
    OpBuilder b(c);
    SmallVector<Value> operands;
    auto indexOf = [&](Value v) -> int64_t {
      for (auto [i, o] : llvm::enumerate(operands))
        if (o == v)
          return i;
      operands.push_back(v);
      return operands.size() - 1;
    };
    SmallVector<Attribute> args;
    if (ArrayAttr old = c.getArgsAttr()) {
      for (Attribute a : old) {
        auto ia = dyn_cast<IntegerAttr>(a);
        if (ia && isa<IndexType>(ia.getType()))
          args.push_back(b.getIndexAttr(indexOf(c.getOperand(ia.getInt()))));
        else
          args.push_back(a);
      }
    } else {
      for (Value v : c.getOperands())
        args.push_back(b.getIndexAttr(indexOf(v)));
    }
    auto n = emitc::CallOpaqueOp::create(b, c.getLoc(), c->getResultTypes(),
                                         c.getCallee(), operands,
                                         b.getArrayAttr(args),
                                         c.getTemplateArgsAttr());
    c->replaceAllUsesWith(n);
    c->erase();
  }
}

/// The same conversion as upstream convert-func-to-emitc, so that the
/// functions can be declared before they are defined.
LogicalResult Legalizer::convertFuncs() {
  TypeConverter typeConverter;
  typeConverter.addConversion([](Type type) -> std::optional<Type> {
    if (!emitc::isSupportedEmitCType(type))
      return {};
    return type;
  });
  RewritePatternSet patterns(ctx);
  populateFuncToEmitCPatterns(typeConverter, patterns);
  ConversionTarget target(*ctx);
  target.addIllegalOp<func::FuncOp, func::CallOp, func::ReturnOp>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  return applyPartialConversion(module, target, std::move(patterns));
}

void Legalizer::pinCallResults() {
  SmallVector<emitc::CallOp> calls;
  module.walk([&](emitc::CallOp c) {
    if (c->getNumResults() != 1 || !c->getResult(0).hasOneUse())
      return;
    Operation *user = *c->getResult(0).getUsers().begin();
    Operation *anc = c->getBlock()->findAncestorOpInBlock(*user);
    if (!anc)
      return;
    for (Operation *it = c->getNextNode(); it && it != anc;
         it = it->getNextNode())
      if (!isMemoryEffectFree(it)) {
        calls.push_back(c);
        return;
      }
  });
  for (emitc::CallOp c : calls) {
    Value r = c->getResult(0);
    OpBuilder b(c->getContext());
    b.setInsertionPointAfter(c);
    Value var = emitc::VariableOp::create(b, c.getLoc(),
                                          emitc::LValueType::get(r.getType()),
                                          emitc::OpaqueAttr::get(ctx, ""));
    auto assign = emitc::AssignOp::create(b, c.getLoc(), var, r);
    Value v = emitc::LoadOp::create(b, c.getLoc(), r.getType(), var);
    r.replaceAllUsesExcept(v, assign);
  }
}

/// C needs a function declared before its first call: every function gets
/// a prototype after the globals (so procedures may call each other in any
/// order, recursively too), and zpl_main, the program's entry (declared in
/// zplrt.h), comes first.
void Legalizer::declareFunctions() {
  SmallVector<emitc::FuncOp> funcs(module.getOps<emitc::FuncOp>());
  if (funcs.empty())
    return;
  OpBuilder b(funcs.front());
  for (emitc::FuncOp f : funcs)
    if (f.getSymName() != "zpl_main" && !f.isExternal())
      emitc::DeclareFuncOp::create(b, f.getLoc(), f.getSymName());
  for (emitc::FuncOp f : funcs)
    if (f.getSymName() == "zpl_main")
      f->moveBefore(funcs.front());
}

/// Removes what C compilers would report as unused under -Wall.
void Legalizer::cleanup() {
  dedupeCallOperands(module);
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> dead;
    SmallVector<emitc::CallOpaqueOp> unusedCalls;
    module.walk([&](Operation *op) {
      if (auto load = dyn_cast<emitc::LoadOp>(op)) {
        if (load->use_empty())
          dead.push_back(op);
        return;
      }
      if (auto var = dyn_cast<emitc::VariableOp>(op)) {
        // Only ever assigned: drop the variable and its assignments.
        bool onlyAssigned = llvm::all_of(var->getUses(), [](OpOperand &u) {
          auto assign = dyn_cast<emitc::AssignOp>(u.getOwner());
          return assign && assign.getVar() == u.get();
        });
        if (onlyAssigned) {
          for (Operation *user : llvm::to_vector(var->getUsers()))
            dead.push_back(user);
          dead.push_back(op);
        }
        return;
      }
      if (auto c = dyn_cast<emitc::CallOpaqueOp>(op)) {
        if (c->getNumResults() > 0 && c->use_empty())
          unusedCalls.push_back(c);
        return;
      }
      // emitc's operators have no side effects but do not say so: unused,
      // they would print as unused variables (e.g. a row displacement
      // computed for an access that shares another one's row).
      if (op->getNumResults() > 0 && op->use_empty() &&
          isa<emitc::AddOp, emitc::SubOp, emitc::MulOp, emitc::DivOp,
              emitc::RemOp, emitc::CmpOp, emitc::ConditionalOp,
              emitc::LogicalNotOp, emitc::LogicalAndOp, emitc::LogicalOrOp,
              emitc::CastOp, emitc::LiteralOp, emitc::ConstantOp,
              emitc::SubscriptOp>(op)) {
        dead.push_back(op);
        return;
      }
      if (op->getNumResults() > 0 && isOpTriviallyDead(op))
        dead.push_back(op);
    });
    for (emitc::CallOpaqueOp c : unusedCalls) {
      OpBuilder b(c);
      emitc::CallOpaqueOp::create(b, c.getLoc(), TypeRange(), c.getCallee(),
                                  c.getOperands(), c.getArgsAttr(),
                                  c.getTemplateArgsAttr());
      c->erase();
      changed = true;
    }
    // Users before definitions.
    llvm::DenseSet<Operation *> erased;
    for (Operation *op : dead) {
      if (erased.contains(op) || !op->use_empty())
        continue;
      erased.insert(op);
      op->erase();
      changed = true;
    }
  }
}

struct LegalizeForEmitCPass
    : zpl::impl::LegalizeForEmitCBase<LegalizeForEmitCPass> {
  void runOnOperation() override {
    Legalizer legalizer(getOperation());
    if (failed(legalizer.run()))
      signalPassFailure();
  }
};

} // namespace
