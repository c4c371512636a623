//===- SelectStrategy.cpp - packed or chained for every transfer ----------===//
//
// zpl-select-strategy asks the copy-transfer cost model (model/Model.h,
// docs/model.md) how each `ironman.transfer` should move on the target
// machine and records the answer on the op:
//
//   strategy = #ironman.strategy<packed> | <chained>
//                                     the model's choice (the faster for one
//                                     message of the representative size,
//                                     chained on a tie), or the override
//   est_mbps = <MB/s>                 throughput of the chosen strategy,
//                                     after the memory resource constraint
//   est_us   = <us>                   time of one message of the
//                                     representative size with it:
//                                     start-up + latency + bytes / MB/s
//
// Both estimates are rounded to 0.01, as `zplc model` prints them.
//
// The communication `xQy` of a transfer comes from its two access patterns;
// the model counts strides in 64-bit words, the patterns in elements:
//   * contiguous -> `1`;
//   * indexed -> `w`;
//   * strided with a constant stride of s elements of e bytes, in runs of
//     b elements -> stride ceil(s*e/8) words in runs of ceil(b*e/8) words
//     (`nbB`; contiguous when the runs touch);
//   * strided with a stride known only at run time (`stride = ?`): the
//     halo column of a row-major block, whose stride is the local row
//     pitch. The pitch is the width of a PE's block plus its fluff, large
//     for any array worth distributing, so the transfer is costed as a
//     stride beyond every measured one (kUnknownStrideWords): the model
//     then uses the machine's largest-stride figures (docs/machines.md
//     table 1: beyond stride 64 the figures stay flat; a calibrated host measures
//     up to 1024). A run length known only at run time (`block = ?`, the
//     rows of a 3-D face) is costed as runs of one word, which at such a
//     stride the model treats alike (blocks of b words every n words cost
//     as single words every n/b words, still beyond the largest stride).
//
// The size of a message is known only at run time as well (it depends on
// the region, the config vars and the number of PEs). When the transfer's
// region has constant bounds (a make_region of constants, directly or
// through the region_decl named by a zpl.get), the size is that of the
// transferred band as if one PE owned the whole region: |shift| wide in
// every shifted dimension and the region's extent in the others, times the
// element size (the largest message the transfer can send). Otherwise it
// is kDefaultMessageBytes (8 KiB: e.g. a 1024-element row of doubles, the
// halo row of the benchmark Jacobi at n = 1024 on one PE column). The size
// matters for est_us, and for the choice only on machines whose
// descriptions give per-strategy start-up costs or small-message figures.
//
// Remaps and transposes move the whole region at most: with constant
// bounds, the region's size; else the default.
//
// Orientation (transposes and redistributions, the kinds the ironman
// verifier gives an orientation): such a transfer is strided on one side,
// and either side will do. Both are estimated: strided loads (the strided
// pattern on the source, contiguous destination: `nQ1`) and strided stores
// (contiguous source, the strided pattern on the destination: `1Qn`), each
// with its best (or the forced) strategy. The faster orientation for one
// message wins; on a tie (e.g. both capped by the memory constraint) the
// one whose chosen expression is faster before the constraint
// (Estimate::rawMBps), then loads. The op gets
// `orientation = #ironman.orientation<loads>` or `<stores>`, the patterns
// of that orientation, both throughputs (`est_loads_mbps`,
// `est_stores_mbps`) and the strategy and estimates of the winner.
//
// A machine that cannot be found or read, a bad `strategy` option or a
// transfer the model cannot estimate is an error.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "model/Model.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace zpl {
#define GEN_PASS_DEF_SELECTSTRATEGY
#include "passes/ironman/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

/// A stride, in 64-bit words, beyond the largest any machine description
/// measures: the model costs it with the largest measured stride.
constexpr int64_t kUnknownStrideWords = int64_t(1) << 20;

/// The message size when the transfer's band is not a compile-time constant.
constexpr uint64_t kDefaultMessageBytes = 8192;

/// Bytes of one element as the runtime stores it (zplrt.h: i64, f64, f32,
/// bool).
int64_t elementBytes(Type t) {
  if (t.isInteger(1))
    return 1;
  if (t.isIntOrFloat())
    return std::max<int64_t>(1, t.getIntOrFloatBitWidth() / 8);
  return 8;
}

/// `elements` elements of `eb` bytes, in 64-bit words (at least one).
int64_t toWords(int64_t elements, int64_t eb) {
  return std::max<int64_t>(1, (elements * eb + 7) / 8);
}

