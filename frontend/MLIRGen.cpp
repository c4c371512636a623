//===- MLIRGen.cpp - the checked AST to the zpl dialect -------------------===//
//
// Walks a program that Sema has checked and builds one module:
//  * globals in declaration order: zpl.config, zpl.global (constant or not),
//    zpl.region_decl, zpl.array_decl; directions are folded away;
//  * every procedure becomes a func.func of the same name; scalar locals and
//    parameters live in zpl.alloca slots;
//  * scalar code uses arith/math/scf; array statements become zpl.assign with
//    a per-element body, full reductions zpl.reduce.
//
// Inside an array statement (or a reduction) the body is generated in
// "element mode": parallel leaves become zpl.read / zpl.index, and every
// maximal scalar subexpression is computed once before the op ("hoisted")
// and used from above.
//
// The rest of the language:
//  * masks (`[R with M]`) become the mask operand of zpl.assign/zpl.reduce;
//    a mask expression is evaluated into an i1 temporary first;
//  * scans, floods, partial reductions and gathers store straight into the
//    destination when they are a whole right-hand side, else into a
//    temporary (zpl.local_array ... zpl.free_array around the statement);
//  * `A@^d` reads a copy of A whose bands were wrapped (zpl.boundary);
//  * `var` parameters are !zpl.ref arguments, arrays !zpl.array arguments;
//  * exit/continue/return set i1 flags that guard the rest of the code and
//    stop the loops (scf has no break); procedures have a single exit.
//
// Grids and distributions:
//  * `grid G = [p, q]` becomes zpl.grid_decl (its init body yields the
//    sizes), `distribution D : G = [...]` zpl.dist_decl on @G (a
//    blockcyclic(k) whose k is not a constant is computed in its init);
//  * a declared region is bound (`dist @D`) to its own distribution, else
//    to the one of the region it derives from; `--dist` (GenOptions)
//    replaces the implicit distribution of a rank by a generated
//    zpl.dist_decl on the default grid, to which the other regions of that
//    rank are bound, and the region literals of array declarations too;
//  * a temporary follows the distribution of the array the statement it
//    serves assigns (zpl.local_array ... align), or outside a statement of
//    the first array its expression reads, so that the statement finds it
//    aligned with its other arrays.
// Constructs that cannot be generated are reported as "... is not
// supported yet"; generation then goes on so that every such construct is
// reported, and the module is dropped.
//===----------------------------------------------------------------------===//

#include "frontend/MLIRGen.h"

#include "dialects/ironman/IronmanDialect.h"
#include "dialects/zpl/ZPLDialect.h"
#include "dialects/zpl/ZPLOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/DenseMap.h"

#include <limits>
#include "llvm/Support/Casting.h"

using namespace mlir;
using llvm::cast;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;
using llvm::isa;

namespace zpl {
namespace {

// The AST's AssignOp and ReduceOp enums share their names with zpl ops;
// they are always written ast::AssignOp and ast::ReduceOp here.
using ast::Program;
using ast::Decl;
using ast::VarDecl;
using ast::ProcDecl;
using ast::RegionDecl;
using ast::GridDecl;
using ast::DistributionDecl;
using ast::IndexArrayDecl;
using ast::RegionExpr;
using ast::RegionDim;
using ast::Expr;
using ast::IntLitExpr;
using ast::RealLitExpr;
using ast::BoolLitExpr;
using ast::StringLitExpr;
using ast::NameExpr;
using ast::UnaryExpr;
using ast::BinaryExpr;
using ast::CallExpr;
using ast::ShiftExpr;
using ast::ReduceExpr;
using ast::RemapExpr;
using ast::ScanExpr;
using ast::FloodExpr;
using ast::BoundaryStmt;
using ast::Stmt;
using ast::StmtList;
using ast::AssignStmt;
using ast::ScopedStmt;
using ast::BlockStmt;
using ast::IfStmt;
using ast::IfClause;
using ast::ForStmt;
using ast::WhileStmt;
using ast::RepeatStmt;
using ast::ReturnStmt;
using ast::WriteStmt;
using ast::WriteArg;
using ast::CallStmt;
using ast::ScalarType;
using ast::UnaryOp;
using ast::BinaryOp;
using ast::Builtin;
using ast::isReal;
using ast::toString;

class Generator {
public:
  Generator(MLIRContext &context, const Program &program,
            DiagnosticEngine &diags, const GenOptions &options)
      : ctx(context), prog(program), diags(diags), b(&context) {
    for (DistAttr kinds : options.implicitDists)
      implicitKinds[kinds.getRank()] = kinds;
  }

  OwningOpRef<ModuleOp> run();

private:
  //===--------------------------------------------------------------------===//
  // Helpers
  //===--------------------------------------------------------------------===//

  Location loc(const SourceLoc &l) {
    return FileLineColLoc::get(b.getStringAttr(l.file.empty() ? "<unknown>"
                                                              : l.file),
                               l.line, l.col);
  }

  void unsupported(const SourceLoc &l, const llvm::Twine &what) {
    diags.error(l, what + " is not supported yet");
    failed = true;
  }
  void internal(const SourceLoc &l, const llvm::Twine &what) {
    diags.error(l, "internal error: " + what);
    failed = true;
  }

  Type typeOf(ScalarType t) {
    switch (t) {
    case ScalarType::Integer: return b.getI64Type();
    case ScalarType::Double: return b.getF64Type();
    case ScalarType::Float: return b.getF32Type();
    case ScalarType::Boolean: return b.getI1Type();
    default: return b.getI64Type(); // String/Void/Invalid never reach values
    }
  }

  Value constInt(Location l, int64_t v) {
    return arith::ConstantOp::create(b, l, b.getI64IntegerAttr(v));
  }
  Value constBool(Location l, bool v) {
    return arith::ConstantOp::create(b, l, b.getBoolAttr(v));
  }
  Value constReal(Location l, double v, ScalarType t) {
    if (t == ScalarType::Float)
      return arith::ConstantOp::create(b, l, b.getF32FloatAttr(float(v)));
    return arith::ConstantOp::create(b, l, b.getF64FloatAttr(v));
  }
  /// A zero of `t`: the placeholder after an error, the default result.
  Value zeroOf(Location l, ScalarType t) {
    if (isReal(t))
      return constReal(l, 0.0, t);
    if (t == ScalarType::Boolean)
      return constBool(l, false);
    return constInt(l, 0);
  }

  /// Converts between the numeric types (promotion and the conversions of
  /// double()/integer()/float()).
  Value convert(Location l, Value v, ScalarType from, ScalarType to) {
    if (from == to || !v)
      return v;
    // A scalar computed before the array op is also converted there, once,
    // not per element.
    if (elementMode && bodyOp &&
        !bodyOp->isAncestor(v.getParentBlock()->getParentOp())) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(bodyOp);
      return convertHere(l, v, from, to);
    }
    return convertHere(l, v, from, to);
  }
  Value convertHere(Location l, Value v, ScalarType from, ScalarType to) {
    if (from == ScalarType::Integer && isReal(to))
      return arith::SIToFPOp::create(b, l, typeOf(to), v);
    if (from == ScalarType::Float && to == ScalarType::Double)
      return arith::ExtFOp::create(b, l, typeOf(to), v);
    if (from == ScalarType::Double && to == ScalarType::Float)
      return arith::TruncFOp::create(b, l, typeOf(to), v);
    if (isReal(from) && to == ScalarType::Integer)
      return arith::FPToSIOp::create(b, l, typeOf(to), v);
    internal(SourceLoc(), llvm::Twine("cannot convert ") + toString(from) +
                              " to " + toString(to));
    return zeroOf(l, to);
  }

  //===--------------------------------------------------------------------===//
  // Declarations
  //===--------------------------------------------------------------------===//

  void genGlobal(const Decl &d);
  void genGrid(const GridDecl &g);
  void genDistribution(const DistributionDecl &d);
  void genProcHeader(const ProcDecl &p);
  void genProcBody(const ProcDecl &p);
  /// Starts the single block of a declaration's init body.
  Block *startInit(Region &r) { return b.createBlock(&r); }

  //===--------------------------------------------------------------------===//
  // Distributions of regions
  //===--------------------------------------------------------------------===//

  /// The distribution a declared region is bound to: its own (`region R :
  /// D`), else that of the region it derives from, else the --dist one of
  /// its rank; null for the implicit distribution.
  FlatSymbolRefAttr regionDeclDist(const RegionDecl &r);
  /// The distribution a region expression is bound to (null for a
  /// literal: the implicit distribution).
  FlatSymbolRefAttr regionExprDist(const RegionExpr &r);
  /// The generated distribution that replaces the implicit one of `rank`
  /// (--dist), made on first use; null when there is none.
  FlatSymbolRefAttr implicitDist(unsigned rank);
  /// Binds the region literal `region` is (or derives from), the region of
  /// an array declaration, to the --dist distribution of its rank.
  void bindLiteral(Value region);

  //===--------------------------------------------------------------------===//
  // Values of declarations
  //===--------------------------------------------------------------------===//

  /// `zpl.get` of a region or array declaration; inside a procedure these
  /// handles are fetched once, at the top of the function.
  Value getHandle(const Decl &d, Type type, const SourceLoc &useLoc);
  Value loadVar(const VarDecl &v, const SourceLoc &useLoc);
  void storeVar(const VarDecl &v, Value value, const SourceLoc &useLoc);

  //===--------------------------------------------------------------------===//
  // Regions
  //===--------------------------------------------------------------------===//

