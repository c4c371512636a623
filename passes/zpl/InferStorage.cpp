//===- InferStorage.cpp - ghost widths (fluff) of every array -------------===//
//
// zpl-infer-storage sets `fluff` (lo0, hi0, lo1, hi1, ...) on every
// zpl.array_decl and every zpl.local_array: the widest reach, per dimension
// and side, of
//   - every zpl.read of the array (its offset), and every mask of a
//     statement (a read at offset 0),
//   - every ironman.transfer already present (its shift, on both arrays),
//   - every boundary statement `[d of R] wrap/reflect A` (the band `d of R`,
//     |d_k| wide on the side of d, as if A were assigned over it),
//   - every statement that assigns the array over a region reaching outside
//     its base region (`d of R`, `zpl.expand`, and conservatively `R at
//     d`), and every redistribution to or from it over such a region.
// A region `d of R`, `d in R` or `R at d` whose direction is known only at
// run time (zpl.derive with run-time operands) reaches an unknown distance
// (a band `in` R wider than R leaves it too), and so does a region passed
// as a parameter (the scope a procedure runs under, its caller's): the
// statements over it are marked `zpl.check_storage`, and the lowering
// checks at run time that each array they access holds the region
// (an error, exit 2, where it does not).
// Reads inside a statement over such a region reach that far as well (for
// partial reductions and floods: the source region, where the body is
// evaluated; their destinations, like remaps, are stored by the runtime and
// need no fluff).
// Array values are traced to their declarations through `zpl.get`, to the
// zpl.local_array that defines them, to every element of a family for
// `zpl.family_element` and, for procedure arguments, through
// every direct `func.call` of the procedure; values that cannot be traced
// are ignored. Existing fluff is only ever widened, so the pass is monotone
// and idempotent.
//
// It also marks `zpl.compact` every global array (zpl.array_decl) and
// temporary (zpl.local_array: the copies periodic shifts @^ wrap) over a
// region whose steps are known at compile time, some of them above 1,
// when every use of the array is one that the runtime supports on compact
// storage (the array's lattice points only, addressed by lattice index):
// reads in statement bodies, the destination and mask of assignments, the
// mask of reductions, wrap and reflect, writeln and reads from files, its
// region, the distribution of a temporary aligned with it, and the
// zpl.check_lattice that stops an access off its lattice, remaps (`#`,
// plain, masked or combining) and the destination of a partial reduction,
// scan or flood (the runtime finds their elements by lattice index), and
// calls that pass it to a procedure whose uses of the parameter are all
// of these. Any other use (a redistribution, a sparse product), in the
// procedure or in one it is passed to, keeps the array in the dense
// layout of its bounding box. A parameter
// that may be passed a compact array is marked zpl.may_be_compact.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace zpl {
#define GEN_PASS_DEF_INFERSTORAGE
#include "passes/zpl/Passes.h.inc"
} // namespace zpl

using namespace mlir;
using namespace zpl;

namespace {

/// How far a region may reach outside its base region, per dimension:
/// `lo[k]` below and `hi[k]` above (negative when it stays inside).
struct Reach {
  SmallVector<int64_t> lo, hi;
  bool unknown = false; // a run-time direction moves it (lo, hi: the rest)
  explicit Reach(unsigned rank) : lo(rank, 0), hi(rank, 0) {}
};

/// Follows array values back to their declarations.
class ArrayTracer {
public:
  ArrayTracer(ModuleOp module, SymbolTable &symbols) : symbols(symbols) {
    module.walk([&](func::CallOp call) {
      callers[call.getCalleeAttr().getAttr()].push_back(call);
    });
  }

  /// Every declaration (zpl.array_decl or zpl.local_array) `value` may
  /// stand for; empty when it cannot be traced.
  ArrayRef<Operation *> declsOf(Value value) {
    auto it = cache.find(value);
    if (it != cache.end())
      return it->second;
    llvm::SetVector<Operation *> found;
    DenseSet<Value> visiting;
    trace(value, found, visiting);
    SmallVector<Operation *> &decls = cache[value];
    decls.assign(found.begin(), found.end());
    return decls;
  }

private:
  void trace(Value value, llvm::SetVector<Operation *> &found,
             DenseSet<Value> &visiting) {
    if (!visiting.insert(value).second)
      return;
    if (auto get = value.getDefiningOp<GetOp>()) {
      if (auto decl = symbols.lookup<ArrayDeclOp>(get.getNameAttr().getAttr()))
        found.insert(decl);
      return;
    }
    if (auto local = value.getDefiningOp<LocalArrayOp>()) {
      found.insert(local);
      return;
    }
    // `U{j}`: any element of the family.
    if (auto element = value.getDefiningOp<FamilyElementOp>()) {
      for (Attribute name : element.getElements())
        if (auto decl = symbols.lookup<ArrayDeclOp>(
                cast<FlatSymbolRefAttr>(name).getAttr()))
          found.insert(decl);
      return;
    }
    // A procedure argument: whatever any direct call passes for it.
    auto arg = dyn_cast<BlockArgument>(value);
    if (!arg || !arg.getOwner()->isEntryBlock())
      return;
    auto func = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
    if (!func)
      return;
    auto it = callers.find(func.getSymNameAttr());
    if (it == callers.end())
      return;
    for (func::CallOp call : it->second)
      if (arg.getArgNumber() < call.getNumOperands())
        trace(call.getOperand(arg.getArgNumber()), found, visiting);
  }

