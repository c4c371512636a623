//===- CheckLattices.cpp - run-time lattice checks for rank-only arrays ---===//
//
// zpl-check-lattices puts a `zpl.check_lattice` before every access of an
// array whose declared region the compiler cannot see: a procedure's
// rank-only array parameter (`A : [,] double`), or a temporary declared
// over such an array's region (the copy `@^` wraps), or an element of a
// family selected at run time (`U{j}`); and before every access over a
// region it cannot see: the scope of a procedure's caller, which the
// procedure's unscoped statements run under, or `[L{j}]`. The caller may
// pass an array over a strided region, or a strided scope; a statement
// that reads an array off its lattice (a shift that is not a whole number
// of strides, a scope with another stride or starting point) would read
// indices the array does not hold, which Sema reports where it knows both.
// The check stops the program instead (one line, status 2). Checked
// accesses, each at the region it covers:
//   - every `zpl.read` in a statement's body (at its offset, over the
//     region the body is evaluated over), the destination and the mask of
//     a statement;
//   - the arrays a remap or a sparse product reads or writes at the points
//     of its region (the indexed sides are checked by the runtime, index by
//     index), the two
//     arrays of a redistribution, `writeln` and file reads of an array,
//     and `[d of R] wrap/reflect A` (R moved by d).
// The checks stand right before the statement (or the fused run holding
// it; zpl-fuse-statements fuses no statement with such arrays). Run at
// every optimisation level, after fusion.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "llvm/ADT/TypeSwitch.h"

namespace zpl {
#define GEN_PASS_DEF_CHECKLATTICES
#include "passes/zpl/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

/// Whether the lattice of `region` is known only at run time: it is an
/// array's region read then, or a parameter (the scope of the caller), or
/// derived from one (`of`, `in`, `at`, `by`, expanded), or derived with a
/// direction known only at run time.
bool isRunTimeRegion(Value region) {
  while (Operation *def = region.getDefiningOp()) {
    if (isa<zpl::ArrayRegionOp>(def))
      return true;
    auto derive = dyn_cast<zpl::DeriveRegionOp>(def);
    if (derive && !derive.getRunTimeDirection().empty())
      return true;
    if (derive)
      region = derive.getBase();
    else if (auto expand = dyn_cast<zpl::ExpandRegionOp>(def))
      region = expand.getBase();
    else
      return false;
  }
  return isa<BlockArgument>(region) || region.getDefiningOp<zpl::FamilyElementOp>();
}

/// Whether the compiler cannot see the lattice of the array value `v`.
bool hasRunTimeLattice(Value v) {
  if (isa<BlockArgument>(v) || v.getDefiningOp<zpl::FamilyElementOp>())
    return true;
  auto local = v.getDefiningOp<zpl::LocalArrayOp>();
  return local && isRunTimeRegion(local.getRegion());
}

/// The array a check of `v` names: for a temporary over exactly another
/// array's region (`@^`'s copy), that array, which has the same lattice and
/// the name the program knows.
Value checkedArray(Value v) {
  if (auto local = v.getDefiningOp<zpl::LocalArrayOp>())
    if (auto of = local.getRegion().getDefiningOp<zpl::ArrayRegionOp>())
      return of.getArray();
  return v;
}

class Checker {
public:
  explicit Checker(OpBuilder &b) : b(b) {}

  /// Checks `array` over `region` moved by `offset` (zero when empty),
  /// before `at`, once per op.
  void check(Operation *at, Value array, Value region, ArrayRef<int64_t> offset = {}) {
    if (!array || (!hasRunTimeLattice(array) && !isRunTimeRegion(region)))
      return;
    unsigned rank = cast<zpl::RegionType>(region.getType()).getRank();
    Check c{at, checkedArray(array), region, SmallVector<int64_t, 3>(offset)};
    c.offset.resize(rank, 0);
    if (!placed.empty() && placed.back().at != at)
      placed.clear(); // an op's checks are all placed together
    if (llvm::is_contained(placed, c))
      return;
    placed.push_back(c);
    b.setInsertionPoint(at);
    zpl::CheckLatticeOp::create(b, at->getLoc(), c.array, region, c.offset);
  }

