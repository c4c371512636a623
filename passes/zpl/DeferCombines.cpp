//===- DeferCombines.cpp - a loop's combining scatters combined once ------===//
//
// zpl-defer-combines marks a `zpl.scatter_combine` `deferred` and puts one
// `zpl.scatter_settle` of its destination right after L, the outermost
// loop (scf.for or scf.while, in the same function) around it such that:
//   1. the destination is a rank-1 array of i64 whose value is defined
//      before L (the same array on every trip);
//   2. inside L, the destination (traced by its declaration through
//      `zpl.get @sym`, or the SSA value itself) is used only as the
//      destination of combining scatters with the same combiner: nothing
//      in L reads it, writes it otherwise, or passes it on;
//   3. for a global destination, no call inside L reaches a procedure that
//      names its symbol (or one whose body is unknown).
// Then the scatters' results are read only after L, and integer sums and
// products wrap, so each PE may add its contributions of every trip to
// partial results of its own and combine them with the other PEs' once,
// after L: one allreduce instead of an exchange per trip (EP's annulus
// counts, `[Batches with Inside] Q#[Annulus] += 1` in its step loop).
// Whether the runtime defers is decided there (zrt_scatter_defer: the
// partial results are as large as the array); otherwise the scatter runs
// as before and the settle does nothing.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace zpl {
#define GEN_PASS_DEF_DEFERCOMBINES
#include "passes/zpl/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

/// Whether `op` names `sym` in an attribute (zpl.get, zpl.set, ...).
bool namesSymbol(Operation *op, StringAttr sym) {
  return llvm::any_of(op->getAttrs(), [&](NamedAttribute a) {
    auto ref = dyn_cast<FlatSymbolRefAttr>(a.getValue());
    return ref && ref.getAttr() == sym;
  });
}

class Analysis {
public:
  explicit Analysis(ModuleOp module) : symbols(module), dominance(module) {}

  /// The outermost loop `op` may be deferred over, or null.
  Operation *outermostLoop(zpl::ScatterCombineOp op) {
    auto dest = cast<zpl::ArrayType>(op.getDest().getType());
    if (dest.getRank() != 1 || !dest.getElementType().isInteger(64))
      return nullptr;
    Operation *best = nullptr;
    for (Operation *p = op->getParentOp(); p && !isa<func::FuncOp>(p);
         p = p->getParentOp()) {
      if (!isa<scf::ForOp, scf::WhileOp>(p))
        continue;
      if (!dominance.properlyDominates(op.getDest(), p) ||
          !onlyCombinedIn(p, op))
        break;
      best = p;
    }
    return best;
  }

private:
  /// Rules 2 and 3 for `loop`.
  bool onlyCombinedIn(Operation *loop, zpl::ScatterCombineOp op) {
    const void *key = zpl::arrayKeyOf(op.getDest());
    StringAttr sym = zpl::getGlobalOf(op.getDest());
    WalkResult r = loop->walk([&](Operation *o) {
      auto other = dyn_cast<zpl::ScatterCombineOp>(o);
      bool sameKind = other && zpl::arrayKeyOf(other.getDest()) == key &&
                      other.getCombiner() == op.getCombiner();
      for (OpOperand &use : o->getOpOperands()) {
        if (sameKind && use.get() == other.getDest())
          continue;
        if (isa<zpl::ArrayType>(use.get().getType()) &&
            zpl::arrayKeyOf(use.get()) == key)
          return WalkResult::interrupt();
      }
      if (sym && isa<CallOpInterface>(o) && mayName(o, sym))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return !r.wasInterrupted();
  }

  /// Whether the call `call` reaches a procedure naming `sym`, or one
  /// whose body is unknown.
  bool mayName(Operation *call, StringAttr sym) {
    llvm::SmallPtrSet<Operation *, 8> seen;
    return callMayName(call, sym, seen);
  }

  bool callMayName(Operation *call, StringAttr sym,
                   llvm::SmallPtrSetImpl<Operation *> &seen) {
    CallInterfaceCallable target =
        cast<CallOpInterface>(call).getCallableForCallee();
    auto callee = llvm::dyn_cast_if_present<SymbolRefAttr>(target);
    auto fn = callee ? symbols.lookup<func::FuncOp>(callee.getLeafReference())
                     : func::FuncOp();
    if (!fn || fn.isExternal())
      return true;
    if (!seen.insert(fn).second)
      return false;
    WalkResult r = fn.walk([&](Operation *o) {
      if (namesSymbol(o, sym) ||
          (isa<CallOpInterface>(o) && callMayName(o, sym, seen)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return r.wasInterrupted();
  }

  SymbolTable symbols;
  DominanceInfo dominance;
};

struct DeferCombines : zpl::impl::DeferCombinesBase<DeferCombines> {
  void runOnOperation() override {
    Analysis analysis(getOperation());
    // The scatters deferred over each (loop, destination).
    llvm::MapVector<std::pair<Operation *, const void *>,
                    SmallVector<zpl::ScatterCombineOp>>
        groups;
    getOperation().walk([&](zpl::ScatterCombineOp op) {
      if (Operation *loop = analysis.outermostLoop(op))
        groups[{loop, zpl::arrayKeyOf(op.getDest())}].push_back(op);
    });
    for (auto &[where, ops] : groups) {
      for (zpl::ScatterCombineOp op : ops)
        op.setDeferred(true);
      OpBuilder b(where.first->getContext());
      b.setInsertionPointAfter(where.first);
      zpl::ScatterSettleOp::create(b, ops.front().getLoc(),
                                   ops.front().getDest());
    }
  }
};

} // namespace
