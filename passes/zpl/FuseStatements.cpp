//===- FuseStatements.cpp - runs of statements as one loop nest -----------===//
//
// zpl-fuse-statements wraps each legal run of array statements in a
// zpl.fused op. The rules, and why a run keeps the meaning of its
// statements one after the other, are the pass's description in Passes.td;
// the comments below name the rules by their number there.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace zpl {
#define GEN_PASS_DEF_FUSESTATEMENTS
#include "passes/zpl/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

bool isShiftedOffset(ArrayRef<int64_t> off) {
  return llvm::any_of(off, [](int64_t d) { return d != 0; });
}

Value maskOf(Operation *stmt) {
  if (auto a = dyn_cast<zpl::AssignOp>(stmt))
    return a.getMask();
  if (auto r = dyn_cast<zpl::ReduceOp>(stmt))
    return r.getMask();
  return {};
}

/// What the fusion legality test needs of one statement.
struct FusionInfo {
  Operation *op = nullptr;
  Value region;
  StringAttr dest; // null for a reduction
  SmallVector<std::pair<StringAttr, SmallVector<int64_t, 3>>> reads;
  /// The distribution the statement follows; none for a reduction that
  /// reads no array (it runs over its region in any distribution).
  std::optional<zpl::StaticDist> dist;
};

/// Whether `body` is a plain copy of another array than `dest`.
bool isPlainCopy(Block *body, StringAttr dest) {
  if (body->getOperations().size() != 2)
    return false;
  auto r = dyn_cast<zpl::ReadOp>(body->front());
  return r && !r.isShifted() && zpl::getGlobalOf(r.getArray()) != dest &&
         cast<zpl::YieldOp>(body->getTerminator()).getValues().front() ==
             r.getResult();
}

/// The reads of `op` (its mask first) into `info`; false if one cannot be
/// traced (rule 6).
bool collectTracedReads(Operation *op, Block *body, FusionInfo &info) {
  if (Value mask = maskOf(op)) {
    StringAttr sym = zpl::getGlobalOf(mask);
    if (!sym)
      return false;
    unsigned rank = cast<zpl::ArrayType>(mask.getType()).getRank();
    info.reads.push_back({sym, SmallVector<int64_t, 3>(rank, 0)});
  }
  bool traced = true;
  body->walk([&](zpl::ReadOp r) {
    StringAttr sym = zpl::getGlobalOf(r.getArray());
    if (!sym)
      traced = false;
    info.reads.push_back({sym, SmallVector<int64_t, 3>(r.getOffset())});
  });
  return traced;
}

