//===- Collections.cpp - partial reductions, scans and floods -------------===//
//
// h = zrt_preduce_begin(dst, dr, sr, op) (zrt_preduce_user_begin(dst, dr,
// sr) for a user's operator, whose values are stored, not combined, and
// combined at the end) / zrt_scan_begin(dst, r, op, dim) /
// zrt_flood_begin(dst, dr, sr); then a nest over the source region (r for
// a scan) that evaluates the body and stores its value v at
// buf[x], x = zrt_collect_offset(h) + sum_d i_d * zrt_collect_stride(h, d),
// buf = zrt_collect_<type>(h): `buf[x] = buf[x] op v` for a partial
// reduction, `buf[x] = v` for a scan or a flood; then the matching _end,
// which combines the PEs' contributions and stores into dst.
//
//===----------------------------------------------------------------------===//

#include "passes/ZPLToLoops/LoopNest.h"

using namespace mlir;

namespace zpl::loops {
namespace {

/// The collection buffer of `h`, hoisted: base, offset, strides.
struct Buffer {
  Value base, offset;
  SmallVector<Value, 3> strides;
};

Buffer collectBuffer(OpBuilder &b, Location loc, Value h, Type elem,
                     unsigned rank) {
  Buffer buf;
  buf.base = callRuntime(b, loc, RuntimeFn::CollectData, {h}, elem);
  buf.offset = callRuntime(b, loc, RuntimeFn::CollectOffset, {h});
  for (unsigned d = 0; d < rank; ++d)
    buf.strides.push_back(callRuntime(b, loc, RuntimeFn::CollectStride,
                                      {h, intArg(b.getContext(), d)}));
  return buf;
}

/// The nest over `zsource` filling the buffer of `h` with the body of
/// `op`, combined with `combine` for a partial reduction.
LogicalResult fillBuffer(Operation *op, NestBuilder &nest, Value zsource,
                         Value region, Value h, Type elem,
                         std::optional<zpl::ReduceKind> combine) {
  OpBuilder &rewriter = nest.rewriter;
  Location loc = op->getLoc();
  Block &block = op->getRegion(0).front();
  SmallVector<Read> reads;
  collectReads(block, nest.rank, reads);
  nest.checkShiftedReads(reads, region);
  nest.checkStatementStorage(op, reads, region, Value());
  Buffer buf = collectBuffer(rewriter, loc, h, elem, nest.rank);
  nest.addReads(reads);
  LogicalResult status = success();
  nest.build(region, nest.facts.stepsOf(zsource), ValueRange(),
             [&](OpBuilder &b, Location l, ArrayRef<Value> ivs,
                 ValueRange) -> SmallVector<Value> {
               FailureOr<Value> v = nest.emitBody(b, block, ivs);
               if (failed(v)) {
                 status = failure();
                 return {};
               }
               Value x = buf.offset;
               for (unsigned d = 0; d < nest.rank; ++d)
                 x = addI64(b, l, x, mulI64(b, l, ivs[d], buf.strides[d]));
               Value lv = emitc::SubscriptOp::create(
                   b, l, emitc::LValueType::get(elem), buf.base,
                   ValueRange{x});
               Value nv = *v;
               if (combine) {
                 Value old = emitc::LoadOp::create(b, l, elem, lv);
                 nv = combineValues(b, l, *combine, elem, old, *v);
               }
               emitc::AssignOp::create(b, l, lv, nv);
               return {};
             });
  return status;
}

/// A collection statement: `dest` is filled from the body evaluated over
/// `source`.
template <typename Op>
struct CollectLowering : LoweringPattern<Op> {
  using LoweringPattern<Op>::LoweringPattern;

  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value zsource = zpl::getStatementRegion(op);
    unsigned rank = cast<zpl::RegionType>(zsource.getType()).getRank();
    NestBuilder nest(rewriter, this->types, this->facts, op.getLoc(), rank);
    // The runtime decides which PE contributed each element from the
    // source region it is given: the same aligned value the nest iterates.
    Value region = nest.alignedRegion(zsource, op.getDest());
    Value h = begin(op, adaptor, rewriter, region);
    Type elem = cast<zpl::ArrayType>(op.getDest().getType()).getElementType();
    if (failed(fillBuffer(op, nest, zsource, region, h, elem, combineOf(op))))
      return failure();
    end(op, rewriter, h, elem);
    rewriter.eraseOp(op);
    return success();
  }

