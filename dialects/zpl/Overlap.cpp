//===- Overlap.cpp - statements split for overlapped communication --------===//
//
// `zpl.overlap = "interior" | "boundary"` (Overlap.h): the two parts of one
// statement that zpl-overlap-halos split so that the interior computes
// while halo transfers are in flight. The verifiers of zpl.assign and
// zpl.fused check that the parts come in pairs: the interior part first,
// then only IRONMAN state calls, then the boundary part, the same op apart
// from its discardable attributes; the interior part's results are unused.
//
//===----------------------------------------------------------------------===//

#include "dialects/zpl/Overlap.h"

using namespace mlir;
using namespace zpl;

/// Whether `op` may be split: a statement or run outside any run.
static bool mayBeSplit(Operation *op) {
  return isa<AssignOp, FusedOp>(op) &&
         !isa_and_nonnull<FusedOp>(op->getParentOp());
}

OverlapPart zpl::getOverlapPart(Operation *stmt) {
  auto part = stmt->getAttrOfType<StringAttr>(kOverlapAttr);
  if (!part || !mayBeSplit(stmt))
    return OverlapPart::None;
  if (part.getValue() == "interior")
    return OverlapPart::Interior;
  if (part.getValue() == "boundary")
    return OverlapPart::Boundary;
  return OverlapPart::None;
}

/// Only IRONMAN state calls may stand between the parts. (The zpl dialect
/// does not depend on the ironman dialect, so they are known by name.)
static bool mayStandBetween(Operation *op) {
  return op->getName().getDialectNamespace() == "ironman" &&
         op->getNumRegions() == 0 && op->getNumResults() == 0;
}

Operation *zpl::getOverlapPartner(Operation *part) {
  OverlapPart kind = getOverlapPart(part);
  if (kind == OverlapPart::None)
    return nullptr;
  bool forward = kind == OverlapPart::Interior;
  OverlapPart wanted =
      forward ? OverlapPart::Boundary : OverlapPart::Interior;
  for (Operation *op = forward ? part->getNextNode() : part->getPrevNode();
       op; op = forward ? op->getNextNode() : op->getPrevNode()) {
    if (getOverlapPart(op) == wanted)
      return op;
    if (!mayStandBetween(op))
      return nullptr;
  }
  return nullptr;
}

Operation *zpl::getOutermostStatement(Operation *op) {
  Operation *stmt = isArrayStatement(op) || isa<FusedOp>(op)
                        ? op
                        : getEnclosingStatement(op);
  if (!stmt)
    return nullptr;
  if (auto fused = dyn_cast_or_null<FusedOp>(stmt->getParentOp()))
    return fused;
  return stmt;
}

void zpl::getReadReach(Operation *stmt, unsigned rank,
                       SmallVectorImpl<int64_t> &below,
                       SmallVectorImpl<int64_t> &above) {
  below.assign(rank, 0);
  above.assign(rank, 0);
  stmt->walk([&](ReadOp read) {
    for (auto [d, off] : llvm::enumerate(read.getOffset())) {
      if (d >= rank)
        break;
      below[d] = std::max(below[d], -off);
      above[d] = std::max(above[d], off);
    }
  });
}

LogicalResult zpl::verifyOverlapPart(Operation *op) {
  Attribute value = op->getAttr(kOverlapAttr);
  if (!value)
    return success();
  auto part = dyn_cast<StringAttr>(value);
  if (!part ||
      (part.getValue() != "interior" && part.getValue() != "boundary"))
    return op->emitOpError("zpl.overlap is \"interior\" or \"boundary\"");
  if (!mayBeSplit(op))
    return op->emitOpError("zpl.overlap splits a zpl.assign or a zpl.fused "
                           "run, outside any run");
  Operation *partner = getOverlapPartner(op);
  bool interior = getOverlapPart(op) == OverlapPart::Interior;
  if (!partner)
    return op->emitOpError("is the ")
           << part.getValue() << " part of a split statement without its "
           << (interior ? "boundary part after it" : "interior part before it")
           << " (only IRONMAN state calls may stand between them)";
  if (!interior)
    return success();
  if (!OperationEquivalence::isEquivalentTo(
          op, partner,
          OperationEquivalence::Flags(
              OperationEquivalence::IgnoreLocations |
              OperationEquivalence::IgnoreDiscardableAttrs)))
    return op->emitOpError("is the interior part of a split statement "
                           "whose boundary part is another statement");
  if (!op->use_empty())
    return op->emitOpError("is the interior part of a split run: its "
                           "results are partial, only the boundary part's "
                           "may be used");
  return success();
}
