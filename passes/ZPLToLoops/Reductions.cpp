//===- Reductions.cpp - full reductions -----------------------------------===//
//
// `op<< expr` over a region (zpl.reduce) becomes a loop nest accumulating
// the body's values from the operator's identity (guarded by the mask, if
// any), and `zrt_allreduce_<T>(op, partial)`, which combines the PEs'
// partial results. The accumulator has a form C compilers vectorise at
// -O3 without fast-math flags: floating-point max and min keep the
// maximum (minimum) of order keys, integers (zplrt.h, docs/codegen.md);
// boolean reductions a byte. Floating-point + and * keep their sequential
// order (row-major over each PE's tiles).
//
//===----------------------------------------------------------------------===//

#include "passes/ZPLToLoops/LoopNest.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <limits>

using namespace mlir;

namespace zpl::loops {

/// Whether a reduction of `kind` over `t` accumulates order keys: floating-
/// point max and min (zplrt.h).
static bool usesKeys(zpl::ReduceKind kind, Type t) {
  return isa<FloatType>(t) &&
         (kind == zpl::ReduceKind::Max || kind == zpl::ReduceKind::Min);
}

Type reduceAccType(zpl::ReduceKind kind, Type t) {
  if (usesKeys(kind, t))
    return IntegerType::get(t.getContext(), t.isF32() ? 32 : 64);
  if (t.isInteger(1))
    return IntegerType::get(t.getContext(), 8);
  return t;
}

/// The key of `v` (of float type `t`) for a max or min reduction. The max
/// of an absolute value keys on its bits (zrt_max_key_abs_f64).
static Value orderKey(OpBuilder &b, Location loc, zpl::ReduceKind kind, Type t,
                      Value v) {
  bool isMax = kind == zpl::ReduceKind::Max;
  bool f32 = t.isF32();
  RuntimeFn fn = f32 ? (isMax ? RuntimeFn::MaxKeyF32 : RuntimeFn::MinKeyF32)
                     : (isMax ? RuntimeFn::MaxKeyF64 : RuntimeFn::MinKeyF64);
  if (isMax && v.getDefiningOp<math::AbsFOp>())
    fn = f32 ? RuntimeFn::MaxKeyAbsF32 : RuntimeFn::MaxKeyAbsF64;
  return callRuntime(b, loc, fn, {v});
}

FailureOr<Value> reduceIdentity(OpBuilder &b, Location loc, zpl::ReduceOp op) {
  Type t = op.getType();
  zpl::ReduceKind kind = op.getKind();
  TypedAttr identity;
  auto ft = dyn_cast<FloatType>(t);
  bool isBool = t.isInteger(1), is32 = t.isInteger(32);
  auto intId = [&](int64_t v) -> TypedAttr { return IntegerAttr::get(t, v); };
  auto infinity = [&](bool negative) -> TypedAttr {
    return FloatAttr::get(t, APFloat::getInf(ft.getFloatSemantics(), negative));
  };
  switch (kind) {
  case zpl::ReduceKind::Add:
    identity = ft ? TypedAttr(FloatAttr::get(ft, 0.0)) : intId(0);
    break;
  case zpl::ReduceKind::Mul:
    identity = ft ? TypedAttr(FloatAttr::get(ft, 1.0)) : intId(1);
    break;
  case zpl::ReduceKind::Max:
    identity = ft       ? infinity(true)
               : isBool ? intId(0)
               : is32   ? intId(std::numeric_limits<int32_t>::min())
                        : intId(std::numeric_limits<int64_t>::min());
    break;
  case zpl::ReduceKind::Min:
    identity = ft       ? infinity(false)
               : isBool ? intId(1)
               : is32   ? intId(std::numeric_limits<int32_t>::max())
                        : intId(std::numeric_limits<int64_t>::max());
    break;
  case zpl::ReduceKind::And:
  case zpl::ReduceKind::Or:
    if (!isBool)
      return op.emitError("and<< and or<< need a boolean operand");
    identity = intId(kind == zpl::ReduceKind::And ? 1 : 0);
    break;
  case zpl::ReduceKind::User:
    return op.emitError("a user-defined reduction has no identity");
  }
  if (usesKeys(kind, t))
    return orderKey(b, loc, kind, t,
                    arith::ConstantOp::create(b, loc, t, identity));
  if (isBool)
    return Value(arith::ConstantOp::create(
        b, loc, reduceAccType(kind, t),
        IntegerAttr::get(reduceAccType(kind, t),
                         cast<IntegerAttr>(identity).getInt() & 1)));
  // C has no literal for INT64_MIN (-9223372036854775808 is unsigned
  // 9223372036854775808 negated): name the limits.
  auto ia = dyn_cast<IntegerAttr>(identity);
  if (ia && ia.getInt() == std::numeric_limits<int64_t>::min())
    return Value(emitc::LiteralOp::create(b, loc, t, "INT64_MIN"));
  if (ia && ia.getInt() == std::numeric_limits<int64_t>::max())
    return Value(emitc::LiteralOp::create(b, loc, t, "INT64_MAX"));
  return Value(arith::ConstantOp::create(b, loc, t, identity));
}

/// `v > a ? v : a` (max) or `v < a ? v : a` (min) in C: an integer max or
/// min, which C compilers recognise as a reduction.
static Value selectExtreme(OpBuilder &b, Location loc, zpl::ReduceKind kind,
                           Value a, Value v) {
  auto pred = kind == zpl::ReduceKind::Max ? emitc::CmpPredicate::gt
                                           : emitc::CmpPredicate::lt;
  Value c = emitc::CmpOp::create(b, loc, b.getI1Type(), pred, v, a);
  return emitc::ConditionalOp::create(b, loc, a.getType(), c, v, a);
}

/// Whether a boolean reduction of `kind` combines with `and` (else `or`).
static bool isBoolAnd(zpl::ReduceKind kind) {
  return kind == zpl::ReduceKind::Mul || kind == zpl::ReduceKind::Min ||
         kind == zpl::ReduceKind::And;
}

Value reduceStep(OpBuilder &b, Location loc, zpl::ReduceKind kind, Type t,
                 Value a, Value v) {
  if (usesKeys(kind, t))
    return selectExtreme(b, loc, kind, a, orderKey(b, loc, kind, t, v));
  if (t.isInteger(1)) {
    // A byte accumulator: GCC does not vectorise a reduction of C bools.
    Value byte = emitc::CastOp::create(b, loc, a.getType(), v);
    return isBoolAnd(kind)
               ? Value(emitc::BitwiseAndOp::create(b, loc, a.getType(), a, byte))
               : Value(emitc::BitwiseOrOp::create(b, loc, a.getType(), a, byte));
  }
  return combineValues(b, loc, kind, t, a, v);
}

Value combineValues(OpBuilder &b, Location loc, zpl::ReduceKind kind, Type t,
                    Value a, Value v) {
  auto ft = dyn_cast<FloatType>(t);
  bool isBool = t.isInteger(1);
  if (isBool)
    return isBoolAnd(kind) ? Value(arith::AndIOp::create(b, loc, a, v))
                           : Value(arith::OrIOp::create(b, loc, a, v));
  switch (kind) {
  case zpl::ReduceKind::Add:
    return ft ? Value(arith::AddFOp::create(b, loc, a, v))
              : Value(arith::AddIOp::create(b, loc, a, v));
  case zpl::ReduceKind::Mul:
    return ft ? Value(arith::MulFOp::create(b, loc, a, v))
              : Value(arith::MulIOp::create(b, loc, a, v));
  case zpl::ReduceKind::Max:
  case zpl::ReduceKind::Min: {
    if (!ft)
      return selectExtreme(b, loc, kind, a, v);
    bool isMax = kind == zpl::ReduceKind::Max;
    RuntimeFn fn = t.isF32() ? (isMax ? RuntimeFn::MaxF32 : RuntimeFn::MinF32)
                             : (isMax ? RuntimeFn::MaxF64 : RuntimeFn::MinF64);
    return callRuntime(b, loc, fn, {a, v});
  }
  case zpl::ReduceKind::And:
    return arith::AndIOp::create(b, loc, a, v);
  case zpl::ReduceKind::Or:
    return arith::OrIOp::create(b, loc, a, v);
  case zpl::ReduceKind::User:
    break; // ReduceLowering calls the procedure (userStep, userTotal)
  }
  llvm_unreachable("unknown reduction kind");
}

Value reduceTotal(OpBuilder &b, Location loc, zpl::ReduceKind kind, Type t,
                  Value acc) {
  Value local = acc;
  if (usesKeys(kind, t))
    local = callRuntime(b, loc, t.isF32() ? RuntimeFn::KeyF32 : RuntimeFn::KeyF64,
                        {acc});
  else if (t.isInteger(1))
    local = emitc::CastOp::create(b, loc, t, acc);
  return callRuntime(b, loc, RuntimeFn::Allreduce,
                     {intArg(b.getContext(), static_cast<int64_t>(kind)), local},
                     t);
}

namespace {

/// `combiner(a, v)`.
Value callCombiner(OpBuilder &b, Location loc, zpl::ReduceOp op, Value a, Value v) {
  return func::CallOp::create(b, loc, op.getCombinerAttr(), TypeRange{op.getType()},
                              ValueRange{a, v})
      .getResult(0);
}

/// A user-defined reduction's step: the first value as it is, then
/// combiner(acc, v). acc = {value, whether there is one}.
SmallVector<Value> userStep(OpBuilder &b, Location loc, zpl::ReduceOp op, ValueRange acc,
                            Value v) {
  auto ifOp = scf::IfOp::create(
      b, loc, acc[1],
      [&](OpBuilder &tb, Location tl) {
        scf::YieldOp::create(tb, tl, callCombiner(tb, tl, op, acc[0], v));
      },
      [&](OpBuilder &eb, Location el) { scf::YieldOp::create(eb, el, v); });
  Value yes = arith::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true));
  return {ifOp.getResult(0), yes};
}

