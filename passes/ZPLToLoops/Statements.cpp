//===- Statements.cpp - array statements and fused runs -------------------===//
//
// `[R] A := expr` (zpl.assign) becomes a loop nest over this PE's part of
// R (LoopNest.h) that evaluates the body and stores it at each index. ZPL
// reads see the arrays as before the statement: a statement reading its
// destination at another index writes a temporary (zrt_array_temp), copied
// back afterwards; marked `zpl.rename` (zpl-rename-arrays), the temporary
// is the destination's spare (zrt_array_spare, allocated once) and the
// copy back an exchange of storage (zrt_array_rename). A masked
// statement (`[R with M]`, `[R without M]`) loads the mask element at the
// current index and guards the body and the store with an scf.if. A read
// of the destination only at indices the statement does not write (off
// the lattice of a strided region) needs no temporary. A plain copy
// `A := B` copies whole rows
// (memmove), as C compilers do with such loops when they can; marked
// `zpl.rename` (zpl-rename-arrays), it first asks the runtime to exchange
// the two arrays' storage (zrt_array_rename).
//
// A zpl.fused run becomes one nest executing at each index the
// statements' bodies in order (zpl-fuse-statements formed it where that
// keeps the statements' meaning; its rules are in passes/zpl/Passes.td);
// each reduction carries its own accumulator through the nest and gets its
// own zrt_allreduce_<T> after it, in statement order. An unshifted read of
// an array stored at the same index earlier in the run uses the value
// just stored; a masked store makes later statements reload the array.
//
// A statement or run split by zpl-overlap-halos is lowered by the pattern
// of its interior part, together with its boundary part: the interior's
// nest where it stands, the strips' nest (with the accumulators and the
// temporary of the interior) where the boundary part stands, after the
// DNs between them; then the copy back, the allreduces (LoopNest.h,
// NestBuilder::buildSplit).
//
//===----------------------------------------------------------------------===//

#include "passes/ZPLToLoops/LoopNest.h"

using namespace mlir;

namespace zpl::loops {
namespace {

bool anyShifted(ArrayRef<int64_t> off) {
  return llvm::any_of(off, [](int64_t d) { return d != 0; });
}

/// The declarations an array value may be: a global's, or every element
/// of a family selected at run time (`U{j}`); empty for anything else.
SmallVector<Attribute> possibleDecls(Value zarray) {
  if (auto element = zarray.getDefiningOp<zpl::FamilyElementOp>())
    return SmallVector<Attribute>(element.getElements().getValue());
  if (auto get = zarray.getDefiningOp<zpl::GetOp>())
    return {get.getNameAttr()};
  return {};
}

/// Whether `a` and `b`, different values of which one at least selects a
/// family's element at run time (`U{j}` and `U{k}`, or `U{j}` and
/// `U{2}`), may be the same array when the statement runs.
bool maySelectSame(Value a, Value b) {
  if (!a.getDefiningOp<zpl::FamilyElementOp>() &&
      !b.getDefiningOp<zpl::FamilyElementOp>())
    return false;
  SmallVector<Attribute> bs = possibleDecls(b);
  return llvm::any_of(possibleDecls(a), [&](Attribute decl) {
    return llvm::is_contained(bs, decl);
  });
}

/// Builds `then` under `cond` (an scf.if without results).
void guarded(OpBuilder &b, Location loc, Value cond,
             function_ref<void(OpBuilder &, Location)> then) {
  scf::IfOp::create(b, loc, cond, [&](OpBuilder &tb, Location tloc) {
    then(tb, tloc);
    scf::YieldOp::create(tb, tloc);
  });
}

struct AssignLowering : LoweringPattern<zpl::AssignOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(zpl::AssignOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (zpl::getOverlapPart(op) == zpl::OverlapPart::Boundary)
      return rewriter.notifyMatchFailure(op, "lowered with its interior");
    // The boundary part of a split statement, lowered with this one.
    Operation *boundary = findBoundaryPart(op);
    auto at = cast<zpl::ArrayType>(op.getDest().getType());
    NestBuilder nest(rewriter, types, facts, op.getLoc(), at.getRank());
    Value region = nest.alignedRegion(op.getRegion(), op.getDest());
    Block &block = op.getBody().front();
    const void *destKey = arrayKeyOf(op.getDest());
    SmallVector<Read> reads;
    collectReads(block, at.getRank(), reads);
    LoopSteps steps = facts.stepsOf(op.getRegion());
    Temp temp = tempNeeds(op, reads, steps);
    nest.checkShiftedReads(reads, region);
    // The mask is read at offset 0, like an unshifted read.
    addMaskRead(op.getMask(), at.getRank(), reads);
    nest.checkStatementStorage(op, reads, region, op.getDest());
    Value dest = adaptor.getDest();
    Value target = placeTemp(op, nest, temp, dest, region);
    // The destination first (index 0); the reads follow. Without a
    // temporary, an unshifted read of the destination shares its access.
    SmallVector<int64_t, 3> zero(at.getRank(), 0);
    nest.addAccess(temp.needed() ? nullptr : destKey, op.getDest(), target,
                   zero, /*written=*/true);
    nest.addReads(reads);
    bool rowCopy = !temp.needed() && !boundary && isRowCopy(op, nest, steps);
    if (rowCopy && op->hasAttr("zpl.rename"))
      renameOrCopy(op, nest, region, rewriter);
    else if (rowCopy)
      copyRows(nest, region, at.getElementType());
    else if (failed(storeNest(op, nest, region, steps, boundary)))
      return failure();
    // (After a split statement's boundary part: storeNest left the
    // insertion point there.)
    if (temp.keep)
      renameOrCopyBack(op, nest, region, steps, dest, target);
    else if (temp.inPlace)
      copyBackUnless(op, nest, region, steps, dest, target, temp.inPlace);
    else if (temp.spare())
      copyTemp(op, nest, region, steps, dest, target);
    else if (temp.needed())
      copyBack(op, nest, region, steps, dest, target);
    if (boundary)
      rewriter.eraseOp(boundary);
    rewriter.eraseOp(op);
    return success();
  }