  Value genRegion(const RegionExpr &r);
  Value scopeRegion(const RegionExpr *r, const SourceLoc &useLoc);

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  Value genExpr(const Expr &e);
  Value genName(const NameExpr &e);
  Value genUnary(const UnaryExpr &e);
  Value genBinary(const BinaryExpr &e);
  Value genCall(const CallExpr &e);
  Value genBuiltin(const CallExpr &e);
  Value genShift(const ShiftExpr &e);
  Value genReduce(const ReduceExpr &e);
  /// Computes every maximal scalar subexpression of the parallel `e` at the
  /// current insertion point (before the array op being built, which runs
  /// over `region`); scans, floods, partial reductions, gathers and
  /// wrap-around shifts inside `e` are evaluated into temporaries there.
  void hoist(const Expr &e, Value region);

  //===--------------------------------------------------------------------===//
  // Arrays, masks and temporaries
  //===--------------------------------------------------------------------===//

  struct Mask {
    Value value;
    bool without = false;
  };
  ArrayType arrayTypeOf(const VarDecl &v) {
    return ArrayType::get(&ctx, v.rank, typeOf(v.elemType));
  }
  /// The array value of a global, a parameter or a local array.
  Value arrayValue(const VarDecl &v, const SourceLoc &useLoc);
  /// The array a NameExpr names, or null if it is not an array name.
  const VarDecl *arrayDeclOf(const Expr &e) {
    auto *n = dyn_cast<NameExpr>(&e);
    auto *v = n ? dyn_cast_or_null<VarDecl>(n->decl) : nullptr;
    return v && v->isArray ? v : nullptr;
  }
  /// The region an array was declared over.
  Value declaredRegion(const VarDecl &v, Value arr, Location l);
  /// The mask of a region scope (`with`/`without`), evaluated over
  /// `region` into a temporary if it is not an array name.
  Mask genMask(const RegionExpr *r, Value region);
  /// A new temporary array over `region`, freed by flushTemps, aligned to
  /// `alignTo` when that has the temporary's rank.
  Value newTemp(Location l, Value region, ScalarType t, StringRef name);
  /// `[region] tmp := e` into a new temporary of element type `t`; the
  /// temporary aligns to `alignTo`, or else to the first array `e` reads.
  Value evalToTemp(const Expr &e, Value region, ScalarType t, StringRef name);
  /// The first array the parallel expression `e` reads, or null.
  Value firstArrayRead(const Expr &e);
  /// `[region with mask] dest op= e`.
  void genInto(Value dest, ScalarType dt, const Expr &e, Value region,
               Mask mask, Location l, ast::AssignOp op,
               const VarDecl *destDecl);
  bool canStoreDirectly(const Expr &e, ScalarType dt, const VarDecl *destDecl);
  void genScanInto(Value dest, ScalarType dt, const ScanExpr &e, Value region);
  void genFloodInto(Value dest, ScalarType dt, const FloodExpr &e, Value region);
  void genPartialInto(Value dest, ScalarType dt, const ReduceExpr &e,
                      Value region);
  void genGatherInto(Value dest, const RemapExpr &e, Value region,
                     const VarDecl *destDecl);
  /// The index arrays of a remap: integer array names are used as they
  /// are (unless they name `avoid`), other expressions are evaluated.
  SmallVector<Value> genIndices(const std::vector<ast::ExprPtr> &indices,
                                Value region, const VarDecl *avoid);
  /// `A@^d`: a copy of A with its bands wrapped (see genShift).
  void genWrapTemp(const ShiftExpr &e);
  /// Frees the temporaries made since `mark`, at the insertion point.
  void flushTemps(size_t mark, Location l);
  ReduceKind reduceKind(ast::ReduceOp op);
  Value identityOf(Location l, ReduceKind kind, ScalarType t);
  /// Fills the body of an array op (`zpl.assign`, `zpl.reduce`): element
  /// mode, with `compute` producing the yielded value.
  template <typename Fn>
  void genBody(Region &body, Location l, Fn compute);

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//

  void genStmts(const StmtList &stmts);
  void genStmt(const Stmt &s);
  void genAssign(const AssignStmt &s);
  void genArrayAssign(const AssignStmt &s, const VarDecl &target);
  void genIf(const IfStmt &s, size_t clause);
  void genFor(const ForStmt &s);
  void genWhile(const WhileStmt &s);
  void genRepeat(const RepeatStmt &s);
  void genWrite(const WriteStmt &s);
  void genBoundary(const BoundaryStmt &s);
  void genScatter(const AssignStmt &s);
  void genReturn(const ReturnStmt &s);

  //===--------------------------------------------------------------------===//
  // exit / continue / return: flags
  //===--------------------------------------------------------------------===//

  /// What a statement may do abruptly: `exit`/`continue` of the loop it is
  /// in (not of a nested loop), `return` from anywhere.
  struct Abrupt {
    bool exit = false, cont = false, ret = false;
    bool any() const { return exit || cont || ret; }
  };
  void scanAbrupt(const Stmt &s, Abrupt &a, bool nested);
  Abrupt abruptOf(const StmtList &stmts) {
    Abrupt a;
    for (const auto &s : stmts)
      if (s)
        scanAbrupt(*s, a, false);
    return a;
  }
  /// A zero-initialised i1 flag slot at the top of the function.
  Value newFlag(Location l, StringRef name);
  Value setFlag(Location l, Value flag, bool v) {
    StoreOp::create(b, l, constBool(l, v), flag);
    return flag;
  }
  /// OR of the flags `a` may set (null if none exists).
  Value stopCondition(const Abrupt &a, Location l, bool withContinue);
  struct LoopCtx {
    Value broken, skip;
  };
  /// The flags a loop needs for the `exit` and `continue` in its body
  /// (none for what it lacks); `broken` starts false before the loop.
  LoopCtx loopFlags(Location l, const Abrupt &a) {
    LoopCtx ctx;
    if (a.exit)
      ctx.broken = setFlag(l, newFlag(l, "broken"), false);
    if (a.cont)
      ctx.skip = newFlag(l, "skip");
    return ctx;
  }
  /// Sets a value until the end of the enclosing scope.
  class ValueScope {
  public:
    ValueScope(Value &slot, Value v) : slot(slot), saved(slot) { slot = v; }
    ~ValueScope() { slot = saved; }

  private:
    Value &slot;
    Value saved;
  };
  /// Makes a loop the innermost one until the end of the enclosing scope.
  class EnterLoop {
  public:
    EnterLoop(LoopCtx *&slot, LoopCtx &ctx) : slot(slot), saved(slot) {
      slot = &ctx;
    }
    ~EnterLoop() { slot = saved; }

  private:
    LoopCtx *&slot;
    LoopCtx *saved;
  };
  /// `x op v` for the compound assignments.
  Value combine(Location l, ast::AssignOp op, Value cur, Value v, ScalarType t);

  //===--------------------------------------------------------------------===//
  // State
  //===--------------------------------------------------------------------===//

  MLIRContext &ctx;
  const Program &prog;
  DiagnosticEngine &diags;
  OpBuilder b;
  ModuleOp module;
  bool failed = false;

  std::map<const ProcDecl *, func::FuncOp> funcs;

  // Arrays and temporaries.
  std::map<const VarDecl *, Value> arrays;  // parameters and local arrays
  SmallVector<Value> localArrays;           // freed at the procedure's exit
  SmallVector<Value> temps;                 // live temporaries
  std::map<const Expr *, Value> tempOf;     // subexpression -> temporary
  Value alignTo; // the array whose distribution new temporaries follow

  // Distributions.
  std::map<unsigned, DistAttr> implicitKinds;          // --dist, by rank
  std::map<unsigned, FlatSymbolRefAttr> implicitDecls; // their dist_decls
  std::map<const RegionDecl *, FlatSymbolRefAttr> regionDists;

  // Control flow.
  LoopCtx *loopCtx = nullptr;
  Value returnedFlag, resultSlot;
  const ProcDecl *curProc = nullptr;
  Operation *lastFlag = nullptr;

  // Per procedure.
  Block *entry = nullptr;               // null in declaration init bodies
  Operation *lastHandle = nullptr;      // last handle fetched at the top
  std::map<const Decl *, Value> handles;
  std::map<const VarDecl *, Value> slots;
  std::map<const RegionExpr *, Value> scopes; // regions of enclosing `[R]`
  const RegionExpr *curScope = nullptr;       // scope of the current statement

  // Element mode.
  bool elementMode = false;
  Operation *bodyOp = nullptr; // the zpl.assign/zpl.reduce being filled
  std::map<const Expr *, Value> hoisted;
};

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
    diags.error(prog.loc, "internal error: the generated zpl module does not "
                          "verify");
    owned->print(llvm::errs(), OpPrintingFlags().printGenericOpForm());
    return nullptr;
  }
  return owned;
}

