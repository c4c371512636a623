//===- InsertRedistribution.cpp - arrays of other distributions -----------===//
//
// zpl-insert-redistribution: an array statement runs over the tiles of the
// distribution of the array it follows (zpl::getStatementDistArray: the
// array it assigns, or for a reduction to a scalar the first array it
// reads), and every array it accesses must be aligned with that
// distribution. Where declarations show that an array read by the
// statement (or its mask) has another distribution, the array is first
// copied into a compiler temporary of the statement's distribution:
//
//   %w = zpl.expand %R [lo0, hi0, ...]      (only for shifted reads)
//   %t = zpl.local_array "A_redist" over %w align %D
//   zpl.redistribute %t from %A over %w
//   <the statement, reading %t instead of %A>
//   zpl.free_array %t
//
// %w widens the statement's region R by the widest shift of the reads of
// A on each side, so that the temporary holds every element they touch;
// the shifted reads of %t then get their ghost cells from storage
// inference and communication generation like any other array's. A plain
// copy `[R] B := A` between different distributions is a redistribution
// itself: it becomes `zpl.redistribute %B from %A over %R`.
//
// A statement of a zpl.fused run gets its temporaries before the run and
// frees them after it (zpl-fuse-statements forms no run that needs one).
//
// Distributions that declarations do not tell (array parameters, regions
// made at run time from another array) are taken to agree. The pass is
// idempotent: the temporaries it makes follow the statement's
// distribution.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "llvm/ADT/MapVector.h"

namespace zpl {
#define GEN_PASS_DEF_INSERTREDISTRIBUTION
#include "passes/zpl/Passes.h.inc"
} // namespace zpl

using namespace mlir;
using namespace zpl;

namespace {

/// The reads (and mask uses) of one array that a statement must see in the
/// statement's distribution.
struct Misplaced {
  SmallVector<ReadOp> reads;
  bool isMask = false;
  /// The widest shift below and above, per dimension (lo0, hi0, ...).
  SmallVector<int64_t> widths;
};

struct InsertRedistributionPass
    : zpl::impl::InsertRedistributionBase<InsertRedistributionPass> {
  void runOnOperation() override;

private:
  void redistributeReads(Operation *stmt, Value distArray,
                         const StaticDist &target);
};

} // namespace

/// Two array values name the same array: the same value, or `zpl.get`s of
/// the same declaration.
static bool sameArray(Value a, Value b) {
  if (a == b)
    return true;
  auto ga = a.getDefiningOp<GetOp>(), gb = b.getDefiningOp<GetOp>();
  return ga && gb && ga.getNameAttr() == gb.getNameAttr();
}

/// `value` usable right before `stmt`: itself, or a copy of the zpl.get
/// that defines it inside the statement.
static Value availableBefore(Value value, Operation *stmt, OpBuilder &b) {
  Operation *def = value.getDefiningOp();
  if (!def || !stmt->isAncestor(def))
    return value;
  return b.clone(*def)->getResult(0); // a zpl.get (verified by the caller)
}

/// Whether `value` is defined outside `stmt` or by a zpl.get inside it.
static bool canBeUsedBefore(Value value, Operation *stmt) {
  Operation *def = value.getDefiningOp();
  return !def || !stmt->isAncestor(def) || isa<GetOp>(def);
}

/// `[R] B := A` with no mask: the source A, else null.
static Value plainCopySource(AssignOp assign) {
  if (assign.getMask())
    return {};
  Block &body = assign.getBody().front();
  if (body.getOperations().size() != 2)
    return {};
  auto read = dyn_cast<ReadOp>(body.front());
  auto yield = cast<YieldOp>(body.getTerminator());
  if (!read || read.isShifted() || yield.getValues().front() != read)
    return {};
  return read.getArray();
}

static std::string tempName(Value array) {
  if (auto get = array.getDefiningOp<GetOp>())
    return (get.getName() + "_redist").str();
  return "redist";
}