  /// Why a statement needs a temporary. ZPL: every read sees the old
  /// values, so reading the destination at another index the statement
  /// writes needs one.
  struct Temp {
    bool compileTime = false; // whatever the run-time shifts turn out
    bool keep = false;        // marked zpl.rename: exchanged, not copied
    /// The reads of the destination by run-time shifts (each may be 0 or
    /// on the lattice), and whether they miss the writes (set by
    /// placeTemp when they are the only reason).
    SmallVector<Read> runTimeReads;
    Value inPlace;
    bool needed() const { return compileTime || !runTimeReads.empty(); }
    bool spare() const { return keep || !runTimeReads.empty(); }
  };

  Temp tempNeeds(zpl::AssignOp op, ArrayRef<Read> reads,
                 const LoopSteps &steps) const {
    Temp temp;
    const void *destKey = arrayKeyOf(op.getDest());
    for (const Read &r : reads) {
      if (maySelectSame(r.array, op.getDest()))
        temp.compileTime |= anyShifted(r.off) || !r.dyn.empty();
      else if (arrayKeyOf(r.array) != destKey)
        continue;
      else if (!r.dyn.empty())
        temp.runTimeReads.push_back(r);
      else
        temp.compileTime |=
            anyShifted(r.off) && !offLattice(r.off, steps, op.getDest());
    }
    temp.keep = temp.needed() && op->hasAttr("zpl.rename");
    return temp;
  }

  /// The array the statement writes. Marked zpl.rename, the temporary is
  /// the destination's spare, kept across statements, and the copy back an
  /// exchange of storage. A statement reading its destination by a
  /// run-time shift (MG's prolongation through a parameter, called once
  /// per level) runs in the destination's spare too, kept across calls, so
  /// that it does not allocate and fault in a temporary of the whole array
  /// each time; when those shifts are the only reason, it runs in place if
  /// they prove at run time that its reads miss its writes.
  static Value placeTemp(zpl::AssignOp op, NestBuilder &nest, Temp &temp,
                         Value dest, Value region) {
    OpBuilder &b = nest.rewriter;
    Location loc = op.getLoc();
    if (!temp.needed())
      return dest;
    if (!temp.compileTime && !temp.keep) {
      temp.inPlace = missesWrites(nest, dest, region, temp.runTimeReads);
      Value spare =
          emitc::LogicalNotOp::create(b, loc, b.getI1Type(), temp.inPlace);
      return callRuntime(b, loc, RuntimeFn::ArraySpareIf, {dest, spare});
    }
    return callRuntime(b, loc,
                       temp.spare() ? RuntimeFn::ArraySpare
                                    : RuntimeFn::ArrayTemp,
                       {dest});
  }