void Generator::genGlobal(const Decl &d) {
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
  case Decl::Var: {
    auto &v = cast<VarDecl>(d);
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
    Type t = typeOf(v.elemType);
    bool isConst = d.kind == Decl::Constant;
    auto op = GlobalOp::create(b, l, b.getStringAttr(v.name), TypeAttr::get(t),
                               isConst ? b.getUnitAttr() : UnitAttr());
    if (v.init) {
      startInit(op.getInit());
      Value init = convert(l, genExpr(*v.init), v.init->type, v.elemType);
      YieldOp::create(b, l, ValueRange{init});
    }
    return;
  }
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

void Generator::genProcHeader(const ProcDecl &p) {
  SmallVector<Type> inputs;
  for (const auto &param : p.params) {
    if (param->isArray)
      inputs.push_back(arrayTypeOf(*param));
    else if (param->byRef)
      inputs.push_back(RefType::get(&ctx, typeOf(param->elemType)));
    else
      inputs.push_back(typeOf(param->elemType));
  }
  SmallVector<Type> results;
  if (p.resultType != ScalarType::Void)
    results.push_back(typeOf(p.resultType));
  auto fn = func::FuncOp::create(b, loc(p.loc), p.name,
                                 b.getFunctionType(inputs, results));
  funcs[&p] = fn;
}

/// True if `s` contains a `return` (anywhere).
static bool containsReturn(const Stmt &s);
static bool containsReturn(const StmtList &stmts) {
  for (const auto &s : stmts)
    if (s && containsReturn(*s))
      return true;
  return false;
}
static bool containsReturn(const Stmt &s) {
  switch (s.kind) {
  case Stmt::Return: return true;
  case Stmt::Block: return containsReturn(cast<BlockStmt>(s).body);
  case Stmt::Scoped: {
    auto &ss = cast<ScopedStmt>(s);
    return ss.body && containsReturn(*ss.body);
  }
  case Stmt::If: {
    auto &is = cast<IfStmt>(s);
    for (const IfClause &c : is.clauses)
      if (containsReturn(c.body))
        return true;
    return containsReturn(is.elseBody);
  }
  case Stmt::For: return containsReturn(cast<ForStmt>(s).body);
  case Stmt::While: return containsReturn(cast<WhileStmt>(s).body);
  case Stmt::Repeat: return containsReturn(cast<RepeatStmt>(s).body);
  default: return false;
  }
}

void Generator::genProcBody(const ProcDecl &p) {
  auto it = funcs.find(&p);
  if (it == funcs.end())
    return;
  func::FuncOp fn = it->second;
  Location pl = loc(p.loc);
  entry = fn.addEntryBlock();
  b.setInsertionPointToStart(entry);
  lastHandle = nullptr;
  lastFlag = nullptr;
  handles.clear();
  slots.clear();
  scopes.clear();
  arrays.clear();
  localArrays.clear();
  temps.clear();
  tempOf.clear();
  loopCtx = nullptr;
  returnedFlag = resultSlot = Value();
  curProc = &p;
  curScope = nullptr;

  // Value parameters are stored into slots so that they are assignable;
  // `var` parameters are references used as slots; arrays are used as
  // they are (by reference).
  for (auto [i, param] : llvm::enumerate(p.params)) {
    Location l = loc(param->loc);
    if (param->isArray) {
      arrays[param.get()] = fn.getArgument(i);
      continue;
    }
    if (param->byRef) {
      slots[param.get()] = fn.getArgument(i);
      continue;
    }
    Type t = typeOf(param->elemType);
    Value slot = AllocaOp::create(b, l, RefType::get(&ctx, t),
                                  b.getStringAttr(param->name));
    StoreOp::create(b, l, fn.getArgument(i), slot);
    slots[param.get()] = slot;
  }
  for (const auto &v : p.locals) {
    Location l = loc(v->loc);
    if (v->isArray)
      continue;
    Type t = typeOf(v->elemType);
    slots[v.get()] = AllocaOp::create(b, l, RefType::get(&ctx, t),
                                      b.getStringAttr(v->name));
  }
  // Local arrays are allocated at entry and freed at the single exit.
  for (const auto &v : p.locals) {
    if (!v->isArray)
      continue;
    Location l = loc(v->loc);
    Value r = v->region ? genRegion(*v->region) : Value();
    if (!r) {
      if (!failed)
        internal(v->loc, "local array '" + v->name + "' has no region");
      continue;
    }
    bindLiteral(r);
    Value a = LocalArrayOp::create(b, l, arrayTypeOf(*v),
                                   b.getStringAttr(v->name), r, Value(),
                                   DenseI64ArrayAttr());
    arrays[v.get()] = a;
    localArrays.push_back(a);
  }
  for (const auto &v : p.locals) {
    if (!v->init)
      continue;
    Location l = loc(v->init->loc);
    size_t mark = temps.size();
    if (v->isArray) {
      auto ai = arrays.find(v.get());
      if (ai != arrays.end())
        genInto(ai->second, v->elemType, *v->init,
                cast<LocalArrayOp>(ai->second.getDefiningOp()).getRegion(),
                Mask(), l, ast::AssignOp::Assign, v.get());
    } else {
      storeVar(*v, convert(l, genExpr(*v->init), v->init->type, v->elemType),
               v->loc);
    }
    flushTemps(mark, l);
  }

  auto freeLocals = [&](Location l) {
    for (Value a : llvm::reverse(localArrays))
      FreeArrayOp::create(b, l, a);
  };

  // A `return` that is not the last statement sets the `returned` flag
  // (and the result slot); everything after it is guarded by the flag and
  // the procedure returns at its end.
  const ReturnStmt *last = nullptr;
  size_t n = p.body.size();
  if (n && p.body.back() && p.body.back()->kind == Stmt::Return) {
    last = cast<ReturnStmt>(p.body.back().get());
    --n;
  }
  bool early = false;
  for (size_t i = 0; i < n; ++i)
    if (p.body[i] && containsReturn(*p.body[i]))
      early = true;

  if (early) {
    returnedFlag = newFlag(pl, "returned");
    setFlag(pl, returnedFlag, false);
    if (p.resultType != ScalarType::Void) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointAfter(lastFlag);
      resultSlot = AllocaOp::create(b, pl, RefType::get(&ctx, typeOf(p.resultType)),
                                    b.getStringAttr("result"));
      lastFlag = resultSlot.getDefiningOp();
    }
    genStmts(p.body);
    freeLocals(pl);
    if (resultSlot)
      func::ReturnOp::create(
          b, pl, ValueRange{LoadOp::create(b, pl, typeOf(p.resultType), resultSlot)});
    else
      func::ReturnOp::create(b, pl);
    entry = nullptr;
    return;
  }

  for (size_t i = 0; i < n; ++i)
    if (p.body[i])
      genStmt(*p.body[i]);

  if (last) {
    Location l = loc(last->loc);
    curScope = last->scope;
    if (last->value && p.resultType != ScalarType::Void) {
      size_t mark = temps.size();
      Value v = convert(l, genExpr(*last->value), last->value->type,
                        p.resultType);
      flushTemps(mark, l);
      freeLocals(l);
      func::ReturnOp::create(b, l, ValueRange{v});
    } else {
      freeLocals(l);
      func::ReturnOp::create(b, l);
    }
  } else if (p.resultType != ScalarType::Void) {
    // Falling off the end of a function returns zero.
    freeLocals(pl);
    func::ReturnOp::create(b, pl, ValueRange{zeroOf(pl, p.resultType)});
  } else {
    freeLocals(pl);
    func::ReturnOp::create(b, pl);
  }
  entry = nullptr;
}

//===----------------------------------------------------------------------===//
// Values of declarations
//===----------------------------------------------------------------------===//

Value Generator::getHandle(const Decl &d, Type type, const SourceLoc &useLoc) {
  auto name = FlatSymbolRefAttr::get(&ctx, d.name);
  if (!entry) // a declaration's init body: fetch in place
    return GetOp::create(b, loc(useLoc), type, name);
  auto it = handles.find(&d);
  if (it != handles.end())
    return it->second;
  OpBuilder::InsertionGuard guard(b);
  if (lastHandle)
    b.setInsertionPointAfter(lastHandle);
  else
    b.setInsertionPointToStart(entry);
  auto get = GetOp::create(b, loc(d.loc), type, name);
  lastHandle = get;
  handles[&d] = get;
  return get;
}

Value Generator::loadVar(const VarDecl &v, const SourceLoc &useLoc) {
  Location l = loc(useLoc);
  if (v.isGlobal())
    return GetOp::create(b, l, typeOf(v.elemType),
                         FlatSymbolRefAttr::get(&ctx, v.name));
  auto it = slots.find(&v);
  if (it == slots.end()) {
    internal(useLoc, "no storage for '" + v.name + "'");
    return zeroOf(l, v.elemType);
  }
  return LoadOp::create(b, l, typeOf(v.elemType), it->second);
}

void Generator::storeVar(const VarDecl &v, Value value, const SourceLoc &useLoc) {
  Location l = loc(useLoc);
  if (v.isGlobal()) {
    SetOp::create(b, l, FlatSymbolRefAttr::get(&ctx, v.name), value);
    return;
  }
  auto it = slots.find(&v);
  if (it == slots.end()) {
    internal(useLoc, "no storage for '" + v.name + "'");
    return;
  }
  StoreOp::create(b, l, value, it->second);
}

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

Value Generator::genRegion(const RegionExpr &r) {
  Location l = loc(r.loc);
  // A mask is not part of the region's value: see genMask.
  auto type = RegionType::get(&ctx, r.rank);
  switch (r.kind) {
  case RegionExpr::Named:
    if (!r.decl) {
      internal(r.loc, "unresolved region '" + r.name + "'");
      return nullptr;
    }
    return getHandle(*r.decl, type, r.loc);
  case RegionExpr::Literal: {
    SmallVector<Value> lows, highs;
    SmallVector<int64_t> flood;
    for (const RegionDim &dim : r.dims) {
      switch (dim.kind) {
      case RegionDim::Range:
        lows.push_back(genExpr(*dim.lo));
        highs.push_back(genExpr(*dim.hi));
        break;
      case RegionDim::Single: {
        Value v = genExpr(*dim.lo);
        lows.push_back(v);
        highs.push_back(v);
        break;
      }
      case RegionDim::Flood: {
        // Bounds are ignored in a flood dimension.
        Value z = constInt(l, 0);
        flood.push_back(int64_t(lows.size()));
        lows.push_back(z);
        highs.push_back(z);
        break;
      }
      }
    }
    return MakeRegionOp::create(
        b, l, type, lows, highs,
        flood.empty() ? DenseI64ArrayAttr() : b.getDenseI64ArrayAttr(flood),
        FlatSymbolRefAttr());
  }
  case RegionExpr::Of:
  case RegionExpr::In:
  case RegionExpr::At:
  case RegionExpr::By: {
    Value base = genRegion(*r.base);
    if (!base)
      return nullptr;
    DeriveKind kind = r.kind == RegionExpr::Of   ? DeriveKind::of
                      : r.kind == RegionExpr::In ? DeriveKind::in
                      : r.kind == RegionExpr::At ? DeriveKind::at
                                                 : DeriveKind::by;
    return DeriveRegionOp::create(b, l, type, kind, base, r.dir->offsets);
  }
  }
  return nullptr;
}

