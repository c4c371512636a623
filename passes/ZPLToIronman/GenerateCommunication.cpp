//===- GenerateCommunication.cpp - shifted reads to IRONMAN transfers -----===//
//
// zpl-gen-comm: before every array statement (zpl.assign), reduction
// (zpl.reduce), partial reduction (zpl.reduce_partial), scan (zpl.scan) and
// flood (zpl.flood), wherever it is (function bodies, scf loops and ifs),
// creates one ironman.transfer per distinct (array, nonzero offset) its
// reads use, over the region the body is evaluated on (the source region
// of a partial reduction or a flood), each followed by its ironman.dr,
// ironman.sr, ironman.dn and ironman.sv in that order; communication
// optimisation moves them later. A mask is read at offset 0: no transfer.
// A run of statements wrapped in zpl.fused (zpl-fuse-statements) is one
// statement here: its transfers, for the reads of all its members, go
// before it (no member reads at a nonzero offset an array the run writes).
//
// A boundary statement (zpl.boundary wrap/reflect) becomes a transfer of
// that kind (`kind = #ironman.kind<wrap>` / `<reflect>`) of the array onto itself over
// the statement's region, shifted by its direction, with the same four
// state ops; the zpl.boundary is erased.
//
// A remap (zpl.remap) becomes a transfer in its place, with the same four
// state ops, and the zpl.remap is erased: a gather or scatter is a transfer
// of kind `remap` naming its index arrays, indexed on the indexed side
// (gather `wQ1`, scatter `1Qw`); a gather by a permutation of the Index
// arrays (`A#[Index2, Index1]`) is a transfer of kind `transpose`, strided
// on one side: strided loads (`nQ1`) until strategy selection orients it.
//
// A redistribution (zpl.redistribute, from zpl-insert-redistribution)
// becomes a transfer of kind `redist` from its source array to its
// destination array over its region, shift 0, with the same four state
// ops; the zpl.redistribute is erased.
//
// Access patterns assume row-major local storage: a shift only in the
// outermost dimension moves whole rows (contiguous); any inner component
// moves blocks of |d_last| elements (or whole inner rows when d_last is 0)
// one local row pitch apart, a pitch only known at run time. Under a
// declared distribution with a cyclic or block-cyclic dimension a PE holds
// several tiles, and a halo message gathers one piece from each tile it
// crosses: strided even for outermost shifts, in runs of the innermost
// tile width (k for blockcyclic(k), 1 for cyclic, the run-time width of a
// block tile) where whole inner rows would move.
//
// Transfers already present right before a statement for the same (array,
// offset) are reused, so running the pass twice changes nothing. Finally
// every transfer in the module is numbered from 0 in walk order (`id`).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

namespace zpl {
#define GEN_PASS_DEF_GENERATECOMMUNICATION
#include "passes/ZPLToIronman/Passes.h.inc"
} // namespace zpl

using namespace mlir;
using namespace zpl;

namespace {

/// One halo transfer a statement needs.
struct Need {
  Value array;
  Value region;
  SmallVector<int64_t> shift;
  Location loc;
};

struct GenerateCommunicationPass
    : zpl::impl::GenerateCommunicationBase<GenerateCommunicationPass> {
  void runOnOperation() override;

private:
  LogicalResult generateFor(Operation *stmt);
  void generateRedistribution(RedistributeOp redist);
};

} // namespace

/// Whether `value` is available right before `stmt`, i.e. not defined
/// inside it.
static bool definedOutside(Value value, Operation *stmt) {
  Operation *owner = isa<BlockArgument>(value)
                         ? cast<BlockArgument>(value).getOwner()->getParentOp()
                         : value.getDefiningOp();
  return !stmt->isAncestor(owner);
}

/// Two array values name the same array: the same value, or `zpl.get`s of
/// the same declaration.
static bool sameArray(Value a, Value b) {
  if (a == b)
    return true;
  auto ga = a.getDefiningOp<GetOp>(), gb = b.getDefiningOp<GetOp>();
  return ga && gb && ga.getNameAttr() == gb.getNameAttr();
}

/// The declared distribution of `array` in `module`, or null for the
/// implicit (block) one and for one not known before run time.
static DistAttr declaredDist(Value array, ModuleOp module) {
  StaticDist dist = getArrayDist(array);
  if (dist.kind != StaticDist::Declared)
    return {};
  auto decl = dyn_cast_or_null<DistDeclOp>(
      SymbolTable::lookupSymbolIn(module, dist.decl));
  return decl ? decl.getDist() : DistAttr();
}

/// Whether a PE may hold several tiles along a dimension of kind `kind`.
static bool manyTiles(DistKind kind) {
  return kind == DistKind::cyclic || kind == DistKind::blockcyclic;
}

