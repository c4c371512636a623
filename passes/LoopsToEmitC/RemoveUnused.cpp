//===- RemoveUnused.cpp - what -Wall would report as unused ---------------===//
//
// zpl-c-remove-unused, after convert-scf-to-emitc: the leftovers of that
// conversion that C compilers warn about under -Wall -Werror are removed:
// loads of loop results nobody uses (unused variables), variables that are
// only ever assigned (set but unused), unused results of opaque calls, and
// whatever becomes dead with them.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

namespace zpl {
#define GEN_PASS_DEF_CREMOVEUNUSED
#include "passes/LoopsToEmitC/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

/// A variable that is only ever assigned: the variable and its assignments
/// can go.
bool isOnlyAssigned(emitc::VariableOp var) {
  return llvm::all_of(var->getUses(), [](OpOperand &u) {
    auto assign = dyn_cast<emitc::AssignOp>(u.getOwner());
    return assign && assign.getVar() == u.get();
  });
}

/// emitc's operators have no side effects but do not say so: unused, they
/// would print as unused variables (e.g. a row displacement computed for
/// an access that shares another one's row).
bool isUnusedOperator(Operation *op) {
  return op->getNumResults() > 0 && op->use_empty() &&
         isa<emitc::AddOp, emitc::SubOp, emitc::MulOp, emitc::DivOp, emitc::RemOp, emitc::CmpOp,
             emitc::ConditionalOp, emitc::LogicalNotOp, emitc::LogicalAndOp, emitc::LogicalOrOp,
             emitc::CastOp, emitc::LiteralOp, emitc::ConstantOp, emitc::SubscriptOp>(op);
}

/// One sweep: opaque calls whose results are unused lose them, and the
/// dead operations go (users before definitions). True if anything changed.
bool removeUnusedOnce(Operation *root) {
  SmallVector<Operation *> dead;
  SmallVector<emitc::CallOpaqueOp> unusedCalls;
  root->walk([&](Operation *op) {
    if (auto load = dyn_cast<emitc::LoadOp>(op)) {
      if (load->use_empty())
        dead.push_back(op);
    } else if (auto var = dyn_cast<emitc::VariableOp>(op)) {
      if (isOnlyAssigned(var)) {
        for (Operation *user : llvm::to_vector(var->getUsers()))
          dead.push_back(user);
        dead.push_back(op);
      }
    } else if (auto c = dyn_cast<emitc::CallOpaqueOp>(op)) {
      if (c->getNumResults() > 0 && c->use_empty())
        unusedCalls.push_back(c);
    } else if (isUnusedOperator(op) || (op->getNumResults() > 0 && isOpTriviallyDead(op))) {
      dead.push_back(op);
    }
  });
  bool changed = false;
  for (emitc::CallOpaqueOp c : unusedCalls) {
    OpBuilder b(c);
    emitc::CallOpaqueOp::create(b, c.getLoc(), TypeRange(), c.getCallee(), c.getOperands(),
                                c.getArgsAttr(), c.getTemplateArgsAttr());
    c->erase();
    changed = true;
  }
  llvm::DenseSet<Operation *> erased;
  for (Operation *op : dead) {
    if (erased.contains(op) || !op->use_empty())
      continue;
    erased.insert(op);
    op->erase();
    changed = true;
  }
  return changed;
}

struct CRemoveUnusedPass : zpl::impl::CRemoveUnusedBase<CRemoveUnusedPass> {
  void runOnOperation() override {
    while (removeUnusedOnce(getOperation())) {
    }
  }
};

} // namespace