Value Generator::scopeRegion(const RegionExpr *r, const SourceLoc &useLoc) {
  if (!r) {
    internal(useLoc, "parallel statement without a region scope");
    return nullptr;
  }
  auto it = scopes.find(r);
  if (it != scopes.end())
    return it->second;
  return genRegion(*r);
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

Value Generator::genExpr(const Expr &e) {
  if (elementMode && !e.parallel) {
    auto it = hoisted.find(&e);
    if (it != hoisted.end())
      return it->second;
  }
  Location l = loc(e.loc);
  // Scans, floods, partial reductions and gathers inside an array
  // statement were evaluated into temporaries before it (see hoist).
  if (e.kind == Expr::Scan || e.kind == Expr::Flood || e.kind == Expr::Remap ||
      (e.kind == Expr::Reduce && e.parallel)) {
    auto it = tempOf.find(&e);
    if (!elementMode || it == tempOf.end()) {
      internal(e.loc, "a parallel operation outside an array statement");
      return zeroOf(l, e.type);
    }
    unsigned rank = cast<ArrayType>(it->second.getType()).getRank();
    return ReadOp::create(b, l, typeOf(e.type), it->second,
                          SmallVector<int64_t>(rank, 0));
  }
  switch (e.kind) {
  case Expr::IntLit: return constInt(l, cast<IntLitExpr>(e).value);
  case Expr::RealLit: return constReal(l, cast<RealLitExpr>(e).value, e.type);
  case Expr::BoolLit: return constBool(l, cast<BoolLitExpr>(e).value);
  case Expr::StringLit:
    internal(e.loc, "a string used as a value");
    return constInt(l, 0);
  case Expr::Name: return genName(cast<NameExpr>(e));
  case Expr::Unary: return genUnary(cast<UnaryExpr>(e));
  case Expr::Binary: return genBinary(cast<BinaryExpr>(e));
  case Expr::Call: return genCall(cast<CallExpr>(e));
  case Expr::Shift: return genShift(cast<ShiftExpr>(e));
  case Expr::Reduce: return genReduce(cast<ReduceExpr>(e));
  case Expr::Scan:
  case Expr::Flood:
  case Expr::Remap:
    break; // handled above
  }
  return zeroOf(l, e.type);
}

Value Generator::genName(const NameExpr &e) {
  Location l = loc(e.loc);
  if (auto *ia = dyn_cast_or_null<IndexArrayDecl>(e.decl)) {
    if (!elementMode) {
      internal(e.loc, "'" + e.name + "' outside an array statement");
      return constInt(l, 0);
    }
    return IndexOp::create(b, l, b.getI64Type(),
                           b.getI64IntegerAttr(int64_t(ia->dim) - 1));
  }
  auto *v = dyn_cast_or_null<VarDecl>(e.decl);
  if (!v) {
    internal(e.loc, "'" + e.name + "' is not a variable");
    return zeroOf(l, e.type);
  }
  if (v->isArray) {
    if (!elementMode) {
      internal(e.loc, "array '" + e.name + "' read outside an array statement");
      return zeroOf(l, e.type);
    }
    Type elem = typeOf(v->elemType);
    Value arr = arrayValue(*v, e.loc);
    if (!arr)
      return zeroOf(l, e.type);
    return ReadOp::create(b, l, elem, arr, SmallVector<int64_t>(v->rank, 0));
  }
  return loadVar(*v, e.loc);
}

Value Generator::genShift(const ShiftExpr &e) {
  Location l = loc(e.loc);
  auto *n = cast<NameExpr>(e.array.get());
  auto *v = dyn_cast_or_null<VarDecl>(n->decl);
  if (!v || !v->isArray || !elementMode) {
    internal(e.loc, "bad shift");
    return zeroOf(l, e.type);
  }
  Type elem = typeOf(v->elemType);
  Value arr;
  if (e.wrap) {
    // `A@^d` reads the wrapped copy made before the statement.
    auto it = tempOf.find(&e);
    if (it == tempOf.end()) {
      internal(e.loc, "no wrapped copy for `@^`");
      return zeroOf(l, e.type);
    }
    arr = it->second;
  } else {
    arr = arrayValue(*v, n->loc);
  }
  if (!arr)
    return zeroOf(l, e.type);
  return ReadOp::create(b, l, elem, arr, e.dir->offsets);
}

Value Generator::genUnary(const UnaryExpr &e) {
  Location l = loc(e.loc);
  Value v = genExpr(*e.operand);
  switch (e.op) {
  case UnaryOp::Plus: return v;
  case UnaryOp::Not:
    return arith::XOrIOp::create(b, l, v, constBool(l, true));
  case UnaryOp::Neg:
    if (isReal(e.type))
      return arith::NegFOp::create(b, l, v);
    return arith::SubIOp::create(b, l, constInt(l, 0), v);
  }
  return v;
}

Value Generator::genBinary(const BinaryExpr &e) {
  Location l = loc(e.loc);
  Value lhs = genExpr(*e.lhs), rhs = genExpr(*e.rhs);
  ScalarType lt = e.lhs->type, rt = e.rhs->type;
  switch (e.op) {
  case BinaryOp::Add:
  case BinaryOp::Sub:
  case BinaryOp::Mul:
  case BinaryOp::Div:
  case BinaryOp::Mod:
  case BinaryOp::Pow: {
    ScalarType t = e.type;
    lhs = convert(l, lhs, lt, t);
    rhs = convert(l, rhs, rt, t);
    bool real = isReal(t);
    switch (e.op) {
    case BinaryOp::Add:
      return real ? Value(arith::AddFOp::create(b, l, lhs, rhs))
                  : Value(arith::AddIOp::create(b, l, lhs, rhs));
    case BinaryOp::Sub:
      return real ? Value(arith::SubFOp::create(b, l, lhs, rhs))
                  : Value(arith::SubIOp::create(b, l, lhs, rhs));
    case BinaryOp::Mul:
      return real ? Value(arith::MulFOp::create(b, l, lhs, rhs))
                  : Value(arith::MulIOp::create(b, l, lhs, rhs));
    case BinaryOp::Div:
      return real ? Value(arith::DivFOp::create(b, l, lhs, rhs))
                  : Value(arith::DivSIOp::create(b, l, lhs, rhs));
    case BinaryOp::Mod:
      return real ? Value(arith::RemFOp::create(b, l, lhs, rhs))
                  : Value(arith::RemSIOp::create(b, l, lhs, rhs));
    default:
      return real ? Value(math::PowFOp::create(b, l, lhs, rhs))
                  : Value(math::IPowIOp::create(b, l, lhs, rhs));
    }
  }
  case BinaryOp::Lt:
  case BinaryOp::Le:
  case BinaryOp::Gt:
  case BinaryOp::Ge:
  case BinaryOp::Eq:
  case BinaryOp::Ne: {
    if (lt == ScalarType::Boolean || rt == ScalarType::Boolean) {
      auto pred = e.op == BinaryOp::Eq ? arith::CmpIPredicate::eq
                                       : arith::CmpIPredicate::ne;
      return arith::CmpIOp::create(b, l, pred, lhs, rhs);
    }
    ScalarType t = lt == rt ? lt
                   : (lt == ScalarType::Double || rt == ScalarType::Double)
                       ? ScalarType::Double
                   : (lt == ScalarType::Float || rt == ScalarType::Float)
                       ? ScalarType::Float
                       : ScalarType::Integer;
    lhs = convert(l, lhs, lt, t);
    rhs = convert(l, rhs, rt, t);
    if (isReal(t)) {
      arith::CmpFPredicate pred;
      switch (e.op) {
      case BinaryOp::Lt: pred = arith::CmpFPredicate::OLT; break;
      case BinaryOp::Le: pred = arith::CmpFPredicate::OLE; break;
      case BinaryOp::Gt: pred = arith::CmpFPredicate::OGT; break;
      case BinaryOp::Ge: pred = arith::CmpFPredicate::OGE; break;
      case BinaryOp::Eq: pred = arith::CmpFPredicate::OEQ; break;
      default: pred = arith::CmpFPredicate::ONE; break;
      }
      return arith::CmpFOp::create(b, l, pred, lhs, rhs);
    }
    arith::CmpIPredicate pred;
    switch (e.op) {
    case BinaryOp::Lt: pred = arith::CmpIPredicate::slt; break;
    case BinaryOp::Le: pred = arith::CmpIPredicate::sle; break;
    case BinaryOp::Gt: pred = arith::CmpIPredicate::sgt; break;
    case BinaryOp::Ge: pred = arith::CmpIPredicate::sge; break;
    case BinaryOp::Eq: pred = arith::CmpIPredicate::eq; break;
    default: pred = arith::CmpIPredicate::ne; break;
    }
    return arith::CmpIOp::create(b, l, pred, lhs, rhs);
  }
  case BinaryOp::And: return arith::AndIOp::create(b, l, lhs, rhs);
  case BinaryOp::Or: return arith::OrIOp::create(b, l, lhs, rhs);
  }
  return lhs;
}

Value Generator::genCall(const CallExpr &e) {
  if (e.builtin != Builtin::None)
    return genBuiltin(e);
  Location l = loc(e.loc);
  if (!e.proc) {
    internal(e.loc, "unresolved call of '" + e.callee + "'");
    return zeroOf(l, e.type);
  }
  auto it = funcs.find(e.proc);
  if (it == funcs.end()) {
    internal(e.loc, "no function for '" + e.callee + "'");
    return e.type == ScalarType::Void ? Value() : zeroOf(l, e.type);
  }
  SmallVector<Value> args;
  for (auto [arg, param] : llvm::zip(e.args, e.proc->params)) {
    Location al = loc(arg->loc);
    if (param->isArray || param->byRef) {
      // Arrays and `var` parameters pass by reference.
      auto *n = dyn_cast<NameExpr>(arg.get());
      auto *v = n ? dyn_cast_or_null<VarDecl>(n->decl) : nullptr;
      Value ref;
      if (v && param->isArray) {
        ref = arrayValue(*v, arg->loc);
      } else if (v && v->isGlobal()) {
        ref = AddressOfOp::create(b, al, RefType::get(&ctx, typeOf(v->elemType)),
                                  FlatSymbolRefAttr::get(&ctx, v->name));
      } else if (v) {
        auto si = slots.find(v);
        if (si != slots.end())
          ref = si->second;
      }
      if (!ref) {
        internal(arg->loc, "cannot pass this argument by reference");
        return e.type == ScalarType::Void ? Value() : zeroOf(l, e.type);
      }
      args.push_back(ref);
      continue;
    }
    args.push_back(convert(al, genExpr(*arg), arg->type, param->elemType));
  }
  auto call = func::CallOp::create(b, l, it->second, args);
  return call.getNumResults() ? call.getResult(0) : Value();
}

Value Generator::genBuiltin(const CallExpr &e) {
  Location l = loc(e.loc);
  SmallVector<Value, 2> args;
  for (const auto &a : e.args)
    args.push_back(genExpr(*a));
  ScalarType t = e.type;
  auto arg = [&](unsigned i) {
    return convert(l, args[i], e.args[i]->type, t);
  };
  switch (e.builtin) {
  case Builtin::Abs:
    if (isReal(t))
      return math::AbsFOp::create(b, l, arg(0));
    return math::AbsIOp::create(b, l, arg(0));
  case Builtin::Sqrt: return math::SqrtOp::create(b, l, arg(0));
  case Builtin::Exp: return math::ExpOp::create(b, l, arg(0));
  case Builtin::Log: return math::LogOp::create(b, l, arg(0));
  case Builtin::Sin: return math::SinOp::create(b, l, arg(0));
  case Builtin::Cos: return math::CosOp::create(b, l, arg(0));
  case Builtin::Tan: return math::TanOp::create(b, l, arg(0));
  case Builtin::Floor: return math::FloorOp::create(b, l, arg(0));
  case Builtin::Ceil: return math::CeilOp::create(b, l, arg(0));
  case Builtin::Pow: return math::PowFOp::create(b, l, arg(0), arg(1));
  case Builtin::Min:
    if (isReal(t))
      return arith::MinimumFOp::create(b, l, arg(0), arg(1));
    return arith::MinSIOp::create(b, l, arg(0), arg(1));
  case Builtin::Max:
    if (isReal(t))
      return arith::MaximumFOp::create(b, l, arg(0), arg(1));
    return arith::MaxSIOp::create(b, l, arg(0), arg(1));
  case Builtin::ToDouble:
  case Builtin::ToInteger:
  case Builtin::ToFloat:
    return arg(0);
  case Builtin::None:
    break;
  }
  internal(e.loc, "unknown builtin '" + e.callee + "'");
  return zeroOf(l, t);
}

void Generator::hoist(const Expr &e, Value region) {
  if (!e.parallel) {
    if (!hoisted.count(&e)) {
      bool saved = elementMode;
      elementMode = false;
      Value v = genExpr(e);
      elementMode = saved;
      hoisted[&e] = v;
    }
    return;
  }
  switch (e.kind) {
  case Expr::Unary: hoist(*cast<UnaryExpr>(e).operand, region); return;
  case Expr::Binary:
    hoist(*cast<BinaryExpr>(e).lhs, region);
    hoist(*cast<BinaryExpr>(e).rhs, region);
    return;
  case Expr::Call:
    for (const auto &a : cast<CallExpr>(e).args)
      hoist(*a, region);
    return;
  case Expr::Shift:
    if (cast<ShiftExpr>(e).wrap)
      genWrapTemp(cast<ShiftExpr>(e));
    return;
  case Expr::Scan:
  case Expr::Flood:
  case Expr::Remap:
  case Expr::Reduce: // parallel: a partial reduction
    if (region)
      tempOf[&e] = evalToTemp(e, region, e.type, "tmp");
    return;
  default: // leaves: reads, Index
    return;
  }
}

template <typename Fn>
void Generator::genBody(Region &body, Location l, Fn compute) {
  OpBuilder::InsertionGuard guard(b);
  b.createBlock(&body);
  bool savedMode = elementMode;
  Operation *savedOp = bodyOp;
  elementMode = true;
  bodyOp = body.getParentOp();
  Value v = compute();
  elementMode = savedMode;
  bodyOp = savedOp;
  YieldOp::create(b, l, ValueRange{v});
}

ReduceKind Generator::reduceKind(ast::ReduceOp op) {
  switch (op) {
  case ast::ReduceOp::Add: return ReduceKind::Add;
  case ast::ReduceOp::Mul: return ReduceKind::Mul;
  case ast::ReduceOp::Max: return ReduceKind::Max;
  case ast::ReduceOp::Min: return ReduceKind::Min;
  case ast::ReduceOp::And: return ReduceKind::And;
  case ast::ReduceOp::Or: return ReduceKind::Or;
  }
  return ReduceKind::Add;
}

Value Generator::identityOf(Location l, ReduceKind kind, ScalarType t) {
  bool real = isReal(t);
  switch (kind) {
  case ReduceKind::Add: return zeroOf(l, t);
  case ReduceKind::Mul:
    return real ? constReal(l, 1.0, t) : constInt(l, 1);
  case ReduceKind::Max:
    return real ? constReal(l, -std::numeric_limits<double>::infinity(), t)
                : constInt(l, std::numeric_limits<int64_t>::min());
  case ReduceKind::Min:
    return real ? constReal(l, std::numeric_limits<double>::infinity(), t)
                : constInt(l, std::numeric_limits<int64_t>::max());
  case ReduceKind::And: return constBool(l, true);
  case ReduceKind::Or: return constBool(l, false);
  }
  return zeroOf(l, t);
}

Value Generator::genReduce(const ReduceExpr &e) {
  Location l = loc(e.loc);
  if (e.parallel) { // reached only through tempOf (see genExpr)
    internal(e.loc, "a partial reduction outside an array statement");
    return zeroOf(l, e.type);
  }
  const RegionExpr *rx = e.region ? e.region.get() : curScope;
  Value region = e.region ? genRegion(*e.region) : scopeRegion(curScope, e.loc);
  if (!region)
    return zeroOf(l, e.type);
  // The reduction follows the first array it reads (see the lowering); so
  // do its temporaries.
  ValueScope align(alignTo, firstArrayRead(*e.operand));
  Mask mask = genMask(rx, region);
  // The operand's scalar parts are computed before the reduction.
  std::map<const Expr *, Value> outer;
  std::swap(outer, hoisted);
  hoist(*e.operand, region);
  auto op = zpl::ReduceOp::create(b, l, typeOf(e.type), reduceKind(e.op), region,
                                  mask.value, mask.without);
  genBody(op.getBody(), l, [&] {
    return convert(l, genExpr(*e.operand), e.operand->type, e.type);
  });
  std::swap(outer, hoisted);
  return op.getResult();
}

//===----------------------------------------------------------------------===//
// Arrays, masks and temporaries
//===----------------------------------------------------------------------===//

Value Generator::arrayValue(const VarDecl &v, const SourceLoc &useLoc) {
  if (v.isGlobal())
    return getHandle(v, arrayTypeOf(v), useLoc);
  auto it = arrays.find(&v);
  if (it == arrays.end()) {
    internal(useLoc, "no storage for array '" + v.name + "'");
    return nullptr;
  }
  return it->second;
}

Value Generator::declaredRegion(const VarDecl &v, Value arr, Location l) {
  if (v.isGlobal() && v.region && v.region->kind == RegionExpr::Named &&
      v.region->decl)
    return getHandle(*v.region->decl, RegionType::get(&ctx, v.rank),
                     v.region->loc);
  return ArrayRegionOp::create(b, l, RegionType::get(&ctx, v.rank), arr);
}

Generator::Mask Generator::genMask(const RegionExpr *r, Value region) {
  if (!r || !r->mask)
    return Mask();
  const Expr &m = *r->mask;
  Mask mask;
  mask.without = r->maskWithout;
  if (const VarDecl *v = arrayDeclOf(m);
      v && v->elemType == ScalarType::Boolean && v->rank == r->rank)
    mask.value = arrayValue(*v, m.loc);
  else
    mask.value = evalToTemp(m, region, ScalarType::Boolean, "mask");
  if (!mask.value)
    mask.without = false;
  return mask;
}

Value Generator::newTemp(Location l, Value region, ScalarType t,
                         StringRef name) {
  unsigned rank = cast<RegionType>(region.getType()).getRank();
  Value align =
      alignTo && cast<ArrayType>(alignTo.getType()).getRank() == rank
          ? alignTo
          : Value();
  Value tmp = LocalArrayOp::create(b, l, ArrayType::get(&ctx, rank, typeOf(t)),
                                   b.getStringAttr(name), region, align,
                                   DenseI64ArrayAttr());
  temps.push_back(tmp);
  return tmp;
}

Value Generator::evalToTemp(const Expr &e, Value region, ScalarType t,
                            StringRef name) {
  Location l = loc(e.loc);
  ValueScope align(alignTo, alignTo ? alignTo : firstArrayRead(e));
  Value tmp = newTemp(l, region, t, name);
  genInto(tmp, t, e, region, Mask(), l, ast::AssignOp::Assign, nullptr);
  return tmp;
}

/// The first array (in source order) a parallel expression reads.
static const VarDecl *firstArrayIn(const Expr &e) {
  if (!e.parallel)
    return nullptr;
  auto array = [](const Expr *n) -> const VarDecl * {
    auto *name = dyn_cast_or_null<NameExpr>(n);
    auto *v = name ? dyn_cast_or_null<VarDecl>(name->decl) : nullptr;
    return v && v->isArray ? v : nullptr;
  };
  switch (e.kind) {
  case Expr::Name: return array(&e);
  case Expr::Shift: return array(cast<ShiftExpr>(e).array.get());
  case Expr::Remap: return array(cast<RemapExpr>(e).array.get());
  case Expr::Unary: return firstArrayIn(*cast<UnaryExpr>(e).operand);
  case Expr::Binary: {
    auto &bin = cast<BinaryExpr>(e);
    const VarDecl *v = firstArrayIn(*bin.lhs);
    return v ? v : firstArrayIn(*bin.rhs);
  }
  case Expr::Call:
    for (const auto &a : cast<CallExpr>(e).args)
      if (const VarDecl *v = firstArrayIn(*a))
        return v;
    return nullptr;
  case Expr::Reduce: return firstArrayIn(*cast<ReduceExpr>(e).operand);
  case Expr::Scan: return firstArrayIn(*cast<ScanExpr>(e).operand);
  case Expr::Flood: return firstArrayIn(*cast<FloodExpr>(e).operand);
  default: return nullptr;
  }
}

Value Generator::firstArrayRead(const Expr &e) {
  const VarDecl *v = firstArrayIn(e);
  return v ? arrayValue(*v, e.loc) : Value();
}

void Generator::flushTemps(size_t mark, Location l) {
  while (temps.size() > mark) {
    FreeArrayOp::create(b, l, temps.back());
    temps.pop_back();
  }
}

bool Generator::canStoreDirectly(const Expr &e, ScalarType dt,
                                 const VarDecl *destDecl) {
  switch (e.kind) {
  case Expr::Scan:
  case Expr::Flood:
    return true; // the runtime collects the values before storing
  case Expr::Reduce:
    return e.parallel;
  case Expr::Remap: {
    // A gather must not overwrite what it reads.
    auto &rm = cast<RemapExpr>(e);
    if (e.type != dt)
      return false;
    if (destDecl && arrayDeclOf(*rm.array) == destDecl)
      return false;
    for (const auto &i : rm.indices)
      if (destDecl && arrayDeclOf(*i) == destDecl)
        return false;
    return true;
  }
  default:
    return false;
  }
}

void Generator::genInto(Value dest, ScalarType dt, const Expr &e, Value region,
                        Mask mask, Location l, ast::AssignOp aop,
                        const VarDecl *destDecl) {
  // The statement follows dest's distribution; so do its temporaries.
  ValueScope align(alignTo, dest);
  if (!mask.value && aop == ast::AssignOp::Assign &&
      canStoreDirectly(e, dt, destDecl)) {
    switch (e.kind) {
    case Expr::Scan: genScanInto(dest, dt, cast<ScanExpr>(e), region); return;
    case Expr::Flood: genFloodInto(dest, dt, cast<FloodExpr>(e), region); return;
    case Expr::Reduce:
      genPartialInto(dest, dt, cast<ReduceExpr>(e), region);
      return;
    case Expr::Remap:
      genGatherInto(dest, cast<RemapExpr>(e), region, destDecl);
      return;
    default: break;
    }
  }
  auto destType = cast<ArrayType>(dest.getType());
  std::map<const Expr *, Value> outer;
  std::swap(outer, hoisted);
  hoist(e, region);
  auto op = zpl::AssignOp::create(b, l, dest, region, mask.value, mask.without);
  genBody(op.getBody(), l, [&] {
    Value v = convert(l, genExpr(e), e.type, dt);
    if (aop != ast::AssignOp::Assign) {
      Value cur = ReadOp::create(b, l, destType.getElementType(), dest,
                                 SmallVector<int64_t>(destType.getRank(), 0));
      v = combine(l, aop, cur, v, dt);
    }
    return v;
  });
  std::swap(outer, hoisted);
}

void Generator::genScanInto(Value dest, ScalarType dt, const ScanExpr &e,
                            Value region) {
  Location l = loc(e.loc);
  std::map<const Expr *, Value> outer;
  std::swap(outer, hoisted);
  hoist(*e.operand, region);
  // LANGUAGE.md numbers dimensions from 1; the op from 0, -1 is row-major.
  int64_t dim = e.dim ? int64_t(e.dim) - 1 : -1;
  auto op = ScanOp::create(b, l, ReduceKindAttr::get(&ctx, reduceKind(e.op)),
                           dest, region, b.getI64IntegerAttr(dim));
  genBody(op.getBody(), l, [&] {
    return convert(l, genExpr(*e.operand), e.operand->type, dt);
  });
  std::swap(outer, hoisted);
}

void Generator::genFloodInto(Value dest, ScalarType dt, const FloodExpr &e,
                             Value region) {
  Location l = loc(e.loc);
  if (e.region->mask)
    unsupported(e.region->mask->loc, "a mask on the region of a flood `>>`");
  Value source = genRegion(*e.region);
  if (!source)
    return;
  std::map<const Expr *, Value> outer;
  std::swap(outer, hoisted);
  hoist(*e.operand, source);
  auto op = FloodOp::create(b, l, dest, region, source);
  genBody(op.getBody(), l, [&] {
    return convert(l, genExpr(*e.operand), e.operand->type, dt);
  });
  std::swap(outer, hoisted);
}

void Generator::genPartialInto(Value dest, ScalarType dt, const ReduceExpr &e,
                               Value region) {
  Location l = loc(e.loc);
  Value source = genRegion(*e.region);
  if (!source)
    return;
  ReduceKind kind = reduceKind(e.op);
  // reduce_partial has no mask: a masked-out element contributes the
  // operator's identity.
  Mask mask = genMask(e.region.get(), source);
  std::map<const Expr *, Value> outer;
  std::swap(outer, hoisted);
  hoist(*e.operand, source);
  Value identity = mask.value ? identityOf(l, kind, dt) : Value();
  auto op = PartialReduceOp::create(b, l, ReduceKindAttr::get(&ctx, kind), dest,
                                    region, source);
  genBody(op.getBody(), l, [&] {
    Value v = convert(l, genExpr(*e.operand), e.operand->type, dt);
    if (mask.value) {
      unsigned rank = cast<ArrayType>(mask.value.getType()).getRank();
      Value m = ReadOp::create(b, l, b.getI1Type(), mask.value,
                               SmallVector<int64_t>(rank, 0));
      v = mask.without ? arith::SelectOp::create(b, l, m, identity, v)
                       : arith::SelectOp::create(b, l, m, v, identity);
    }
    return v;
  });
  std::swap(outer, hoisted);
}

SmallVector<Value>
Generator::genIndices(const std::vector<ast::ExprPtr> &indices, Value region,
                      const VarDecl *avoid) {
  unsigned rank = cast<RegionType>(region.getType()).getRank();
  SmallVector<Value> result;
  for (const auto &i : indices) {
    const VarDecl *v = arrayDeclOf(*i);
    if (v && v != avoid && v->elemType == ScalarType::Integer && v->rank == rank)
      result.push_back(arrayValue(*v, i->loc));
    else
      result.push_back(evalToTemp(*i, region, ScalarType::Integer, "index"));
  }
  return result;
}

/// The permutation of a transpose `A#[Index2, Index1]`: every index is
/// one of the region's Index arrays, each used once (1-based, as IndexK);
/// empty when the indices are anything else.
static SmallVector<int64_t>
transposePermutation(const std::vector<ast::ExprPtr> &indices, unsigned rank) {
  SmallVector<int64_t> perm;
  if (indices.size() != rank)
    return {};
  for (const auto &i : indices) {
    auto *name = dyn_cast<NameExpr>(i.get());
    auto *index = name ? dyn_cast_or_null<ast::IndexArrayDecl>(name->decl) : nullptr;
    if (!index || index->dim < 1 || index->dim > rank ||
        llvm::is_contained(perm, int64_t(index->dim)))
      return {};
    perm.push_back(index->dim);
  }
  return perm;
}

void Generator::genGatherInto(Value dest, const RemapExpr &e, Value region,
                              const VarDecl *destDecl) {
  Location l = loc(e.loc);
  const VarDecl *src = arrayDeclOf(*e.array);
  if (!src) {
    internal(e.loc, "the source of a remap is not an array");
    return;
  }
  Value source = arrayValue(*src, e.array->loc);
  if (!source)
    return;
  unsigned rank = cast<RegionType>(region.getType()).getRank();
  SmallVector<int64_t> perm = transposePermutation(e.indices, rank);
  if (!perm.empty()) { // a transpose needs no index arrays
    RemapOp::create(b, l, RemapKind::gather, dest, source, region, ValueRange(),
                    b.getDenseI64ArrayAttr(perm));
    return;
  }
  SmallVector<Value> indices = genIndices(e.indices, region, destDecl);
  if (llvm::any_of(indices, [](Value v) { return !v; }))
    return;
  RemapOp::create(b, l, RemapKind::gather, dest, source, region, indices,
                  DenseI64ArrayAttr());
}

void Generator::genWrapTemp(const ShiftExpr &e) {
  // A@^d: copy A over its declared region AR into T, wrap T's bands for
  // every nonempty subset of d's nonzero components (edges and corners),
  // and read T at offset d. A's own bands are never touched.
  Location l = loc(e.loc);
  const VarDecl *v = arrayDeclOf(*e.array);
  if (!v) {
    internal(e.loc, "bad `@^`");
    return;
  }
  Value arr = arrayValue(*v, e.array->loc);
  if (!arr)
    return;
  Value ar = declaredRegion(*v, arr, l);
  Value tmp = newTemp(l, ar, v->elemType, v->name + "_wrap");
  auto copy = zpl::AssignOp::create(b, l, tmp, ar);
  {
    OpBuilder::InsertionGuard guard(b);
    b.createBlock(&copy.getBody());
    Value x = ReadOp::create(b, l, typeOf(v->elemType), arr,
                             SmallVector<int64_t>(v->rank, 0));
    YieldOp::create(b, l, ValueRange{x});
  }
  const std::vector<int64_t> &d = e.dir->offsets;
  SmallVector<unsigned> nonzero;
  for (unsigned i = 0; i < d.size(); ++i)
    if (d[i] != 0)
      nonzero.push_back(i);
  for (unsigned bits = 1; bits < (1u << nonzero.size()); ++bits) {
    SmallVector<int64_t> dir(d.size(), 0);
    for (unsigned j = 0; j < nonzero.size(); ++j)
      if (bits & (1u << j))
        dir[nonzero[j]] = d[nonzero[j]];
    BoundaryOp::create(b, l, BoundaryKind::wrap, tmp, ar, dir);
  }
  tempOf[&e] = tmp;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

void Generator::scanAbrupt(const Stmt &s, Abrupt &a, bool nested) {
  switch (s.kind) {
  case Stmt::Exit: a.exit |= !nested; return;
  case Stmt::Continue: a.cont |= !nested; return;
  case Stmt::Return: a.ret = true; return;
  case Stmt::Block:
    for (const auto &c : cast<BlockStmt>(s).body)
      if (c)
        scanAbrupt(*c, a, nested);
    return;
  case Stmt::Scoped:
    if (cast<ScopedStmt>(s).body)
      scanAbrupt(*cast<ScopedStmt>(s).body, a, nested);
    return;
  case Stmt::If: {
    auto &is = cast<IfStmt>(s);
    for (const IfClause &c : is.clauses)
      for (const auto &x : c.body)
        if (x)
          scanAbrupt(*x, a, nested);
    for (const auto &x : is.elseBody)
      if (x)
        scanAbrupt(*x, a, nested);
    return;
  }
  case Stmt::For:
  case Stmt::While:
  case Stmt::Repeat: {
    const StmtList &body = s.kind == Stmt::For ? cast<ForStmt>(s).body
                           : s.kind == Stmt::While ? cast<WhileStmt>(s).body
                                                   : cast<RepeatStmt>(s).body;
    for (const auto &x : body)
      if (x)
        scanAbrupt(*x, a, true);
    return;
  }
  default: return;
  }
}

Value Generator::newFlag(Location l, StringRef name) {
  OpBuilder::InsertionGuard guard(b);
  if (lastFlag)
    b.setInsertionPointAfter(lastFlag);
  else
    b.setInsertionPointToStart(entry);
  auto flag = AllocaOp::create(b, l, RefType::get(&ctx, b.getI1Type()),
                               b.getStringAttr(name));
  lastFlag = flag;
  return flag;
}

Value Generator::stopCondition(const Abrupt &a, Location l, bool withContinue) {
  Value stop;
  auto add = [&](Value flag) {
    if (!flag)
      return;
    Value v = LoadOp::create(b, l, b.getI1Type(), flag);
    stop = stop ? Value(arith::OrIOp::create(b, l, stop, v)) : v;
  };
  if (a.exit && loopCtx)
    add(loopCtx->broken);
  if (withContinue && a.cont && loopCtx)
    add(loopCtx->skip);
  if (a.ret)
    add(returnedFlag);
  return stop;
}

void Generator::genStmts(const StmtList &stmts) {
  OpBuilder::InsertionGuard guard(b);
  for (size_t i = 0; i < stmts.size(); ++i) {
    if (!stmts[i])
      continue;
    const Stmt &s = *stmts[i];
    genStmt(s);
    // The rest of the list is unreachable after exit/continue/return, and
    // runs only if no flag was set after a statement that may set one.
    if (s.kind == Stmt::Exit || s.kind == Stmt::Continue ||
        s.kind == Stmt::Return)
      break;
    if (i + 1 == stmts.size())
      break;
    Abrupt a;
    scanAbrupt(s, a, false);
    if (!a.any())
      continue;
    Location l = loc(s.loc);
    Value stop = stopCondition(a, l, true);
    if (!stop)
      continue;
    Value go = arith::XOrIOp::create(b, l, stop, constBool(l, true));
    auto guardIf = scf::IfOp::create(b, l, go, false);
    b.setInsertionPoint(guardIf.thenBlock()->getTerminator());
  }
}

void Generator::genStmt(const Stmt &s) {
  const RegionExpr *savedScope = curScope;
  curScope = s.scope;
  Location l = loc(s.loc);
  size_t mark = temps.size();
  switch (s.kind) {
  case Stmt::Assign: genAssign(cast<AssignStmt>(s)); break;
  case Stmt::Block: genStmts(cast<BlockStmt>(s).body); break;
  case Stmt::Scoped: {
    auto &ss = cast<ScopedStmt>(s);
    // Null after an error: the statements inside then skip their array
    // ops instead of reporting the region again.
    scopes[ss.region.get()] = genRegion(*ss.region);
    if (ss.body)
      genStmt(*ss.body);
    scopes.erase(ss.region.get());
    break;
  }
  case Stmt::If: genIf(cast<IfStmt>(s), 0); break;
  case Stmt::For: genFor(cast<ForStmt>(s)); break;
  case Stmt::While: genWhile(cast<WhileStmt>(s)); break;
  case Stmt::Repeat: genRepeat(cast<RepeatStmt>(s)); break;
  case Stmt::Exit:
  case Stmt::Continue: {
    Value flag = !loopCtx ? Value()
                 : s.kind == Stmt::Exit ? loopCtx->broken
                                        : loopCtx->skip;
    if (!flag) {
      internal(s.loc, "`exit`/`continue` without a loop flag");
      break;
    }
    setFlag(l, flag, true);
    break;
  }
  case Stmt::Return: genReturn(cast<ReturnStmt>(s)); break;
  case Stmt::Halt: HaltOp::create(b, l); break;
  case Stmt::Wrap:
  case Stmt::Reflect: genBoundary(cast<BoundaryStmt>(s)); break;
  case Stmt::Write: genWrite(cast<WriteStmt>(s)); break;
  case Stmt::Call: genCall(*cast<CallStmt>(s).call); break;
  }
  flushTemps(mark, l);
  curScope = savedScope;
}

void Generator::genReturn(const ReturnStmt &s) {
  Location l = loc(s.loc);
  if (!returnedFlag) {
    internal(s.loc, "`return` without a return flag");
    return;
  }
  if (s.value && resultSlot && curProc) {
    size_t mark = temps.size();
    Value v = convert(l, genExpr(*s.value), s.value->type, curProc->resultType);
    flushTemps(mark, l);
    StoreOp::create(b, l, v, resultSlot);
  }
  setFlag(l, returnedFlag, true);
}

Value Generator::combine(Location l, ast::AssignOp op, Value cur, Value v,
                         ScalarType t) {
  bool real = isReal(t);
  switch (op) {
  case ast::AssignOp::Assign: return v;
  case ast::AssignOp::AddAssign:
    return real ? Value(arith::AddFOp::create(b, l, cur, v))
                : Value(arith::AddIOp::create(b, l, cur, v));
  case ast::AssignOp::SubAssign:
    return real ? Value(arith::SubFOp::create(b, l, cur, v))
                : Value(arith::SubIOp::create(b, l, cur, v));
  case ast::AssignOp::MulAssign:
    return real ? Value(arith::MulFOp::create(b, l, cur, v))
                : Value(arith::MulIOp::create(b, l, cur, v));
  case ast::AssignOp::DivAssign:
    return real ? Value(arith::DivFOp::create(b, l, cur, v))
                : Value(arith::DivSIOp::create(b, l, cur, v));
  }
  return v;
}

void Generator::genAssign(const AssignStmt &s) {
  Location l = loc(s.loc);
  if (isa<RemapExpr>(s.target.get())) {
    genScatter(s);
    return;
  }
  auto *n = cast<NameExpr>(s.target.get());
  auto *v = dyn_cast_or_null<VarDecl>(n->decl);
  if (!v) {
    internal(s.loc, "assignment to a non-variable");
    return;
  }
  if (v->isArray) {
    genArrayAssign(s, *v);
    return;
  }
  Value value = convert(l, genExpr(*s.value), s.value->type, v->elemType);
  if (s.op != ast::AssignOp::Assign)
    value = combine(l, s.op, loadVar(*v, n->loc), value, v->elemType);
  storeVar(*v, value, s.loc);
}

void Generator::genArrayAssign(const AssignStmt &s, const VarDecl &target) {
  Location l = loc(s.loc);
  Value region = scopeRegion(s.scope, s.loc);
  if (!region)
    return;
  Value arr = arrayValue(target, s.target->loc);
  if (!arr)
    return;
  ValueScope align(alignTo, arr);
  Mask mask = genMask(s.scope, region);
  genInto(arr, target.elemType, *s.value, region, mask, l, s.op, &target);
}

void Generator::genScatter(const AssignStmt &s) {
  Location l = loc(s.loc);
  auto &rm = cast<RemapExpr>(*s.target);
  const VarDecl *dest = arrayDeclOf(*rm.array);
  if (!dest) {
    internal(s.loc, "the target of a scatter is not an array");
    return;
  }
  if (s.op != ast::AssignOp::Assign) {
    unsupported(s.loc, "a compound scatter assignment");
    return;
  }
  if (s.scope && s.scope->mask) {
    unsupported(s.scope->mask->loc, "a masked scatter assignment");
    return;
  }
  Value region = scopeRegion(s.scope, s.loc);
  if (!region)
    return;
  Value destArr = arrayValue(*dest, rm.array->loc);
  if (!destArr)
    return;
  // The source: an array of the same element type, or a temporary; a
  // scatter never reads what it overwrites.
  Value source;
  const VarDecl *sv = arrayDeclOf(*s.value);
  unsigned rank = cast<RegionType>(region.getType()).getRank();
  if (sv && sv != dest && sv->elemType == dest->elemType && sv->rank == rank)
    source = arrayValue(*sv, s.value->loc);
  else
    source = evalToTemp(*s.value, region, dest->elemType, "source");
  SmallVector<Value> indices = genIndices(rm.indices, region, dest);
  if (!source || llvm::any_of(indices, [](Value v) { return !v; }))
    return;
  RemapOp::create(b, l, RemapKind::scatter, destArr, source, region, indices,
                  DenseI64ArrayAttr());
}

void Generator::genBoundary(const BoundaryStmt &s) {
  Location l = loc(s.loc);
  const RegionExpr *scope = s.scope;
  if (!scope || scope->kind != RegionExpr::Of || !scope->base || !scope->dir) {
    internal(s.loc, "`wrap`/`reflect` without an `of` scope");
    return;
  }
  // [d of R] wrap A: fill the band d of R from R.
  Value base = genRegion(*scope->base);
  if (!base)
    return;
  BoundaryKind kind = s.isWrap() ? BoundaryKind::wrap : BoundaryKind::reflect;
  for (const auto &n : s.arrays) {
    const VarDecl *v = arrayDeclOf(*n);
    if (!v) {
      internal(n->loc, "the operand of `wrap`/`reflect` is not an array");
      continue;
    }
    Value arr = arrayValue(*v, n->loc);
    if (arr)
      BoundaryOp::create(b, l, kind, arr, base, scope->dir->offsets);
  }
}

void Generator::genIf(const IfStmt &s, size_t clause) {
  const IfClause &c = s.clauses[clause];
  Location l = loc(clause == 0 ? s.loc : c.cond->loc);
  size_t mark = temps.size();
  Value cond = genExpr(*c.cond);
  flushTemps(mark, l);
  bool more = clause + 1 < s.clauses.size();
  bool withElse = more || (s.hasElse && !s.elseBody.empty());
  auto op = scf::IfOp::create(b, l, cond, withElse);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(op.thenBlock()->getTerminator());
  genStmts(c.body);
  if (withElse) {
    b.setInsertionPoint(op.elseBlock()->getTerminator());
    if (more)
      genIf(s, clause + 1);
    else
      genStmts(s.elseBody);
  }
}

/// `cond` unless `stop` is set, in which case false; `cond` is only
/// evaluated when `stop` is not set.
template <typename Fn>
static Value unlessStopped(OpBuilder &b, Location l, Value stop, Fn cond) {
  if (!stop)
    return cond();
  auto op = scf::IfOp::create(b, l, TypeRange{b.getI1Type()}, stop, true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(op.thenBlock());
  Value f = arith::ConstantOp::create(b, l, b.getBoolAttr(false));
  scf::YieldOp::create(b, l, ValueRange{f});
  b.setInsertionPointToEnd(op.elseBlock());
  Value c = cond();
  scf::YieldOp::create(b, l, ValueRange{c});
  return op.getResult(0);
}

void Generator::genFor(const ForStmt &s) {
  Location l = loc(s.loc);
  auto *v = dyn_cast_or_null<VarDecl>(s.var->decl);
  if (!v) {
    internal(s.loc, "unresolved loop variable");
    return;
  }
  // The bounds and the step are evaluated once. The loop runs a counter k
  // over [0, n) with n = (hi - lo) / step + 1 (to) or (lo - hi) / step + 1
  // (downto), zero when the range is empty or the step is not positive, and
  // sets i = lo + k*step (lo - k*step) before each iteration.
  size_t mark = temps.size();
  Value lo = genExpr(*s.lo), hi = genExpr(*s.hi);
  Value step = s.step ? genExpr(*s.step) : constInt(l, 1);
  flushTemps(mark, l);
  Value zero = constInt(l, 0), one = constInt(l, 1);
  Value diff = s.down ? arith::SubIOp::create(b, l, lo, hi)
                      : arith::SubIOp::create(b, l, hi, lo);
  Value stepPos =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::sgt, step, zero);
  Value safeStep = arith::SelectOp::create(b, l, stepPos, step, one);
  Value count = arith::AddIOp::create(
      b, l, arith::DivSIOp::create(b, l, diff, safeStep), one);
  Value nonEmpty =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, diff, zero);
  Value runs = arith::AndIOp::create(b, l, stepPos, nonEmpty);
  Value trips = arith::SelectOp::create(b, l, runs, count, zero);

  Abrupt a = abruptOf(s.body);
  LoopCtx here = loopFlags(l, a);
  EnterLoop enter(loopCtx, here);
  auto setIndex = [&](Value k) {
    Value off = arith::MulIOp::create(b, l, k, step);
    Value i = s.down ? Value(arith::SubIOp::create(b, l, lo, off))
                     : Value(arith::AddIOp::create(b, l, lo, off));
    storeVar(*v, i, s.var->loc);
    if (here.skip)
      setFlag(l, here.skip, false);
  };

  if (!a.exit && !a.ret) {
    auto loop = scf::ForOp::create(b, l, zero, trips, one);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    setIndex(loop.getInductionVar());
    genStmts(s.body);
    return;
  }
  // With `exit` or `return` inside: a while loop over k that also stops
  // when a flag is set.
  Type i64 = b.getI64Type();
  auto loop = scf::WhileOp::create(b, l, TypeRange{i64}, ValueRange{zero});
  {
    OpBuilder::InsertionGuard guard(b);
    Block *before = b.createBlock(&loop.getBefore(), {}, {i64}, {l});
    Value k = before->getArgument(0);
    Value more =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, k, trips);
    Value stop = stopCondition(a, l, false);
    if (stop)
      more = arith::AndIOp::create(
          b, l, more, arith::XOrIOp::create(b, l, stop, constBool(l, true)));
    scf::ConditionOp::create(b, l, more, ValueRange{k});
    Block *after = b.createBlock(&loop.getAfter(), {}, {i64}, {l});
    Value ka = after->getArgument(0);
    setIndex(ka);
    genStmts(s.body);
    // genStmts restored the insertion point to the end of `after`.
    b.setInsertionPointToEnd(after);
    scf::YieldOp::create(b, l, ValueRange{arith::AddIOp::create(b, l, ka, one)});
  }
}