  /// Whether a read of the destination at `off` never sees an element the
  /// statement writes: the region's indices step by `steps`, and `off` is
  /// no multiple of the step in some dimension (interpolation writes the
  /// odd points of a fine grid from the even ones), while the destination
  /// keeps every index in an element of its own (no flood dimension).
  /// Reads beyond this PE's part come from ghost cells, which the
  /// statement does not write either.
  bool offLattice(ArrayRef<int64_t> off, const LoopSteps &steps,
                  Value dest) const {
    if (!steps.known || !facts.arrayFloodFree(dest))
      return false;
    for (auto [o, step] : llvm::zip(off, *steps.known))
      if (o % step != 0)
        return true;
    return false;
  }

  /// `A := B` (another array, same element type, no shift, no mask, unit
  /// steps, unit innermost strides).
  static bool isRowCopy(zpl::AssignOp op, NestBuilder &nest,
                        const LoopSteps &steps) {
    Block &block = op.getBody().front();
    if (op.getMask() || !steps.isUnit() || nest.accesses.size() != 2 ||
        block.getOperations().size() != 2)
      return false;
    auto r = dyn_cast<zpl::ReadOp>(block.front());
    Type elem = cast<zpl::ArrayType>(op.getDest().getType()).getElementType();
    return r && !r.isShifted() && r.getType() == elem &&
           cast<zpl::YieldOp>(block.getTerminator()).getValues().front() ==
               r.getResult() &&
           !nest.accesses[0].innerStride && !nest.accesses[1].innerStride;
  }

