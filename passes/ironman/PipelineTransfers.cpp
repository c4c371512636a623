//===- PipelineTransfers.cpp - overlap communication with computation -----===//
//
// zpl-ironman-pipeline spreads the four state calls of every halo transfer
// (or combine of halo transfers) through its block so that the messages
// travel while the PE computes:
//   DR as early as the destination allows: after the last op before it
//      that reads the ghost cells the transfer receives;
//   SR as early as the source allows: after the last op that writes it
//      (and after DR);
//   DN as late as the destination allows: right before the first op that
//      reads the received cells;
//   SV as late as the source allows: right before the next op that writes
//      it, or the end of the block;
//   where the ends of several units meet, every DN before the SVs it meets.
// IRONMAN's rules bound each call (DN no later than the first read, SV no
// later than the next write) but leave the order of calls of different
// transfers at one point open. An SV may wait for another PE's DN (the
// T3E's SV waits for the reader's "done", SHMEM-style and rendezvous
// bindings likewise), while a DN waits only for data whose SR already
// ran. An SV before another transfer's DN thus chains that transfer behind
// the other PE's progress: on a PE pair exchanging both ways, DN(t0) SV(t0)
// DN(t1) SV(t1) runs the two exchanges one after the other, DN(t0) DN(t1)
// SV(t0) SV(t1) at once. Moving a DN up only shortens its receive window,
// so no rule the placement verifier checks can break.
// "Reads" and "writes" are those of dialects/ironman/Placement.h, which the
// placement verifier checks: ops with regions (scf.if, loops) move as
// units, conservatively by everything nested in them; a call, `zpl.halt`
// or an op the rules do not know stops every call; transfers that could
// receive into the same ghost cells never overlap. The transfer op itself
// (which only builds the handle) first moves up to just after the
// definitions of its operands (but not above an earlier transfer), so that
// DR can go early. Calls move only
// within their block, so each DR, SR, DN, SV still runs once per execution
// of the block, in that order. Transfers of other kinds (wrap, reflect,
// ...) stay where they are, and so does the order of everything else.
//
// A run of statements that zpl-fuse-statements wrapped in a zpl.fused op
// is one op here, with the reads and writes of all its statements: no call
// comes to rest inside a run, whose one loop nest is worth more on a
// cache-based machine than the overlap of one statement.
//
// Across iterations (`across-iterations`, the default): when a unit's
// calls stand in the body of an `scf.for` and nothing in the body before
// its DN (SV) may stand in its receive (send) window, the next
// iteration's DR and SR move from the top of the body to the end of the
// current iteration, after its last op that reads the received cells or
// writes the source (and after DN and SV), in an `scf.if (iv + step < ub)`;
// the first iteration's go before the loop in an `scf.if (lb < ub)`
// (ironman::RotatedCalls). The handles are built before the loop, so their
// operands must come from outside it. This is done only when an array
// statement remains after the new place to compute while the messages
// travel. `scf.while` loops are left alone: whether another iteration
// follows is known only at its start, so starting its transfer earlier
// would send messages the program may never use.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialects/ironman/Placement.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace zpl {
#define GEN_PASS_DEF_PIPELINETRANSFERS
#include "passes/ironman/Passes.h.inc"
} // namespace zpl

using namespace mlir;
using namespace zpl;
using ironman::CommUnit;
using ironman::TransferOp;
using ironman::Window;

namespace {

struct PipelineTransfersPass
    : zpl::impl::PipelineTransfersBase<PipelineTransfersPass> {
  using PipelineTransfersBase::PipelineTransfersBase;
  void runOnOperation() override;

private:
  void moveStartsUp(const CommUnit &unit);
  void moveEndsDown(const CommUnit &unit);
  void moveReceiveBeforeSends(const CommUnit &unit);
  void hoistHead(Operation *head);
  void rotateStarts(const CommUnit &unit);
  void moveUp(Operation *call, Operation *limit,
              llvm::function_ref<bool(Operation *)> blocks);
  void moveDown(Operation *call, Operation *limit,
                llvm::function_ref<bool(Operation *)> blocks);

  /// The `scf.if`s of rotated starts in loop bodies, and their conditions.
  llvm::SmallPtrSet<Operation *, 8> rotatedGuards;
};

} // namespace