/// One side of a transfer as a pattern of the copy-transfer model.
zpl::model::Pattern modelPattern(ironman::PatternAttr p, int64_t eb) {
  using zpl::model::Pattern;
  switch (p.getKind()) {
  case ironman::PatternKind::contiguous:
    return Pattern::contiguous();
  case ironman::PatternKind::indexed:
    return Pattern::indexed();
  case ironman::PatternKind::strided: {
    int64_t block = p.getBlock() == ironman::PatternAttr::kDynamic
                        ? 1
                        : toWords(p.getBlock(), eb);
    int64_t stride = p.getStride() == ironman::PatternAttr::kDynamic
                         ? kUnknownStrideWords
                         : toWords(p.getStride(), eb);
    return Pattern::blocked(stride, block);
  }
  }
  return Pattern::contiguous();
}

/// The make_region that defines `region`, directly or through the
/// region_decl a zpl.get names; null when there is none.
zpl::MakeRegionOp definingMakeRegion(Value region, Operation *from) {
  Operation *def = region.getDefiningOp();
  if (auto mk = dyn_cast_or_null<zpl::MakeRegionOp>(def))
    return mk;
  auto get = dyn_cast_or_null<zpl::GetOp>(def);
  if (!get)
    return nullptr;
  auto decl = SymbolTable::lookupNearestSymbolFrom<zpl::RegionDeclOp>(
      from, get.getNameAttr());
  if (!decl || decl.getInit().empty())
    return nullptr;
  auto yield =
      dyn_cast<zpl::YieldOp>(decl.getInit().front().getTerminator());
  if (!yield || yield.getValues().size() != 1)
    return nullptr;
  return yield.getValues()[0].getDefiningOp<zpl::MakeRegionOp>();
}

/// The bytes of the band a transfer moves when its region has constant
/// bounds (as if one PE owned the whole region; without a shift, as for
/// remaps and transposes, the whole region); nullopt otherwise.
std::optional<uint64_t> constantBandBytes(ironman::TransferOp op,
                                          int64_t eb) {
  zpl::MakeRegionOp mk = definingMakeRegion(op.getRegion(), op);
  if (!mk || mk.getFlood())
    return std::nullopt;
  SmallVector<int64_t, 3> shift(op.getShift());
  if (shift.empty())
    shift.assign(mk.getLows().size(), 0);
  if (mk.getLows().size() != shift.size() ||
      mk.getHighs().size() != shift.size())
    return std::nullopt;
  uint64_t elements = 1;
  for (size_t d = 0; d < shift.size(); ++d) {
    APInt lo, hi;
    if (!matchPattern(mk.getLows()[d], m_ConstantInt(&lo)) ||
        !matchPattern(mk.getHighs()[d], m_ConstantInt(&hi)))
      return std::nullopt;
    int64_t extent = hi.getSExtValue() - lo.getSExtValue() + 1;
    if (extent <= 0)
      return std::nullopt;
    int64_t width = shift[d] != 0 ? std::abs(shift[d]) : extent;
    elements *= uint64_t(width);
  }
  return elements * uint64_t(eb);
}

double round2(double v) { return std::round(v * 100.0) / 100.0; }

/// How one communication would move: the strategy (the model's choice or
/// the forced one) and its estimates.
struct Choice {
  zpl::model::Strategy strategy;
  double mbps, rawMBps, us;
};

bool choose(const zpl::model::Machine &m, const zpl::model::TransferPattern &q,
            uint64_t bytes, std::optional<zpl::model::Strategy> forced,
            Choice &out, std::string &error) {
  zpl::model::Answer ans;
  if (!zpl::model::estimate(m, q, bytes, ans, error))
    return false;
  out.strategy = forced ? *forced : ans.choice;
  bool chained = out.strategy == zpl::model::Strategy::Chained;
  const zpl::model::Estimate &e = chained ? ans.chained : ans.packed;
  out.mbps = e.mbps;
  out.rawMBps = e.rawMBps;
  out.us = chained ? ans.chainedUs(bytes) : ans.packedUs(bytes);
  return true;
}

