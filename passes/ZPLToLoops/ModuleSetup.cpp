//===- ModuleSetup.cpp - what is global, built before the patterns run ----===//
//
// Before the patterns run:
//   * procedures get a `zp_` prefix, so that no C name clashes with the C
//     library or the runtime;
//   * global declarations become `emitc.global`s (`zg_` prefix), and a new
//     `zpl_main` evaluates their init bodies (whose zpl ops the patterns
//     then lower) through the runtime: config vars and scalars in
//     declaration order, then grids `zrt_grid_new`, distributions
//     `zrt_dist_new`, regions bound to their distribution
//     `zrt_region_dist` or added to the implicit one `zrt_dist_add`, and
//     arrays last; it calls the entry procedure (module attribute
//     `zpl.entry`);
//   * every transfer gets its static handle `zt_<id>` (transfers without
//     an id are numbered after the largest given one); remaps that run at
//     most once are marked for release after use (ReleasedRemaps.cpp);
//   * each array statement (or fused run) is charged to the statistics
//     (`zrt_charge`, for statements zpl-count-operations annotated), and
//     the zpl.get of arrays and regions in its body move before it.
//
//===----------------------------------------------------------------------===//

#include "passes/ZPLToLoops/Lowering.h"

#include "dialects/zpl/Overlap.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"

#include <functional>

using namespace mlir;

namespace zpl::loops {
namespace {

/// Renames the procedures; returns the entry procedure's new name ("" when
/// there is none).
FailureOr<std::string> renameProcedures(ModuleOp module) {
  SymbolTable table(module);
  std::string entry, entryName;
  if (auto attr = module->getAttrOfType<FlatSymbolRefAttr>("zpl.entry"))
    entry = attr.getValue().str();
  SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
  for (func::FuncOp f : funcs) {
    if (f.isExternal())
      continue;
    std::string oldName = f.getSymName().str();
    std::string newName = (kProcPrefix + oldName).str();
    if (table.lookup(newName))
      return f.emitError("cannot rename procedure to '")
             << newName << "': the name is taken";
    if (failed(table.rename(f, StringAttr::get(module.getContext(), newName))))
      return f.emitError("cannot rename procedure");
    if (oldName == entry)
      entryName = newName;
  }
  if (!entry.empty() && entryName.empty())
    return module.emitError("zpl.entry names @")
           << entry << ", which is not a procedure of the module";
  if (entry.empty()) {
    // Without a front end (hand-written IR): fall back to a procedure
    // called `main`.
    if (auto f = table.lookup<func::FuncOp>((kProcPrefix + "main").str()))
      entryName = f.getSymName().str();
  }
  return entryName;
}

/// The C variable of a global: `zg_A`; an element of a family, `U{3}`
/// (`U{-1}`), is `zf_U_3` (`zf_U_m1`), which no program's name gives.
std::string globalCName(StringRef symbol) {
  size_t brace = symbol.find('{');
  if (brace == StringRef::npos)
    return (kGlobalPrefix + symbol).str();
  std::string cname = ("zf_" + symbol.take_front(brace) + "_").str();
  for (char c : symbol.drop_front(brace + 1).drop_back())
    cname += c == '-' ? 'm' : c;
  return cname;
}

void createGlobals(ModuleOp module, const ZPLTypeConverter &types,
                   ModuleFacts &facts) {
  OpBuilder b(module.getContext());
  Type i64 = b.getI64Type();
  for (Operation &op : module.getBody()->getOperations()) {
    if (!isa<zpl::ConfigOp, zpl::GlobalOp, zpl::GridDeclOp, zpl::DistDeclOp,
             zpl::RegionDeclOp, zpl::ArrayDeclOp>(op))
      continue;
    auto sym = cast<SymbolOpInterface>(op);
    // Grids and distributions are runtime ids.
    Type type = isa<zpl::GridDeclOp, zpl::DistDeclOp>(op)
                    ? i64
                    : types.convertType(
                          cast<TypeAttr>(op.getAttr("type")).getValue());
    std::string cname = globalCName(sym.getName());
    Attribute init;
    if (type.isIntOrFloat())
      init = zeroAttr(type);
    else if (isa<emitc::PointerType>(type))
      init = emitc::OpaqueAttr::get(b.getContext(), "NULL");
    b.setInsertionPoint(&op);
    emitc::GlobalOp::create(b, op.getLoc(), cname, type, init,
                            /*extern=*/false, /*static=*/false,
                            /*const=*/false);
    facts.globals[sym.getName()] = {cname, type};
  }
}

/// zpl_main: evaluates the declarations' init bodies and calls the entry.
class MainBuilder {
public:
  MainBuilder(ModuleOp module, const ModuleFacts &facts)
      : module(module), facts(facts), ctx(module.getContext()) {}
  LogicalResult build(StringRef entryName, ModuleFacts &out);

private:
  FailureOr<SmallVector<Value>> cloneInit(OpBuilder &b, Operation *decl);
  FailureOr<Value> cloneRegionInit(OpBuilder &b, Operation *decl,
                                   const Twine &what);
  LogicalResult initScalars(OpBuilder &b, ArrayRef<Operation *> scalars,
                            Operation *lastConfig);
  LogicalResult initGrid(OpBuilder &b, zpl::GridDeclOp grid);
  LogicalResult initDistribution(OpBuilder &b, zpl::DistDeclOp dist);
  LogicalResult initRegion(OpBuilder &b, zpl::RegionDeclOp region,
                           ModuleFacts &out);
  void allocateArray(OpBuilder &b, zpl::ArrayDeclOp array, Value region,
                     ModuleFacts &out);
  FailureOr<Value> bindRegion(OpBuilder &b, Location loc, Value region,
                              StringRef dist);
  LogicalResult callEntry(OpBuilder &b, StringRef entryName);