void Generator::genWhile(const WhileStmt &s) {
  Location l = loc(s.loc);
  Abrupt a = abruptOf(s.body);
  LoopCtx here = loopFlags(l, a);
  EnterLoop enter(loopCtx, here);
  auto loop = scf::WhileOp::create(b, l, TypeRange{}, ValueRange{});
  OpBuilder::InsertionGuard guard(b);
  b.createBlock(&loop.getBefore());
  Location cl = loc(s.cond->loc);
  Value stop = stopCondition(a, cl, false);
  Value cond = unlessStopped(b, cl, stop, [&] {
    size_t mark = temps.size();
    Value c = genExpr(*s.cond);
    flushTemps(mark, cl);
    return c;
  });
  scf::ConditionOp::create(b, cl, cond, ValueRange{});
  Block *after = b.createBlock(&loop.getAfter());
  if (here.skip)
    setFlag(l, here.skip, false);
  genStmts(s.body);
  b.setInsertionPointToEnd(after);
  scf::YieldOp::create(b, l);
}

void Generator::genRepeat(const RepeatStmt &s) {
  // The body runs in the `before` region; the loop goes on while the
  // until-condition is false (and no exit/return happened).
  Location l = loc(s.loc);
  Abrupt a = abruptOf(s.body);
  LoopCtx here = loopFlags(l, a);
  EnterLoop enter(loopCtx, here);
  auto loop = scf::WhileOp::create(b, l, TypeRange{}, ValueRange{});
  OpBuilder::InsertionGuard guard(b);
  Block *before = b.createBlock(&loop.getBefore());
  if (here.skip)
    setFlag(l, here.skip, false);
  genStmts(s.body);
  b.setInsertionPointToEnd(before);
  Location cl = loc(s.cond->loc);
  Value stop = stopCondition(a, cl, false);
  Value again = unlessStopped(b, cl, stop, [&] {
    size_t mark = temps.size();
    Value until = genExpr(*s.cond);
    flushTemps(mark, cl);
    return Value(arith::XOrIOp::create(b, cl, until, constBool(cl, true)));
  });
  scf::ConditionOp::create(b, cl, again, ValueRange{});
  b.createBlock(&loop.getAfter());
  scf::YieldOp::create(b, l);
}

