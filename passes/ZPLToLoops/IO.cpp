//===- IO.cpp - output and halt -------------------------------------------===//
//
// Output goes through the runtime, which prints on PE 0: zrt_write_<T>
// for a scalar (with its printf format, or ""), zrt_write_str,
// zrt_write_array, zrt_writeln; `halt;` is zrt_halt.
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
  template <typename Other>
  static SmallVector<CArg> argsOf(Other, typename Other::Adaptor, Type &) {
    return {};
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
               OneCallLowering<zpl::HaltOp, RuntimeFn::Halt>>(types, facts);
}

} // namespace zpl::loops