  /// `A := Temp` marked by zpl-rename-arrays: the runtime exchanges the
  /// two arrays' storage; where it cannot (the storages differ), the rows
  /// are copied.
  static void renameOrCopy(zpl::AssignOp op, NestBuilder &nest, Value region,
                           ConversionPatternRewriter &rewriter) {
    Location loc = op.getLoc();
    Value renamed =
        callRuntime(rewriter, loc, RuntimeFn::ArrayRename,
                    {nest.accesses[0].array, nest.accesses[1].array, region});
    Value copy = emitc::LogicalNotOp::create(rewriter, loc,
                                             rewriter.getI1Type(), renamed);
    auto ifOp = scf::IfOp::create(rewriter, loc, copy, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    copyRows(nest, region,
             cast<zpl::ArrayType>(op.getDest().getType()).getElementType());
  }

  /// A nest of rows copied by memmove from accesses[1] to accesses[0].
  static void copyRows(NestBuilder &nest, Value region, Type elem) {
    nest.build(
        region, LoopSteps::unit(nest.rank), ValueRange(),
        [&](OpBuilder &, Location, ArrayRef<Value>, ValueRange) {
          return SmallVector<Value>();
        },
        [&](OpBuilder &b, Location loc, ArrayRef<Value> rowIdx, Value lo,
            Value ub) { nest.copyRow(b, loc, elem, rowIdx, lo, ub); });
  }

  /// The nest evaluating the body and storing it at each index (where
  /// the mask allows); for a split statement, the interior's nest here
  /// and the boundary strips' before `boundary`.
  static LogicalResult storeNest(zpl::AssignOp op, NestBuilder &nest,
                                 Value region, const LoopSteps &steps,
                                 Operation *boundary) {
    LogicalResult status = success();
    auto evalAndStore = [&](OpBuilder &b, Location loc, ArrayRef<Value> ivs) {
      FailureOr<Value> v = nest.emitBody(b, op.getBody().front(), ivs);
      if (failed(v))
        status = failure();
      else
        nest.store(b, loc, nest.accesses[0], *v);
    };
    auto atIndex = [&](OpBuilder &b, Location loc, ArrayRef<Value> ivs,
                       ValueRange) -> SmallVector<Value> {
      if (!op.getMask()) {
        evalAndStore(b, loc, ivs);
        return {};
      }
      Value cond = nest.maskCondition(b, loc, op.getMask(), op.getWithout(),
                                      nullptr);
      guarded(b, loc, cond, [&](OpBuilder &tb, Location tloc) {
        evalAndStore(tb, tloc, ivs);
      });
      return {};
    };
    if (!op.getMask())
      nest.planReuse({&op.getBody().front()}, steps);
    if (boundary)
      nest.buildSplit(region, steps, ValueRange(), atIndex, op, boundary);
    else
      nest.build(region, steps, ValueRange(), atIndex);
    nest.endReuse(); // the copy back is another nest
    return status;
  }

  /// `A := f(A@d)` marked by zpl-rename-arrays: the runtime exchanges the
  /// storage of A and its spare (the temporary); where it cannot, the
  /// temporary is copied back. The spare stays with A.
  static void renameOrCopyBack(zpl::AssignOp op, NestBuilder &nest,
                               Value region, const LoopSteps &steps,
                               Value dest,
                               Value target) {
    Location loc = op.getLoc();
    OpBuilder &b = nest.rewriter;
    Value renamed = callRuntime(b, loc, RuntimeFn::ArrayRename,
                                {dest, target, region});
    copyBackUnless(op, nest, region, steps, dest, target, renamed);
  }

  /// `zrt_shift_misses_writes(dest, region, d...) && ...` over the
  /// statement's reads of its destination by run-time shifts.
  static Value missesWrites(NestBuilder &nest, Value dest, Value region,
                            ArrayRef<Read> reads) {
    OpBuilder &b = nest.rewriter;
    Location loc = nest.loc;
    Value all;
    for (const Read &r : reads) {
      SmallVector<CArg> args{dest, region};
      for (unsigned k = 0; k < 3; ++k)
        args.push_back(k < r.dyn.size() ? CArg(nest.lookup(r.dyn[k]))
                                         : CArg(intArg(b.getContext(), 0)));
      Value one = callRuntime(b, loc, RuntimeFn::ShiftMissesWrites, args);
      all = all ? emitc::LogicalAndOp::create(b, loc, b.getI1Type(), all, one)
                    .getResult()
                : one;
    }
    return all;
  }

  /// Copies the temporary back over the region unless `done` (the
  /// statement ran in place, or the storage was exchanged).
  static void copyBackUnless(zpl::AssignOp op, NestBuilder &nest,
                             Value region, const LoopSteps &steps, Value dest,
                             Value target, Value done) {
    OpBuilder &b = nest.rewriter;
    Location loc = op.getLoc();
    Value copy = emitc::LogicalNotOp::create(b, loc, b.getI1Type(), done);
    auto ifOp = scf::IfOp::create(b, loc, copy, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    copyTemp(op, nest, region, steps, dest, target);
  }

  /// Copies the temporary back over the region (where the mask allows),
  /// then frees it.
  static void copyBack(zpl::AssignOp op, NestBuilder &nest, Value region,
                       const LoopSteps &steps, Value dest, Value target) {
    copyTemp(op, nest, region, steps, dest, target);
    callRuntime(nest.rewriter, op.getLoc(), RuntimeFn::ArrayFree, {target});
  }

  /// Copies the temporary over the region (where the mask allows).
  static void copyTemp(zpl::AssignOp op, NestBuilder &nest, Value region,
                       const LoopSteps &steps, Value dest, Value target) {
    auto at = cast<zpl::ArrayType>(op.getDest().getType());
    SmallVector<int64_t, 3> zero(at.getRank(), 0);
    const void *destKey = arrayKeyOf(op.getDest());
    nest.accesses.clear();
    nest.addAccess(destKey, op.getDest(), dest, zero, /*written=*/true);
    nest.addAccess(nullptr, op.getDest(), target, zero);
    Value mask = op.getMask();
    if (mask && arrayKeyOf(mask) != destKey)
      nest.addAccess(arrayKeyOf(mask), mask, nest.lookup(mask), zero);
    if (!mask && steps.isUnit() && !nest.accesses[0].innerStride) {
      copyRows(nest, region, at.getElementType());
    } else {
      Type elem = at.getElementType();
      auto copy = [&](OpBuilder &b, Location l) {
        const Access &src = nest.accesses[1];
        nest.store(b, l, nest.accesses[0],
                   emitc::LoadOp::create(b, l, elem,
                                         nest.element(b, l, src, elem)));
      };
      nest.build(region, steps, ValueRange(),
                 [&](OpBuilder &b, Location l, ArrayRef<Value>,
                     ValueRange) -> SmallVector<Value> {
                   if (!mask) {
                     copy(b, l);
                     return {};
                   }
                   guarded(b, l,
                           nest.maskCondition(b, l, mask, op.getWithout(),
                                              nullptr),
                           copy);
                   return {};
                 });
    }
  }
};

/// A statement of a fused run: its mask and, for an assignment, the
/// destination's access key.
struct RunMember {
  Operation *op;
  Value mask;
  bool without;
};

RunMember memberOf(Operation *stmt) {
  if (auto a = dyn_cast<zpl::AssignOp>(stmt))
    return {stmt, a.getMask(), a.getWithout()};
  auto r = cast<zpl::ReduceOp>(stmt);
  return {stmt, r.getMask(), r.getWithout()};
}

struct FusedLowering : LoweringPattern<zpl::FusedOp> {
  using LoweringPattern::LoweringPattern;

  LogicalResult
  matchAndRewrite(zpl::FusedOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (zpl::getOverlapPart(op) == zpl::OverlapPart::Boundary)
      return rewriter.notifyMatchFailure(op, "lowered with its interior");
    // The boundary part of a split run, lowered with this one: its
    // reductions' results are the run's.
    Operation *boundary = findBoundaryPart(op);
    SmallVector<Operation *> stmts = op.getStatements();
    Value zregion = zpl::getStatementRegion(stmts.front());
    unsigned rank = cast<zpl::RegionType>(zregion.getType()).getRank();
    NestBuilder nest(rewriter, types, facts, op.getLoc(), rank);
    // Every statement with an array follows the same distribution.
    Value distArray;
    for (Operation *stmt : stmts)
      if (!distArray)
        distArray = zpl::getStatementDistArray(stmt);
    Value region = nest.alignedRegion(zregion, distArray);
    addAccesses(stmts, nest, region);
    // One accumulator per reduction, in statement order.
    SmallVector<Value> inits;
    for (Operation *stmt : stmts)
      if (auto red = dyn_cast<zpl::ReduceOp>(stmt)) {
        FailureOr<Value> init = reduceIdentity(rewriter, op.getLoc(), red);
        if (failed(init))
          return failure();
        inits.push_back(*init);
      }
    LogicalResult status = success();
    auto atIndex = [&](OpBuilder &b, Location loc, ArrayRef<Value> ivs,
                       ValueRange acc) -> SmallVector<Value> {
      return runAtIndex(stmts, nest, b, loc, ivs, acc, status);
    };
    LoopSteps steps = facts.stepsOf(zregion);
    // Masked members run guarded: only the others' expressions are reused
    // along the row.
    SmallVector<Block *> unguarded;
    for (Operation *stmt : stmts)
      if (!memberOf(stmt).mask)
        unguarded.push_back(&stmt->getRegion(0).front());
    nest.planReuse(unguarded, steps);
    SmallVector<Value> res =
        boundary ? nest.buildSplit(region, steps, inits, atIndex, op, boundary)
                 : nest.build(region, steps, inits, atIndex);
    if (failed(status))
      return failure();
    // The allreduces after the nest, in statement order.
    SmallVector<Value> totals;
    for (Operation *stmt : stmts)
      if (auto red = dyn_cast<zpl::ReduceOp>(stmt)) {
        totals.push_back(reduceTotal(rewriter, stmt->getLoc(), red.getKind(),
                                     red.getType(), res[totals.size()]));
      }
    if (boundary) {
      rewriter.replaceOp(boundary, totals);
      rewriter.eraseOp(op);
    } else {
      rewriter.replaceOp(op, totals);
    }
    return success();
  }

  /// Storage checks for every distinct shifted read of the run, then one
  /// access per (array, offset): each destination at offset 0, then the
  /// statement's reads.
  static void addAccesses(ArrayRef<Operation *> stmts, NestBuilder &nest,
                          Value region) {
    SmallVector<SmallVector<Read>> reads(stmts.size());
    for (auto [k, stmt] : llvm::enumerate(stmts)) {
      collectReads(stmt->getRegion(0).front(), nest.rank, reads[k]);
      nest.checkShiftedReads(reads[k], region);
      addMaskRead(memberOf(stmt).mask, nest.rank, reads[k]);
      auto assign = dyn_cast<zpl::AssignOp>(stmt);
      nest.checkStatementStorage(stmt, reads[k], region,
                                 assign ? assign.getDest() : Value());
    }
    // Register arrays live in scalars: no access, no row pointer.
    auto inRegisters = [&](Value zarray) {
      return nest.facts.registerArrays.contains(arrayKeyOf(zarray));
    };
    SmallVector<int64_t, 3> zero(nest.rank, 0);
    for (auto [k, stmt] : llvm::enumerate(stmts)) {
      auto a = dyn_cast<zpl::AssignOp>(stmt);
      if (a && !inRegisters(a.getDest()))
        nest.addAccess(arrayKeyOf(a.getDest()), a.getDest(),
                       nest.lookup(a.getDest()), zero, /*written=*/true);
      llvm::erase_if(reads[k], [&](const Read &r) { return inRegisters(r.array); });
      nest.addReads(reads[k]);
    }
  }

  /// The statements' bodies at one index; returns the accumulators.
  static SmallVector<Value> runAtIndex(ArrayRef<Operation *> stmts,
                                       NestBuilder &nest, OpBuilder &b,
                                       Location loc, ArrayRef<Value> ivs,
                                       ValueRange acc, LogicalResult &status) {
    FreshValues fresh;
    SmallVector<Value> next;
    for (Operation *stmt : stmts) {
      RunMember m = memberOf(stmt);
      Value old = isa<zpl::ReduceOp>(stmt) ? acc[next.size()] : Value();
      auto eval = [&](OpBuilder &sb, Location sloc) {
        return evalMember(m, nest, sb, sloc, ivs, old, fresh, status);
      };
      if (!m.mask) {
        Value step = eval(b, loc);
        if (old)
          next.push_back(step);
      } else if (!old) {
        const void *dest = arrayKeyOf(cast<zpl::AssignOp>(stmt).getDest());
        Value cond = nest.maskCondition(b, loc, m.mask, m.without, &fresh);
        if (nest.facts.registerArrays.contains(dest)) {
          // The new value where the mask holds, the old one elsewhere: a
          // zero if there is none, never read (RegisterArrays.cpp).
          Value kept = fresh.lookup(dest);
          if (!kept) {
            Type t = cast<zpl::AssignOp>(stmt).getDest().getType();
            t = cast<zpl::ArrayType>(t).getElementType();
            kept = arith::ConstantOp::create(b, loc, cast<TypedAttr>(zeroAttr(t)));
          }
          fresh[dest] = keepOrEval(b, loc, cond, kept, eval);
        } else {
          guarded(b, loc, cond,
                  [&](OpBuilder &tb, Location tloc) { eval(tb, tloc); });
          // Stored only where the mask allows: reload it later.
          fresh.erase(dest);
        }
      } else {
        Value cond = nest.maskCondition(b, loc, m.mask, m.without, &fresh);
        next.push_back(keepOrEval(b, loc, cond, old, eval));
      }
      if (failed(status))
        return SmallVector<Value>(acc.begin(), acc.end());
    }
    return next;
  }

  /// `eval`'s value where `cond` holds, else `old`.
  static Value
  keepOrEval(OpBuilder &b, Location loc, Value cond, Value old,
             function_ref<Value(OpBuilder &, Location)> eval) {
    auto ifOp = scf::IfOp::create(
        b, loc, cond,
        [&](OpBuilder &tb, Location tloc) {
          Value v = eval(tb, tloc);
          scf::YieldOp::create(tb, tloc, v ? v : old); // null: failed
        },
        [&](OpBuilder &eb, Location eloc) {
          scf::YieldOp::create(eb, eloc, old);
        });
    return ifOp.getResult(0);
  }

  /// The body and the store (returns the value assigned; a register
  /// array's is not stored) or the reduction step (returns the new
  /// accumulator, from `acc`) of one statement at `b`.
  static Value evalMember(const RunMember &m, NestBuilder &nest, OpBuilder &b,
                          Location loc, ArrayRef<Value> ivs, Value acc,
                          FreshValues &fresh, LogicalResult &status) {
    FailureOr<Value> v =
        nest.emitBody(b, m.op->getRegion(0).front(), ivs, &fresh);
    if (failed(v)) {
      status = failure();
      return acc;
    }
    if (auto a = dyn_cast<zpl::AssignOp>(m.op)) {
      const void *key = arrayKeyOf(a.getDest());
      SmallVector<int64_t, 3> zero(nest.rank, 0);
      if (!nest.facts.registerArrays.contains(key))
        nest.store(b, loc, *nest.findAccess(key, zero), *v);
      if (!m.mask)
        fresh[key] = *v;
      return *v;
    }
    auto red = cast<zpl::ReduceOp>(m.op);
    return reduceStep(b, loc, red.getKind(), red.getType(), acc, *v);
  }
};

} // namespace

void populateStatementPatterns(const ZPLTypeConverter &types,
                               const ModuleFacts &facts,
                               RewritePatternSet &patterns) {
  patterns.add<AssignLowering, FusedLowering>(types, facts);
}

} // namespace zpl::loops