  /// A statement's checks go before it, or before the fused run it is in.
  void statement(Operation *stmt) {
    Operation *at = isa<zpl::FusedOp>(stmt->getParentOp()) ? stmt->getParentOp() : stmt;
    Value body = zpl::getStatementRegion(stmt);
    stmt->walk([&](zpl::ReadOp read) {
      // (zrt_shift checks a read at a run-time shift, by the shift.)
      if (!read.getArray().getDefiningOp<zpl::DynShiftOp>())
        check(at, read.getArray(), body, read.getOffset());
    });
    TypeSwitch<Operation *>(stmt)
        .Case([&](zpl::AssignOp op) {
          check(at, op.getDest(), op.getRegion());
          check(at, op.getMask(), op.getRegion());
        })
        .Case([&](zpl::ReduceOp op) { check(at, op.getMask(), op.getRegion()); })
        .Case([&](zpl::PartialReduceOp op) { check(at, op.getDest(), op.getRegion()); })
        .Case([&](zpl::ScanOp op) { check(at, op.getDest(), op.getRegion()); })
        .Case([&](zpl::FloodOp op) { check(at, op.getDest(), op.getRegion()); });
  }

  /// Ops other than statements that access arrays over a region.
  void other(Operation *op) {
    TypeSwitch<Operation *>(op)
        .Case([&](zpl::RemapOp r) {
          remap(op, r.getKind(), r.getDest(), r.getSource(), r.getRegion(), r.getIndices());
        })
        .Case([&](zpl::MaskedRemapOp r) {
          remap(op, r.getKind(), r.getDest(), r.getSource(), r.getRegion(), r.getIndices());
          check(op, r.getMask(), r.getRegion());
        })
        .Case([&](zpl::ScatterCombineOp r) {
          if (isa<zpl::ArrayType>(r.getSource().getType()))
            check(op, r.getSource(), r.getRegion());
          for (Value i : r.getIndices())
            check(op, i, r.getRegion());
          check(op, r.getMask(), r.getRegion());
        })
        .Case([&](zpl::ScatterProductOp r) {
          check(op, r.getSource(), r.getRegion());
          for (Value i : llvm::concat<Value>(r.getIndices(), r.getFactorIndices()))
            check(op, i, r.getRegion());
        })
        .Case([&](zpl::RedistributeOp r) {
          check(op, r.getDest(), r.getRegion());
          check(op, r.getSource(), r.getRegion());
        })
        .Case([&](zpl::WriteArrayOp w) { check(op, w.getArray(), w.getRegion()); })
        .Case([&](zpl::FileReadArrayOp f) { check(op, f.getArray(), f.getRegion()); })
        .Case([&](zpl::BoundaryOp w) {
          check(op, w.getArray(), w.getRegion(), w.getDirection());
        });
  }

private:
  struct Check {
    Operation *at;
    Value array, region;
    SmallVector<int64_t, 3> offset;
    bool operator==(const Check &o) const {
      return at == o.at && array == o.array && region == o.region && offset == o.offset;
    }
  };

  /// A remap accesses its index arrays and its non-indexed side at the
  /// points of its region.
  void remap(Operation *op, zpl::RemapKind kind, Value dest, Value source, Value region,
             ValueRange indices) {
    check(op, kind == zpl::RemapKind::gather ? dest : source, region);
    for (Value i : indices)
      check(op, i, region);
  }

  OpBuilder &b;
  /// The checks put before the current op (an access may repeat: `A@d +
  /// A@d`, the copy `@^` makes and the array it copies).
  SmallVector<Check> placed;
};

struct CheckLatticesPass : zpl::impl::CheckLatticesBase<CheckLatticesPass> {
  void runOnOperation() override {
    OpBuilder b(&getContext());
    Checker checker(b);
    SmallVector<Operation *> statements, others;
    getOperation()->walk([&](Operation *op) {
      if (zpl::isArrayStatement(op) && !zpl::getEnclosingStatement(op))
        statements.push_back(op);
      else if (!zpl::isArrayStatement(op))
        others.push_back(op);
    });
    for (Operation *op : statements)
      checker.statement(op);
    for (Operation *op : others)
      checker.other(op);
  }
};

} // namespace
