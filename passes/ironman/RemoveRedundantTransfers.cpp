//===- RemoveRedundantTransfers.cpp - drop transfers that move nothing new ===//
//
// zpl-ironman-redundancy removes a transfer (with its DR, SR, DN and SV)
// when an identical transfer -- same kind, arrays, region and shift -- has
// completed on every path to it and the array has not been written since:
// its cells still hold what the new transfer would bring. Halo transfers
// write only ghost cells, which nothing but transfers of the same array
// writes, and those bring the current (unchanged) values; wrap and reflect
// fill a band from cells of the region that the band does not overlap, so
// repeating them unchanged is as idle.
//
// Availability flows forward through each function: a transfer becomes
// available at its DN; an op that may write the array (a statement storing
// into it, a remap, a call, a transfer of another kind into it, ...; see
// dialects/ironman/Placement.h) makes it unavailable. Structured control
// flow is handled conservatively: the branches of an scf.if start with
// what is available before it, and afterwards only what no branch writes
// stays available (transfers inside a branch do not become available
// after it); a loop's body starts with what is available before the loop
// and not written anywhere in the loop, and the same holds after it.
//
// With `hoist` (the default), first, a halo transfer at the top level of a
// loop body whose array is written nowhere in the loop (no call either),
// and whose array and region are available before the loop, moves before
// the loop with its four calls: every iteration would bring the same
// cells. When the loop runs zero times the hoisted transfer still runs
// once; it only refreshes ghost cells with the array's current values,
// which changes nothing any statement can observe.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialects/ironman/Placement.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace zpl {
#define GEN_PASS_DEF_REMOVEREDUNDANTTRANSFERS
#include "passes/ironman/Passes.h.inc"
} // namespace zpl

using namespace mlir;
using namespace zpl;
using ironman::CommUnit;
using ironman::TransferOp;

namespace {

/// Transfers whose cells are known to be current, in order of completion.
using Available = SmallVector<TransferOp>;

struct RemoveRedundantTransfersPass
    : zpl::impl::RemoveRedundantTransfersBase<RemoveRedundantTransfersPass> {
  using RemoveRedundantTransfersBase::RemoveRedundantTransfersBase;
  void runOnOperation() override;

private:
  void hoistFromLoop(Operation *loop);
  void processBlock(Block &block, Available available);
  void processCall(Operation *call, Available &available);
  SmallVector<Operation *> dropped;
};

} // namespace

//===----------------------------------------------------------------------===//
// Identical transfers
//===----------------------------------------------------------------------===//

/// Whether the global `get` reads never changes while the program runs:
/// regions, arrays, config vars and constants.
static bool readsImmutableGlobal(GetOp get) {
  Operation *decl = SymbolTable::lookupNearestSymbolFrom(get, get.getNameAttr());
  if (auto global = dyn_cast_or_null<GlobalOp>(decl))
    return global.getConstant();
  return isa_and_nonnull<RegionDeclOp, ArrayDeclOp, ConfigOp>(decl);
}

/// Whether `a` and `b` always hold the same value: the same SSA value, reads
/// of the same immutable global, or the results of two side-effect free ops
/// of the same kind and attributes on equal operands.
static bool sameValue(Value a, Value b, unsigned depth = 0) {
  if (a == b)
    return true;
  Operation *defA = a.getDefiningOp(), *defB = b.getDefiningOp();
  if (!defA || !defB || depth > 8 || a.getType() != b.getType())
    return false;
  auto getA = dyn_cast<GetOp>(defA), getB = dyn_cast<GetOp>(defB);
  if (getA && getB)
    return getA.getNameAttr() == getB.getNameAttr() &&
           readsImmutableGlobal(getA);
  if (defA->getName() != defB->getName() ||
      defA->getAttrDictionary() != defB->getAttrDictionary() ||
      defA->getNumRegions() != 0 || !isMemoryEffectFree(defA) ||
      defA->getNumOperands() != defB->getNumOperands() ||
      cast<OpResult>(a).getResultNumber() != cast<OpResult>(b).getResultNumber())
    return false;
  for (auto [x, y] : llvm::zip(defA->getOperands(), defB->getOperands()))
    if (!sameValue(x, y, depth + 1))
      return false;
  return true;
}

/// Whether `a` and `b` move the same cells the same way.
static bool sameTransfer(TransferOp a, TransferOp b) {
  return a.getTransferKind() == b.getTransferKind() &&
         a.getShift() == b.getShift() &&
         ironman::mustAlias(a.getSrc(), b.getSrc()) &&
         ironman::mustAlias(a.getDst(), b.getDst()) &&
         sameValue(a.getRegion(), b.getRegion());
}

/// Transfers this pass knows to be idle when repeated unchanged.
static bool isRepeatable(TransferOp transfer) { return transfer.isBandKind(); }

//===----------------------------------------------------------------------===//
// Writes
//===----------------------------------------------------------------------===//