  ModuleOp module;
  const ModuleFacts &facts;
  MLIRContext *ctx;
};

LogicalResult MainBuilder::build(StringRef entryName, ModuleFacts &out) {
  Location loc = module.getLoc();
  if (SymbolTable::lookupSymbolIn(module, "zpl_main"))
    return module.emitError("the module already defines zpl_main");
  OpBuilder mb(ctx);
  mb.setInsertionPointToEnd(module.getBody());
  auto mainFn = func::FuncOp::create(mb, loc, "zpl_main",
                                     FunctionType::get(ctx, {}, {}));
  OpBuilder b = OpBuilder::atBlockEnd(mainFn.addEntryBlock());

  // Declarations run in dependency order: config vars and scalars (in
  // program order; their initializers name earlier ones only), grids,
  // distributions, regions, and arrays last. The runtime lays an array out
  // by the distribution of all declared regions bound to it, so every
  // region must be bound first; the regions of array declarations, too,
  // are all evaluated (and bound, for a region literal with a
  // distribution) before the first array is allocated. Grid sizes, block
  // sizes and region bounds read config vars and constants only; array
  // inits read regions too.
  SmallVector<Operation *> scalars, grids, dists, regions, arrays;
  Operation *lastConfig = nullptr;
  for (Operation &op : module.getBody()->getOperations()) {
    if (isa<zpl::ConfigOp, zpl::GlobalOp>(op))
      scalars.push_back(&op);
    else if (isa<zpl::GridDeclOp>(op))
      grids.push_back(&op);
    else if (isa<zpl::DistDeclOp>(op))
      dists.push_back(&op);
    else if (isa<zpl::RegionDeclOp>(op))
      regions.push_back(&op);
    else if (isa<zpl::ArrayDeclOp>(op))
      arrays.push_back(&op);
    if (isa<zpl::ConfigOp>(op))
      lastConfig = &op;
  }

  if (failed(initScalars(b, scalars, lastConfig)))
    return failure();
  for (Operation *decl : grids)
    if (failed(initGrid(b, cast<zpl::GridDeclOp>(decl))))
      return failure();
  for (Operation *decl : dists)
    if (failed(initDistribution(b, cast<zpl::DistDeclOp>(decl))))
      return failure();
  for (Operation *decl : regions)
    if (failed(initRegion(b, cast<zpl::RegionDeclOp>(decl), out)))
      return failure();
  SmallVector<Value> arrayRegions;
  for (Operation *decl : arrays) {
    FailureOr<Value> region = cloneRegionInit(
        b, decl,
        "the region of array " + cast<zpl::ArrayDeclOp>(decl).getSymName());
    if (failed(region))
      return failure();
    arrayRegions.push_back(*region);
  }
  for (auto [decl, region] : llvm::zip(arrays, arrayRegions))
    allocateArray(b, cast<zpl::ArrayDeclOp>(decl), region, out);
  fillFamilyTables(b, loc, facts);

  if (failed(callEntry(b, entryName)))
    return failure();
  func::ReturnOp::create(b, loc);
  // zpl_main now names the entry; the attribute would dangle.
  module->removeAttr("zpl.entry");
  for (auto *group : {&scalars, &grids, &dists, &regions, &arrays})
    for (Operation *decl : *group)
      decl->erase();
  return success();
}

LogicalResult MainBuilder::initScalars(OpBuilder &b,
                                       ArrayRef<Operation *> scalars,
                                       Operation *lastConfig) {
  // Without config vars the grid is still set up first.
  if (!lastConfig)
    callRuntime(b, module.getLoc(), RuntimeFn::ConfigDone, {});
  for (Operation *decl : scalars) {
    Location dloc = decl->getLoc();
    StringRef name = cast<SymbolOpInterface>(decl).getName();
    const ModuleFacts::Global &g = *facts.lookupGlobal(name);
    // An indexed array's bounds are checked like a region's.
    auto global = dyn_cast<zpl::GlobalOp>(decl);
    if (global && isa<zpl::IndexedType>(global.getType())) {
      FailureOr<Value> array =
          cloneRegionInit(b, decl, "indexed array '" + name + "'");
      if (failed(array))
        return failure();
      storeGlobal(b, dloc, g, *array);
      continue;
    }
    FailureOr<SmallVector<Value>> init = cloneInit(b, decl);
    if (failed(init))
      return failure();
    if (auto cfg = dyn_cast<zpl::ConfigOp>(decl)) {
      Value got = callRuntime(b, dloc, RuntimeFn::Config,
                              {strArg(ctx, name), init->front()},
                              cfg.getType());
      storeGlobal(b, dloc, g, got);
      if (decl == lastConfig)
        callRuntime(b, dloc, RuntimeFn::ConfigDone, {});
    } else if (!init->empty()) {
      storeGlobal(b, dloc, g, init->front());
    }
  }
  return success();
}

LogicalResult MainBuilder::callEntry(OpBuilder &b, StringRef entryName) {
  if (entryName.empty()) {
    module.emitWarning("no zpl.entry attribute and no procedure 'main': "
                       "zpl_main only initialises the globals");
    return success();
  }
  auto f = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      module, StringAttr::get(ctx, entryName));
  if (f.getNumArguments() != 0)
    return f.emitError("the entry procedure must not take arguments");
  func::CallOp::create(b, module.getLoc(), f.getSymName(),
                       f.getResultTypes(), ValueRange());
  return success();
}

/// Clones a declaration's init body at `b` (its zpl ops are lowered with
/// the rest of zpl_main) and returns the values it yields.
FailureOr<SmallVector<Value>> MainBuilder::cloneInit(OpBuilder &b,
                                                     Operation *decl) {
  Region &init = decl->getRegion(0);
  SmallVector<Value> values;
  if (init.empty())
    return values;
  IRMapping map;
  Block &blk = init.front();
  for (Operation &inner : blk.without_terminator())
    b.clone(inner, map);
  auto yield = cast<zpl::YieldOp>(blk.getTerminator());
  for (Value v : yield.getValues())
    values.push_back(map.lookupOrDefault(v));
  bool single = !isa<zpl::GridDeclOp, zpl::DistDeclOp>(decl);
  if (single && values.size() != 1)
    return decl->emitError("init body must yield one value");
  return values;
}

/// The region of a region or array declaration (or the handle of a global
/// indexed array), evaluated like cloneInit,
/// with its bounds' `+`, `-` and `*` overflow-checked: a config value
/// such as --n=9223372036854775807 in `[0..n+1]` would wrap in C, into an
/// empty or a tiny region; instead the program stops with "WHAT is too
/// large". (Bounds that fit are checked against the runtime's limits by
/// zrt_region_check and zrt_array_new.)
FailureOr<Value> MainBuilder::cloneRegionInit(OpBuilder &b, Operation *decl,
                                              const Twine &what) {
  Block *block = b.getInsertionBlock();
  Operation *before = block->empty() ? nullptr : &block->back();
  FailureOr<SmallVector<Value>> init = cloneInit(b, decl);
  if (failed(init))
    return failure();
  auto cloned = llvm::make_range(
      before ? std::next(before->getIterator()) : block->begin(), block->end());
  SmallVector<Operation *> arithmetic;
  for (Operation &op : cloned)
    if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op) &&
        op.getResult(0).getType().isInteger(64))
      arithmetic.push_back(&op);
  std::string whatText = what.str();
  for (Operation *op : arithmetic) {
    RuntimeFn fn = isa<arith::AddIOp>(op)   ? RuntimeFn::BoundAdd
                   : isa<arith::SubIOp>(op) ? RuntimeFn::BoundSub
                                            : RuntimeFn::BoundMul;
    OpBuilder ob(op);
    Value checked =
        callRuntime(ob, op->getLoc(), fn,
                    {op->getOperand(0), op->getOperand(1), strArg(ctx, whatText)});
    op->getResult(0).replaceAllUsesWith(checked);
    op->erase();
  }
  return init->front();
}