void Generator::genWrite(const WriteStmt &s) {
  for (const WriteArg &a : s.args) {
    const Expr &e = *a.value;
    Location l = loc(e.loc);
    StringAttr format = a.hasFormat ? b.getStringAttr(a.format) : StringAttr();
    if (auto *str = dyn_cast<StringLitExpr>(&e)) {
      WriteStrOp::create(b, l, b.getStringAttr(str->value));
      continue;
    }
    if (!e.parallel) {
      WriteOp::create(b, l, genExpr(e), format);
      continue;
    }
    Value region = scopeRegion(s.scope, e.loc);
    if (!region)
      continue;
    // An array is printed as it is; any other parallel value is evaluated
    // into a temporary first.
    Value arr;
    if (const VarDecl *v = arrayDeclOf(e))
      arr = arrayValue(*v, e.loc);
    else
      arr = evalToTemp(e, region, e.type, "value");
    if (arr)
      WriteArrayOp::create(b, l, arr, region, format);
  }
  if (s.newline)
    WritelnOp::create(b, loc(s.loc));
}

} // namespace

void loadDialects(MLIRContext &context) {
  context.loadDialect<ZPLDialect, ironman::IronmanDialect, arith::ArithDialect,
                      func::FuncDialect, math::MathDialect, scf::SCFDialect>();
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
  Generator gen(context, program, diags, options);
  return gen.run();
}

} // namespace zpl