/// The strided side's pattern of a transfer that has an orientation (a
/// transpose or a redistribution), or null when it has none or both sides
/// are contiguous (nothing to orient).
ironman::PatternAttr stridedSide(ironman::TransferOp op) {
  ironman::TransferKind kind = op.getTransferKind();
  if (kind != ironman::TransferKind::transpose &&
      kind != ironman::TransferKind::redist)
    return nullptr;
  if (op.getSrcPattern().getKind() != ironman::PatternKind::contiguous)
    return op.getSrcPattern();
  if (op.getDstPattern().getKind() != ironman::PatternKind::contiguous)
    return op.getDstPattern();
  return nullptr;
}

struct SelectStrategyPass
    : zpl::impl::SelectStrategyBase<SelectStrategyPass> {
  using SelectStrategyBase::SelectStrategyBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<zpl::model::Strategy> forced;
    if (strategy == "chained")
      forced = zpl::model::Strategy::Chained;
    else if (strategy == "packed")
      forced = zpl::model::Strategy::Packed;
    else if (strategy != "auto") {
      module.emitError("zpl-select-strategy: unknown strategy '")
          << strategy << "' (use auto, chained or packed)";
      return signalPassFailure();
    }

    // Nothing to decide: do not require a machine description.
    bool any = false;
    module.walk([&](ironman::TransferOp) {
      any = true;
      return WalkResult::interrupt();
    });
    if (!any)
      return;

    std::string err;
    std::string path = zpl::model::findMachineFile(machine, nullptr, err);
    std::unique_ptr<zpl::model::Machine> m;
    if (!path.empty())
      m = zpl::model::Machine::load(path, err);
    if (!m) {
      module.emitError("zpl-select-strategy: ") << err;
      return signalPassFailure();
    }

    WalkResult result = module.walk([&](ironman::TransferOp op) {
      return failed(select(op, *m, forced)) ? WalkResult::interrupt()
                                            : WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }

private:
  /// Estimates `src -> dst` for op on m; an error names the transfer.
  LogicalResult estimate(ironman::TransferOp op, const zpl::model::Machine &m,
                         ironman::PatternAttr src, ironman::PatternAttr dst,
                         std::optional<zpl::model::Strategy> forced,
                         uint64_t bytes, Choice &out) {
    int64_t eb = elementBytes(op.getElementType());
    zpl::model::TransferPattern q;
    q.src = modelPattern(src, eb);
    q.dst = modelPattern(dst, eb);
    std::string e;
    if (!choose(m, q, bytes, forced, out, e))
      return op.emitError("cannot estimate the transfer (")
             << q.str() << ", " << bytes << " bytes) on machine '" << m.name()
             << "': " << e;
    return success();
  }

  /// Records op's strategy (and orientation) and its estimates.
  LogicalResult select(ironman::TransferOp op, const zpl::model::Machine &m,
                       std::optional<zpl::model::Strategy> forced) {
    Builder b(op.getContext());
    uint64_t bytes = constantBandBytes(op, elementBytes(op.getElementType()))
                         .value_or(kDefaultMessageBytes);
    Choice c;
    if (ironman::PatternAttr strided = stridedSide(op)) {
      auto contiguous = ironman::PatternAttr::get(
          op.getContext(), ironman::PatternKind::contiguous, 1, 1);
      Choice loads, stores;
      if (failed(estimate(op, m, strided, contiguous, forced, bytes, loads)) ||
          failed(estimate(op, m, contiguous, strided, forced, bytes, stores)))
        return failure();
      double tl = round2(loads.us), ts = round2(stores.us);
      bool useLoads =
          tl < ts || (tl == ts && loads.rawMBps >= stores.rawMBps);
      c = useLoads ? loads : stores;
      op.setOrientation(useLoads ? ironman::TransposeOrientation::loads
                                 : ironman::TransposeOrientation::stores);
      op.setSrcPatternAttr(useLoads ? strided : contiguous);
      op.setDstPatternAttr(useLoads ? contiguous : strided);
      op.setEstLoadsMbpsAttr(b.getF64FloatAttr(round2(loads.mbps)));
      op.setEstStoresMbpsAttr(b.getF64FloatAttr(round2(stores.mbps)));
    } else if (failed(estimate(op, m, op.getSrcPattern(), op.getDstPattern(),
                               forced, bytes, c))) {
      return failure();
    }
    op.setStrategy(c.strategy == zpl::model::Strategy::Chained
                       ? ironman::TransferStrategy::chained
                       : ironman::TransferStrategy::packed);
    op.setEstMbpsAttr(b.getF64FloatAttr(round2(c.mbps)));
    op.setEstUsAttr(b.getF64FloatAttr(round2(c.us)));
    return success();
  }
};

} // namespace