/// enum zrt_dist_kind of zplrt.h.
int64_t runtimeDistKind(zpl::DistKind kind) {
  switch (kind) {
  case zpl::DistKind::block: return 0;
  case zpl::DistKind::cyclic: return 1;
  case zpl::DistKind::blockcyclic: return 2;
  case zpl::DistKind::none: return 3;
  }
  llvm_unreachable("unknown distribution kind");
}

LogicalResult MainBuilder::initGrid(OpBuilder &b, zpl::GridDeclOp grid) {
  Location loc = grid.getLoc();
  FailureOr<SmallVector<Value>> sizes = cloneInit(b, grid);
  if (failed(sizes))
    return failure();
  SmallVector<CArg> args{strArg(ctx, grid.getSymName()),
                         intArg(ctx, sizes->size())};
  for (unsigned d = 0; d < 3; ++d)
    args.push_back(d < sizes->size() ? CArg((*sizes)[d]) : intArg(ctx, 0));
  storeGlobal(b, loc, *facts.lookupGlobal(grid.getSymName()),
              callRuntime(b, loc, RuntimeFn::GridNew, args));
  return success();
}

LogicalResult MainBuilder::initDistribution(OpBuilder &b,
                                            zpl::DistDeclOp dist) {
  Location loc = dist.getLoc();
  FailureOr<SmallVector<Value>> runTimeSizes = cloneInit(b, dist);
  if (failed(runTimeSizes))
    return failure();
  // Grid 0: the default grid of the distribution's rank.
  CArg grid = intArg(ctx, 0);
  if (std::optional<StringRef> g = dist.getGrid()) {
    const ModuleFacts::Global *global = facts.lookupGlobal(*g);
    if (!global)
      return dist.emitError("unknown grid @") << *g;
    grid = loadGlobal(b, loc, *global);
  }
  zpl::DistAttr attr = dist.getDist();
  SmallVector<CArg> args{strArg(ctx, dist.getSymName()), grid,
                         intArg(ctx, attr.getRank())};
  unsigned nextRunTime = 0;
  for (unsigned d = 0; d < 3; ++d) {
    if (d >= attr.getRank()) {
      args.append({intArg(ctx, runtimeDistKind(zpl::DistKind::block)),
                   intArg(ctx, 0)});
      continue;
    }
    args.push_back(intArg(ctx, runtimeDistKind(attr.getKinds()[d])));
    int64_t k = attr.getBlockSizes()[d];
    if (k == zpl::DistAttr::kDynamicBlockSize)
      args.push_back((*runTimeSizes)[nextRunTime++]);
    else
      args.push_back(intArg(ctx, k));
  }
  storeGlobal(b, loc, *facts.lookupGlobal(dist.getSymName()),
              callRuntime(b, loc, RuntimeFn::DistNew, args));
  return success();
}

