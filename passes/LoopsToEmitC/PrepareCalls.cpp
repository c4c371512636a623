//===- PrepareCalls.cpp - calls that form-expressions must not move -------===//
//
// zpl-c-prepare-calls, after convert-func-to-emitc and before
// zpl-form-expressions:
//   * an opaque call that names one value twice gets it once, referred to
//     twice by its args;
//   * the result of a procedure call used after other side effects is kept
//     in a variable: form-expressions would otherwise move the call into
//     its user's expression, past those effects
//     (`x = f(a); zrt_array_free(a); return x + 1` -> `return f(a) + 1`).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace zpl {
#define GEN_PASS_DEF_CPREPARECALLS
#include "passes/LoopsToEmitC/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

bool namesAValueTwice(emitc::CallOpaqueOp c) {
  llvm::SmallPtrSet<void *, 8> seen;
  return llvm::any_of(c.getOperands(),
                      [&](Value v) { return !seen.insert(v.getAsOpaquePointer()).second; });
}

/// `f(%a, %b, %a)` is rebuilt as `f(%a, %b)` with args [0, 1, 0]: an
/// emitc.expression around it would have a duplicated region entry
/// argument, whose printed form cannot be parsed back.
void dedupeOperands(emitc::CallOpaqueOp c) {
  OpBuilder b(c);
  SmallVector<Value> operands;
  auto indexOf = [&](Value v) -> int64_t {
    for (auto [i, o] : llvm::enumerate(operands))
      if (o == v)
        return i;
    operands.push_back(v);
    return operands.size() - 1;
  };
  SmallVector<Attribute> args;
  if (ArrayAttr old = c.getArgsAttr()) {
    for (Attribute a : old) {
      auto ia = dyn_cast<IntegerAttr>(a);
      bool isOperand = ia && isa<IndexType>(ia.getType());
      args.push_back(isOperand ? b.getIndexAttr(indexOf(c.getOperand(ia.getInt()))) : a);
    }
  } else {
    for (Value v : c.getOperands())
      args.push_back(b.getIndexAttr(indexOf(v)));
  }
  auto n = emitc::CallOpaqueOp::create(b, c.getLoc(), c->getResultTypes(), c.getCallee(),
                                       operands, b.getArrayAttr(args), c.getTemplateArgsAttr());
  c->replaceAllUsesWith(n);
  c->erase();
}

/// A call with one result, used once, with a side effect between the call
/// and its user.
bool needsPinning(emitc::CallOp c) {
  if (c->getNumResults() != 1 || !c->getResult(0).hasOneUse())
    return false;
  Operation *user = *c->getResult(0).getUsers().begin();
  Operation *anc = c->getBlock()->findAncestorOpInBlock(*user);
  if (!anc)
    return false;
  for (Operation *it = c->getNextNode(); it && it != anc; it = it->getNextNode())
    if (!isMemoryEffectFree(it))
      return true;
  return false;
}

void pinResult(emitc::CallOp c) {
  Value r = c->getResult(0);
  OpBuilder b(c->getContext());
  b.setInsertionPointAfter(c);
  Value var = emitc::VariableOp::create(b, c.getLoc(), emitc::LValueType::get(r.getType()),
                                        emitc::OpaqueAttr::get(c->getContext(), ""));
  auto assign = emitc::AssignOp::create(b, c.getLoc(), var, r);
  Value v = emitc::LoadOp::create(b, c.getLoc(), r.getType(), var);
  r.replaceAllUsesExcept(v, assign);
}

struct CPrepareCallsPass : zpl::impl::CPrepareCallsBase<CPrepareCallsPass> {
  void runOnOperation() override {
    SmallVector<emitc::CallOpaqueOp> twice;
    getOperation()->walk([&](emitc::CallOpaqueOp c) {
      if (namesAValueTwice(c))
        twice.push_back(c);
    });
    for (emitc::CallOpaqueOp c : twice)
      dedupeOperands(c);
    SmallVector<emitc::CallOp> pinned;
    getOperation()->walk([&](emitc::CallOp c) {
      if (needsPinning(c))
        pinned.push_back(c);
    });
    for (emitc::CallOp c : pinned)
      pinResult(c);
  }
};

} // namespace