/// Whether `op`, or an op nested in it, may write `array`: a write by a
/// statement (or anything Placement.h counts as one), or a state call of a
/// transfer of a kind other than halo into it.
static bool mayWrite(Operation *op, Value array) {
  if (ironman::getArrayUse(op, array).writes)
    return true;
  WalkResult result = op->walk([&](Operation *inner) {
    std::optional<CommUnit> unit = ironman::getUnitOfCall(inner);
    if (!unit)
      return WalkResult::advance();
    for (TransferOp member : unit->members)
      if (member.getTransferKind() != ironman::TransferKind::halo &&
          ironman::mayAlias(member.getDst(), array))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Forgets the available transfers whose array `op` may write.
static void killWritten(Available &available, Operation *op) {
  llvm::erase_if(available, [&](TransferOp transfer) {
    return mayWrite(op, transfer.getDst()) ||
           (transfer.getSrc() != transfer.getDst() &&
            mayWrite(op, transfer.getSrc()));
  });
}

//===----------------------------------------------------------------------===//
// Hoisting out of loops
//===----------------------------------------------------------------------===//

/// Whether `value` is defined outside `loop`, possibly after moving the
/// side-effect free ops computing it (collected in `defs`, in order) there.
static bool availableBefore(Value value, Operation *loop,
                            SmallVectorImpl<Operation *> &defs) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return !loop->isAncestor(value.getParentBlock()->getParentOp());
  if (!loop->isAncestor(def) || llvm::is_contained(defs, def))
    return true;
  auto get = dyn_cast<GetOp>(def);
  bool pure = get ? readsImmutableGlobal(get)
                  : def->getNumRegions() == 0 && isMemoryEffectFree(def);
  if (!pure)
    return false;
  for (Value operand : def->getOperands())
    if (!availableBefore(operand, loop, defs))
      return false;
  defs.push_back(def);
  return true;
}

/// Whether a unit's window in `loop`'s block spans the loop and interferes
/// with `unit`, so that `unit` may not run right before the loop.
static bool insideInterferingWindow(const CommUnit &unit, Operation *loop) {
  for (Operation &op : *loop->getBlock()) {
    std::optional<CommUnit> other = ironman::getCommUnit(&op);
    if (!other || !other->wellFormed() ||
        other->calls[CommUnit::DR]->getBlock() != loop->getBlock())
      continue;
    if (other->calls[CommUnit::DR]->isBeforeInBlock(loop) &&
        loop->isBeforeInBlock(other->calls[CommUnit::SV]) &&
        ironman::unitsInterfere(unit, *other))
      return true;
  }
  return false;
}

void RemoveRedundantTransfersPass::hoistFromLoop(Operation *loop) {
  for (Region &region : loop->getRegions()) {
    if (region.empty())
      continue;
    // Collected first: hoisting moves the calls that follow each transfer.
    SmallVector<Operation *> transfers;
    for (Operation &op : region.front())
      if (isa<TransferOp>(op))
        transfers.push_back(&op);
    for (Operation *op : transfers) {
      std::optional<CommUnit> unit = ironman::getCommUnit(op);
      if (!unit || !unit->allHalo() ||
          !unit->wellFormed() ||
          unit->calls[CommUnit::DR]->getBlock() != &region.front())
        continue;
      TransferOp transfer = unit->members.front();
      SmallVector<Operation *> defs;
      if (mayWrite(loop, transfer.getDst()) ||
          !availableBefore(transfer.getSrc(), loop, defs) ||
          !availableBefore(transfer.getDst(), loop, defs) ||
          !availableBefore(transfer.getRegion(), loop, defs) ||
          insideInterferingWindow(*unit, loop))
        continue;
      for (Operation *def : defs)
        def->moveBefore(loop);
      transfer->moveBefore(loop);
      for (Operation *call : unit->calls)
        call->moveBefore(loop);
    }
  }
}

//===----------------------------------------------------------------------===//
// Availability
//===----------------------------------------------------------------------===//

/// At a unit's DN its cells have arrived: drop the unit if an identical
/// transfer's cells are still current, else make it available (after
/// forgetting what a transfer of another kind overwrites).
void RemoveRedundantTransfersPass::processCall(Operation *call,
                                               Available &available) {
  std::optional<CommUnit> unit = ironman::getUnitOfCall(call);
  if (!unit || unit->calls[CommUnit::DN] != call)
    return;
  TransferOp first = unit->members.front();
  bool single = isa<TransferOp>(unit->op);
  if (single && isRepeatable(first) && unit->wellFormed() &&
      llvm::any_of(available,
                   [&](TransferOp done) { return sameTransfer(done, first); })) {
    dropped.push_back(unit->op);
    llvm::append_range(dropped, unit->calls);
    return;
  }
  for (TransferOp member : unit->members)
    if (member.getTransferKind() != ironman::TransferKind::halo)
      llvm::erase_if(available, [&](TransferOp done) {
        return ironman::mayAlias(done.getDst(), member.getDst()) ||
               ironman::mayAlias(done.getSrc(), member.getDst());
      });
  for (TransferOp member : unit->members)
    if (isRepeatable(member))
      available.push_back(member);
}

void RemoveRedundantTransfersPass::processBlock(Block &block,
                                                Available available) {
  for (Operation &op : block) {
    if (isa<ironman::IronmanDialect>(op.getDialect())) {
      processCall(&op, available);
      continue;
    }
    if (op.getNumRegions() != 0 && isa<RegionBranchOpInterface>(op)) {
      // The branches of an if start where the if stands; a loop's body
      // also after earlier iterations, so only what it never writes holds.
      Available inside = available;
      if (!isa<scf::IfOp>(op))
        killWritten(inside, &op);
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          processBlock(nested, inside);
    }
    killWritten(available, &op);
  }
}

void RemoveRedundantTransfersPass::runOnOperation() {
  ModuleOp module = getOperation();
  if (hoist) {
    SmallVector<Operation *> loops;
    module.walk<WalkOrder::PostOrder>([&](Operation *op) {
      if (isa<scf::WhileOp, scf::ForOp>(op))
        loops.push_back(op);
    });
    for (Operation *loop : loops)
      hoistFromLoop(loop);
  }
  module.walk([&](func::FuncOp func) {
    for (Block &block : func.getBody())
      processBlock(block, {});
  });
  for (Operation *op : llvm::reverse(dropped))
    op->erase();
}