LogicalResult MainBuilder::initRegion(OpBuilder &b, zpl::RegionDeclOp rd,
                                      ModuleFacts &out) {
  Location loc = rd.getLoc();
  StringRef name = rd.getSymName();
  FailureOr<Value> init = cloneRegionInit(b, rd, "region " + name);
  if (failed(init))
    return failure();
  Value v = *init;
  auto yield = cast<zpl::YieldOp>(rd.getInit().front().getTerminator());
  if (LoopSteps steps = out.stepsOf(yield.getValues().front()); steps.known)
    out.regionSteps[name] = *steps.known;
  if (out.regionInnerUnit(yield.getValues().front()))
    out.innerUnitRegions.insert(name);
  if (out.regionFloodFree(yield.getValues().front()))
    out.floodFreeRegions.insert(name);
  // An empty declared region is a run-time error that names it; check
  // before the distribution sees it.
  callRuntime(b, loc, RuntimeFn::RegionCheck, {strArg(ctx, name), v});
  if (std::optional<StringRef> dist = rd.getDist()) {
    FailureOr<Value> bound = bindRegion(b, loc, v, *dist);
    if (failed(bound))
      return rd.emitError("unknown distribution @") << *dist;
    v = *bound;
  } else {
    callRuntime(b, loc, RuntimeFn::DistAdd, {v});
  }
  storeGlobal(b, loc, *facts.lookupGlobal(name), v);
  return success();
}

