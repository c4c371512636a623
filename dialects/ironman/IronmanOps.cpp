//===- IronmanOps.cpp - ironman operations: verifiers ---------------------===//

#include "dialects/ironman/IronmanOps.h"
#include "dialects/ironman/Placement.h"

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
/// `head` is the transfer or combine whose `handle` the calls name.
static LogicalResult verifyProtocol(Operation *head, Value handle) {
  Operation *calls[4] = {nullptr, nullptr, nullptr, nullptr};
  for (Operation *user : handle.getUsers()) {
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
      return head->emitOpError("has no ") << kStepNames[i];
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

/// Reports the first op strictly between `from` and `to` that may not
/// stand in `window` of `unit`.
static LogicalResult verifyWindow(const CommUnit &unit, Window window,
                                  Operation *from, Operation *to) {
  for (Operation *op = from->getNextNode(); op != to; op = op->getNextNode()) {
    if (!conflictsWithWindow(unit, window, op))
      continue;
    bool receive = window == Window::Receive;
    InFlightDiagnostic diag = op->emitError();
    if (holdsInterferingCall(unit, window, op))
      diag << "is a state call of a transfer that may write the same cells "
              "as one in flight (between its "
           << (receive ? "ironman.dr and ironman.dn)"
                       : "ironman.sr and ironman.sv)");
    else if (receive)
      diag << "reads cells that a transfer is still receiving (between its "
              "ironman.dr and ironman.dn)";
    else
      diag << "writes a source that a transfer is still sending (between "
              "its ironman.sr and ironman.sv)";
    diag.attachNote(from->getLoc())
        << "the transfer's " << (receive ? "ironman.dr" : "ironman.sr");
    return diag;
  }
  return success();
}

/// The placement rules of Placement.h: nothing between DR and DN reads
/// what the unit receives, nothing between SR and SV writes what it sends.
static LogicalResult verifyPlacement(Operation *head) {
  std::optional<CommUnit> unit = getCommUnit(head);
  if (!unit || !unit->wellFormed())
    return success();
  if (failed(verifyWindow(*unit, Window::Receive, unit->calls[CommUnit::DR],
                          unit->calls[CommUnit::DN])))
    return failure();
  return verifyWindow(*unit, Window::Send, unit->calls[CommUnit::SR],
                      unit->calls[CommUnit::SV]);
}

static bool isCombineMember(TransferOp transfer) {
  return llvm::any_of(transfer->getUsers(),
                      [](Operation *user) { return isa<CombineOp>(user); });
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
  if (kind != "halo" && kind != "wrap" && kind != "reflect")
    return emitOpError("kind must be halo, wrap or reflect, got '") << kind << "'";
  if (std::optional<StringRef> strategy = getStrategy();
      strategy && *strategy != "chained" && *strategy != "packed")
    return emitOpError("strategy must be chained or packed, got '")
           << *strategy << "'";
  if (llvm::all_of(getShift(), [](int64_t d) { return d == 0; }))
    return emitOpError("a ") << kind << " transfer needs a nonzero shift";
  // A combine's member moves with the combine's calls (CombineOp::verify).
  if (isCombineMember(*this))
    return success();
  if (failed(verifyProtocol(*this, getTransfer())))
    return failure();
  return verifyPlacement(*this);
}

/// A member is a halo, wrap or reflect transfer of this block, defined
/// before the combine, whose only use is the combine.
static LogicalResult verifyMember(CombineOp combine, unsigned index,
                                  Value member) {
  auto transfer = member.getDefiningOp<TransferOp>();
  if (!transfer)
    return combine.emitOpError("members must be ironman.transfer results");
  if (transfer->getBlock() != combine->getBlock())
    return combine.emitOpError("members must be defined in the combine's block");
  StringRef kind = transfer.getTransferKind();
  if (kind != "halo" && kind != "wrap" && kind != "reflect")
    return combine.emitOpError("cannot combine a ") << kind << " transfer";
  if (!member.hasOneUse())
    return combine.emitOpError("member #")
           << index << " has uses besides this combine (its own state calls, another "
              "combine or a repeated member)";
  return success();
}

LogicalResult CombineOp::verify() {
  if (getMembers().size() < 2)
    return emitOpError("needs at least two members");
  for (auto [index, member] : llvm::enumerate(getMembers()))
    if (failed(verifyMember(*this, index, member)))
      return failure();
  if (std::optional<StringRef> strategy = getStrategy();
      strategy && *strategy != "chained" && *strategy != "packed")
    return emitOpError("strategy must be chained or packed, got '")
           << *strategy << "'";
  if (failed(verifyProtocol(*this, getTransfer())))
    return failure();
  return verifyPlacement(*this);
}

#define GET_OP_CLASSES
#include "dialects/ironman/IronmanOps.cpp.inc"
