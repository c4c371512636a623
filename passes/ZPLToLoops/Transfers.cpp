//===- Transfers.cpp - IRONMAN transfers ----------------------------------===//
//
// Each transfer calls the runtime on its static handle `zt_<id>` (created
// by prepareModule): `h = fn(zt_<id>, id, ...); zt_<id> = h;`, where fn is
// `im_halo` (or `im_wrap`/`im_reflect` for the boundary kinds,
// `im_redist` for a redistribution, `im_remap`/`im_transpose` for remaps,
// `im_remap_masked`/`im_remap_combine` for masked and accumulating ones,
// `im_remap_product` for sparse products),
// followed by `im_strategy(h, IM_PACKED|IM_CHAINED)` when strategy
// selection chose one; a combine is `im_combine(cached, id, n,
// members...)`; the state ops are `im_dr/im_sr/im_dn/im_sv`. Without
// zpl-gen-comm, zpl.boundary, zpl.redistribute and zpl.remap become the
// transfer and its four state calls in place. After the last state call of
// a remap that runs at most once, `zt_<id> = im_remap_release(h)` frees
// its schedule (ReleasedRemaps.cpp decides which).
//
//===----------------------------------------------------------------------===//

#include "passes/ZPLToLoops/Lowering.h"
#include "passes/ZPLToLoops/LoopNest.h"

using namespace mlir;