/// The access pattern of a halo section for `shift` of an array with
/// distribution `dist` (null: block) in row-major storage.
static ironman::PatternAttr patternFor(MLIRContext *ctx,
                                       ArrayRef<int64_t> shift,
                                       DistAttr dist) {
  bool innerShift = llvm::any_of(shift.drop_front(),
                                 [](int64_t d) { return d != 0; });
  bool tiled = dist && dist.getRank() == shift.size() &&
               llvm::any_of(dist.getKinds(), manyTiles);
  if (!innerShift && !tiled)
    return ironman::PatternAttr::get(ctx, ironman::PatternKind::contiguous,
                                     1, 1);
  int64_t last = shift.back();
  int64_t block = ironman::PatternAttr::kDynamic;
  if (last != 0)
    block = std::abs(last);
  else if (tiled && dist.getKinds().back() == DistKind::cyclic)
    block = 1;
  else if (tiled && dist.getKinds().back() == DistKind::blockcyclic &&
           dist.getBlockSizes().back() != DistAttr::kDynamicBlockSize)
    block = dist.getBlockSizes().back();
  return ironman::PatternAttr::get(ctx, ironman::PatternKind::strided,
                                   ironman::PatternAttr::kDynamic, block);
}

/// DR, SR, DN and SV of a new transfer, right after it.
static void createStateOps(OpBuilder &builder, Location loc,
                           ironman::TransferOp transfer) {
  Value handle = transfer.getTransfer();
  ironman::DROp::create(builder, loc, handle);
  ironman::SROp::create(builder, loc, handle);
  ironman::DNOp::create(builder, loc, handle);
  ironman::SVOp::create(builder, loc, handle);
}

/// A remap or transpose transfer in place of `remap`.
static void generateRemap(RemapOp remap) {
  OpBuilder builder(remap);
  Location loc = remap.getLoc();
  MLIRContext *ctx = remap.getContext();
  ironman::TransferOp transfer;
  if (std::optional<ArrayRef<int64_t>> perm = remap.getPermutation()) {
    auto [src, dst] = ironman::TransferOp::transposePatterns(ctx, *perm,
                                                             /*loads=*/true);
    transfer = ironman::TransferOp::create(
        builder, loc, remap.getSource(), remap.getDest(), remap.getRegion(),
        *perm, src, dst);
  } else {
    bool gather = remap.getKind() == RemapKind::gather;
    auto indexed = ironman::PatternAttr::get(
        ctx, ironman::PatternKind::indexed, 1, 1);
    auto direct = ironman::PatternAttr::get(
        ctx, ironman::PatternKind::contiguous, 1, 1);
    transfer = ironman::TransferOp::create(
        builder, loc, remap.getSource(), remap.getDest(), remap.getRegion(),
        gather ? ironman::RemapDirection::gather
               : ironman::RemapDirection::scatter,
        remap.getIndices(),
        gather ? indexed : direct, gather ? direct : indexed);
  }
  createStateOps(builder, loc, transfer);
  remap.erase();
}

/// The access pattern of the sections of `array` a redistribution moves:
/// a rank-1 block-distributed array sends and receives one contiguous
/// piece per peer; otherwise the pieces are boxes cut out of this PE's
/// tiles, rows a local pitch apart, both known only at run time.
static ironman::PatternAttr redistPatternFor(MLIRContext *ctx, Value array,
                                             ModuleOp module) {
  unsigned rank = cast<ArrayType>(array.getType()).getRank();
  DistAttr declared = declaredDist(array, module);
  bool block = getArrayDist(array).kind == StaticDist::Implicit ||
               (declared && llvm::all_of(declared.getKinds(), [](DistKind k) {
                  return k == DistKind::block;
                }));
  if (rank == 1 && block)
    return ironman::PatternAttr::get(ctx, ironman::PatternKind::contiguous,
                                     1, 1);
  return ironman::PatternAttr::get(ctx, ironman::PatternKind::strided,
                                   ironman::PatternAttr::kDynamic,
                                   ironman::PatternAttr::kDynamic);
}

void GenerateCommunicationPass::generateRedistribution(RedistributeOp redist) {
  OpBuilder builder(redist);
  Location loc = redist.getLoc();
  MLIRContext *ctx = redist.getContext();
  ModuleOp module = getOperation();
  unsigned rank = redist.getRegion().getType().getRank();
  auto transfer = ironman::TransferOp::create(
      builder, loc, redist.getSource(), redist.getDest(), redist.getRegion(),
      SmallVector<int64_t>(rank, 0),
      redistPatternFor(ctx, redist.getSource(), module),
      redistPatternFor(ctx, redist.getDest(), module),
      ironman::TransferKind::redist);
  createStateOps(builder, loc, transfer);
  redist.erase();
}

