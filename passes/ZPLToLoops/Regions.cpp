//===- Regions.cpp - region values ----------------------------------------===//
//
// Regions are `zrt_region` values: a literal is `zrt_region_make` (then
// `zrt_region_flood` per flood dimension, and `zrt_region_dist` when it
// names a distribution); `of`, `in`, `at` and `by` regions are
// `zrt_region_of/in/at/by`; a widened region is made from its base's
// bounds; an array's region is `zrt_array_region`.
//
//===----------------------------------------------------------------------===//

#include "passes/ZPLToLoops/Lowering.h"

using namespace mlir;

namespace zpl::loops {
namespace {

struct MakeRegionLowering : LoweringPattern<zpl::MakeRegionOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::MakeRegionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    unsigned rank = cast<zpl::RegionType>(op.getType()).getRank();
    SmallVector<CArg> args{intArg(ctx, rank)};
    for (unsigned d = 0; d < 3; ++d) {
      bool inRank = d < rank;
      args.push_back(inRank ? CArg(adaptor.getLows()[d]) : intArg(ctx, 0));
      args.push_back(inRank ? CArg(adaptor.getHighs()[d]) : intArg(ctx, 0));
    }
    Value r = callRuntime(rewriter, loc, RuntimeFn::RegionMake, args);
    if (std::optional<ArrayRef<int64_t>> flood = op.getFlood())
      for (int64_t d : *flood)
        r = callRuntime(rewriter, loc, RuntimeFn::RegionFlood,
                        {r, intArg(ctx, d)});
    if (std::optional<StringRef> dist = op.getDist()) {
      const ModuleFacts::Global *g = facts.lookupGlobal(*dist);
      if (!g)
        return op.emitError("unknown distribution @") << *dist;
      r = callRuntime(rewriter, loc, RuntimeFn::RegionDist,
                      {r, loadGlobal(rewriter, loc, *g)});
    }
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct DeriveRegionLowering : LoweringPattern<zpl::DeriveRegionOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::DeriveRegionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeFn fn = RuntimeFn::RegionOf;
    switch (op.getKind()) {
    case zpl::DeriveKind::of: fn = RuntimeFn::RegionOf; break;
    case zpl::DeriveKind::in: fn = RuntimeFn::RegionIn; break;
    case zpl::DeriveKind::at: fn = RuntimeFn::RegionAt; break;
    case zpl::DeriveKind::by: fn = RuntimeFn::RegionBy; break;
    }
    SmallVector<CArg> args{adaptor.getBase()};
    llvm::append_range(args, dirArgs(getContext(), op.getDirection()));
    // A run-time direction: its values replace the (zero) constants.
    for (auto [k, component] : llvm::enumerate(adaptor.getRunTimeDirection()))
      args[1 + k] = component;
    rewriter.replaceOp(op, callRuntime(rewriter, op.getLoc(), fn, args));
    return success();
  }
};

struct ExpandRegionLowering : LoweringPattern<zpl::ExpandRegionOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::ExpandRegionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // zrt_region_make from the base's bounds, widened.
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    Value base = adaptor.getBase();
    unsigned rank = op.getType().getRank();
    ArrayRef<int64_t> widths = op.getWidths();
    SmallVector<CArg> args{intArg(ctx, rank)};
    for (unsigned d = 0; d < 3; ++d) {
      if (d >= rank) {
        args.append({intArg(ctx, 0), intArg(ctx, 0)});
        continue;
      }
      Value lo = callRuntime(rewriter, loc, RuntimeFn::RegionLo,
                             {base, intArg(ctx, d)});
      Value hi = callRuntime(rewriter, loc, RuntimeFn::RegionHi,
                             {base, intArg(ctx, d)});
      args.push_back(Value(emitc::SubOp::create(
          rewriter, loc, rewriter.getI64Type(), lo,
          constI64(rewriter, loc, widths[2 * d]))));
      args.push_back(
          addI64(rewriter, loc, hi, constI64(rewriter, loc, widths[2 * d + 1])));
    }
    rewriter.replaceOp(op, callRuntime(rewriter, loc, RuntimeFn::RegionMake,
                                       args));
    return success();
  }
};

struct ArrayRegionLowering : LoweringPattern<zpl::ArrayRegionOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::ArrayRegionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, callRuntime(rewriter, op.getLoc(),
                                       RuntimeFn::ArrayRegion,
                                       {adaptor.getArray()}));
    return success();
  }
};

} // namespace

void populateRegionPatterns(const ZPLTypeConverter &types,
                            const ModuleFacts &facts,
                            RewritePatternSet &patterns) {
  patterns.add<MakeRegionLowering, DeriveRegionLowering, ExpandRegionLowering,
               ArrayRegionLowering>(types, facts);
}

} // namespace zpl::loops