/// The PEs' partial results combined in PE order on every PE:
/// zrt_partials_<T> gathers them (and stops the program when no PE has
/// one), zrt_partial_<T>(k) reads the k-th.
Value userTotal(OpBuilder &b, Location loc, zpl::ReduceOp op, ValueRange acc) {
  Type t = op.getType(), i64 = b.getI64Type();
  // The procedure's own name, for the message of an empty reduction.
  StringRef name = sourceProcName(op.getCombinerAttr().getValue());
  Value count = callRuntime(b, loc, RuntimeFn::Partials,
                            {acc[1], acc[0], strArg(b.getContext(), name)}, t);
  Value zero = arith::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(0));
  Value one = arith::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(1));
  Value first = callRuntime(b, loc, RuntimeFn::Partial, {zero}, t);
  auto loop = scf::ForOp::create(
      b, loc, one, count, one, ValueRange{first},
      [&](OpBuilder &lb, Location ll, Value k, ValueRange r) {
        Value next = callRuntime(lb, ll, RuntimeFn::Partial, {k}, t);
        scf::YieldOp::create(lb, ll, callCombiner(lb, ll, op, r[0], next));
      });
  return loop.getResult(0);
}

struct ReduceLowering : LoweringPattern<zpl::ReduceOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(zpl::ReduceOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool user = op.getKind() == zpl::ReduceKind::User;
    unsigned rank = cast<zpl::RegionType>(op.getRegion().getType()).getRank();
    NestBuilder nest(rewriter, types, facts, loc, rank);
    Value region = nest.alignedRegion(op.getRegion(),
                                      zpl::getStatementDistArray(op));
    Block &block = op.getBody().front();
    SmallVector<Read> reads;
    collectReads(block, rank, reads);
    nest.checkShiftedReads(reads, region);
    addMaskRead(op.getMask(), rank, reads);
    nest.checkStatementStorage(op, reads, region, Value());
    nest.addReads(reads);
    SmallVector<Value> init;
    if (user) {
      // No identity: the first value starts the accumulator.
      init = {emitc::LiteralOp::create(rewriter, loc, op.getType(), "0"),
              arith::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                        rewriter.getBoolAttr(false))};
    } else {
      FailureOr<Value> id = reduceIdentity(rewriter, loc, op);
      if (failed(id))
        return failure();
      init = {*id};
    }
    LogicalResult status = success();
    // The body and one step of the reduction at the current index.
    auto evalAndStep = [&](OpBuilder &b, Location l, ArrayRef<Value> ivs,
                           ValueRange acc) -> SmallVector<Value> {
      FailureOr<Value> v = nest.emitBody(b, block, ivs);
      if (failed(v)) {
        status = failure();
        return SmallVector<Value>(acc);
      }
      if (user)
        return userStep(b, l, op, acc, *v);
      return {reduceStep(b, l, op.getKind(), op.getType(), acc[0], *v)};
    };
    SmallVector<Value> res = nest.build(
        region, facts.stepsOf(op.getRegion()), init,
        [&](OpBuilder &b, Location l, ArrayRef<Value> ivs,
            ValueRange acc) -> SmallVector<Value> {
          if (!op.getMask())
            return evalAndStep(b, l, ivs, acc);
          Value cond =
              nest.maskCondition(b, l, op.getMask(), op.getWithout(), nullptr);
          auto ifOp = scf::IfOp::create(
              b, l, cond,
              [&](OpBuilder &tb, Location tloc) {
                scf::YieldOp::create(tb, tloc, evalAndStep(tb, tloc, ivs, acc));
              },
              [&](OpBuilder &eb, Location eloc) {
                scf::YieldOp::create(eb, eloc, acc);
              });
          return SmallVector<Value>(ifOp.getResults());
        });
    if (failed(status))
      return failure();
    Value total = user ? userTotal(rewriter, loc, op, res)
                       : reduceTotal(rewriter, loc, op.getKind(), op.getType(), res[0]);
    rewriter.replaceOp(op, total);
    return success();
  }
};

} // namespace

void populateReductionPatterns(const ZPLTypeConverter &types,
                               const ModuleFacts &facts,
                               RewritePatternSet &patterns) {
  patterns.add<ReduceLowering>(types, facts);
}

} // namespace zpl::loops
