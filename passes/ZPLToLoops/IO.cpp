//===- IO.cpp - output, files and halt ------------------------------------===//
//
// Output goes through the runtime, which prints on PE 0: zrt_write_<T>
// for a scalar (with its printf format, or ""), zrt_write_str,
// zrt_write_array, zrt_writeln; `halt;` is zrt_halt. Files:
// zrt_file_open/close, zrt_file_output/_end around the writes of
// `write(f, ...)`, zrt_file_read_<T> and zrt_file_read_array. `timer()` is
// zrt_timer.
//
//===----------------------------------------------------------------------===//

#include "passes/ZPLToLoops/Lowering.h"

using namespace mlir;

namespace zpl::loops {
namespace {

/// An op that becomes one runtime call of `fn` with the arguments `args`
/// returns.
template <typename Op, RuntimeFn fn>
struct OneCallLowering : LoweringPattern<Op> {
  using LoweringPattern<Op>::LoweringPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elem;
    SmallVector<CArg> args = argsOf(op, adaptor, elem);
    callRuntime(rewriter, op.getLoc(), fn, args, elem);
    rewriter.eraseOp(op);
    return success();
  }

  static StringRef formatOf(std::optional<StringRef> format) {
    return format ? *format : StringRef();
  }
  static SmallVector<CArg> argsOf(zpl::WriteOp op, zpl::WriteOp::Adaptor a,
                                  Type &elem) {
    elem = op.getValue().getType();
    return {a.getValue(), strArg(op.getContext(), formatOf(op.getFormat()))};
  }
  static SmallVector<CArg> argsOf(zpl::WriteStrOp op, zpl::WriteStrOp::Adaptor,
                                  Type &) {
    return {strArg(op.getContext(), op.getText())};
  }
  static SmallVector<CArg> argsOf(zpl::WriteArrayOp op,
                                  zpl::WriteArrayOp::Adaptor a, Type &) {
    return {a.getArray(), a.getRegion(),
            strArg(op.getContext(), formatOf(op.getFormat()))};
  }
  static SmallVector<CArg> argsOf(zpl::FileCloseOp, zpl::FileCloseOp::Adaptor a,
                                  Type &) {
    return {a.getFile()};
  }
  static SmallVector<CArg> argsOf(zpl::FileOutputOp,
                                  zpl::FileOutputOp::Adaptor a, Type &) {
    return {a.getFile()};
  }
  static SmallVector<CArg> argsOf(zpl::FileReadArrayOp op,
                                  zpl::FileReadArrayOp::Adaptor a, Type &) {
    return {a.getFile(), a.getArray(), a.getRegion(),
            strArg(op.getContext(), op.getWhat())};
  }
  template <typename Other>
  static SmallVector<CArg> argsOf(Other, typename Other::Adaptor, Type &) {
    return {};
  }
};

/// `open("name", "w")`: zrt_file_open's handle.
struct FileOpenLowering : LoweringPattern<zpl::FileOpenOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::FileOpenOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = op.getContext();
    Value h = callRuntime(rewriter, op.getLoc(), RuntimeFn::FileOpen,
                          {strArg(ctx, op.getName()), strArg(ctx, op.getMode())});
    rewriter.replaceOp(op, h);
    return success();
  }
};

/// `read(f, x)` of a scalar: zrt_file_read_<T>(f, "x").
struct FileReadLowering : LoweringPattern<zpl::FileReadOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::FileReadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value v = callRuntime(rewriter, op.getLoc(), RuntimeFn::FileRead,
                          {adaptor.getFile(), strArg(op.getContext(), op.getWhat())},
                          op.getValue().getType());
    rewriter.replaceOp(op, v);
    return success();
  }
};

/// `timer()`: zrt_timer().
struct TimerLowering : LoweringPattern<zpl::TimerOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::TimerOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, callRuntime(rewriter, op.getLoc(), RuntimeFn::Timer, {}));
    return success();
  }
};

} // namespace

void populateIOPatterns(const ZPLTypeConverter &types,
                        const ModuleFacts &facts,
                        RewritePatternSet &patterns) {
  patterns.add<OneCallLowering<zpl::WriteOp, RuntimeFn::Write>,
               OneCallLowering<zpl::WriteStrOp, RuntimeFn::WriteStr>,
               OneCallLowering<zpl::WriteArrayOp, RuntimeFn::WriteArray>,
               OneCallLowering<zpl::WritelnOp, RuntimeFn::Writeln>,
               OneCallLowering<zpl::HaltOp, RuntimeFn::Halt>,
               OneCallLowering<zpl::FileCloseOp, RuntimeFn::FileClose>,
               OneCallLowering<zpl::FileOutputOp, RuntimeFn::FileOutput>,
               OneCallLowering<zpl::FileOutputEndOp, RuntimeFn::FileOutputEnd>,
               OneCallLowering<zpl::FileReadArrayOp, RuntimeFn::FileReadArray>,
               FileOpenLowering, FileReadLowering, TimerLowering>(types, facts);
}

} // namespace zpl::loops