FailureOr<Value> MainBuilder::bindRegion(OpBuilder &b, Location loc,
                                         Value region, StringRef dist) {
  const ModuleFacts::Global *g = facts.lookupGlobal(dist);
  if (!g)
    return failure();
  return callRuntime(b, loc, RuntimeFn::RegionDist,
                     {region, loadGlobal(b, loc, *g)});
}

void MainBuilder::allocateArray(OpBuilder &b, zpl::ArrayDeclOp arr,
                                Value region, ModuleFacts &out) {
  Location loc = arr.getLoc();
  StringRef name = arr.getSymName();
  zpl::ArrayType at = arr.getArrayType();
  auto yield = cast<zpl::YieldOp>(arr.getInit().front().getTerminator());
  if (out.regionInnerUnit(yield.getValues().front()))
    out.innerUnitArrays.insert(name);
  bool compact = arr->hasAttr(zpl::kCompactAttr);
  if (compact)
    out.compactArrays.insert(name);
  if (out.regionFloodFree(yield.getValues().front()))
    out.floodFreeArrays.insert(name);
  SmallVector<CArg> args{strArg(ctx, name), region,
                         intArg(ctx, typeCode(at.getElementType()))};
  for (unsigned d = 0; d < 3; ++d) {
    auto [lo, hi] = d < at.getRank() ? arr.getFluffOf(d)
                                     : std::pair<int64_t, int64_t>{0, 0};
    args.push_back(intArg(ctx, lo));
    args.push_back(intArg(ctx, hi));
  }
  storeGlobal(b, loc, *facts.lookupGlobal(name),
              callRuntime(b, loc,
                          compact ? RuntimeFn::ArrayNewCompact
                                  : RuntimeFn::ArrayNew,
                          args));
}

/// The ops that get a static transfer handle.
bool needsTransferHandle(Operation *op) {
  return isa<ironman::TransferOp, ironman::CombineOp, zpl::BoundaryOp,
             zpl::DynShiftOp, zpl::DynWrapOp, zpl::DynBoundaryOp, zpl::RedistributeOp, zpl::RemapOp, zpl::MaskedRemapOp,
             zpl::ScatterCombineOp, zpl::ScatterProductOp>(op);
}

/// Numbers the transfers and creates their handles `zt_<id>` (NULL until
/// the first call), in program order at the top of the module.
void createTransferHandles(ModuleOp module, const ZPLTypeConverter &types,
                           ModuleFacts &facts) {
  SmallVector<Operation *> ops;
  module.walk([&](Operation *op) {
    if (needsTransferHandle(op))
      ops.push_back(op);
  });
  int64_t nextId = 0;
  auto givenId = [](Operation *op) -> IntegerAttr {
    if (auto t = dyn_cast<ironman::TransferOp>(op))
      return t.getIdAttr();
    if (auto c = dyn_cast<ironman::CombineOp>(op))
      return c.getIdAttr();
    return {};
  };
  for (Operation *op : ops)
    if (IntegerAttr id = givenId(op))
      nextId = std::max(nextId, id.getInt() + 1);
  llvm::DenseSet<int64_t> created;
  OpBuilder b(module.getContext());
  b.setInsertionPointToStart(module.getBody());
  for (Operation *op : ops) {
    IntegerAttr given = givenId(op);
    int64_t id = given ? given.getInt() : nextId++;
    facts.transferIds[op] = id;
    if (!created.insert(id).second)
      continue;
    auto global = emitc::GlobalOp::create(
        b, op->getLoc(), (kTransferPrefix + Twine(id)).str(),
        types.transferType, emitc::OpaqueAttr::get(b.getContext(), "NULL"),
        /*extern=*/false, /*static=*/false, /*const=*/false);
    b.setInsertionPointAfter(global);
  }
}