namespace zpl::loops {
namespace {

/// `fn(cached, args...)` on the static handle of `op`; returns the handle.
Value handleCall(OpBuilder &b, const ZPLTypeConverter &types,
                 const ModuleFacts &facts, Operation *op, RuntimeFn fn,
                 ArrayRef<CArg> args) {
  Location loc = op->getLoc();
  int64_t id = facts.transferIds.lookup(op);
  ModuleFacts::Global handle{(kTransferPrefix + Twine(id)).str(),
                             types.transferType};
  SmallVector<CArg> withCached{loadGlobal(b, loc, handle),
                               intArg(b.getContext(), id)};
  llvm::append_range(withCached, args);
  Value h = callRuntime(b, loc, fn, withCached);
  storeGlobal(b, loc, handle, h);
  return h;
}

/// A halo, wrap or reflect transfer of `array` over `region` (aligned with
/// the array's distribution, whose tiles' ghost cells or bands it fills).
Value shiftCall(OpBuilder &b, const ZPLTypeConverter &types,
                const ModuleFacts &facts, Operation *op, RuntimeFn fn,
                Value array, Value region, ArrayRef<int64_t> dir) {
  Value aligned = callRuntime(b, op->getLoc(), RuntimeFn::RegionAlign,
                              {region, array});
  SmallVector<CArg> args{array, aligned};
  llvm::append_range(args, dirArgs(b.getContext(), dir));
  return handleCall(b, types, facts, op, fn, args);
}

/// A remap's handle: `im_remap(cached, id, kind, dst, r, src, i1, i2,
/// i3)`, or for a permutation `im_transpose(cached, id, dst, r, src, p0,
/// p1, p2, orientation)`; arrays and region are lowered values.
Value remapCall(OpBuilder &b, const ZPLTypeConverter &types,
                const ModuleFacts &facts, Operation *op, bool gather,
                Value dst, Value region, Value src, ValueRange indices,
                std::optional<ArrayRef<int64_t>> permutation,
                ironman::TransposeOrientation orientation) {
  MLIRContext *ctx = b.getContext();
  // ironman.h: IM_GATHER 0, IM_SCATTER 1; IM_LOADS 0, IM_STORES 1.
  if (permutation) {
    SmallVector<CArg> args{dst, region, src};
    for (unsigned k = 0; k < 3; ++k)
      args.push_back(
          intArg(ctx, k < permutation->size() ? (*permutation)[k] : 0));
    args.push_back(intArg(
        ctx, orientation == ironman::TransposeOrientation::stores ? 1 : 0));
    return handleCall(b, types, facts, op, RuntimeFn::Transpose, args);
  }
  SmallVector<CArg> args{intArg(ctx, gather ? 0 : 1), dst, region, src};
  for (unsigned k = 0; k < 3; ++k)
    args.push_back(k < indices.size()
                       ? indices[k]
                       : Value(emitc::LiteralOp::create(
                             b, op->getLoc(), types.arrayType, "NULL")));
  return handleCall(b, types, facts, op, RuntimeFn::Remap, args);
}

/// `im_strategy(h, ...)` when strategy selection chose one: the runtime
/// moves the transfer's messages that way (ironman.h: IM_PACKED 0,
/// IM_CHAINED 1).
void strategyCall(OpBuilder &b, Operation *op,
                  std::optional<ironman::TransferStrategy> strategy, Value h) {
  if (!strategy)
    return;
  bool chained = *strategy == ironman::TransferStrategy::chained;
  callRuntime(b, op->getLoc(), RuntimeFn::Strategy,
              {h, intArg(b.getContext(), chained ? 1 : 0)});
}

/// `zt_<id> = im_remap_release(h)` after `op`, the last use of a remap's
/// handle that runs at most once (ModuleFacts::releaseAfter).
void releaseIfOnce(OpBuilder &b, const ZPLTypeConverter &types,
                   const ModuleFacts &facts, Operation *op, Value h) {
  auto it = facts.releaseAfter.find(op);
  if (it == facts.releaseAfter.end())
    return;
  ModuleFacts::Global handle{(kTransferPrefix + Twine(it->second)).str(),
                             types.transferType};
  storeGlobal(b, op->getLoc(), handle,
              callRuntime(b, op->getLoc(), RuntimeFn::RemapRelease, {h}));
}

/// The four state calls of a transfer without zpl-gen-comm, then the
/// release of a remap that runs at most once.
void stateCalls(OpBuilder &b, const ZPLTypeConverter &types,
                const ModuleFacts &facts, Operation *op, Value h) {
  for (RuntimeFn fn :
       {RuntimeFn::DR, RuntimeFn::SR, RuntimeFn::DN, RuntimeFn::SV})
    callRuntime(b, op->getLoc(), fn, {h});
  releaseIfOnce(b, types, facts, op, h);
}

struct TransferLowering : LoweringPattern<ironman::TransferOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ironman::TransferOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    using ironman::TransferKind;
    TransferKind kind = op.getTransferKind();
    Value h;
    if (kind == TransferKind::remap || kind == TransferKind::transpose) {
      h = remapCall(rewriter, types, facts, op, op.isGather(),
                    adaptor.getDst(), adaptor.getRegion(), adaptor.getSrc(),
                    adaptor.getIndices(), op.getPermutation(),
                    op.getOrientation().value_or(
                        ironman::TransposeOrientation::loads));
    } else if (kind == TransferKind::redist) {
      h = handleCall(rewriter, types, facts, op, RuntimeFn::Redist,
                     {adaptor.getDst(), adaptor.getSrc(), adaptor.getRegion()});
    } else {
      RuntimeFn fn = kind == TransferKind::halo   ? RuntimeFn::Halo
                     : kind == TransferKind::wrap ? RuntimeFn::Wrap
                                                  : RuntimeFn::Reflect;
      h = shiftCall(rewriter, types, facts, op, fn, adaptor.getSrc(),
                    adaptor.getRegion(), op.getShift());
    }
    strategyCall(rewriter, op, op.getStrategy(), h);
    rewriter.replaceOp(op, h);
    return success();
  }
};

/// The members (lowered before it) then travel as one.
struct CombineLowering : LoweringPattern<ironman::CombineOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(ironman::CombineOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<CArg> args{intArg(getContext(), op.getMembers().size())};
    for (Value member : adaptor.getMembers())
      args.push_back(member);
    Value h = handleCall(rewriter, types, facts, op, RuntimeFn::Combine, args);
    strategyCall(rewriter, op, op.getStrategy(), h);
    rewriter.replaceOp(op, h);
    return success();
  }
};

