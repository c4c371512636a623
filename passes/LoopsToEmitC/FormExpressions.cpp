//===- FormExpressions.cpp - C expressions in time linear in the code -----===//
//
// Groups the EmitC operations that model C operators into emitc.expression
// ops, with the result of upstream form-expressions. Every such operation
// (one result, not a literal) is part of an expression. Upstream wraps each
// in an expression of its own, then folds an expression into the one that
// uses it while its result has exactly one use, by an expression, and it
// has no side effects. A folded expression's inputs are merged into its
// user's as a set, so a value that several operations of one expression use
// becomes a single use once that expression has grown, and is folded in
// too: the expression is then a DAG, emitted with that value's C at each
// use. The folds commute (none undoes another's condition), so the final
// grouping does not depend on their order; this pass computes it directly.
//
// Upstream folds pairwise, cloning the whole growing expression at each
// step, so a chain of n operators costs n^2/2 clones (a 900-term sum took
// 5 s), and its greedy driver puts every ancestor of a changed operation
// back on its worklist, time quadratic in the nesting depth (400 nested
// `if`s: 1.4 s). Here the grouping is found with a union-find over the
// operators, in a few linear rounds (one for trees; another for each level
// of shared values), and each expression is built once, its operations
// moved (not cloned) into its body.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

namespace zpl {
#define GEN_PASS_DEF_FORMEXPRESSIONS
#include "passes/LoopsToEmitC/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

/// An operation emitted as (part of) a C expression.
bool isExpressionOperator(Operation *op) {
  return op->getNumResults() == 1 && !isa<emitc::LiteralOp>(op) &&
         isa<emitc::CExpressionInterface>(op);
}

/// Of an operator or of an expression that exists already.
bool hasSideEffects(Operation *op) {
  if (auto expr = dyn_cast<emitc::ExpressionOp>(op))
    return expr.hasSideEffects();
  return cast<emitc::CExpressionInterface>(op).hasSideEffects();
}

class ExpressionBuilder {
public:
  explicit ExpressionBuilder(llvm::DenseSet<Operation *> &folded)
      : folded(folded) {}

  /// Builds the expression whose root (the operator that yields its value)
  /// is `root`, from `root` and the operators folded into it. An expression
  /// that existed already among them contributes its body and is erased
  /// (`root` too, when it is one).
  void build(Operation *root) {
    Location loc = root->getLoc();
    SmallVector<Operation *> ops = treeInPostOrder(root);
    // The values from outside, each once, in order of first use.
    llvm::MapVector<Value, unsigned> inputs;
    for (Operation *op : ops)
      for (Value v : op->getOperands())
        if (!isInTree(v))
          inputs.insert({v, inputs.size()});
    SmallVector<Value> inputValues;
    for (auto &entry : inputs)
      inputValues.push_back(entry.first);

    OpBuilder b(root->getContext());
    b.setInsertionPointAfter(root);
    Value result = root->getResult(0);
    auto oldRoot = dyn_cast<emitc::ExpressionOp>(root);
    auto expr = emitc::ExpressionOp::create(
        b, loc, result.getType(), inputValues,
        oldRoot && oldRoot.getDoNotInline());
    result.replaceAllUsesWith(expr.getResult());
    Block &body = expr.createBody();
    for (Operation *op : ops) {
      auto old = dyn_cast<emitc::ExpressionOp>(op);
      SmallVector<Operation *> moved{op};
      if (old) {
        // Out of the set before it is freed: a later operation may be
        // allocated at its address.
        folded.erase(op);
        Value yielded = inlineBody(old, body, moved, old == oldRoot);
        if (old == oldRoot)
          result = yielded;
      }
      else
        op->moveBefore(&body, body.end());
      for (Operation *m : moved)
        for (OpOperand &operand : m->getOpOperands())
          if (auto it = inputs.find(operand.get()); it != inputs.end())
            operand.set(body.getArgument(it->second));
    }
    b.setInsertionPointToEnd(&body);
    emitc::YieldOp::create(b, loc, result);
  }

private:
  /// Moves the body of `old` to the end of `body` (its arguments replaced
  /// by the values `old` was given), replaces `old` by the value it yielded
  /// and erases it; `moved` becomes the moved operations. Returns that
  /// value.
  static Value inlineBody(emitc::ExpressionOp old, Block &body,
                          SmallVector<Operation *> &moved, bool isRoot) {
    Block *oldBody = old.getBody();
    for (auto [arg, operand] :
         llvm::zip(oldBody->getArguments(), old.getOperands()))
      arg.replaceAllUsesWith(operand);
    Operation *yield = oldBody->getTerminator();
    Value yielded = yield->getOperand(0);
    moved.clear();
    for (Operation &op : llvm::make_early_inc_range(*oldBody))
      if (&op != yield) {
        op.moveBefore(&body, body.end());
        moved.push_back(&op);
      }
    if (!isRoot)
      old.getResult().replaceAllUsesWith(yielded);
    old.erase();
    return yielded;
  }

  bool isInTree(Value v) const {
    Operation *def = v.getDefiningOp();
    return def && folded.contains(def);
  }

