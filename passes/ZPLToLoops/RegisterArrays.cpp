//===- RegisterArrays.cpp - arrays a fused run keeps in scalars -----------===//
//
// An array every element of which is read only at the index where the
// same fused run has just assigned it, and never otherwise used, is a
// per-index temporary: the run forwards the assigned value to those reads
// anyway (Statements.cpp), so storing it is dead work, and its row pointer
// takes a register from the loop. Such global arrays are "register
// arrays": the fused runs keep their elements in scalars and never touch
// their storage, which stays allocated (and zero).
//
// The conditions, for every use of the array in the module:
//   * it is the destination or the mask of a statement of a fused run, or
//     an unshifted read in the body of such a statement;
//   * within each run, in statement order, every read of the array comes
//     after an assignment to it in the same run: an unmasked one, or one
//     under the same mask as the reading statement (the mask not assigned
//     in between), whose value is then only read where it was assigned.
//     Used as a mask, the array must have been assigned unmasked. A
//     masked assignment after an unmasked one keeps the old value where
//     the mask does not hold.
// Anything else (a transfer, a reduction or a statement outside a run, a
// shifted read, output, a call) keeps the array in memory.
//
//===----------------------------------------------------------------------===//

#include "passes/ZPLToLoops/LoopNest.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace zpl::loops {
namespace {

/// Whether `use` is one a fused run can serve from a scalar.
bool isRunUse(OpOperand &use) {
  Operation *user = use.getOwner();
  if (!user->getParentOfType<zpl::FusedOp>())
    return false;
  if (auto read = dyn_cast<zpl::ReadOp>(user))
    return !read.isShifted();
  if (auto assign = dyn_cast<zpl::AssignOp>(user))
    return use.get() == assign.getDest() || use.get() == assign.getMask();
  if (auto reduce = dyn_cast<zpl::ReduceOp>(user))
    return use.get() == reduce.getMask();
  return false;
}

/// The guard of a statement: its mask's key and whether it is `without`;
/// no key for an unmasked statement.
struct Guard {
  const void *mask = nullptr;
  bool without = false;
  bool operator==(const Guard &o) const {
    return mask == o.mask && without == o.without;
  }
};

Guard guardOf(Operation *stmt) {
  if (auto a = dyn_cast<zpl::AssignOp>(stmt))
    return {a.getMask() ? arrayKeyOf(a.getMask()) : nullptr, a.getWithout()};
  auto r = cast<zpl::ReduceOp>(stmt);
  return {r.getMask() ? arrayKeyOf(r.getMask()) : nullptr, r.getWithout()};
}

/// Adds to `bad` the arrays a statement of `run` reads where the run has
/// not assigned them at the index: not assigned before, or assigned only
/// under another guard (or under a mask assigned again since). `valid`
/// maps each array assigned so far to the guard it holds a value under.
void findUnassignedReads(zpl::FusedOp run, llvm::DenseSet<const void *> &bad) {
  llvm::DenseMap<const void *, Guard> valid;
  SmallVector<const void *> stale;
  for (Operation *stmt : run.getStatements()) {
    Guard guard = guardOf(stmt);
    auto readable = [&](const void *key) {
      auto it = valid.find(key);
      return it != valid.end() && (!it->second.mask || it->second == guard);
    };
    auto mask = valid.find(guard.mask);
    if (guard.mask && (mask == valid.end() || mask->second.mask))
      bad.insert(guard.mask);
    stmt->getRegion(0).walk([&](zpl::ReadOp read) {
      if (read.isShifted() || !readable(arrayKeyOf(read.getArray())))
        bad.insert(arrayKeyOf(read.getArray()));
    });
    auto assign = dyn_cast<zpl::AssignOp>(stmt);
    if (!assign)
      continue;
    const void *dest = arrayKeyOf(assign.getDest());
    // Values held under a mask assigned again are no longer known.
    for (auto &[key, held] : valid)
      if (held.mask == dest)
        stale.push_back(key);
    for (const void *key : stale)
      valid.erase(key);
    stale.clear();
    if (!guard.mask || !valid.contains(dest))
      valid[dest] = guard;
    else if (!readable(dest))
      bad.insert(dest);
  }
}

/// The zpl.gets of each global array that nothing but zpl.gets names.
/// (Local arrays take part in no fused run: passes/zpl/Passes.td.)
llvm::MapVector<const void *, SmallVector<Value>> globalArrays(ModuleOp module) {
  llvm::MapVector<const void *, SmallVector<Value>> arrays;
  for (auto decl : module.getOps<zpl::ArrayDeclOp>()) {
    SmallVector<Value> gets;
    bool onlyGets = true;
    if (auto uses = SymbolTable::getSymbolUses(decl, module))
      for (const SymbolTable::SymbolUse &use : *uses) {
        auto get = dyn_cast<zpl::GetOp>(use.getUser());
        onlyGets = onlyGets && get;
        if (get)
          gets.push_back(get);
      }
    if (onlyGets && !gets.empty())
      arrays[arrayKeyOf(gets.front())] = gets;
  }
  return arrays;
}

} // namespace

void findRegisterArrays(ModuleOp module, ModuleFacts &facts) {
  llvm::DenseSet<const void *> bad;
  module.walk([&](zpl::FusedOp run) { findUnassignedReads(run, bad); });
  for (auto &[key, values] : globalArrays(module)) {
    bool onlyRuns = llvm::all_of(values, [](Value v) {
      return llvm::all_of(v.getUses(), isRunUse);
    });
    if (onlyRuns && !bad.contains(key))
      facts.registerArrays.insert(key);
  }
}

} // namespace zpl::loops