//===----------------------------------------------------------------------===//
// Moving calls
//===----------------------------------------------------------------------===//

/// Moves `call` up past every op `blocks` allows, never past `limit`.
void PipelineTransfersPass::moveUp(
    Operation *call, Operation *limit,
    llvm::function_ref<bool(Operation *)> blocks) {
  while (Operation *prev = call->getPrevNode()) {
    if (prev == limit || blocks(prev))
      break;
    call->moveBefore(prev);
  }
}

/// The mirror image of moveUp. The block's terminator is never passed.
void PipelineTransfersPass::moveDown(
    Operation *call, Operation *limit,
    llvm::function_ref<bool(Operation *)> blocks) {
  while (Operation *next = call->getNextNode()) {
    if (next == limit || next->hasTrait<OpTrait::IsTerminator>() ||
        blocks(next))
      break;
    call->moveAfter(next);
  }
}

/// Moves a transfer or combine op up to just after the definitions of its
/// operands (it only builds the handle), keeping the transfers' order.
void PipelineTransfersPass::hoistHead(Operation *head) {
  auto definesOperand = [&](Operation *prev) {
    return isa<TransferOp, ironman::CombineOp>(prev) ||
           llvm::any_of(head->getOperands(), [&](Value operand) {
             return operand.getDefiningOp() == prev;
           });
  };
  moveUp(head, nullptr, definesOperand);
}

void PipelineTransfersPass::moveStartsUp(const CommUnit &unit) {
  Operation *dr = unit.calls[CommUnit::DR], *sr = unit.calls[CommUnit::SR];
  moveUp(dr, nullptr, [&](Operation *op) {
    return unit.defines(op) ||
           ironman::conflictsWithWindow(unit, Window::Receive, op);
  });
  moveUp(sr, dr, [&](Operation *op) {
    return ironman::conflictsWithWindow(unit, Window::Send, op);
  });
}

void PipelineTransfersPass::moveEndsDown(const CommUnit &unit) {
  Operation *dn = unit.calls[CommUnit::DN], *sv = unit.calls[CommUnit::SV];
  moveDown(sv, nullptr, [&](Operation *op) {
    return ironman::conflictsWithWindow(unit, Window::Send, op);
  });
  moveDown(dn, sv, [&](Operation *op) {
    return ironman::conflictsWithWindow(unit, Window::Receive, op);
  });
}

/// Moves the unit's DN up past the SVs (of other units) right before it.
void PipelineTransfersPass::moveReceiveBeforeSends(const CommUnit &unit) {
  moveUp(unit.calls[CommUnit::DN], nullptr,
         [](Operation *op) { return !isa<ironman::SVOp>(op); });
}

//===----------------------------------------------------------------------===//
// Across loop iterations
//===----------------------------------------------------------------------===//

/// Whether `op` is, or holds, an array statement.
static bool holdsStatement(Operation *op) {
  return op->walk([](Operation *inner) {
             return zpl::isArrayStatement(inner) ? WalkResult::interrupt()
                                                 : WalkResult::advance();
           }).wasInterrupted();
}