void InsertRedistributionPass::redistributeReads(Operation *stmt,
                                                 Value distArray,
                                                 const StaticDist &target) {
  // The misplaced arrays, in order of first use.
  llvm::MapVector<Value, Misplaced> misplaced;
  auto entry = [&](Value array) -> Misplaced * {
    if (sameArray(array, distArray) ||
        !knownDifferent(getArrayDist(array), target) ||
        !canBeUsedBefore(array, stmt))
      return nullptr;
    for (auto &[known, info] : misplaced)
      if (sameArray(known, array))
        return &info;
    Misplaced &info = misplaced[array];
    unsigned rank = cast<ArrayType>(array.getType()).getRank();
    info.widths.assign(2 * rank, 0);
    return &info;
  };
  stmt->walk([&](ReadOp read) {
    Misplaced *info = entry(read.getArray());
    if (!info)
      return;
    info->reads.push_back(read);
    for (auto [k, d] : llvm::enumerate(read.getOffset())) {
      info->widths[2 * k] = std::max(info->widths[2 * k], -d);
      info->widths[2 * k + 1] = std::max(info->widths[2 * k + 1], d);
    }
  });
  auto assign = dyn_cast<AssignOp>(stmt);
  auto reduce = dyn_cast<ReduceOp>(stmt);
  Value mask = assign ? assign.getMask() : reduce ? reduce.getMask() : Value();
  if (mask)
    if (Misplaced *info = entry(mask))
      info->isMask = true;
  if (misplaced.empty())
    return;

  // The temporaries live around the statement, or around its run.
  Operation *anchor = stmt;
  if (auto run = dyn_cast<FusedOp>(stmt->getParentOp()))
    anchor = run;
  OpBuilder b(anchor);
  Location loc = stmt->getLoc();
  Value region = getStatementRegion(stmt);
  Value align = availableBefore(distArray, stmt, b);
  for (auto &[array, info] : misplaced) {
    Value source = availableBefore(array, stmt, b);
    Value over = region;
    if (llvm::any_of(info.widths, [](int64_t w) { return w != 0; }))
      over = ExpandRegionOp::create(b, loc, region.getType(), region,
                                    b.getDenseI64ArrayAttr(info.widths));
    Value temp = LocalArrayOp::create(b, loc, array.getType(),
                                      b.getStringAttr(tempName(array)), over,
                                      align, DenseI64ArrayAttr());
    RedistributeOp::create(b, loc, temp, source, over);
    for (ReadOp read : info.reads)
      read.getArrayMutable().assign(temp);
    if (info.isMask) {
      if (assign)
        assign.getMaskMutable().assign(temp);
      else
        reduce.getMaskMutable().assign(temp);
    }
    OpBuilder after(stmt->getContext());
    after.setInsertionPointAfter(anchor);
    FreeArrayOp::create(after, loc, temp);
  }
}

void InsertRedistributionPass::runOnOperation() {
  SmallVector<Operation *> statements;
  getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isArrayStatement(op))
      return WalkResult::advance();
    statements.push_back(op);
    return WalkResult::skip();
  });
  for (Operation *stmt : statements) {
    Value distArray = getStatementDistArray(stmt);
    if (!distArray || !canBeUsedBefore(distArray, stmt))
      continue;
    StaticDist target = getArrayDist(distArray);
    if (!target.isKnown())
      continue;
    // A run holds statements: a plain copy there stays one.
    auto assign = dyn_cast<AssignOp>(stmt);
    if (assign && !isa<FusedOp>(stmt->getParentOp())) {
      Value source = plainCopySource(assign);
      if (source && !sameArray(source, assign.getDest()) &&
          knownDifferent(getArrayDist(source), target) &&
          canBeUsedBefore(source, stmt)) {
        OpBuilder b(stmt);
        RedistributeOp::create(b, stmt->getLoc(), assign.getDest(),
                               availableBefore(source, stmt, b),
                               assign.getRegion());
        stmt->erase();
        continue;
      }
    }
    redistributeReads(stmt, distArray, target);
  }
}
