//===- CountOperations.cpp - operation counts of array statements ---------===//
//
// Annotates every array statement with `zpl.ops`, what one element of its
// region costs (see Passes.td), for the simulated machines' computation
// time. Counting is by operation kind in the statement's body; reads are
// told apart by array (the first read of an array streams from memory,
// further reads of it hit the cache).
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

namespace zpl {
#define GEN_PASS_DEF_COUNTOPERATIONS
#include "passes/zpl/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

struct Counts {
  int64_t ops = 0, divs = 0, calls = 0, loads = 0, cached = 0, stores = 0;
};

/// Math operations that are a few instructions (not a library call).
bool cheapMath(Operation *op) {
  return isa<math::AbsFOp, math::AbsIOp, math::FloorOp, math::CeilOp, math::CopySignOp>(op);
}

/// Distinguishes arrays: a global by its name (each read may `zpl.get` it
/// anew), anything else (a parameter, a local array) by its value.
class ArrayReads {
public:
  /// True the first time `array` is read.
  bool first(Value array) {
    if (auto get = array.getDefiningOp<zpl::GetOp>())
      return globals.insert(get.getName()).second;
    return values.insert(array).second;
  }

private:
  llvm::StringSet<> globals;
  llvm::DenseSet<Value> values;
};

Counts countBody(Block &body) {
  Counts c;
  ArrayReads reads;
  body.walk([&](Operation *op) {
    if (auto read = dyn_cast<zpl::ReadOp>(op)) {
      (reads.first(read.getArray()) ? c.loads : c.cached) += 1;
      return;
    }
    if (isa<arith::DivFOp, arith::DivSIOp, arith::DivUIOp, arith::RemFOp, arith::RemSIOp,
            arith::RemUIOp, arith::CeilDivSIOp, arith::FloorDivSIOp>(op)) {
      // by a constant, the C compiler multiplies and shifts instead
      ++(op->getOperand(1).getDefiningOp<arith::ConstantOp>() ? c.ops : c.divs);
      return;
    }
    if (isa<math::MathDialect>(op->getDialect())) {
      ++(cheapMath(op) ? c.ops : c.calls);
      return;
    }
    if (isa<arith::ConstantOp>(op))
      return;
    if (isa<arith::ArithDialect>(op->getDialect()) || isa<zpl::IndexOp>(op))
      ++c.ops;
  });
  return c;
}

DictionaryAttr toAttr(MLIRContext *ctx, const Counts &c) {
  Builder b(ctx);
  auto i64 = [&](int64_t v) { return b.getI64IntegerAttr(v); };
  return b.getDictionaryAttr({b.getNamedAttr("ops", i64(c.ops)),
                              b.getNamedAttr("divs", i64(c.divs)),
                              b.getNamedAttr("calls", i64(c.calls)),
                              b.getNamedAttr("loads", i64(c.loads)),
                              b.getNamedAttr("cached", i64(c.cached)),
                              b.getNamedAttr("stores", i64(c.stores))});
}

struct CountOperationsPass : zpl::impl::CountOperationsBase<CountOperationsPass> {
  void runOnOperation() override {
    getOperation().walk([&](Operation *op) {
      if (!isa<zpl::AssignOp, zpl::ReduceOp, zpl::PartialReduceOp, zpl::ScanOp,
               zpl::FloodOp>(op))
        return;
      Counts c = countBody(op->getRegion(0).front());
      if (auto assign = dyn_cast<zpl::AssignOp>(op)) {
        c.stores = 1;
        if (assign.getMask())
          ++c.loads;
      } else if (auto reduce = dyn_cast<zpl::ReduceOp>(op)) {
        ++c.ops; // the combine
        if (reduce.getMask())
          ++c.loads;
      } else {
        c.stores = 1; // into the collection buffer
        if (isa<zpl::PartialReduceOp, zpl::ScanOp>(op))
          ++c.ops;
      }
      op->setAttr("zpl.ops", toAttr(op->getContext(), c));
    });
  }
};

} // namespace