  SymbolTable &symbols;
  DenseMap<StringAttr, SmallVector<func::CallOp>> callers;
  DenseMap<Value, SmallVector<Operation *>> cache;
};

struct InferStoragePass : zpl::impl::InferStorageBase<InferStoragePass> {
  void runOnOperation() override;

private:
  /// How far `region` reaches outside the region it is derived from.
  Reach reachOf(Value region, unsigned depth = 0);
  /// Widens the ghost widths of every declaration behind `array` so that an
  /// access over a region with `reach`, shifted by `offset`, stays in storage.
  void widen(Value array, const Reach &reach, ArrayRef<int64_t> offset);
  void widenBand(BoundaryOp boundary);

  SymbolTable *symbols = nullptr;
  ArrayTracer *tracer = nullptr;
  llvm::MapVector<Operation *, SmallVector<int64_t>> fluff;
};

} // namespace

Reach InferStoragePass::reachOf(Value region, unsigned depth) {
  unsigned rank = cast<RegionType>(region.getType()).getRank();
  Reach reach(rank);
  // Region declarations may be derived from one another; a bound on the
  // depth keeps a (malformed) cycle from recursing forever.
  if (depth > 64)
    return reach;
  // The scope of a procedure's caller (a region parameter), or an element
  // of a family selected at run time, may reach anywhere.
  if (isa<BlockArgument>(region) || region.getDefiningOp<FamilyElementOp>()) {
    reach.unknown = true;
    return reach;
  }
  if (auto get = region.getDefiningOp<GetOp>()) {
    auto decl = symbols->lookup<RegionDeclOp>(get.getNameAttr().getAttr());
    if (!decl || decl.getInit().empty())
      return reach;
    auto yield = dyn_cast<YieldOp>(decl.getInit().front().getTerminator());
    if (!yield || yield.getValues().size() != 1 ||
        yield.getValues().front().getType() != region.getType())
      return reach;
    return reachOf(yield.getValues().front(), depth + 1);
  }
  if (auto expand = region.getDefiningOp<ExpandRegionOp>()) {
    // The base widened on each side.
    reach = reachOf(expand.getBase(), depth + 1);
    ArrayRef<int64_t> widths = expand.getWidths();
    for (unsigned k = 0; k < rank && 2 * k + 1 < widths.size(); ++k) {
      reach.lo[k] += widths[2 * k];
      reach.hi[k] += widths[2 * k + 1];
    }
    return reach;
  }
  auto derive = region.getDefiningOp<DeriveRegionOp>();
  if (!derive || derive.getDirection().size() != rank)
    return reach;
  reach = reachOf(derive.getBase(), depth + 1);
  ArrayRef<int64_t> dir = derive.getDirection();
  // `in` counts too: a run-time band wider than the base reaches past it.
  if (derive.getKind() != DeriveKind::by && !derive.getRunTimeDirection().empty())
    reach.unknown = true;
  switch (derive.getKind()) {
  case DeriveKind::of:
    // The band of width |d_k| just outside the base on the side of d.
    for (unsigned k = 0; k < rank; ++k) {
      if (dir[k] > 0)
        reach.hi[k] += dir[k];
      else
        reach.lo[k] -= dir[k];
    }
    break;
  case DeriveKind::in:
    // A band inside the base: reaches no further than the base.
    break;
  case DeriveKind::by:
    // A subset of the base.
    break;
  case DeriveKind::at:
    // The base translated by d.
    for (unsigned k = 0; k < rank; ++k) {
      reach.hi[k] += dir[k];
      reach.lo[k] -= dir[k];
    }
    break;
  }
  return reach;
}

void InferStoragePass::widen(Value array, const Reach &reach,
                             ArrayRef<int64_t> offset) {
  unsigned rank = offset.size();
  for (Operation *decl : tracer->declsOf(array)) {
    auto it = fluff.find(decl);
    if (it == fluff.end())
      continue;
    SmallVector<int64_t> &widths = it->second;
    if (widths.size() != 2 * rank || reach.lo.size() != rank)
      continue;
    for (unsigned k = 0; k < rank; ++k) {
      widths[2 * k] = std::max(widths[2 * k], reach.lo[k] - offset[k]);
      widths[2 * k + 1] = std::max(widths[2 * k + 1], reach.hi[k] + offset[k]);
    }
  }
}