template <typename Op, RuntimeFn fn>
struct StateLowering : LoweringPattern<Op> {
  using LoweringPattern<Op>::LoweringPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    callRuntime(rewriter, op.getLoc(), fn, {adaptor.getTransfer()});
    releaseIfOnce(rewriter, this->types, this->facts, op,
                  adaptor.getTransfer());
    rewriter.eraseOp(op);
    return success();
  }
};

struct BoundaryLowering : LoweringPattern<zpl::BoundaryOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::BoundaryOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeFn fn = op.getKind() == zpl::BoundaryKind::wrap ? RuntimeFn::Wrap
                                                           : RuntimeFn::Reflect;
    Value h = shiftCall(rewriter, types, facts, op, fn, adaptor.getArray(),
                        adaptor.getRegion(), op.getDirection());
    stateCalls(rewriter, types, facts, op, h);
    rewriter.eraseOp(op);
    return success();
  }
};

/// `fn(cached, id, args..., d0, d1, d2, "file:line:col")` on the static
/// handle of `op`, a transfer by a run-time direction: its components
/// padded to three, then the source position for the runtime's errors.
Value runTimeShiftCall(OpBuilder &b, const ZPLTypeConverter &types,
                       const ModuleFacts &facts, Operation *op, RuntimeFn fn,
                       SmallVector<CArg> args, ValueRange direction) {
  args.append(direction.begin(), direction.end());
  for (size_t k = direction.size(); k < 3; ++k)
    args.push_back(intArg(b.getContext(), 0));
  args.push_back(strArg(b.getContext(), sourcePosition(op->getLoc())));
  return handleCall(b, types, facts, op, fn, args);
}

/// A C array of the group's directions, three per member:
/// `int64_t v[3n]; v[0] = d0; ...`.
Value directionTable(ConversionPatternRewriter &b, Location loc,
                     ArrayRef<Operation *> members) {
  auto type = emitc::ArrayType::get({int64_t(3 * members.size())},
                                    b.getI64Type());
  Value table = emitc::VariableOp::create(
      b, loc, type, emitc::OpaqueAttr::get(b.getContext(), ""));
  int64_t slot = 0;
  for (Operation *member : members) {
    ValueRange dir = isa<zpl::DynShiftOp>(member)
                         ? cast<zpl::DynShiftOp>(member).getDirection()
                         : cast<zpl::DynWrapOp>(member).getDirection();
    for (unsigned k = 0; k < 3; ++k) {
      Value lv = emitc::SubscriptOp::create(
          b, loc, emitc::LValueType::get(b.getI64Type()), table,
          ValueRange{constI64(b, loc, slot++)});
      Value d = k < dir.size() ? b.getRemappedValue(dir[k])
                               : constI64(b, loc, 0);
      emitc::AssignOp::create(b, loc, lv, d);
    }
  }
  return table;
}

/// A C array of the members' source positions, for the runtime's errors.
Value positionTable(ConversionPatternRewriter &b, Location loc,
                    ArrayRef<Operation *> members) {
  MLIRContext *ctx = b.getContext();
  auto str = emitc::OpaqueType::get(ctx, "const char *");
  auto type = emitc::ArrayType::get({int64_t(members.size())}, str);
  Value table =
      emitc::VariableOp::create(b, loc, type, emitc::OpaqueAttr::get(ctx, ""));
  for (auto [slot, member] : llvm::enumerate(members)) {
    Value lv = emitc::SubscriptOp::create(
        b, loc, emitc::LValueType::get(str), table,
        ValueRange{constI64(b, loc, int64_t(slot))});
    Value where = emitc::ConstantOp::create(
        b, loc, str, cast<TypedAttr>(strArg(ctx, sourcePosition(member->getLoc()))));
    emitc::AssignOp::create(b, loc, lv, where);
  }
  return table;
}

