//===- HoistConstants.cpp - constants at the entry of their function ------===//
//
// The canonicalizer's folder moves each constant to the start of the entry
// block of the nearest isolated-from-above region and keeps one per value.
// Doing that in its greedy driver re-queues every ancestor of each user of
// a moved constant, time proportional to the nesting depth for each of
// them (quadratic in the depth of nested `if`s and `for`s). This pass does
// the same in one walk, so the folder finds every constant in place.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace zpl {
#define GEN_PASS_DEF_HOISTCONSTANTS
#include "passes/LoopsToEmitC/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

/// What the folder tells constants apart by.
using ConstantKey = std::tuple<OperationName, Attribute, Type>;

/// Hoists the constants of `region` (not those of nested isolated regions,
/// which are handled on their own) into its entry block, with the folder's
/// rule: the first constant of each value stays where it is if it is at the
/// front of the entry block or right after another kept constant, and moves
/// to the front otherwise; later ones are replaced by it.
void hoistConstants(Region &region) {
  if (region.empty())
    return;
  Block &entry = region.front();
  llvm::DenseMap<ConstantKey, Operation *> kept;
  llvm::SmallPtrSet<Operation *, 16> keptOps;
  auto visit = [&](Operation *op) -> WalkResult {
    if (op->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return WalkResult::skip(); // hoisted into its own regions
    Attribute value;
    // A constant without uses is left to the canonicalizer, which erases
    // it before the folder sees it.
    if (op->getNumResults() != 1 || op->use_empty() ||
        !matchPattern(op, m_Constant(&value)))
      return WalkResult::advance();
    ConstantKey key{op->getName(), value, op->getResult(0).getType()};
    auto [it, inserted] = kept.try_emplace(key, op);
    if (!inserted) {
      op->getResult(0).replaceAllUsesWith(it->second->getResult(0));
      op->erase();
      return WalkResult::skip();
    }
    keptOps.insert(op);
    bool inPlace = op->getBlock() == &entry &&
                   (&entry.front() == op || keptOps.contains(op->getPrevNode()));
    if (!inPlace)
      op->moveBefore(&entry, entry.begin());
    return WalkResult::advance();
  };
  for (Block &block : region)
    for (Operation &op : llvm::make_early_inc_range(block))
      op.walk<WalkOrder::PreOrder>(visit);
}

struct HoistConstants
    : public zpl::impl::HoistConstantsBase<HoistConstants> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (op->hasTrait<OpTrait::IsIsolatedFromAbove>() && !isa<ModuleOp>(op))
        for (Region &region : op->getRegions())
          hoistConstants(region);
    });
  }
};

} // namespace