LogicalResult GenerateCommunicationPass::generateFor(Operation *stmt) {
  // The transfers already right before the statement (from an earlier run).
  SmallVector<ironman::TransferOp> existing;
  for (Operation *prev = stmt->getPrevNode(); prev;
       prev = prev->getPrevNode()) {
    if (auto transfer = dyn_cast<ironman::TransferOp>(prev))
      existing.push_back(transfer);
    else if (!isa<ironman::DROp, ironman::SROp, ironman::DNOp,
                  ironman::SVOp>(prev))
      break;
  }

  OpBuilder builder(stmt);
  // zpl.get ops inside the statement, recreated before it when one of the
  // arrays they produce needs a transfer.
  DenseMap<Value, Value> hoisted;
  SmallVector<Need> needs;
  bool ok = true;

  stmt->walk([&](ReadOp read) {
    if (!read.isShifted())
      return;
    Operation *owner = getEnclosingStatement(read);
    Value region = getStatementRegion(owner);
    if (!definedOutside(region, stmt)) {
      read.emitError("cannot generate communication: the region of the "
                     "enclosing statement is computed inside the statement");
      ok = false;
      return;
    }
    Value array = read.getArray();
    ArrayRef<int64_t> shift = read.getOffset();
    if (llvm::any_of(needs, [&](const Need &n) {
          return sameArray(n.array, array) && n.region == region &&
                 ArrayRef<int64_t>(n.shift) == shift;
        }))
      return;
    if (llvm::any_of(existing, [&](ironman::TransferOp t) {
          return t.getTransferKind() == ironman::TransferKind::halo &&
                 sameArray(t.getDst(), array) && t.getShift() == shift;
        }))
      return;
    if (!definedOutside(array, stmt)) {
      auto get = array.getDefiningOp<GetOp>();
      if (!get) {
        read.emitError("cannot generate communication: the array read is "
                       "computed inside the statement");
        ok = false;
        return;
      }
      Value &outer = hoisted[array];
      if (!outer)
        outer = builder.clone(*get)->getResult(0);
      array = outer;
    }
    needs.push_back({array, region, llvm::to_vector(shift), read.getLoc()});
  });
  if (!ok)
    return failure();

  MLIRContext *ctx = stmt->getContext();
  for (const Need &need : needs) {
    ironman::PatternAttr pattern =
        patternFor(ctx, need.shift, declaredDist(need.array, getOperation()));
    auto transfer = ironman::TransferOp::create(
        builder, need.loc, need.array, need.array, need.region, need.shift,
        pattern, pattern, ironman::TransferKind::halo);
    createStateOps(builder, need.loc, transfer);
  }
  return success();
}

void GenerateCommunicationPass::runOnOperation() {
  ModuleOp module = getOperation();

  // The outermost statements and runs: reads of a statement nested in
  // another one (a reduction inside an assignment) are communicated before
  // the outer one, those of a run's members before the run.
  SmallVector<Operation *> statements;
  SmallVector<BoundaryOp> boundaries;
  SmallVector<RemapOp> remaps;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isArrayStatement(op) || isa<FusedOp>(op)) {
      statements.push_back(op);
      return WalkResult::skip();
    }
    if (auto boundary = dyn_cast<BoundaryOp>(op))
      boundaries.push_back(boundary);
    if (auto remap = dyn_cast<RemapOp>(op))
      remaps.push_back(remap);
    return WalkResult::advance();
  });

  // Boundary statements: a wrap or reflect transfer in their place.
  MLIRContext *ctx = module.getContext();
  module.walk([&](RedistributeOp redist) { generateRedistribution(redist); });
  for (BoundaryOp boundary : boundaries) {
    OpBuilder builder(boundary);
    Location loc = boundary.getLoc();
    ArrayRef<int64_t> dir = boundary.getDirection();
    ironman::PatternAttr pattern =
        patternFor(ctx, dir, declaredDist(boundary.getArray(), module));
    ironman::TransferKind kind = boundary.getKind() == BoundaryKind::wrap
                                     ? ironman::TransferKind::wrap
                                     : ironman::TransferKind::reflect;
    auto transfer = ironman::TransferOp::create(
        builder, loc, boundary.getArray(), boundary.getArray(),
        boundary.getRegion(), dir, pattern, pattern, kind);
    createStateOps(builder, loc, transfer);
    boundary.erase();
  }
  for (RemapOp remap : remaps)
    generateRemap(remap);

  bool failed = false;
  for (Operation *stmt : statements)
    if (mlir::failed(generateFor(stmt)))
      failed = true;
  if (failed)
    return signalPassFailure();

  // Number every static transfer of the program, in walk order.
  Builder builder(module.getContext());
  int64_t id = 0;
  module.walk([&](ironman::TransferOp transfer) {
    transfer.setIdAttr(builder.getI64IntegerAttr(id++));
  });
}