  static Value begin(zpl::PartialReduceOp op, zpl::PartialReduceOp::Adaptor a,
                     OpBuilder &b, Value region) {
    if (op.getKind() == zpl::ReduceKind::User)
      return callRuntime(b, op.getLoc(), RuntimeFn::PreduceUserBegin,
                         {a.getDest(), a.getRegion(), region});
    return callRuntime(
        b, op.getLoc(), RuntimeFn::PreduceBegin,
        {a.getDest(), a.getRegion(), region,
         intArg(b.getContext(), static_cast<int64_t>(op.getKind()))});
  }
  static Value begin(zpl::ScanOp op, zpl::ScanOp::Adaptor a, OpBuilder &b,
                     Value region) {
    // A user's scan combines with its function at the end (runtime op
    // unused: any).
    zpl::ReduceKind kind =
        op.getKind() == zpl::ReduceKind::User ? zpl::ReduceKind::Add : op.getKind();
    return callRuntime(
        b, op.getLoc(), RuntimeFn::ScanBegin,
        {a.getDest(), region, intArg(b.getContext(), static_cast<int64_t>(kind)),
         intArg(b.getContext(), op.getDim())});
  }
  static Value begin(zpl::FloodOp op, zpl::FloodOp::Adaptor a, OpBuilder &b,
                     Value region) {
    return callRuntime(b, op.getLoc(), RuntimeFn::FloodBegin,
                       {a.getDest(), a.getRegion(), region});
  }
  /// A user's partial reduction stores its values; the end combines them.
  static std::optional<zpl::ReduceKind> combineOf(zpl::PartialReduceOp op) {
    if (op.getKind() == zpl::ReduceKind::User)
      return std::nullopt;
    return op.getKind();
  }
  static std::optional<zpl::ReduceKind> combineOf(Operation *) {
    return std::nullopt;
  }
  /// A user's partial reduction passes its function (by its C name) and
  /// the procedure's own name, for the message when an element has no
  /// value.
  static void end(zpl::PartialReduceOp op, OpBuilder &b, Value h, Type elem) {
    if (op.getKind() != zpl::ReduceKind::User) {
      callRuntime(b, op.getLoc(), RuntimeFn::PreduceEnd, {h});
      return;
    }
    StringRef cname = op.getCombinerAttr().getValue();
    Attribute fn = emitc::OpaqueAttr::get(b.getContext(), cname);
    callRuntime(b, op.getLoc(), RuntimeFn::PreduceEndUser,
                {h, fn, strArg(b.getContext(), sourceProcName(cname))}, elem);
  }
  /// A user's scan passes its function (by its C name) to the runtime.
  static void end(zpl::ScanOp op, OpBuilder &b, Value h, Type elem) {
    if (op.getKind() != zpl::ReduceKind::User) {
      callRuntime(b, op.getLoc(), RuntimeFn::ScanEnd, {h});
      return;
    }
    Attribute fn = emitc::OpaqueAttr::get(b.getContext(), op.getCombinerAttr().getValue());
    callRuntime(b, op.getLoc(), RuntimeFn::ScanEndUser, {h, fn}, elem);
  }
  static void end(zpl::FloodOp op, OpBuilder &b, Value h, Type) {
    callRuntime(b, op.getLoc(), RuntimeFn::FloodEnd, {h});
  }
};

} // namespace

void populateCollectPatterns(const ZPLTypeConverter &types,
                             const ModuleFacts &facts,
                             RewritePatternSet &patterns) {
  patterns.add<CollectLowering<zpl::PartialReduceOp>,
               CollectLowering<zpl::ScanOp>, CollectLowering<zpl::FloodOp>>(
      types, facts);
}

} // namespace zpl::loops
