//===- IronmanOps.cpp - ironman operations: verifiers ---------------------===//

#include "dialects/ironman/IronmanOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace ironman;

namespace {
/// The protocol position of each state call: DR, SR, DN, SV.
enum class Step { DR = 0, SR = 1, DN = 2, SV = 3 };

std::optional<Step> stepOf(Operation *op) {
  if (isa<DROp>(op))
    return Step::DR;
  if (isa<SROp>(op))
    return Step::SR;
  if (isa<DNOp>(op))
    return Step::DN;
  if (isa<SVOp>(op))
    return Step::SV;
  return std::nullopt;
}

const char *const kStepNames[] = {"ironman.dr", "ironman.sr", "ironman.dn",
                                  "ironman.sv"};
} // namespace

/// Every path through the program must run the state calls of a transfer in
/// the order DR, SR, DN, SV, each exactly once. Placing all four in one block
/// in that order is what guarantees it for every path, so that is the rule.
static LogicalResult verifyProtocol(TransferOp transfer) {
  Operation *calls[4] = {nullptr, nullptr, nullptr, nullptr};
  for (Operation *user : transfer.getTransfer().getUsers()) {
    std::optional<Step> step = stepOf(user);
    if (!step)
      continue;
    Operation *&slot = calls[static_cast<int>(*step)];
    if (slot) {
      // Uses are not listed in program order: blame the later of the two
      // when they share a block.
      Operation *second = user;
      if (slot->getBlock() == user->getBlock() && user->isBeforeInBlock(slot))
        second = slot;
      return second->emitOpError("is the second ")
             << kStepNames[static_cast<int>(*step)] << " of one transfer";
    }
    slot = user;
  }
  for (int i = 0; i < 4; ++i)
    if (!calls[i])
      return transfer.emitOpError("has no ") << kStepNames[i];
  Block *block = calls[0]->getBlock();
  for (int i = 1; i < 4; ++i) {
    if (calls[i]->getBlock() != block)
      return calls[i]->emitOpError("must be in the same block as ")
             << kStepNames[0] << " of its transfer";
    if (!calls[i - 1]->isBeforeInBlock(calls[i]))
      return calls[i]->emitOpError("must come after ")
             << kStepNames[i - 1] << " (IRONMAN order is DR, SR, DN, SV)";
  }
  return success();
}

LogicalResult TransferOp::verify() {
  auto src = getSrc().getType();
  auto dst = getDst().getType();
  unsigned rank = getRegion().getType().getRank();
  if (src.getElementType() != dst.getElementType())
    return emitOpError("source elements are ") << src.getElementType()
           << " but destination elements are " << dst.getElementType();
  if (src.getRank() != rank || dst.getRank() != rank)
    return emitOpError("arrays and region must have the same rank");
  if (getShift().size() != rank)
    return emitOpError("shift has ") << getShift().size()
           << " components but the region has rank " << rank;
  StringRef kind = getTransferKind();
  if (kind != "halo" && kind != "wrap" && kind != "reflect" && kind != "redist")
    return emitOpError("kind must be halo, wrap, reflect or redist, got '")
           << kind << "'";
  if (std::optional<StringRef> strategy = getStrategy();
      strategy && *strategy != "chained" && *strategy != "packed")
    return emitOpError("strategy must be chained or packed, got '")
           << *strategy << "'";
  bool shifted = llvm::any_of(getShift(), [](int64_t d) { return d != 0; });
  // A redistribution moves every element to where the other
  // distribution keeps it: no shift. The other kinds move a band.
  if (kind == "redist" && shifted)
    return emitOpError("a redist transfer has no shift");
  if (kind != "redist" && !shifted)
    return emitOpError("a ") << kind << " transfer needs a nonzero shift";
  return verifyProtocol(*this);
}

#define GET_OP_CLASSES
#include "dialects/ironman/IronmanOps.cpp.inc"