void PipelineTransfersPass::rotateStarts(const CommUnit &unit) {
  Operation *dr = unit.calls[CommUnit::DR], *sr = unit.calls[CommUnit::SR];
  Operation *dn = unit.calls[CommUnit::DN], *sv = unit.calls[CommUnit::SV];
  Block *body = dr->getBlock();
  auto loop = dyn_cast_or_null<scf::ForOp>(body->getParentOp());
  if (!loop)
    return;
  SmallVector<Operation *> heads;
  for (TransferOp member : unit.members)
    if (member.getOperation() != unit.op)
      heads.push_back(member);
  heads.push_back(unit.op);
  for (Operation *head : heads)
    for (Value operand : head->getOperands())
      if (!loop.isDefinedOutsideOfLoop(operand) &&
          !llvm::is_contained(heads, operand.getDefiningOp()))
        return;
  // In the next iteration the top of the body, down to DN (SV), lies in
  // the receive (send) window.
  Operation *top = &body->front();
  if (ironman::firstConflict(unit, Window::Receive, top, dn) ||
      ironman::firstConflict(unit, Window::Send, top, sv))
    return;
  // Windows that now cross the back edge are not weighed against each
  // other: a unit that interferes with another one in the loop stays.
  for (Operation &op : *body)
    if (ironman::holdsInterferingCall(unit, Window::Receive, &op))
      return;
  // The new place: after SV and the last op that may not stand in either
  // window.
  Operation *after = sv;
  for (Operation *op = body->getTerminator()->getPrevNode(); op != sv;
       op = op->getPrevNode())
    if (ironman::conflictsWithWindow(unit, Window::Receive, op) ||
        ironman::conflictsWithWindow(unit, Window::Send, op)) {
      after = op;
      break;
    }
  // After the guards of the units rotated before this one, to keep the
  // transfers' order.
  while (after->getNextNode() && rotatedGuards.contains(after->getNextNode()))
    after = after->getNextNode();
  OpBuilder b(loop);
  Location loc = dr->getLoc();
  b.setInsertionPointAfter(after);
  Value nextIv = arith::AddIOp::create(b, loc, loop.getInductionVar(),
                                       loop.getStep());
  Value more = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                     nextIv, loop.getUpperBound());
  auto next = scf::IfOp::create(b, loc, more, /*withElseRegion=*/false);
  bool work = llvm::any_of(
      llvm::make_range(std::next(next->getIterator()), body->end()),
      [](Operation &op) { return holdsStatement(&op); });
  if (!work) {
    next.erase();
    more.getDefiningOp()->erase();
    nextIv.getDefiningOp()->erase();
    return;
  }
  // The guard's operands go with it.
  more.getDefiningOp()->moveBefore(next);
  nextIv.getDefiningOp()->moveBefore(more.getDefiningOp());
  rotatedGuards.insert(nextIv.getDefiningOp());
  rotatedGuards.insert(more.getDefiningOp());
  rotatedGuards.insert(next);
  for (Operation *head : heads)
    head->moveBefore(loop);
  b.setInsertionPoint(loop);
  Value runs = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                     loop.getLowerBound(),
                                     loop.getUpperBound());
  auto first = scf::IfOp::create(b, loc, runs, /*withElseRegion=*/false);
  b.setInsertionPoint(first.thenBlock()->getTerminator());
  b.clone(*dr);
  b.clone(*sr);
  dr->moveBefore(next.thenBlock()->getTerminator());
  sr->moveBefore(next.thenBlock()->getTerminator());
}

void PipelineTransfersPass::runOnOperation() {
  rotatedGuards.clear(); // a pass instance may run on several functions
  SmallVector<CommUnit> units;
  getOperation().walk([&](Operation *op) {
    if (!isa<TransferOp, ironman::CombineOp>(op))
      return;
    std::optional<CommUnit> unit = ironman::getCommUnit(op);
    if (unit && unit->allHalo() && unit->wellFormed())
      units.push_back(*unit);
  });
  // Handles first, in order; then the starts from the last unit back and
  // the ends from the first on, so that calls meeting at one point keep
  // the transfers' order.
  for (const CommUnit &unit : units) {
    for (TransferOp member : unit.members)
      if (member.getOperation() != unit.op)
        hoistHead(member);
    hoistHead(unit.op);
  }
  for (const CommUnit &unit : llvm::reverse(units))
    moveStartsUp(unit);
  for (const CommUnit &unit : units)
    moveEndsDown(unit);
  for (const CommUnit &unit : units)
    moveReceiveBeforeSends(unit);
  if (acrossIterations)
    for (const CommUnit &unit : units)
      rotateStarts(unit);
}
