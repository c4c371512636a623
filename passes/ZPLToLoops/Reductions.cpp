//===- Reductions.cpp - full reductions -----------------------------------===//
//
// `op<< expr` over a region (zpl.reduce) becomes a loop nest accumulating
// the body's values from the operator's identity (guarded by the mask, if
// any), and `zrt_allreduce_<T>(op, partial)`, which combines the PEs'
// partial results.
//
//===----------------------------------------------------------------------===//

#include "passes/ZPLToLoops/LoopNest.h"

#include <limits>

using namespace mlir;

namespace zpl::loops {

FailureOr<Value> reduceIdentity(OpBuilder &b, Location loc, zpl::ReduceOp op) {
  Type t = op.getType();
  zpl::ReduceKind kind = op.getKind();
  TypedAttr identity;
  auto ft = dyn_cast<FloatType>(t);
  bool isBool = t.isInteger(1);
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
                        : intId(std::numeric_limits<int64_t>::min());
    break;
  case zpl::ReduceKind::Min:
    identity = ft       ? infinity(false)
               : isBool ? intId(1)
                        : intId(std::numeric_limits<int64_t>::max());
    break;
  case zpl::ReduceKind::And:
  case zpl::ReduceKind::Or:
    if (!isBool)
      return op.emitError("and<< and or<< need a boolean operand");
    identity = intId(kind == zpl::ReduceKind::And ? 1 : 0);
    break;
  }
  // C has no literal for INT64_MIN (-9223372036854775808 is unsigned
  // 9223372036854775808 negated): name the limits.
  auto ia = dyn_cast<IntegerAttr>(identity);
  if (ia && !isBool && ia.getInt() == std::numeric_limits<int64_t>::min())
    return Value(emitc::LiteralOp::create(b, loc, t, "INT64_MIN"));
  if (ia && !isBool && ia.getInt() == std::numeric_limits<int64_t>::max())
    return Value(emitc::LiteralOp::create(b, loc, t, "INT64_MAX"));
  return Value(arith::ConstantOp::create(b, loc, t, identity));
}

Value reduceStep(OpBuilder &b, Location loc, zpl::ReduceKind kind, Type t,
                 Value a, Value v) {
  auto ft = dyn_cast<FloatType>(t);
  bool isBool = t.isInteger(1);
  switch (kind) {
  case zpl::ReduceKind::Add:
    return ft       ? Value(arith::AddFOp::create(b, loc, a, v))
           : isBool ? Value(arith::OrIOp::create(b, loc, a, v))
                    : Value(arith::AddIOp::create(b, loc, a, v));
  case zpl::ReduceKind::Mul:
    return ft       ? Value(arith::MulFOp::create(b, loc, a, v))
           : isBool ? Value(arith::AndIOp::create(b, loc, a, v))
                    : Value(arith::MulIOp::create(b, loc, a, v));
  case zpl::ReduceKind::Max:
  case zpl::ReduceKind::Min: {
    if (isBool)
      return kind == zpl::ReduceKind::Max
                 ? Value(arith::OrIOp::create(b, loc, a, v))
                 : Value(arith::AndIOp::create(b, loc, a, v));
    // `v > a ? v : a` in C (a NaN element is skipped).
    auto pred = kind == zpl::ReduceKind::Max ? emitc::CmpPredicate::gt
                                             : emitc::CmpPredicate::lt;
    Value c = emitc::CmpOp::create(b, loc, b.getI1Type(), pred, v, a);
    return emitc::ConditionalOp::create(b, loc, t, c, v, a);
  }
  case zpl::ReduceKind::And:
    return arith::AndIOp::create(b, loc, a, v);
  case zpl::ReduceKind::Or:
    return arith::OrIOp::create(b, loc, a, v);
  }
  llvm_unreachable("unknown reduction kind");
}

namespace {

struct ReduceLowering : LoweringPattern<zpl::ReduceOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(zpl::ReduceOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned rank = cast<zpl::RegionType>(op.getRegion().getType()).getRank();
    NestBuilder nest(rewriter, types, facts, loc, rank);
    Value region = nest.alignedRegion(op.getRegion(),
                                      zpl::getStatementDistArray(op));
    Block &block = op.getBody().front();
    SmallVector<Read> reads;
    collectReads(block, rank, reads);
    nest.checkShiftedReads(reads, region);
    addMaskRead(op.getMask(), rank, reads);
    nest.addReads(reads);
    FailureOr<Value> init = reduceIdentity(rewriter, loc, op);
    if (failed(init))
      return failure();
    LogicalResult status = success();
    // The body and one step of the reduction at the current index.
    auto evalAndStep = [&](OpBuilder &b, Location l, ArrayRef<Value> ivs,
                           Value acc) -> Value {
      FailureOr<Value> v = nest.emitBody(b, block, ivs);
      if (failed(v)) {
        status = failure();
        return acc;
      }
      return reduceStep(b, l, op.getKind(), op.getType(), acc, *v);
    };
    SmallVector<Value> res = nest.build(
        region, facts.isUnitStep(op.getRegion()), ValueRange{*init},
        [&](OpBuilder &b, Location l, ArrayRef<Value> ivs,
            ValueRange acc) -> SmallVector<Value> {
          if (!op.getMask())
            return {evalAndStep(b, l, ivs, acc[0])};
          Value cond =
              nest.maskCondition(b, l, op.getMask(), op.getWithout(), nullptr);
          auto ifOp = scf::IfOp::create(
              b, l, cond,
              [&](OpBuilder &tb, Location tloc) {
                scf::YieldOp::create(tb, tloc,
                                     evalAndStep(tb, tloc, ivs, acc[0]));
              },
              [&](OpBuilder &eb, Location eloc) {
                scf::YieldOp::create(eb, eloc, acc[0]);
              });
          return {ifOp.getResult(0)};
        });
    if (failed(status))
      return failure();
    Value total = callRuntime(
        rewriter, loc, RuntimeFn::Allreduce,
        {intArg(getContext(), static_cast<int64_t>(op.getKind())), res[0]},
        op.getType());
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