/// The initial widths of a zpl.array_decl or zpl.local_array: those already
/// recorded (inference only widens), else zeros.
static SmallVector<int64_t> initialFluff(Operation *decl, unsigned rank) {
  SmallVector<int64_t> widths(2 * rank, 0);
  auto old = decl->getAttrOfType<DenseI64ArrayAttr>("fluff");
  if (old && old.size() == static_cast<int64_t>(widths.size()))
    for (auto [w, o] : llvm::zip(widths, old.asArrayRef()))
      w = std::max<int64_t>(0, o);
  return widths;
}

/// A wrap or reflect writes the band `d of R` of its array, as an `of`
/// assignment does.
void InferStoragePass::widenBand(BoundaryOp boundary) {
  Reach reach = reachOf(boundary.getRegion());
  ArrayRef<int64_t> dir = boundary.getDirection();
  if (dir.size() != reach.lo.size())
    return;
  for (unsigned k = 0; k < dir.size(); ++k) {
    if (dir[k] > 0)
      reach.hi[k] += dir[k];
    else
      reach.lo[k] -= dir[k];
  }
  SmallVector<int64_t> zero(dir.size(), 0);
  widen(boundary.getArray(), reach, zero);
}

/// The steps of loops over `region` when they are known at compile time.
static std::optional<SmallVector<int64_t>>
staticSteps(Value region, SymbolTable &symbols, unsigned depth = 0) {
  unsigned rank = cast<RegionType>(region.getType()).getRank();
  if (depth > 64)
    return std::nullopt;
  if (auto get = region.getDefiningOp<GetOp>()) {
    auto decl = symbols.lookup<RegionDeclOp>(get.getNameAttr().getAttr());
    if (!decl || decl.getInit().empty())
      return std::nullopt;
    auto yield = dyn_cast<YieldOp>(decl.getInit().front().getTerminator());
    if (!yield || yield.getValues().size() != 1)
      return std::nullopt;
    return staticSteps(yield.getValues().front(), symbols, depth + 1);
  }
  if (auto make = region.getDefiningOp<MakeRegionOp>()) {
    if (make.getFlood())
      return std::nullopt; // flood dimensions: kept dense
    return SmallVector<int64_t>(rank, 1);
  }
  auto derive = region.getDefiningOp<DeriveRegionOp>();
  if (!derive || derive.getDirection().size() != rank)
    return std::nullopt;
  std::optional<SmallVector<int64_t>> steps =
      staticSteps(derive.getBase(), symbols, depth + 1);
  if (!steps || derive.getKind() != DeriveKind::by)
    return steps;
  if (!derive.getRunTimeDirection().empty())
    return std::nullopt;
  for (auto [step, by] : llvm::zip(*steps, derive.getDirection())) {
    if (by < 1)
      return std::nullopt;
    step *= by;
  }
  return steps;
}

/// Whether `user`'s use of an array is one the runtime and the lowering
/// support on compact storage. A call passes the array on: the callee's
/// uses of the parameter count as uses of the array (ArrayTracer).
static bool isCompactUse(Operation *user) {
  return isa<ReadOp, AssignOp, ReduceOp, BoundaryOp, WriteArrayOp,
             FileReadArrayOp, LocalArrayOp, FreeArrayOp, ArrayRegionOp,
             CheckLatticeOp, func::CallOp, DynShiftOp, DynWrapOp,
             DynBoundaryOp, RemapOp,
             MaskedRemapOp, ScatterCombineOp, PartialReduceOp, ScanOp,
             FloodOp>(user);
}

/// Whether arrays over `region` are strided with constant steps.
static bool isStaticallyStrided(Value region, SymbolTable &symbols) {
  std::optional<SmallVector<int64_t>> steps = staticSteps(region, symbols);
  return steps && llvm::any_of(*steps, [](int64_t s) { return s > 1; });
}