/// The calls of the groups that go at `op`: `zt_<id> =
/// zrt_shift_wraps(zt_<id>, id, a, n, dirs, where)` and `zt_<id> =
/// zrt_shift_halos(zt_<id>, id, a, r, n, dirs, where)`, on the handle of
/// the group's last member.
void groupCalls(ConversionPatternRewriter &b, const ZPLTypeConverter &types,
                const ModuleFacts &facts, Operation *op) {
  auto it = facts.shiftGroupsAt.find(op);
  if (it == facts.shiftGroupsAt.end())
    return;
  Location loc = op->getLoc();
  for (const ModuleFacts::ShiftGroup &g : it->second) {
    Operation *last = g.members.back();
    Value array = b.getRemappedValue(last->getOperand(0));
    SmallVector<CArg> args{array};
    if (!g.wraps)
      args.push_back(b.getRemappedValue(cast<zpl::DynShiftOp>(last).getRegion()));
    args.push_back(intArg(b.getContext(), int64_t(g.members.size())));
    args.push_back(directionTable(b, loc, g.members));
    args.push_back(positionTable(b, loc, g.members));
    handleCall(b, types, facts, last,
               g.wraps ? RuntimeFn::ShiftWraps : RuntimeFn::ShiftHalos, args);
  }
}

/// `zt_<id> = zrt_shift(zt_<id>, id, a, r, d0, d1, d2, "file:line:col")`:
/// checks, ghost cells and halo of a run-time shift, in place (or nothing
/// here when a group's call makes the transfer). The shifted array is the
/// array itself: the loop nest reads it at the displacement.
struct DynShiftLowering : LoweringPattern<zpl::DynShiftOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::DynShiftOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    groupCalls(rewriter, types, facts, op);
    if (!facts.groupedShifts.contains(op)) {
      Value aligned =
          callRuntime(rewriter, op.getLoc(), RuntimeFn::RegionAlign,
                      {adaptor.getRegion(), adaptor.getArray()});
      runTimeShiftCall(rewriter, types, facts, op, RuntimeFn::Shift,
                       {adaptor.getArray(), aligned}, adaptor.getDirection());
    }
    rewriter.replaceOp(op, adaptor.getArray());
    return success();
  }
};

/// `zt_<id> = zrt_shift_wrap(zt_<id>, id, a, d0, d1, d2, "file:line:col")`
/// (or nothing here when a group's call makes the transfer).
struct DynWrapLowering : LoweringPattern<zpl::DynWrapOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::DynWrapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    groupCalls(rewriter, types, facts, op);
    if (!facts.groupedShifts.contains(op)) {
      runTimeShiftCall(rewriter, types, facts, op, RuntimeFn::ShiftWrap,
                       {adaptor.getArray()}, adaptor.getDirection());
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// `zt_<id> = zrt_shift_boundary(zt_<id>, id, reflect, a, r, d0, d1, d2,
/// "file:line:col")`.
struct DynBoundaryLowering : LoweringPattern<zpl::DynBoundaryOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::DynBoundaryOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    bool reflect = op.getKind() == zpl::BoundaryKind::reflect;
    runTimeShiftCall(rewriter, types, facts, op, RuntimeFn::ShiftBoundary,
                     {intArg(rewriter.getContext(), reflect),
                      adaptor.getArray(), adaptor.getRegion()},
                     adaptor.getDirection());
    rewriter.eraseOp(op);
    return success();
  }
};

struct RedistributeLowering : LoweringPattern<zpl::RedistributeOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::RedistributeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value h = handleCall(
        rewriter, types, facts, op, RuntimeFn::Redist,
        {adaptor.getDest(), adaptor.getSource(), adaptor.getRegion()});
    stateCalls(rewriter, types, facts, op, h);
    rewriter.eraseOp(op);
    return success();
  }
};

