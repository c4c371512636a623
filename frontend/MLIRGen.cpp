//===- MLIRGen.cpp - the checked AST to the zpl dialect -------------------===//
//
// The module, its global declarations and the distributions of regions;
// the entry points (buildModule, parseDistKinds, loadDialects). The
// design of the generator is described in MLIRGenInternal.h.
//===----------------------------------------------------------------------===//
#include "frontend/MLIRGenInternal.h"

namespace zpl {
namespace mlirgen {

//===----------------------------------------------------------------------===//
// Module and declarations
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp> Generator::run() {
  OwningOpRef<ModuleOp> owned = ModuleOp::create(loc(prog.loc));
  module = *owned;
  if (prog.entry)
    module->setAttr("zpl.entry", FlatSymbolRefAttr::get(&ctx, prog.entry->name));

  for (const auto &d : prog.decls) {
    b.setInsertionPointToEnd(module.getBody());
    if (auto *p = dyn_cast<ProcDecl>(d.get()))
      genProcHeader(*p);
    else
      genGlobal(*d);
  }
  for (const auto &d : prog.decls)
    if (auto *p = dyn_cast<ProcDecl>(d.get()))
      genProcBody(*p);

  if (failed)
    return nullptr;
  if (mlir::failed(mlir::verify(*owned))) {
    diags.internalError(prog.loc, "the generated zpl module does not verify");
    owned->print(llvm::errs(), OpPrintingFlags().printGenericOpForm());
    return nullptr;
  }
  return owned;
}

void Generator::genGlobal(const Decl &d) {
  if (d.family)
    return; // its elements follow it, each an ordinary declaration
  Location l = loc(d.loc);
  OpBuilder::InsertionGuard guard(b);
  switch (d.kind) {
  case Decl::ConfigVar: {
    auto &v = cast<VarDecl>(d);
    Type t = typeOf(v.elemType);
    auto op = ConfigOp::create(b, l, v.name, t);
    startInit(op.getInit());
    Value init = v.init ? convert(l, genExpr(*v.init), v.init->type, v.elemType)
                        : zeroOf(l, v.elemType);
    YieldOp::create(b, l, ValueRange{init});
    return;
  }
  case Decl::Constant:
  case Decl::Var:
    genGlobalVar(cast<VarDecl>(d), l);
    return;
  case Decl::Region: {
    auto &r = cast<RegionDecl>(d);
    auto type = RegionType::get(&ctx, r.rank);
    auto op = RegionDeclOp::create(b, l, b.getStringAttr(r.name),
                                   TypeAttr::get(type), regionDeclDist(r));
    startInit(op.getInit());
    Value v = genRegion(*r.region);
    if (!v)
      v = MakeRegionOp::create(b, l, type,
                               SmallVector<Value>(r.rank, constInt(l, 1)),
                               SmallVector<Value>(r.rank, constInt(l, 1)));
    YieldOp::create(b, l, ValueRange{v});
    return;
  }
  case Decl::Direction:
    return; // folded into every use
  case Decl::Grid:
    genGrid(cast<GridDecl>(d));
    return;
  case Decl::Distribution:
    genDistribution(cast<DistributionDecl>(d));
    return;
  default:
    return;
  }
}

void Generator::genGlobalVar(const VarDecl &v, Location l) {
  if (v.isArray) {
    if (!v.region) {
      internal(v.loc, "array '" + v.name + "' has no region");
      return;
    }
    auto type = ArrayType::get(&ctx, v.rank, typeOf(v.elemType));
    auto op = ArrayDeclOp::create(b, l, b.getStringAttr(v.name),
                                  TypeAttr::get(type), DenseI64ArrayAttr());
    startInit(op.getInit());
    Value r = genRegion(*v.region);
    if (r)
      bindLiteral(r);
    else // reported; keep the body well formed
      r = MakeRegionOp::create(
          b, l, RegionType::get(&ctx, v.rank),
          SmallVector<Value>(v.rank, constInt(l, 1)),
          SmallVector<Value>(v.rank, constInt(l, 1)));
    YieldOp::create(b, l, ValueRange{r});
    return;
  }
  if (v.isIndexed) {
    auto op = GlobalOp::create(b, l, b.getStringAttr(v.name),
                               TypeAttr::get(indexedTypeOf(v)), UnitAttr());
    startInit(op.getInit());
    YieldOp::create(b, l, ValueRange{newIndexed(v)});
    return;
  }
  Type t = typeOf(v.elemType);
  bool isConst = v.kind == Decl::Constant;
  auto op = GlobalOp::create(b, l, b.getStringAttr(v.name), TypeAttr::get(t),
                             isConst ? b.getUnitAttr() : UnitAttr());
  if (v.init) {
    startInit(op.getInit());
    Value init = convert(l, genExpr(*v.init), v.init->type, v.elemType);
    YieldOp::create(b, l, ValueRange{init});
  }
}

void Generator::genGrid(const GridDecl &g) {
  Location l = loc(g.loc);
  auto op = GridDeclOp::create(b, l, b.getStringAttr(g.name));
  startInit(op.getInit());
  SmallVector<Value> sizes;
  for (const auto &e : g.dims)
    sizes.push_back(convert(l, genExpr(*e), e->type, ScalarType::Integer));
  YieldOp::create(b, l, sizes);
}

void Generator::genDistribution(const DistributionDecl &d) {
  Location l = loc(d.loc);
  SmallVector<zpl::DistKind> kinds;
  SmallVector<int64_t> blockSizes;
  // Block sizes that are not constants: computed by the init body.
  SmallVector<const Expr *> runTimeSizes;
  for (const ast::DistKind &k : d.dims) {
    int64_t size = 0;
    switch (k.kind) {
    case ast::DistKind::Block: kinds.push_back(zpl::DistKind::block); break;
    case ast::DistKind::Cyclic: kinds.push_back(zpl::DistKind::cyclic); break;
    case ast::DistKind::None: kinds.push_back(zpl::DistKind::none); break;
    case ast::DistKind::BlockCyclic:
      kinds.push_back(zpl::DistKind::blockcyclic);
      if (k.hasConstBlockSize) {
        size = k.constBlockSize;
      } else {
        size = DistAttr::kDynamicBlockSize;
        runTimeSizes.push_back(k.blockSize.get());
      }
      break;
    case ast::DistKind::Unknown:
      internal(k.loc, "unknown distribution kind '" + k.spelling + "'");
      return;
    }
    blockSizes.push_back(size);
  }
  FlatSymbolRefAttr grid =
      d.grid ? FlatSymbolRefAttr::get(&ctx, d.grid->name) : FlatSymbolRefAttr();
  auto op = DistDeclOp::create(b, l, b.getStringAttr(d.name),
                               DistAttr::get(&ctx, kinds, blockSizes), grid);
  if (runTimeSizes.empty())
    return;
  startInit(op.getInit());
  SmallVector<Value> sizes;
  for (const Expr *e : runTimeSizes)
    sizes.push_back(convert(l, genExpr(*e), e->type, ScalarType::Integer));
  YieldOp::create(b, l, sizes);
}

//===----------------------------------------------------------------------===//
// Distributions of regions
//===----------------------------------------------------------------------===//

FlatSymbolRefAttr Generator::regionDeclDist(const RegionDecl &r) {
  auto it = regionDists.find(&r);
  if (it != regionDists.end())
    return it->second;
  regionDists[&r] = FlatSymbolRefAttr(); // a cycle ends here
  FlatSymbolRefAttr dist;
  if (r.dist)
    dist = FlatSymbolRefAttr::get(&ctx, r.dist->name);
  else if (r.region)
    dist = regionExprDist(*r.region);
  if (!dist)
    dist = implicitDist(r.rank);
  regionDists[&r] = dist;
  return dist;
}

FlatSymbolRefAttr Generator::regionExprDist(const RegionExpr &r) {
  switch (r.kind) {
  case RegionExpr::Named:
    return r.decl ? regionDeclDist(*r.decl) : FlatSymbolRefAttr();
  case RegionExpr::Literal:
    return FlatSymbolRefAttr();
  default:
    return r.base ? regionExprDist(*r.base) : FlatSymbolRefAttr();
  }
}

FlatSymbolRefAttr Generator::implicitDist(unsigned rank) {
  auto kinds = implicitKinds.find(rank);
  if (kinds == implicitKinds.end())
    return FlatSymbolRefAttr();
  FlatSymbolRefAttr &decl = implicitDecls[rank];
  if (decl)
    return decl;
  // A name no declaration of the program uses (it also names a C global).
  std::string name = "implicit_dist" + std::to_string(rank);
  auto taken = [&](const std::string &n) {
    return llvm::any_of(prog.decls, [&](const auto &d) { return d->name == n; });
  };
  while (taken(name))
    name += "_";
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  DistDeclOp::create(b, loc(prog.loc), b.getStringAttr(name), kinds->second,
                     FlatSymbolRefAttr());
  decl = FlatSymbolRefAttr::get(&ctx, name);
  return decl;
}

void Generator::bindLiteral(Value region) {
  while (auto derive = region.getDefiningOp<DeriveRegionOp>())
    region = derive.getBase();
  auto make = region.getDefiningOp<MakeRegionOp>();
  if (!make || make.getDistAttr())
    return;
  if (FlatSymbolRefAttr dist = implicitDist(make.getType().getRank()))
    make.setDistAttr(dist);
}

} // namespace mlirgen

void loadDialects(MLIRContext &context) {
  context.loadDialect<ZPLDialect, ironman::IronmanDialect, arith::ArithDialect,
                      cf::ControlFlowDialect, func::FuncDialect,
                      math::MathDialect, scf::SCFDialect>();
}

DistAttr parseDistKinds(MLIRContext &context, llvm::StringRef text,
                        std::string &error) {
  loadDialects(context);
  SmallVector<zpl::DistKind> kinds;
  SmallVector<int64_t> blockSizes;
  SmallVector<llvm::StringRef> words;
  text.split(words, ',');
  for (llvm::StringRef word : words) {
    word = word.trim();
    int64_t size = 0;
    if (word == "block") {
      kinds.push_back(zpl::DistKind::block);
    } else if (word == "cyclic") {
      kinds.push_back(zpl::DistKind::cyclic);
    } else if (word == "*" || word == "none") {
      kinds.push_back(zpl::DistKind::none);
    } else if (word.consume_front("blockcyclic(") && word.consume_back(")")) {
      if (word.trim().getAsInteger(10, size) || size < 1) {
        error = "the block size of 'blockcyclic' must be an integer of at "
                "least 1, got '" + word.str() + "'";
        return {};
      }
      kinds.push_back(zpl::DistKind::blockcyclic);
    } else {
      error = "unknown distribution kind '" + word.str() +
              "' (expected block, cyclic, blockcyclic(k) or *)";
      return {};
    }
    blockSizes.push_back(size);
  }
  if (kinds.size() > 3) {
    error = "a distribution has 1, 2 or 3 dimensions, got " +
            std::to_string(kinds.size());
    return {};
  }
  return DistAttr::get(&context, kinds, blockSizes);
}

OwningOpRef<ModuleOp> buildModule(MLIRContext &context,
                                  const ast::Program &program,
                                  DiagnosticEngine &diags,
                                  const GenOptions &options) {
  loadDialects(context);
  mlirgen::Generator gen(context, program, diags, options);
  return gen.run();
}

} // namespace zpl