/// Marks zpl.compact the global and local arrays over strided regions
/// whose every use, in the procedure that names them and in every
/// procedure they are passed to, supports compact storage; then marks
/// zpl.may_be_compact the procedure parameters a compact array may reach.
static void markCompact(ModuleOp module, SymbolTable &symbols,
                        ArrayTracer &tracer) {
  llvm::SetVector<Operation *> candidates;
  for (auto decl : module.getOps<ArrayDeclOp>()) {
    auto yield = dyn_cast<YieldOp>(decl.getInit().front().getTerminator());
    if (yield && yield.getValues().size() == 1 &&
        isStaticallyStrided(yield.getValues().front(), symbols))
      candidates.insert(decl);
  }
  module.walk([&](LocalArrayOp local) {
    if (isStaticallyStrided(local.getRegion(), symbols))
      candidates.insert(local);
  });
  // An unsupported use of an array, or of a parameter it is passed to,
  // keeps every declaration it may stand for dense.
  module.walk([&](Operation *user) {
    if (isCompactUse(user))
      return;
    for (Value operand : user->getOperands())
      if (isa<ArrayType>(operand.getType()))
        for (Operation *decl : tracer.declsOf(operand))
          candidates.remove(decl);
  });
  auto unit = UnitAttr::get(module.getContext());
  for (Operation *decl : candidates)
    decl->setAttr(kCompactAttr, unit);
  module.walk([&](func::FuncOp func) {
    if (func.isExternal())
      return;
    for (BlockArgument arg : func.getArguments())
      if (isa<ArrayType>(arg.getType()) &&
          llvm::any_of(tracer.declsOf(arg), [](Operation *decl) {
            return decl->hasAttr(kCompactAttr);
          }))
        func.setArgAttr(arg.getArgNumber(), kMayBeCompactAttr, unit);
  });
  // `U{j}` selected at run time, like such a parameter, learns its layout
  // when it runs.
  module.walk([&](FamilyElementOp element) {
    if (llvm::any_of(tracer.declsOf(element.getResult()),
                     [](Operation *decl) { return decl->hasAttr(kCompactAttr); }))
      element->setAttr(kMayBeCompactAttr, unit);
  });
}

void InferStoragePass::runOnOperation() {
  ModuleOp module = getOperation();
  SymbolTable symbolTable(module);
  ArrayTracer arrayTracer(module, symbolTable);
  symbols = &symbolTable;
  tracer = &arrayTracer;
  fluff.clear();

  // Start from the widths already recorded: inference only widens.
  for (auto decl : module.getOps<ArrayDeclOp>())
    fluff[decl] = initialFluff(decl, decl.getArrayType().getRank());
  module.walk([&](LocalArrayOp local) {
    fluff[local] = initialFluff(
        local, cast<ArrayType>(local.getArray().getType()).getRank());
  });

  DenseMap<Operation *, Reach> stmtReach;
  auto reachOfStatement = [&](Operation *stmt) -> const Reach & {
    auto it = stmtReach.find(stmt);
    if (it == stmtReach.end()) {
      it = stmtReach.try_emplace(stmt, reachOf(getStatementRegion(stmt))).first;
      if (it->second.unknown)
        stmt->setAttr(kCheckStorageAttr, UnitAttr::get(stmt->getContext()));
    }
    return it->second;
  };

  module.walk([&](Operation *op) {
    if (isArrayStatement(op))
      reachOfStatement(op); // marks one over a run-time reach
    if (auto read = dyn_cast<ReadOp>(op)) {
      unsigned rank = read.getOffset().size();
      Operation *stmt = getEnclosingStatement(read);
      if (stmt && getStatementRegion(stmt).getType() ==
                      RegionType::get(op->getContext(), rank))
        widen(read.getArray(), reachOfStatement(stmt), read.getOffset());
      else
        widen(read.getArray(), Reach(rank), read.getOffset());
    } else if (auto assign = dyn_cast<AssignOp>(op)) {
      const Reach &reach = reachOfStatement(assign);
      SmallVector<int64_t> zero(reach.lo.size(), 0);
      widen(assign.getDest(), reach, zero);
      if (Value mask = assign.getMask())
        widen(mask, reach, zero);
    } else if (auto reduce = dyn_cast<ReduceOp>(op)) {
      if (Value mask = reduce.getMask()) {
        const Reach &reach = reachOfStatement(reduce);
        SmallVector<int64_t> zero(reach.lo.size(), 0);
        widen(mask, reach, zero);
      }
    } else if (auto boundary = dyn_cast<BoundaryOp>(op)) {
      widenBand(boundary);
    } else if (auto redist = dyn_cast<RedistributeOp>(op)) {
      // Both arrays are accessed over the redistributed region.
      Reach reach = reachOf(redist.getRegion());
      SmallVector<int64_t> zero(reach.lo.size(), 0);
      widen(redist.getSource(), reach, zero);
      widen(redist.getDest(), reach, zero);
    } else if (auto transfer = dyn_cast<ironman::TransferOp>(op)) {
      Reach reach = reachOf(transfer.getRegion());
      widen(transfer.getDst(), reach, transfer.getShift());
      widen(transfer.getSrc(), reach, transfer.getShift());
    }
  });

  Builder builder(module.getContext());
  for (auto &[op, widths] : fluff)
    op->setAttr("fluff", builder.getDenseI64ArrayAttr(widths));
  markCompact(module, symbolTable, arrayTracer);
}