/// `zrt_charge(region, counts...)` before `before` (the statement or its
/// fused run) for a statement that zpl-count-operations annotated
/// (zpl.ops), over `region`; for a part of a split statement,
/// `zrt_charge_part` over that part.
void chargeStatement(Operation *stmt, Value region, Operation *before) {
  auto counts = stmt->getAttrOfType<DictionaryAttr>("zpl.ops");
  if (!counts)
    return;
  OpBuilder b(before);
  MLIRContext *ctx = b.getContext();
  SmallVector<CArg> args{region};
  zpl::OverlapPart part = zpl::getOverlapPart(before);
  if (part != zpl::OverlapPart::None) {
    args.push_back(intArg(ctx, part == zpl::OverlapPart::Interior));
    unsigned rank = cast<zpl::RegionType>(region.getType()).getRank();
    SmallVector<int64_t> below, above;
    zpl::getReadReach(before, rank, below, above);
    for (unsigned d = 0; d < 3; ++d) {
      args.push_back(intArg(ctx, d < rank ? below[d] : 0));
      args.push_back(intArg(ctx, d < rank ? above[d] : 0));
    }
  }
  for (StringRef k : {"ops", "divs", "calls", "loads", "cached", "stores"}) {
    auto v = counts.getAs<IntegerAttr>(k);
    args.push_back(intArg(ctx, v ? v.getInt() : 0));
  }
  callRuntime(b, stmt->getLoc(),
              part == zpl::OverlapPart::None ? RuntimeFn::Charge
                                             : RuntimeFn::ChargePart,
              args);
}

/// zpl.get of arrays and regions inside a statement body name values that
/// do not change during the statement: they move before `before`.
void hoistBodyGets(Operation *stmt, Operation *before) {
  SmallVector<zpl::GetOp> gets;
  stmt->getRegion(0).walk([&](zpl::GetOp g) {
    if (isa<zpl::ArrayType, zpl::RegionType>(g.getType()))
      gets.push_back(g);
  });
  for (zpl::GetOp g : gets)
    g->moveBefore(before);
}

/// Charges and hoisting for every statement and fused run outside another
/// statement.
void prepareStatements(ModuleOp module) {
  SmallVector<Operation *> stmts;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isa<zpl::FusedOp>(op) && !zpl::isArrayStatement(op))
      return WalkResult::advance();
    stmts.push_back(op);
    return WalkResult::skip();
  });
  for (Operation *op : stmts) {
    auto fused = dyn_cast<zpl::FusedOp>(op);
    if (!fused) {
      chargeStatement(op, zpl::getStatementRegion(op), op);
      hoistBodyGets(op, op);
      continue;
    }
    // A fused run's statements share its region.
    SmallVector<Operation *> members = fused.getStatements();
    for (Operation *stmt : members)
      chargeStatement(stmt, zpl::getStatementRegion(members.front()), op);
    for (Operation *stmt : members)
      hoistBodyGets(stmt, op);
  }
}

/// The parameters zpl-infer-storage marked `may_be_compact`.
void findMayBeCompactParams(ModuleOp module, ModuleFacts &facts) {
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    for (BlockArgument arg : func.getArguments())
      if (func.getArgAttr(arg.getArgNumber(), zpl::kMayBeCompactAttr))
        facts.mayBeCompactParams.insert(arg);
  }
}

} // namespace

LogicalResult prepareModule(ModuleOp module, const ZPLTypeConverter &types,
                            ModuleFacts &facts) {
  // On the statements as the passes before left them.
  findRegisterArrays(module, facts);
  findMayBeCompactParams(module, facts);
  FailureOr<std::string> entryName = renameProcedures(module);
  if (failed(entryName))
    return failure();
  createGlobals(module, types, facts);
  createFamilyTables(module, facts);
  if (failed(MainBuilder(module, facts).build(*entryName, facts)))
    return failure();
  createTransferHandles(module, types, facts);
  markReleasedRemaps(module, facts);
  prepareStatements(module);
  return success();
}

void orderFunctions(ModuleOp module) {
  SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
  llvm::StringMap<func::FuncOp> byName;
  for (func::FuncOp f : funcs)
    byName[f.getSymName()] = f;
  llvm::DenseSet<Operation *> visited;
  SmallVector<func::FuncOp> order;
  std::function<void(func::FuncOp)> visit = [&](func::FuncOp f) {
    if (!visited.insert(f).second)
      return;
    f.walk([&](func::CallOp c) {
      auto it = byName.find(c.getCallee());
      if (it != byName.end())
        visit(it->second);
    });
    order.push_back(f);
  };
  for (func::FuncOp f : funcs)
    visit(f);
  for (func::FuncOp f : order)
    f->moveBefore(module.getBody(), module.getBody()->end());
}

} // namespace zpl::loops
