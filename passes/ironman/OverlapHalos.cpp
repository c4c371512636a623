//===- OverlapHalos.cpp - interior computation while halos travel ---------===//
//
// zpl-overlap-halos splits a statement (a `zpl.assign`, or a `zpl.fused`
// run) that waits for halo transfers into its interior part and its
// boundary part (zpl.overlap, dialects/zpl/Overlap.h) and puts the waits
// between them:
//
//     DR SR ... DN DN S ...        becomes     DR SR ... S' DN DN S'' ...
//
// S' runs over the interior of each of this PE's tiles of the region (the
// indices whose reads, at every offset of S, stay in the tile's extended
// block), so it reads no ghost cell and may stand in the transfers'
// receive windows; S'' runs over the boundary strips after the DNs. The
// interior computes while the messages are in flight.
//
// Where: S is the first op after a run of ironman.dn/ironman.sv calls that
// includes the DN of a halo transfer (or combine of halo transfers) whose
// ghost cells S reads. S' goes before the first DN of the run. The split
// is kept only when every transfer's placement still holds under the
// rules of dialects/ironman/Placement.h, which count the interior part's
// shifted reads as reads of owned cells and the interior part of
// `A := f(A@d)` as writing only its temporary: e.g. S' may not stand
// between SR and SV of a transfer whose source S writes, unless S writes a
// temporary. Only the windows around the interior part are checked, not
// the whole function again for each split.
//
// What is not split:
//   - a statement without shifted reads, or none of whose shifted reads
//     is of a transfer that ends (DN) right before it;
//   - a run with a floating-point `+<<` or `*<<` reduction: its result
//     depends on the order of the additions, which docs/codegen.md fixes
//     as row-major over each tile; splitting would change the rounding.
//     Integer sums and products, max, min, & and | are exact in any order;
//   - a plain copy `A := B` (no shifted read) and statements inside an
//     scf.if of zpl-narrow-integers' run-time check (the DNs stand
//     outside it): this pass runs after it, right before the lowering.
// The interior may be empty (a region narrower than the reach of its
// reads, a cyclic distribution): the boundary part then runs everything,
// after the DNs, as without the split.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialects/ironman/Placement.h"
#include "dialects/zpl/Overlap.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

namespace zpl {
#define GEN_PASS_DEF_OVERLAPHALOS
#include "passes/ironman/Passes.h.inc"
} // namespace zpl

using namespace mlir;
using namespace zpl;