/// Whether `op` reads (or is masked by) an array of another distribution
/// than `dist`: zpl-insert-redistribution will make it read a temporary
/// copy (rule 7).
bool readsOtherDistribution(Operation *op, const zpl::StaticDist &dist) {
  auto other = [&](Value array) {
    return zpl::knownDifferent(zpl::getArrayDist(array), dist);
  };
  if (Value mask = maskOf(op); mask && other(mask))
    return true;
  return op
      ->walk([&](zpl::ReadOp r) {
        return other(r.getArray()) ? WalkResult::interrupt()
                                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Fills `info` for `op`; false if `op` cannot take part in a run (not a
/// statement, an untraceable array, another distribution, a temporary, a
/// plain copy).
bool fusionCandidate(Operation *op, FusionInfo &info) {
  Block *body;
  info.op = op;
  if (auto a = dyn_cast<zpl::AssignOp>(op)) {
    info.region = a.getRegion();
    info.dest = zpl::getGlobalOf(a.getDest());
    if (!info.dest)
      return false; // rule 6
    body = &a.getBody().front();
  } else if (auto r = dyn_cast<zpl::ReduceOp>(op)) {
    if (r.getKind() == zpl::ReduceKind::User)
      return false; // lowered on its own (Reductions.cpp)
    info.region = r.getRegion();
    body = &r.getBody().front();
  } else {
    return false;
  }
  if (!collectTracedReads(op, body, info))
    return false; // rule 6
  if (Value distArray = zpl::getStatementDistArray(op)) {
    info.dist = zpl::getArrayDist(distArray);
    if (!info.dist->isKnown() || readsOtherDistribution(op, *info.dist))
      return false; // rule 7
  }
  if (!info.dest)
    return true;
  // Rule 2: a shifted read of the destination needs the temporary.
  for (auto &[sym, off] : info.reads)
    if (sym == info.dest && isShiftedOffset(off))
      return false;
  // A plain copy keeps its memmove rows (not with a mask).
  return maskOf(op) || !isPlainCopy(body, info.dest);
}

/// Rules 1, 3, 4, 5 and 7 for appending `next` to `run`.
bool canJoinRun(ArrayRef<FusionInfo> run, const FusionInfo &next) {
  if (next.region != run.front().region)
    return false; // rule 1
  for (const FusionInfo &prev : run) {
    if (prev.dist && next.dist && *prev.dist != *next.dist)
      return false; // rule 7
    if (prev.dest)
      for (auto &[sym, off] : next.reads)
        if (sym == prev.dest && isShiftedOffset(off))
          return false; // rule 3
    if (next.dest)
      for (auto &[sym, off] : prev.reads)
        if (sym == next.dest && isShiftedOffset(off))
          return false; // rule 4
    if (auto red = dyn_cast<zpl::ReduceOp>(prev.op))
      for (Operation *user : red.getResult().getUsers())
        if (next.op->isAncestor(user))
          return false; // rule 5
  }
  return true;
}

/// A read of a global or a local scalar (or of a global's handle). It may
/// move before the run: no statement writes a scalar (a statement's body
/// calls only procedures that assign no global), and a write between
/// statements has memory effects, so it ends the run.
bool isScalarRead(Operation *o) { return isa<zpl::GetOp, zpl::LoadOp>(o); }

/// A run found in a block: its statements and the ops between them that
/// move before it.
struct Run {
  SmallVector<Operation *> stmts;
  SmallVector<Operation *> hoisted;
};

/// The longest run starting at ops[first] (fewer than two statements when
/// there is none); `end` is set past its last statement.
Run findRun(ArrayRef<Operation *> ops, size_t first, size_t &end) {
  Run run;
  SmallVector<FusionInfo> infos(1);
  end = first + 1;
  if (!fusionCandidate(ops[first], infos.front()))
    return run;
  Block *blk = ops[first]->getBlock();
  SmallVector<Operation *> pending;
  llvm::SmallPtrSet<Operation *, 8> movable;
  // Defined before S1, or by an op that moves before the nest.
  auto definedBefore = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != blk)
      return true; // a block argument or an enclosing block's op
    return def->isBeforeInBlock(ops[first]) || movable.contains(def);
  };
  run.stmts.push_back(ops[first]);
  for (size_t j = first + 1; j < ops.size(); ++j) {
    Operation *o = ops[j];
    if (isa<zpl::AssignOp, zpl::ReduceOp>(o)) {
      FusionInfo next;
      if (!fusionCandidate(o, next) || !canJoinRun(infos, next))
        break;
      infos.push_back(std::move(next));
      run.stmts.push_back(o);
      llvm::append_range(run.hoisted, pending);
      pending.clear();
      end = j + 1;
      continue;
    }
    if (o->getNumRegions() != 0 || !(isMemoryEffectFree(o) || isScalarRead(o)) ||
        !llvm::all_of(o->getOperands(), definedBefore))
      break;
    pending.push_back(o);
    movable.insert(o);
  }
  return run;
}

/// Wraps `run` in a zpl.fused op at its first statement.
void wrapRun(const Run &run) {
  Operation *head = run.stmts.front();
  for (Operation *h : run.hoisted)
    h->moveBefore(head);
  SmallVector<Type> resultTypes;
  SmallVector<Value> reductions;
  SmallVector<Location> locs;
  for (Operation *stmt : run.stmts) {
    locs.push_back(stmt->getLoc());
    if (auto red = dyn_cast<zpl::ReduceOp>(stmt)) {
      resultTypes.push_back(red.getType());
      reductions.push_back(red.getResult());
    }
  }
  OpBuilder b(head);
  auto fused = zpl::FusedOp::create(b, FusedLoc::get(b.getContext(), locs),
                                    resultTypes);
  Block *body = b.createBlock(&fused.getBody());
  for (Operation *stmt : run.stmts)
    stmt->moveBefore(body, body->end());
  b.setInsertionPointToEnd(body);
  zpl::YieldOp::create(b, fused.getLoc(), reductions);
  for (auto [red, result] : llvm::zip(reductions, fused.getResults()))
    red.replaceUsesWithIf(result, [&](OpOperand &use) {
      return !fused->isAncestor(use.getOwner());
    });
}

struct FuseStatementsPass
    : zpl::impl::FuseStatementsBase<FuseStatementsPass> {
  void runOnOperation() override;
};

/// Wraps the runs of `blk`, from its first op on.
void fuseBlock(Block *blk) {
  SmallVector<Operation *> ops;
  for (Operation &op : *blk)
    ops.push_back(&op);
  size_t i = 0;
  while (i < ops.size()) {
    size_t end;
    Run run = findRun(ops, i, end);
    if (run.stmts.size() >= 2)
      wrapRun(run);
    i = run.stmts.size() >= 2 ? end : i + 1;
  }
}

void FuseStatementsPass::runOnOperation() {
  SmallVector<Block *> blocks;
  getOperation().walk([&](Block *blk) {
    // The body of a run is a run already.
    if (!isa_and_nonnull<zpl::FusedOp>(blk->getParentOp()))
      blocks.push_back(blk);
  });
  for (Block *blk : blocks)
    fuseBlock(blk);
}

} // namespace