  /// The operators of root's expression, each once, after those defining
  /// its operands. Iterative: a chain may be as long as the program's
  /// longest expression.
  SmallVector<Operation *> treeInPostOrder(Operation *root) const {
    SmallVector<Operation *> order;
    llvm::DenseSet<Operation *> visited{root};
    SmallVector<std::pair<Operation *, unsigned>> stack{{root, 0}};
    while (!stack.empty()) {
      auto &[op, next] = stack.back();
      if (next < op->getNumOperands()) {
        Value v = op->getOperand(next++);
        if (isInTree(v) && visited.insert(v.getDefiningOp()).second)
          stack.push_back({v.getDefiningOp(), 0}); // invalidates op, next
        continue;
      }
      order.push_back(op);
      stack.pop_back();
    }
    return order;
  }

  llvm::DenseSet<Operation *> &folded;
};

/// The grouping of the operators into expressions: a union-find over their
/// indices, each group knowing its root (the operator whose value leaves
/// it) and its size.
class Grouping {
public:
  explicit Grouping(ArrayRef<Operation *> operators) : operators(operators) {
    for (auto [i, op] : llvm::enumerate(operators)) {
      index[op] = i;
      parent.push_back(i);
      root.push_back(i);
      size.push_back(1);
    }
  }

  /// Folds every operator it can, as upstream's folding would at its fixed
  /// point. Operators are visited users first, so a tree is done in one
  /// round; a value shared inside an expression may need that expression
  /// to grow first, hence the rounds.
  void foldAll() {
    for (bool changed = true; changed;) {
      changed = false;
      for (unsigned i = operators.size(); i-- > 0;) {
        unsigned group = find(i);
        if (root[group] != i)
          continue; // folded already
        std::optional<unsigned> into = userGroup(i);
        if (!into)
          continue;
        parent[group] = *into;
        size[*into] += size[group];
        changed = true;
      }
    }
  }

  bool isRoot(unsigned i) { return root[find(i)] == i; }

private:
  unsigned find(unsigned i) {
    while (parent[i] != i)
      i = parent[i] = parent[parent[i]];
    return i;
  }

  /// The group that the expression rooted at operator `i` folds into, if
  /// upstream would fold it: it has no side effects (its other operators
  /// have none, or they would not have been folded), and every use of its
  /// value is by an operator of one other group, counted as one use once
  /// that group has grown (its inputs are then a set), as each use
  /// otherwise.
  std::optional<unsigned> userGroup(unsigned i) {
    Operation *op = operators[i];
    if (hasSideEffects(op))
      return std::nullopt;
    std::optional<unsigned> group;
    unsigned uses = 0;
    for (Operation *user : op->getResult(0).getUsers()) {
      auto it = index.find(user);
      if (it == index.end())
        return std::nullopt;
      unsigned userGroup = find(it->second);
      if (group && *group != userGroup)
        return std::nullopt;
      group = userGroup;
      ++uses;
    }
    if (!group || (uses > 1 && size[*group] == 1))
      return std::nullopt;
    return group;
  }

  ArrayRef<Operation *> operators;
  llvm::DenseMap<Operation *, unsigned> index;
  SmallVector<unsigned> parent, root, size;
};

/// An expression that exists already is rebuilt only when it grows.
bool takesFoldedOperand(Operation *op,
                        const llvm::DenseSet<Operation *> &folded) {
  return llvm::any_of(op->getOperands(), [&](Value v) {
    return v.getDefiningOp() && folded.contains(v.getDefiningOp());
  });
}

/// Whether each of `op`'s regions holds at most its terminator.
bool hasEmptyBodies(Operation *op) {
  return llvm::all_of(op->getRegions(), [](Region &region) {
    return llvm::all_of(region, [](Block &block) {
      return block.empty() || &block.front() == &block.back();
    });
  });
}

/// Erases what upstream's greedy driver erases while it folds: operations
/// that are trivially dead, such as an `if` or a `for` whose body lost its
/// last statement after the canonicalizer ran, or an unused literal
/// (expressions are never trivially dead). Post-order, so that an
/// operation whose nested operations all went goes in the same walk; again
/// while anything went, for the values those used. Only operations with
/// empty bodies are asked: asking one with a body would search it, time
/// proportional to the nesting depth for each.
void eraseTriviallyDeadOps(Operation *root) {
  for (bool erased = true; erased;) {
    erased = false;
    root->walk<WalkOrder::PostOrder>([&](Operation *op) {
      if (op != root && hasEmptyBodies(op) && isOpTriviallyDead(op)) {
        op->erase();
        erased = true;
      }
    });
  }
}

struct FormExpressions
    : public zpl::impl::FormExpressionsBase<FormExpressions> {
  void runOnOperation() override {
    // The operators and the expressions that exist already (which fold
    // like operators, as upstream's), in program order: each after those
    // defining its operands.
    SmallVector<Operation *> operators;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<emitc::ExpressionOp>(op)) {
        operators.push_back(op);
        return WalkResult::skip();
      }
      if (isExpressionOperator(op))
        operators.push_back(op);
      return WalkResult::advance();
    });
    Grouping grouping(operators);
    grouping.foldAll();
    SmallVector<Operation *> roots;
    llvm::DenseSet<Operation *> folded;
    for (auto [i, op] : llvm::enumerate(operators)) {
      if (grouping.isRoot(i))
        roots.push_back(op);
      else
        folded.insert(op);
    }
    ExpressionBuilder builder(folded);
    for (Operation *root : roots)
      if (!isa<emitc::ExpressionOp>(root) || takesFoldedOperand(root, folded))
        builder.build(root);
    eraseTriviallyDeadOps(getOperation());
  }
};

} // namespace