namespace {

struct OverlapHalosPass : zpl::impl::OverlapHalosBase<OverlapHalosPass> {
  using OverlapHalosBase::OverlapHalosBase;
  void runOnOperation() override;
};

/// Whether a reduction keeps its result when its elements are combined in
/// another order.
bool orderFree(zpl::ReduceOp red) {
  if (red.getKind() == ReduceKind::User)
    return false; // a user's operator may round, or not commute
  if (red.getKind() != ReduceKind::Add && red.getKind() != ReduceKind::Mul)
    return true;
  return !isa<FloatType>(red.getType());
}

bool hasShiftedRead(Operation *stmt) {
  return stmt
      ->walk([](zpl::ReadOp read) {
        return read.isShifted() ? WalkResult::interrupt()
                                : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `op` is a statement this pass may split.
bool splittable(Operation *op) {
  if (auto fused = dyn_cast<zpl::FusedOp>(op)) {
    for (Operation *stmt : fused.getStatements())
      if (auto red = dyn_cast<zpl::ReduceOp>(stmt); red && !orderFree(red))
        return false;
  } else if (!isa<zpl::AssignOp>(op) ||
             isa_and_nonnull<zpl::FusedOp>(op->getParentOp())) {
    return false;
  }
  return getOverlapPart(op) == OverlapPart::None && hasShiftedRead(op);
}

/// The first DN of the run of DN/SV calls right before `stmt` that
/// includes the DN of a halo unit whose ghost cells `stmt` reads; null if
/// there is none.
Operation *firstWaitBefore(Operation *stmt) {
  Operation *first = nullptr;
  bool waitsForHalo = false;
  for (Operation *op = stmt->getPrevNode();
       op && isa<ironman::DNOp, ironman::SVOp>(op); op = op->getPrevNode()) {
    if (!isa<ironman::DNOp>(op))
      continue;
    first = op;
    std::optional<ironman::CommUnit> unit = ironman::getUnitOfCall(op);
    if (unit && unit->allHalo() &&
        ironman::conflictsWithWindow(*unit, ironman::Window::Receive, stmt))
      waitsForHalo = true;
  }
  return waitsForHalo ? first : nullptr;
}

/// The transfers and combines of a function with their state calls; the
/// pass moves no call, so they are found once.
SmallVector<ironman::CommUnit> unitsOf(Operation *func) {
  SmallVector<ironman::CommUnit> units;
  func->walk([&](Operation *op) {
    if (!isa<ironman::TransferOp, ironman::CombineOp>(op))
      return;
    if (std::optional<ironman::CommUnit> unit = ironman::getCommUnit(op))
      units.push_back(*unit);
  });
  return units;
}

/// Whether `op` stands strictly inside the window from `open` to `close`
/// (calls of one block): it, or the op of that block holding it, comes
/// after `open` and before `close`.
bool insideWindow(Operation *op, Operation *open, Operation *close) {
  Operation *at = open->getBlock()->findAncestorOpInBlock(*op);
  return at && open->isBeforeInBlock(at) && at->isBeforeInBlock(close);
}

/// Whether the interior part `part`, newly placed, may stand where it is
/// for every unit. (A unit whose calls were rotated across loop iterations
/// is verified whole when `part` is in its loop; before the loop it has no
/// DN or SV, so `part`, moved only before DNs and SVs, is in its window
/// exactly when the statement is, and does no more than the statement.)
bool fitsWindows(ArrayRef<ironman::CommUnit> units, Operation *part) {
  using ironman::CommUnit;
  using ironman::Window;
  for (const CommUnit &unit : units) {
    if (!unit.wellFormed()) {
      Value handle = unit.op->getResult(0);
      std::optional<ironman::RotatedCalls> rotated =
          ironman::matchRotated(handle);
      if (rotated && rotated->loop->isProperAncestor(part) &&
          failed(verify(unit.op, /*verifyRecursively=*/false)))
        return false;
      continue;
    }
    if (insideWindow(part, unit.calls[CommUnit::DR], unit.calls[CommUnit::DN]) &&
        ironman::conflictsWithWindow(unit, Window::Receive, part))
      return false;
    if (insideWindow(part, unit.calls[CommUnit::SR], unit.calls[CommUnit::SV]) &&
        ironman::conflictsWithWindow(unit, Window::Send, part))
      return false;
  }
  return true;
}

/// Whether the split statement still verifies and every transfer's
/// placement holds around its interior part. The boundary part stands where
/// the statement stood and the placement rules see it as the statement
/// (they tell only the interior part apart), so it holds there already.
bool placementHolds(ArrayRef<ironman::CommUnit> units, Operation *interior,
                    Operation *boundary) {
  // The verifiers report what fails; here a failure only means "do not
  // split", so their diagnostics are dropped.
  ScopedDiagnosticHandler quiet(interior->getContext(),
                                [](Diagnostic &) { return success(); });
  return succeeded(verify(interior, /*verifyRecursively=*/false)) &&
         succeeded(verify(boundary, /*verifyRecursively=*/false)) &&
         fitsWindows(units, interior);
}

/// Splits `stmt` if the placement rules allow it.
void trySplit(ArrayRef<ironman::CommUnit> units, Operation *stmt) {
  Operation *firstWait = firstWaitBefore(stmt);
  if (!firstWait)
    return;
  OpBuilder b(firstWait);
  Operation *interior = b.clone(*stmt);
  MLIRContext *ctx = stmt->getContext();
  interior->setAttr(kOverlapAttr, StringAttr::get(ctx, "interior"));
  stmt->setAttr(kOverlapAttr, StringAttr::get(ctx, "boundary"));
  if (placementHolds(units, interior, stmt))
    return;
  interior->erase();
  stmt->removeAttr(kOverlapAttr);
}

} // namespace

void OverlapHalosPass::runOnOperation() {
  func::FuncOp func = getOperation();
  SmallVector<Operation *> candidates;
  func.walk([&](Operation *op) {
    if (splittable(op))
      candidates.push_back(op);
  });
  if (candidates.empty())
    return;
  SmallVector<ironman::CommUnit> units = unitsOf(func);
  for (Operation *stmt : candidates)
    trySplit(units, stmt);
}