struct RemapLowering : LoweringPattern<zpl::RemapOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::RemapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value h = remapCall(rewriter, types, facts, op,
                        op.getKind() == zpl::RemapKind::gather,
                        adaptor.getDest(), adaptor.getRegion(),
                        adaptor.getSource(), adaptor.getIndices(),
                        op.getPermutation(),
                        ironman::TransposeOrientation::loads);
    stateCalls(rewriter, types, facts, op, h);
    rewriter.eraseOp(op);
    return success();
  }
};

/// `NULL` for the index arrays a remap of a lower rank leaves unused.
static SmallVector<CArg> paddedIndices(OpBuilder &b, Location loc,
                                       const ZPLTypeConverter &types,
                                       ValueRange indices) {
  SmallVector<CArg> args;
  for (unsigned k = 0; k < 3; ++k)
    args.push_back(k < indices.size()
                       ? indices[k]
                       : Value(emitc::LiteralOp::create(b, loc, types.arrayType,
                                                        "NULL")));
  return args;
}

/// A combining scatter: `im_remap_combine(cached, id, op, dst, r, src,
/// mask, without, i1, i2, i3)` on its static handle (a masked scatter's
/// schedule, reused while the indices and the mask are unchanged; mask
/// NULL when there is none), then the four state calls. A scalar source
/// (one integer for every point) calls `im_remap_combine_value` instead.
/// A deferred one adds each point's contribution to the destination's
/// partial results on this PE when the runtime can defer it:
///   zrt_deferred *d = zrt_scatter_defer(dst, op);
///   if (d != NULL) { loop over the points: zrt_deferred_add(d, k, i1, v); }
///   else { the scatter above }
struct ScatterCombineLowering : LoweringPattern<zpl::ScatterCombineOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(zpl::ScatterCombineOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getDeferred()) {
      combineNow(op, adaptor, rewriter);
      rewriter.eraseOp(op);
      return success();
    }
    Location loc = op.getLoc();
    int64_t combiner = int64_t(op.getCombiner());
    Value d = callRuntime(rewriter, loc, RuntimeFn::ScatterDefer,
                          {adaptor.getDest(), intArg(getContext(), combiner)});
    Value null = emitc::LiteralOp::create(rewriter, loc, d.getType(), "NULL");
    Value deferrable = emitc::CmpOp::create(rewriter, loc, rewriter.getI1Type(),
                                            emitc::CmpPredicate::ne, d, null);
    auto ifOp = scf::IfOp::create(rewriter, loc, deferrable, /*withElse=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      contributeEach(op, adaptor, rewriter, d);
      rewriter.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      combineNow(op, adaptor, rewriter);
    }
    rewriter.eraseOp(op);
    return success();
  }

  void combineNow(zpl::ScatterCombineOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const {
    MLIRContext *ctx = rewriter.getContext();
    Location loc = op.getLoc();
    Value mask = adaptor.getMask()
                     ? adaptor.getMask()
                     : Value(emitc::LiteralOp::create(rewriter, loc,
                                                      types.arrayType, "NULL"));
    // zplrt.h: ZRT_SCATTER_ADD 0, ZRT_SCATTER_MUL 1.
    SmallVector<CArg> args{intArg(ctx, int64_t(op.getCombiner())),
                           adaptor.getDest(),
                           adaptor.getRegion(),
                           adaptor.getSource(),
                           mask,
                           intArg(ctx, op.getWithout() ? 1 : 0)};
    llvm::append_range(
        args, paddedIndices(rewriter, loc, types, adaptor.getIndices()));
    bool byValue = !isa<zpl::ArrayType>(op.getSource().getType());
    Value h = handleCall(rewriter, types, facts, op,
                         byValue ? RuntimeFn::RemapCombineValue
                                 : RuntimeFn::RemapCombine,
                         args);
    stateCalls(rewriter, types, facts, op, h);
  }

  /// One loop over this PE's points of the region (those the mask
  /// selects), following the source array (or, for one value, the index
  /// array, as the scatter's walk does): zrt_deferred_add(d, k, index,
  /// value) at each, k the innermost loop index.
  void contributeEach(zpl::ScatterCombineOp op, OpAdaptor adaptor,
                      ConversionPatternRewriter &rewriter, Value d) const {
    Value zregion = op.getRegion();
    unsigned rank = cast<zpl::RegionType>(zregion.getType()).getRank();
    NestBuilder nest(rewriter, types, facts, op.getLoc(), rank);
    Value index = op.getIndices().front();
    Value source = isa<zpl::ArrayType>(op.getSource().getType())
                       ? op.getSource()
                       : Value();
    Value region = nest.alignedRegion(zregion, source ? source : index);
    SmallVector<int64_t, 3> zero(rank, 0);
    for (Value a : {index, source, Value(op.getMask())})
      if (a && !nest.findAccess(arrayKeyOf(a), zero))
        nest.addAccess(arrayKeyOf(a), a, nest.lookup(a), zero);
    bool mul = op.getCombiner() == zpl::ScatterOperator::mul;
    // Under a mask: zrt_deferred_add_if(d, selected, index, value), with no
    // branch on the mask (an unselected point's index and value are read
    // but not used).
    RuntimeFn fn = op.getMask()
                       ? (mul ? RuntimeFn::DeferredMulIf : RuntimeFn::DeferredAddIf)
                       : (mul ? RuntimeFn::DeferredMul : RuntimeFn::DeferredAdd);
    nest.build(region, facts.stepsOf(zregion), ValueRange(),
               [&](OpBuilder &b, Location l, ArrayRef<Value> ivs,
                   ValueRange) -> SmallVector<Value> {
                 Value lane = ivs.back();
                 Value x = loadHere(nest, b, l, index);
                 Value v = source ? loadHere(nest, b, l, source)
                                  : adaptor.getSource();
                 if (!op.getMask()) {
                   callRuntime(b, l, fn, {d, lane, x, v});
                   return {};
                 }
                 Value cond = nest.maskCondition(b, l, op.getMask(),
                                                 op.getWithout(), nullptr);
                 callRuntime(b, l, fn, {d, cond, lane, x, v});
                 return {};
               });
  }

  /// The element of the zpl array `a` at the nest's current index, as an
  /// int64_t.
  static Value loadHere(NestBuilder &nest, OpBuilder &b, Location l, Value a) {
    SmallVector<int64_t, 3> zero(nest.rank, 0);
    Type elem = cast<zpl::ArrayType>(a.getType()).getElementType();
    Value v = emitc::LoadOp::create(
        b, l, elem, nest.element(b, l, *nest.findAccess(arrayKeyOf(a), zero), elem));
    if (!elem.isInteger(64))
      v = emitc::CastOp::create(b, l, b.getI64Type(), v);
    return v;
  }
};

/// A sparse product: `im_remap_product(cached, id, dst, r, src, factor,
/// i1, i2, i3, j1, j2, j3)` on its static handle, then the four state
/// calls.
struct ScatterProductLowering : LoweringPattern<zpl::ScatterProductOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::ScatterProductOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<CArg> args{adaptor.getDest(), adaptor.getRegion(),
                           adaptor.getSource(), adaptor.getFactor()};
    llvm::append_range(
        args, paddedIndices(rewriter, loc, types, adaptor.getIndices()));
    llvm::append_range(
        args, paddedIndices(rewriter, loc, types, adaptor.getFactorIndices()));
    Value h = handleCall(rewriter, types, facts, op, RuntimeFn::RemapProduct,
                         args);
    stateCalls(rewriter, types, facts, op, h);
    rewriter.eraseOp(op);
    return success();
  }
};

/// A masked remap: `im_remap_masked(cached, id, kind, dst, r, src, mask,
/// without, i1, i2, i3)` on its static handle, then the four state calls.
struct MaskedRemapLowering : LoweringPattern<zpl::MaskedRemapOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::MaskedRemapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = rewriter.getContext();
    Location loc = op.getLoc();
    // ironman.h: IM_GATHER 0, IM_SCATTER 1.
    bool gather = op.getKind() == zpl::RemapKind::gather;
    SmallVector<CArg> args{intArg(ctx, gather ? 0 : 1), adaptor.getDest(),
                           adaptor.getRegion(),         adaptor.getSource(),
                           adaptor.getMask(), intArg(ctx, op.getWithout() ? 1 : 0)};
    llvm::append_range(
        args, paddedIndices(rewriter, loc, types, adaptor.getIndices()));
    Value h = handleCall(rewriter, types, facts, op, RuntimeFn::RemapMasked,
                         args);
    stateCalls(rewriter, types, facts, op, h);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

/// The run-time shifts of a statement stand in its prologue, before the
/// statement, with nothing between them but side-effect-free ops and
/// reads of scalars (their directions, regions). Each such run is one point where every transfer
/// of the run may happen: an array with two or more run-time shifts there
/// gets one call for its wraps, then one for its halos over each region
/// (each wrap before every halo, as a halo may read a band), at the run's
/// last op. An array with one keeps its own call.
static void groupRun(ArrayRef<Operation *> run, ModuleFacts &facts) {
  llvm::MapVector<Value, SmallVector<Operation *>> byArray;
  for (Operation *op : run)
    byArray[op->getOperand(0)].push_back(op);
  SmallVector<ModuleFacts::ShiftGroup> groups;
  for (auto &[array, ops] : byArray) {
    if (ops.size() < 2)
      continue;
    ModuleFacts::ShiftGroup wraps{true, {}};
    llvm::MapVector<Value, ModuleFacts::ShiftGroup> halos;
    for (Operation *op : ops) {
      facts.groupedShifts.insert(op);
      if (auto shift = dyn_cast<zpl::DynShiftOp>(op))
        halos.try_emplace(shift.getRegion(), ModuleFacts::ShiftGroup{false, {}})
            .first->second.members.push_back(op);
      else
        wraps.members.push_back(op);
    }
    if (!wraps.members.empty())
      groups.push_back(std::move(wraps));
    for (auto &entry : halos)
      groups.push_back(std::move(entry.second));
  }
  if (!groups.empty())
    facts.shiftGroupsAt[run.back()] = std::move(groups);
}

void groupRunTimeShifts(ModuleOp module, ModuleFacts &facts) {
  module.walk([&](Block *block) {
    SmallVector<Operation *> run;
    for (Operation &op : *block) {
      if (isa<zpl::DynShiftOp, zpl::DynWrapOp>(op)) {
        run.push_back(&op);
        continue;
      }
      // Reads of scalars (a direction's components) may stand between:
      // the transfers write array cells only.
      if (op.getNumRegions() == 0 &&
          (isMemoryEffectFree(&op) || isa<zpl::LoadOp, zpl::GetOp>(op)))
        continue;
      groupRun(run, facts);
      run.clear();
    }
    groupRun(run, facts);
  });
}

void populateTransferPatterns(const ZPLTypeConverter &types,
                              const ModuleFacts &facts,
                              RewritePatternSet &patterns) {
  patterns.add<TransferLowering, CombineLowering, BoundaryLowering,
               DynShiftLowering, DynWrapLowering, DynBoundaryLowering, RedistributeLowering, RemapLowering, ScatterCombineLowering,
               ScatterProductLowering, MaskedRemapLowering,
               OperandCallLowering<zpl::ScatterSettleOp, RuntimeFn::ScatterSettle>,
               StateLowering<ironman::DROp, RuntimeFn::DR>,
               StateLowering<ironman::SROp, RuntimeFn::SR>,
               StateLowering<ironman::DNOp, RuntimeFn::DN>,
               StateLowering<ironman::SVOp, RuntimeFn::SV>>(types, facts);
}

} // namespace zpl::loops
