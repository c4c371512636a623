//===- ReleasedRemaps.cpp - remaps whose schedule is dropped after use ----===//
//
// A remap keeps its schedule in its static handle so that the next run of
// the same statement reuses it. A remap the program runs at most once
// never gets there: its schedule (offset lists of every point, the index
// values it was built from) would stay for the rest of the run. NAS IS's
// full verification has three such remaps over every key, which held more
// memory than the whole ranking. Such a remap's handle is released after
// its SV (`zt_<id> = im_remap_release(h)`).
//
// "At most once" is decided on the call graph: zpl_main runs once; a
// function runs at most once when its one use is a call that sits in no
// loop of a function that runs at most once; a remap runs at most once
// when it sits in no loop of such a function. The only enclosing ops
// allowed are conditionals; anything else (a loop, or any other op with
// regions) counts as a loop. A wrong "once" could only cost time: the
// next run finds an empty cache and inspects again.
//
//===----------------------------------------------------------------------===//

#include "passes/ZPLToLoops/Lowering.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace zpl::loops {
namespace {

/// Whether `op` sits in no loop of its function: the ops around it, up to
/// the function, are conditionals only.
bool outsideLoops(Operation *op) {
  for (Operation *p = op->getParentOp(); p && !isa<func::FuncOp>(p);
       p = p->getParentOp())
    if (!isa<scf::IfOp, scf::IndexSwitchOp, scf::ExecuteRegionOp>(p))
      return false;
  return true;
}

/// Which functions of the module run at most once per program run.
class RunsOnce {
public:
  explicit RunsOnce(ModuleOp module) : module(module) {}

  bool operator()(func::FuncOp f) {
    auto [it, inserted] = known.try_emplace(f, false); // a cycle: not once
    if (!inserted)
      return it->second;
    bool once = decide(f);
    known[f] = once;
    return once;
  }

private:
  bool decide(func::FuncOp f) {
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(f, module);
    if (!uses)
      return false;
    auto begin = uses->begin(), end = uses->end();
    if (begin == end) // zpl_main, or a procedure nobody calls
      return true;
    if (std::next(begin) != end)
      return false;
    Operation *user = begin->getUser();
    auto caller = user->getParentOfType<func::FuncOp>();
    return isa<func::CallOp>(user) && caller && outsideLoops(user) &&
           (*this)(caller);
  }

  ModuleOp module;
  llvm::DenseMap<Operation *, bool> known;
};

bool hasSchedule(Operation *op) {
  if (auto t = dyn_cast<ironman::TransferOp>(op))
    return t.getTransferKind() == ironman::TransferKind::remap ||
           t.getTransferKind() == ironman::TransferKind::transpose;
  return isa<zpl::RemapOp, zpl::MaskedRemapOp, zpl::ScatterCombineOp,
             zpl::ScatterProductOp>(op);
}

/// Where the handle of `op` is last used: its own lowering (the zpl remap
/// ops call all four states in place), or the one ironman.sv of an
/// ironman.transfer when every use of the handle precedes it in its block.
Operation *lastUse(Operation *op) {
  auto transfer = dyn_cast<ironman::TransferOp>(op);
  if (!transfer)
    return op;
  Operation *sv = nullptr;
  for (Operation *user : transfer->getUsers()) {
    if (!isa<ironman::SVOp>(user))
      continue;
    if (sv)
      return nullptr;
    sv = user;
  }
  if (!sv)
    return nullptr;
  for (Operation *user : transfer->getUsers())
    if (user->getBlock() != sv->getBlock() ||
        (user != sv && !user->isBeforeInBlock(sv)))
      return nullptr;
  return sv;
}

} // namespace

void markReleasedRemaps(ModuleOp module, ModuleFacts &facts) {
  RunsOnce runsOnce(module);
  module.walk([&](Operation *op) {
    if (!hasSchedule(op) || !outsideLoops(op))
      return;
    auto f = op->getParentOfType<func::FuncOp>();
    Operation *last = lastUse(op);
    if (f && last && runsOnce(f))
      facts.releaseAfter[last] = facts.transferIds.lookup(op);
  });
}

} // namespace zpl::loops
