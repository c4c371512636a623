//===- Sema.cpp - names, kinds, types, ranks, scalar vs parallel ----------===//
//
// Checks a ZPL program and fills the [Sema] fields of the AST (see AST.h).
// Region bounds stay symbolic (expressions); directions are folded to
// integer vectors.
//===----------------------------------------------------------------------===//
#include "frontend/FrontendInternal.h"

#include "llvm/Support/Casting.h"

#include <map>
#include <set>

using namespace zpl;
using namespace zpl::ast;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;
using llvm::dyn_cast_or_null;

namespace {

/// Where an expression is evaluated.
struct ExprCtx {
  /// Rank of the region the expression is evaluated over; 0 = none (a
  /// parallel value here is an error reported by the statement).
  unsigned regionRank = 0;
  /// Only config vars and constants may be named (declarations).
  bool constOnly = false;
  /// For config var / constant initializers: only decls before this index.
  long declLimit = -1;
  const char *constWhat = "this expression";
  bool allowString = false;
};

class Sema {
public:
  Sema(Program &prog, DiagnosticEngine &diags) : prog(prog), diags(diags) {}
  bool run();

private:
  // --- diagnostics ---
  void error(const SourceLoc &loc, const std::string &msg) {
    if (!diags.reachedErrorLimit())
      diags.error(loc, msg);
    ok = false;
  }

  // --- names ---
  Decl *lookup(const std::string &name) {
    if (curProc) {
      auto it = locals.find(name);
      if (it != locals.end())
        return it->second;
    }
    auto it = globals.find(name);
    if (it != globals.end())
      return it->second;
    for (auto &ia : prog.indexArrays)
      if (ia->name == name)
        return ia.get();
    return nullptr;
  }
  void declare(std::map<std::string, Decl *> &scope, Decl *d) {
    auto [it, inserted] = scope.emplace(d->name, d);
    if (!inserted) {
      error(d->loc, "redeclaration of '" + d->name + "'");
      if (!diags.reachedErrorLimit())
        diags.note(it->second->loc, "previous declaration of '" + d->name +
                                        "' is here");
    }
  }

  // --- declarations ---
  void checkVarDecl(VarDecl &v, long index);
  void checkType(VarDecl &v);
  void checkRegionDecl(RegionDecl &r);
  void checkDirectionDecl(DirectionDecl &d);
  void checkGridDecl(GridDecl &g);
  void checkDistributionDecl(DistributionDecl &d);
  void checkProcHeader(ProcDecl &p);
  void checkProcBody(ProcDecl &p);

  // --- regions and directions ---
  bool checkRegion(RegionExpr &r, const ExprCtx &ctx);
  bool resolveDir(DirRef &d);
  bool foldInt(const Expr *e, int64_t &out);

  // --- expressions ---
  void checkExpr(Expr &e, const ExprCtx &ctx);
  void checkName(NameExpr &e, const ExprCtx &ctx);
  void checkUnary(UnaryExpr &e, const ExprCtx &ctx);
  void checkBinary(BinaryExpr &e, const ExprCtx &ctx);
  void checkCall(CallExpr &e, const ExprCtx &ctx, bool asStatement);
  void checkBuiltin(CallExpr &e, const ExprCtx &ctx);
  void checkShift(ShiftExpr &e, const ExprCtx &ctx);
  void checkReduce(ReduceExpr &e, const ExprCtx &ctx);
  void checkScan(ScanExpr &e, const ExprCtx &ctx);
  void checkFlood(FloodExpr &e, const ExprCtx &ctx);
  void checkRemap(RemapExpr &e, const ExprCtx &ctx);
  VarDecl *resolveArrayName(Expr &e, const char *what);
  bool checkScalarOf(Expr &e, ScalarType want, const char *what,
                     const ExprCtx &ctx);

  // --- statements ---
  void checkStmts(StmtList &stmts);
  void checkStmt(Stmt &s);
  void checkAssign(AssignStmt &s);
  void checkCondition(Expr &e, const char *what);
  ExprCtx stmtCtx() const {
    ExprCtx c;
    c.regionRank = scopeRank;
    return c;
  }
  void beginStmt() { parallelWithoutScope = false; }
  void endStmt(const Stmt &s) {
    if (parallelWithoutScope)
      error(s.loc, "parallel statement requires an enclosing region scope");
    parallelWithoutScope = false;
  }

  static bool assignable(ScalarType to, ScalarType from) {
    if (to == from)
      return true;
    if (isReal(to) && isNumeric(from))
      return true;
    return false;
  }
  static ScalarType promote(ScalarType a, ScalarType b) {
    if (a == ScalarType::Double || b == ScalarType::Double)
      return ScalarType::Double;
    if (a == ScalarType::Float || b == ScalarType::Float)
      return ScalarType::Float;
    return ScalarType::Integer;
  }

  Program &prog;
  DiagnosticEngine &diags;
  bool ok = true;
  std::map<std::string, Decl *> globals;
  std::map<std::string, Decl *> locals;
  std::map<const Decl *, long> declIndex;
  ProcDecl *curProc = nullptr;
  const RegionExpr *scope = nullptr;
  unsigned scopeRank = 0;
  unsigned loopDepth = 0;
  bool parallelWithoutScope = false;
};

//===----------------------------------------------------------------------===//
// Program and declarations
//===----------------------------------------------------------------------===//

bool Sema::run() {
  long index = 0;
  for (auto &d : prog.decls) {
    declIndex[d.get()] = index++;
    declare(globals, d.get());
  }
  // Headers first so that calls may refer to later procedures.
  index = 0;
  for (auto &d : prog.decls) {
    long i = index++;
    switch (d->kind) {
    case Decl::ConfigVar:
    case Decl::Constant:
    case Decl::Var:
      checkVarDecl(cast<VarDecl>(*d), i);
      break;
    case Decl::Region: checkRegionDecl(cast<RegionDecl>(*d)); break;
    case Decl::Direction: checkDirectionDecl(cast<DirectionDecl>(*d)); break;
    case Decl::Grid: checkGridDecl(cast<GridDecl>(*d)); break;
    case Decl::Distribution:
      checkDistributionDecl(cast<DistributionDecl>(*d));
      break;
    case Decl::Procedure: checkProcHeader(cast<ProcDecl>(*d)); break;
    default: break;
    }
  }
  for (auto &d : prog.decls)
    if (auto *p = dyn_cast<ProcDecl>(d.get()))
      checkProcBody(*p);

  // The entry procedure is named like the program.
  auto it = globals.find(prog.name);
  if (it == globals.end() || !isa<ProcDecl>(it->second)) {
    error(prog.loc, "missing entry procedure '" + prog.name +
                        "' (a procedure named like the program)");
  } else {
    auto *p = cast<ProcDecl>(it->second);
    p->isEntry = true;
    prog.entry = p;
    if (!p->params.empty())
      error(p->loc, "entry procedure '" + p->name + "' must not take parameters");
  }
  return ok && !diags.hasErrors();
}

void Sema::checkType(VarDecl &v) {
  TypeSpec &t = v.type;
  v.elemType = t.elem;
  v.isArray = t.isArray;
  if (!t.isArray)
    return;
  if (t.region) {
    ExprCtx c;
    c.constOnly = true;
    c.constWhat = "the region of an array type";
    if (checkRegion(*t.region, c)) {
      v.rank = t.region->rank;
      v.region = t.region.get();
    }
    if (t.region->mask)
      error(t.region->mask->loc, "a mask is not allowed in an array type");
    if (v.kind == Decl::ConfigVar || v.kind == Decl::Constant)
      error(v.loc, std::string(v.kindName()) + " '" + v.name +
                       "' must have a scalar type");
  } else {
    v.rank = t.rankOnly;
    if (v.kind != Decl::Param)
      error(t.loc, "a rank-only array type is only allowed for parameters");
    if (v.rank > 3)
      error(t.loc, "arrays have rank 1, 2 or 3");
  }
}

void Sema::checkVarDecl(VarDecl &v, long index) {
  checkType(v);
  if (!v.init) {
    if (v.kind == Decl::ConfigVar || v.kind == Decl::Constant)
      error(v.loc, std::string(v.kindName()) + " '" + v.name +
                       "' needs an initializer");
    return;
  }
  ExprCtx c;
  if (v.kind == Decl::ConfigVar || v.kind == Decl::Constant) {
    c.constOnly = true;
    c.declLimit = index;
    c.constWhat = v.kind == Decl::ConfigVar ? "a config var initializer"
                                            : "a constant initializer";
  } else if (v.isGlobal()) {
    c.constOnly = true;
    c.constWhat = "a global variable initializer";
  }
  beginStmt();
  checkExpr(*v.init, c);
  parallelWithoutScope = false;
  if (v.isArray) {
    error(v.init->loc, "an array cannot have an initializer; assign it under "
                       "a region scope");
    return;
  }
  if (v.init->type != ScalarType::Invalid && !assignable(v.elemType, v.init->type))
    error(v.init->loc, std::string("cannot initialize ") + toString(v.elemType) +
                           " '" + v.name + "' with a " + toString(v.init->type) +
                           " value");
  if (v.init->parallel)
    error(v.init->loc, "initializer of '" + v.name + "' must be a scalar");
  if (v.kind == Decl::Constant) {
    int64_t iv;
    if (v.elemType == ScalarType::Integer && foldInt(v.init.get(), iv)) {
      v.hasConstValue = true;
      v.intValue = iv;
      v.realValue = double(iv);
    } else if (isReal(v.elemType)) {
      if (auto *r = dyn_cast<RealLitExpr>(v.init.get())) {
        v.hasConstValue = true;
        v.realValue = r->value;
      } else if (foldInt(v.init.get(), iv)) {
        v.hasConstValue = true;
        v.realValue = double(iv);
      }
    }
  }
}

void Sema::checkRegionDecl(RegionDecl &r) {
  ExprCtx c;
  c.constOnly = true;
  c.constWhat = "region bounds";
  if (checkRegion(*r.region, c))
    r.rank = r.region->rank;
  if (r.region->mask)
    error(r.region->mask->loc, "a mask is not allowed in a region declaration");
  if (!r.distName.empty()) {
    Decl *d = lookup(r.distName);
    if (!d) {
      error(r.loc, "use of undeclared distribution '" + r.distName + "'");
    } else if (auto *dist = dyn_cast<DistributionDecl>(d)) {
      r.dist = dist;
      if (r.rank && dist->dims.size() != r.rank)
        error(r.loc, "region '" + r.name + "' has rank " + std::to_string(r.rank) +
                         " but distribution '" + dist->name + "' has rank " +
                         std::to_string(dist->dims.size()));
    } else {
      error(r.loc, "'" + r.distName + "' is a " + d->kindName() +
                       ", not a distribution");
    }
  }
}

void Sema::checkDirectionDecl(DirectionDecl &d) {
  if (d.components.size() > 3)
    error(d.loc, "a direction has 1, 2 or 3 components");
  for (auto &c : d.components) {
    ExprCtx ctx;
    ctx.constOnly = true;
    ctx.constWhat = "a direction";
    checkExpr(*c, ctx);
    int64_t v = 0;
    if (!foldInt(c.get(), v))
      error(c->loc, "direction components must be constant integers");
    d.offsets.push_back(v);
  }
}

void Sema::checkGridDecl(GridDecl &g) {
  if (g.dims.size() > 3)
    error(g.loc, "a grid has 1, 2 or 3 dimensions");
  for (auto &e : g.dims) {
    ExprCtx ctx;
    ctx.constOnly = true;
    ctx.constWhat = "grid sizes";
    checkScalarOf(*e, ScalarType::Integer, "a grid size", ctx);
  }
}

void Sema::checkDistributionDecl(DistributionDecl &d) {
  Decl *g = lookup(d.gridName);
  if (!g) {
    error(d.loc, "use of undeclared grid '" + d.gridName + "'");
  } else if (auto *grid = dyn_cast<GridDecl>(g)) {
    d.grid = grid;
    if (grid->dims.size() != d.dims.size())
      error(d.loc, "distribution '" + d.name + "' has " +
                       std::to_string(d.dims.size()) + " dimensions but grid '" +
                       grid->name + "' has " + std::to_string(grid->dims.size()));
  } else {
    error(d.loc, "'" + d.gridName + "' is a " + g->kindName() + ", not a grid");
  }
  for (auto &k : d.dims) {
    switch (k.kind) {
    case DistKind::Unknown:
      error(k.loc, "unknown distribution kind '" + k.spelling +
                       "' (expected block, cyclic, blockcyclic(k) or *)");
      break;
    case DistKind::BlockCyclic:
      if (!k.blockSize) {
        error(k.loc, "'blockcyclic' needs a block size: blockcyclic(k)");
      } else {
        ExprCtx ctx;
        ctx.constOnly = true;
        ctx.constWhat = "a block size";
        checkScalarOf(*k.blockSize, ScalarType::Integer, "a block size", ctx);
        k.hasConstBlockSize = foldInt(k.blockSize.get(), k.constBlockSize);
        if (k.hasConstBlockSize && k.constBlockSize < 1)
          error(k.blockSize->loc, "the block size of 'blockcyclic' must be at "
                                  "least 1, got " +
                                      std::to_string(k.constBlockSize));
      }
      break;
    default:
      if (k.blockSize)
        error(k.blockSize->loc, "only 'blockcyclic' takes a block size");
      break;
    }
  }
}

void Sema::checkProcHeader(ProcDecl &p) {
  for (auto &param : p.params) {
    checkType(*param);
    if (param->isArray)
      p.hasArrayParams = true;
    if (param->isArray && param->byRef)
      error(param->loc, "array parameters are always passed by reference; "
                        "drop 'var'");
  }
  if (p.hasReturnType) {
    if (p.returnType.isArray)
      error(p.returnType.loc, "a procedure returns a scalar type");
    else
      p.resultType = p.returnType.elem;
  }
}

void Sema::checkProcBody(ProcDecl &p) {
  curProc = &p;
  locals.clear();
  for (auto &param : p.params)
    declare(locals, param.get());
  for (auto &v : p.locals) {
    declare(locals, v.get());
    checkVarDecl(*v, -1);
  }
  scope = nullptr;
  scopeRank = 0;
  loopDepth = 0;
  checkStmts(p.body);
  curProc = nullptr;
  locals.clear();
}

//===----------------------------------------------------------------------===//
// Regions and directions
//===----------------------------------------------------------------------===//

bool Sema::foldInt(const Expr *e, int64_t &out) {
  if (auto *i = dyn_cast<IntLitExpr>(e)) {
    out = i->value;
    return true;
  }
  if (auto *n = dyn_cast<NameExpr>(e)) {
    if (auto *v = dyn_cast_or_null<VarDecl>(n->decl))
      if (v->kind == Decl::Constant && v->hasConstValue &&
          v->elemType == ScalarType::Integer) {
        out = v->intValue;
        return true;
      }
    return false;
  }
  if (auto *u = dyn_cast<UnaryExpr>(e)) {
    int64_t v;
    if (u->op == UnaryOp::Not || !foldInt(u->operand.get(), v))
      return false;
    out = u->op == UnaryOp::Neg ? -v : v;
    return true;
  }
  if (auto *b = dyn_cast<BinaryExpr>(e)) {
    int64_t l, r;
    if (!foldInt(b->lhs.get(), l) || !foldInt(b->rhs.get(), r))
      return false;
    switch (b->op) {
    case BinaryOp::Add: out = l + r; return true;
    case BinaryOp::Sub: out = l - r; return true;
    case BinaryOp::Mul: out = l * r; return true;
    case BinaryOp::Div: if (!r) return false; out = l / r; return true;
    case BinaryOp::Mod: if (!r) return false; out = l % r; return true;
    default: return false;
    }
  }
  return false;
}

bool Sema::resolveDir(DirRef &d) {
  if (!d.name.empty()) {
    Decl *decl = lookup(d.name);
    if (!decl) {
      error(d.loc, "use of undeclared direction '" + d.name + "'");
      return false;
    }
    auto *dir = dyn_cast<DirectionDecl>(decl);
    if (!dir) {
      error(d.loc, "'" + d.name + "' is a " + decl->kindName() +
                       ", not a direction");
      return false;
    }
    d.decl = dir;
    d.offsets = dir->offsets;
    return true;
  }
  bool good = true;
  d.offsets.clear();
  for (auto &c : d.components) {
    ExprCtx ctx;
    ctx.constOnly = true;
    ctx.constWhat = "a direction";
    checkExpr(*c, ctx);
    int64_t v = 0;
    if (!foldInt(c.get(), v)) {
      error(c->loc, "direction components must be constant integers");
      good = false;
    }
    d.offsets.push_back(v);
  }
  if (d.offsets.size() > 3) {
    error(d.loc, "a direction has 1, 2 or 3 components");
    good = false;
  }
  return good;
}

bool Sema::checkRegion(RegionExpr &r, const ExprCtx &outer) {
  ExprCtx bctx; // bounds: scalar integer expressions
  bctx.constOnly = outer.constOnly;
  bctx.constWhat = outer.constWhat;
  bool good = true;
  switch (r.kind) {
  case RegionExpr::Named: {
    Decl *d = lookup(r.name);
    if (!d) {
      error(r.loc, "use of undeclared region '" + r.name + "'");
      return false;
    }
    if (auto *rd = dyn_cast<RegionDecl>(d)) {
      r.decl = rd;
      r.rank = rd->rank;
      break;
    }
    auto *v = dyn_cast<VarDecl>(d);
    if (v && !v->isArray) {
      // `[i]`: a rank-1 region of a single index.
      RegionDim dim;
      dim.kind = RegionDim::Single;
      dim.loc = r.loc;
      dim.lo = std::make_unique<NameExpr>(r.loc, r.name);
      r.kind = RegionExpr::Literal;
      r.name.clear();
      r.dims.push_back(std::move(dim));
      return checkRegion(r, outer);
    }
    error(r.loc, "'" + r.name + "' is " +
                     (v ? std::string("an array") : std::string("a ") + d->kindName()) +
                     ", not a region");
    return false;
  }
  case RegionExpr::Literal:
    if (r.dims.empty() || r.dims.size() > 3) {
      error(r.loc, "a region has rank 1, 2 or 3");
      good = false;
    }
    for (auto &dim : r.dims) {
      if (dim.lo)
        good &= checkScalarOf(*dim.lo, ScalarType::Integer, "a region bound", bctx);
      if (dim.hi)
        good &= checkScalarOf(*dim.hi, ScalarType::Integer, "a region bound", bctx);
    }
    r.rank = r.dims.size();
    break;
  case RegionExpr::Of:
  case RegionExpr::In:
  case RegionExpr::At:
  case RegionExpr::By: {
    ExprCtx inner = outer;
    good &= checkRegion(*r.base, inner);
    r.rank = r.base->rank;
    if (resolveDir(*r.dir)) {
      if (r.base->rank && r.dir->offsets.size() != r.base->rank) {
        error(r.dir->loc, "direction" +
                              (r.dir->name.empty() ? std::string()
                                                   : " '" + r.dir->name + "'") +
                              " has rank " + std::to_string(r.dir->offsets.size()) +
                              " but the region has rank " +
                              std::to_string(r.base->rank));
        good = false;
      }
      if (r.kind == RegionExpr::By)
        for (int64_t s : r.dir->offsets)
          if (s <= 0) {
            error(r.dir->loc, "the strides of 'by' must be positive");
            good = false;
            break;
          }
    } else {
      good = false;
    }
    break;
  }
  }
  if (r.mask) {
    ExprCtx mctx;
    mctx.regionRank = r.rank;
    checkExpr(*r.mask, mctx);
    if (r.mask->type != ScalarType::Invalid &&
        (!r.mask->parallel || r.mask->type != ScalarType::Boolean)) {
      error(r.mask->loc, std::string("a mask must be a boolean parallel array") +
                             (r.mask->parallel ? "" : ", not a scalar"));
      good = false;
    }
  }
  return good;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

bool Sema::checkScalarOf(Expr &e, ScalarType want, const char *what,
                         const ExprCtx &ctx) {
  checkExpr(e, ctx);
  if (e.type == ScalarType::Invalid)
    return false;
  if (e.parallel) {
    error(e.loc, std::string(what) + " must be a scalar, not a parallel value");
    return false;
  }
  if (e.type != want) {
    error(e.loc, std::string(what) + " must be " +
                     (want == ScalarType::Integer ? "an " : "a ") + toString(want) +
                     " (have " + toString(e.type) + ")");
    return false;
  }
  return true;
}

void Sema::checkExpr(Expr &e, const ExprCtx &ctx) {
  switch (e.kind) {
  case Expr::IntLit: e.type = ScalarType::Integer; return;
  case Expr::RealLit: e.type = ScalarType::Double; return;
  case Expr::BoolLit: e.type = ScalarType::Boolean; return;
  case Expr::StringLit:
    if (!ctx.allowString) {
      error(e.loc, "a string is only allowed as an argument of write/writeln");
      return;
    }
    e.type = ScalarType::String;
    return;
  case Expr::Name: checkName(cast<NameExpr>(e), ctx); return;
  case Expr::Unary: checkUnary(cast<UnaryExpr>(e), ctx); return;
  case Expr::Binary: checkBinary(cast<BinaryExpr>(e), ctx); return;
  case Expr::Call: checkCall(cast<CallExpr>(e), ctx, false); return;
  case Expr::Shift: checkShift(cast<ShiftExpr>(e), ctx); return;
  case Expr::Reduce: checkReduce(cast<ReduceExpr>(e), ctx); return;
  case Expr::Scan: checkScan(cast<ScanExpr>(e), ctx); return;
  case Expr::Flood: checkFlood(cast<FloodExpr>(e), ctx); return;
  case Expr::Remap: checkRemap(cast<RemapExpr>(e), ctx); return;
  }
}

void Sema::checkName(NameExpr &e, const ExprCtx &ctx) {
  Decl *d = lookup(e.name);
  if (!d) {
    error(e.loc, "use of undeclared identifier '" + e.name + "'");
    return;
  }
  e.decl = d;
  if (auto *ia = dyn_cast<IndexArrayDecl>(d)) {
    if (ctx.constOnly) {
      error(e.loc, "'" + e.name + "' cannot be used in " + ctx.constWhat);
      return;
    }
    e.type = ScalarType::Integer;
    e.parallel = true;
    e.rank = ctx.regionRank;
    if (ctx.regionRank == 0)
      parallelWithoutScope = true;
    else if (ia->dim > ctx.regionRank)
      error(e.loc, "'" + e.name + "' used under a region scope of rank " +
                       std::to_string(ctx.regionRank));
    return;
  }
  auto *v = dyn_cast<VarDecl>(d);
  if (!v) {
    error(e.loc, "'" + e.name + "' is a " + d->kindName() +
                     (isa<ProcDecl>(d) ? "; call it with '()'" : ", not a value"));
    return;
  }
  if (ctx.constOnly) {
    bool constLike = v->kind == Decl::ConfigVar || v->kind == Decl::Constant;
    auto it = declIndex.find(v);
    bool earlier = ctx.declLimit < 0 ||
                   (it != declIndex.end() && it->second < ctx.declLimit);
    if (!constLike || !earlier) {
      error(e.loc, std::string(ctx.constWhat) +
                       (ctx.declLimit >= 0
                            ? " may only use earlier config vars and constants"
                            : " may only use config vars and constants") +
                       " ('" + e.name + "' is " +
                       (constLike ? "declared later" : std::string("a ") + v->kindName()) +
                       ")");
      return;
    }
  }
  e.type = v->elemType;
  e.parallel = v->isArray;
  e.rank = v->isArray ? v->rank : 0;
  if (v->isArray) {
    if (ctx.regionRank == 0)
      parallelWithoutScope = true;
    else if (v->rank && v->rank != ctx.regionRank)
      error(e.loc, "rank mismatch: array '" + e.name + "' has rank " +
                       std::to_string(v->rank) + " but the region has rank " +
                       std::to_string(ctx.regionRank));
  }
}

void Sema::checkUnary(UnaryExpr &e, const ExprCtx &ctx) {
  checkExpr(*e.operand, ctx);
  ScalarType t = e.operand->type;
  if (t == ScalarType::Invalid)
    return;
  e.parallel = e.operand->parallel;
  e.rank = e.operand->rank;
  if (e.op == UnaryOp::Not) {
    if (t != ScalarType::Boolean) {
      error(e.loc, std::string("operator '!' needs a boolean operand (have ") +
                       toString(t) + ")");
      return;
    }
  } else if (!isNumeric(t)) {
    error(e.loc, std::string("operator '") + toString(e.op) +
                     "' needs a numeric operand (have " + toString(t) + ")");
    return;
  }
  e.type = t;
}

void Sema::checkBinary(BinaryExpr &e, const ExprCtx &ctx) {
  checkExpr(*e.lhs, ctx);
  checkExpr(*e.rhs, ctx);
  ScalarType l = e.lhs->type, r = e.rhs->type;
  if (l == ScalarType::Invalid || r == ScalarType::Invalid)
    return;
  e.parallel = e.lhs->parallel || e.rhs->parallel;
  e.rank = std::max(e.lhs->rank, e.rhs->rank);
  if (e.lhs->parallel && e.rhs->parallel && e.lhs->rank && e.rhs->rank &&
      e.lhs->rank != e.rhs->rank) {
    error(e.loc, "rank mismatch: operands of '" + std::string(toString(e.op)) +
                     "' have ranks " + std::to_string(e.lhs->rank) + " and " +
                     std::to_string(e.rhs->rank));
    return;
  }
  auto bad = [&](const char *need) {
    error(e.loc, std::string("invalid operands to '") + toString(e.op) + "' (" +
                     toString(l) + " and " + toString(r) + "); " + need);
  };
  switch (e.op) {
  case BinaryOp::Add:
  case BinaryOp::Sub:
  case BinaryOp::Mul:
  case BinaryOp::Div:
  case BinaryOp::Pow:
    if (!isNumeric(l) || !isNumeric(r))
      return bad("expected numbers");
    e.type = promote(l, r);
    return;
  case BinaryOp::Mod:
    if (l != ScalarType::Integer || r != ScalarType::Integer) {
      error(e.loc, std::string("operator '%' needs integer operands (have ") +
                       toString(l) + " and " + toString(r) + ")");
      return;
    }
    e.type = ScalarType::Integer;
    return;
  case BinaryOp::Lt:
  case BinaryOp::Le:
  case BinaryOp::Gt:
  case BinaryOp::Ge:
    if (!isNumeric(l) || !isNumeric(r))
      return bad("expected numbers");
    e.type = ScalarType::Boolean;
    return;
  case BinaryOp::Eq:
  case BinaryOp::Ne:
    if (!(isNumeric(l) && isNumeric(r)) &&
        !(l == ScalarType::Boolean && r == ScalarType::Boolean))
      return bad("expected two numbers or two booleans");
    e.type = ScalarType::Boolean;
    return;
  case BinaryOp::And:
  case BinaryOp::Or:
    if (l != ScalarType::Boolean || r != ScalarType::Boolean)
      return bad("expected booleans");
    e.type = ScalarType::Boolean;
    return;
  }
}

static Builtin builtinByName(const std::string &n) {
  static const std::map<std::string, Builtin> table = {
      {"abs", Builtin::Abs},     {"sqrt", Builtin::Sqrt},
      {"exp", Builtin::Exp},     {"log", Builtin::Log},
      {"sin", Builtin::Sin},     {"cos", Builtin::Cos},
      {"tan", Builtin::Tan},     {"floor", Builtin::Floor},
      {"ceil", Builtin::Ceil},   {"min", Builtin::Min},
      {"max", Builtin::Max},     {"pow", Builtin::Pow},
      {"double", Builtin::ToDouble}, {"integer", Builtin::ToInteger},
      {"float", Builtin::ToFloat}};
  auto it = table.find(n);
  return it == table.end() ? Builtin::None : it->second;
}

void Sema::checkBuiltin(CallExpr &e, const ExprCtx &ctx) {
  Builtin b = e.builtin;
  unsigned want = (b == Builtin::Min || b == Builtin::Max || b == Builtin::Pow) ? 2 : 1;
  if (e.args.size() != want) {
    error(e.loc, "'" + e.callee + "' takes " + std::to_string(want) +
                     (want == 1 ? " argument" : " arguments"));
    return;
  }
  bool good = true;
  for (auto &a : e.args) {
    checkExpr(*a, ctx);
    if (a->type == ScalarType::Invalid) {
      good = false;
      continue;
    }
    if (!isNumeric(a->type)) {
      error(a->loc, "argument of '" + e.callee + "' must be a number (have " +
                        toString(a->type) + ")");
      good = false;
    }
    e.parallel |= a->parallel;
    e.rank = std::max(e.rank, a->rank);
  }
  if (!good)
    return;
  ScalarType t = e.args[0]->type;
  switch (b) {
  case Builtin::Abs: e.type = t; break;
  case Builtin::Min:
  case Builtin::Max: e.type = promote(t, e.args[1]->type); break;
  case Builtin::Pow:
    e.type = promote(promote(t, e.args[1]->type), ScalarType::Float);
    if (e.type == ScalarType::Float && t == ScalarType::Integer)
      e.type = ScalarType::Double;
    break;
  case Builtin::ToDouble: e.type = ScalarType::Double; break;
  case Builtin::ToInteger: e.type = ScalarType::Integer; break;
  case Builtin::ToFloat: e.type = ScalarType::Float; break;
  default: e.type = t == ScalarType::Float ? ScalarType::Float : ScalarType::Double;
  }
}

void Sema::checkCall(CallExpr &e, const ExprCtx &ctx, bool asStatement) {
  Decl *d = lookup(e.callee);
  if (!d || (!isa<ProcDecl>(d) && builtinByName(e.callee) != Builtin::None)) {
    e.builtin = builtinByName(e.callee);
    if (e.builtin == Builtin::None) {
      error(e.loc, "use of undeclared procedure '" + e.callee + "'");
      return;
    }
    if (ctx.constOnly) {
      error(e.loc, std::string("a call cannot be used in ") + ctx.constWhat);
      return;
    }
    checkBuiltin(e, ctx);
    if (asStatement)
      error(e.loc, "the result of '" + e.callee + "' is unused");
    return;
  }
  auto *p = dyn_cast<ProcDecl>(d);
  if (!p) {
    error(e.loc, "'" + e.callee + "' is a " + d->kindName() + ", not a procedure");
    return;
  }
  e.proc = p;
  if (ctx.constOnly) {
    error(e.loc, std::string("a call cannot be used in ") + ctx.constWhat);
    return;
  }
  if (p == curProc && p->hasArrayParams)
    error(e.loc, "procedure '" + p->name +
                     "' has array parameters and cannot be recursive");
  if (e.args.size() != p->params.size()) {
    error(e.loc, "'" + p->name + "' takes " + std::to_string(p->params.size()) +
                     " argument(s) but " + std::to_string(e.args.size()) +
                     " were given");
    return;
  }
  for (size_t i = 0; i < e.args.size(); ++i) {
    VarDecl &param = *p->params[i];
    Expr &arg = *e.args[i];
    std::string which = "argument " + std::to_string(i + 1) + " of '" + p->name + "'";
    if (param.isArray) {
      VarDecl *v = resolveArrayName(arg, "an array parameter");
      if (!v)
        continue;
      if (param.rank && v->rank != param.rank)
        error(arg.loc, which + " must be an array of rank " +
                           std::to_string(param.rank) + " (have rank " +
                           std::to_string(v->rank) + ")");
      else if (v->elemType != param.elemType)
        error(arg.loc, which + " must be a " + toString(param.elemType) +
                           " array (have " + toString(v->elemType) + ")");
      continue;
    }
    checkExpr(arg, ctx);
    if (arg.type == ScalarType::Invalid)
      continue;
    if (arg.parallel) {
      error(arg.loc, which + " must be a scalar, not a parallel value");
      continue;
    }
    if (param.byRef) {
      auto *n = dyn_cast<NameExpr>(&arg);
      auto *v = n ? dyn_cast_or_null<VarDecl>(n->decl) : nullptr;
      if (!v || v->kind == Decl::Constant || v->kind == Decl::ConfigVar) {
        error(arg.loc, which + " is a 'var' parameter and needs a variable");
        continue;
      }
      if (v->elemType != param.elemType)
        error(arg.loc, which + " must be a " + toString(param.elemType) +
                           " variable (have " + toString(v->elemType) + ")");
      continue;
    }
    if (!assignable(param.elemType, arg.type))
      error(arg.loc, which + " must be " + toString(param.elemType) + " (have " +
                         toString(arg.type) + ")");
  }
  e.type = p->resultType;
  if (!asStatement && p->resultType == ScalarType::Void) {
    error(e.loc, "procedure '" + p->name + "' does not return a value");
    e.type = ScalarType::Invalid;
  }
}

VarDecl *Sema::resolveArrayName(Expr &e, const char *what) {
  auto *n = dyn_cast<NameExpr>(&e);
  if (!n) {
    error(e.loc, std::string(what) + " must be the name of a parallel array");
    return nullptr;
  }
  Decl *d = lookup(n->name);
  if (!d) {
    error(e.loc, "use of undeclared identifier '" + n->name + "'");
    return nullptr;
  }
  n->decl = d;
  auto *v = dyn_cast<VarDecl>(d);
  if (!v || !v->isArray) {
    error(e.loc, std::string(what) + " must be a parallel array; '" + n->name +
                     "' is " + (v ? "a scalar" : std::string("a ") + d->kindName()));
    return nullptr;
  }
  n->type = v->elemType;
  n->parallel = true;
  n->rank = v->rank;
  return v;
}

void Sema::checkShift(ShiftExpr &e, const ExprCtx &ctx) {
  const char *op = e.wrap ? "@^" : "@";
  auto *n = dyn_cast<NameExpr>(e.array.get());
  if (!n) {
    error(e.loc, std::string("'") + op + "' applies only to the name of a parallel array");
    return;
  }
  checkExpr(*n, ctx);
  if (n->type == ScalarType::Invalid)
    return;
  auto *v = dyn_cast_or_null<VarDecl>(n->decl);
  if (!v || !v->isArray) {
    error(e.loc, std::string("shift '") + op + "' applied to scalar '" + n->name +
                     "'; only parallel arrays can be shifted");
    return;
  }
  if (!resolveDir(*e.dir))
    return;
  if (e.dir->offsets.size() != v->rank) {
    error(e.dir->loc, "direction" +
                          (e.dir->name.empty() ? std::string()
                                               : " '" + e.dir->name + "'") +
                          " has rank " + std::to_string(e.dir->offsets.size()) +
                          " but array '" + v->name + "' has rank " +
                          std::to_string(v->rank));
    return;
  }
  e.type = v->elemType;
  e.parallel = true;
  e.rank = v->rank;
}

static bool reduceOpAccepts(ReduceOp op, ScalarType t) {
  if (op == ReduceOp::And || op == ReduceOp::Or)
    return t == ScalarType::Boolean;
  return isNumeric(t);
}

void Sema::checkReduce(ReduceExpr &e, const ExprCtx &ctx) {
  ExprCtx inner = ctx;
  if (e.region) {
    if (!checkRegion(*e.region, ctx))
      return;
    inner.regionRank = e.region->rank;
    if (ctx.regionRank && e.region->rank != ctx.regionRank) {
      error(e.region->loc, "rank mismatch: a partial reduction's region has rank " +
                               std::to_string(e.region->rank) +
                               " but the enclosing region scope has rank " +
                               std::to_string(ctx.regionRank));
      return;
    }
  }
  checkExpr(*e.operand, inner);
  ScalarType t = e.operand->type;
  if (t == ScalarType::Invalid)
    return;
  if (!e.operand->parallel) {
    error(e.loc, std::string("reduction '") + toString(e.op) +
                     "<<' needs a parallel operand");
    return;
  }
  if (!reduceOpAccepts(e.op, t)) {
    error(e.loc, std::string("reduction '") + toString(e.op) + "<<' cannot reduce " +
                     toString(t) + " values");
    return;
  }
  e.type = t;
  if (e.region && ctx.regionRank) {
    e.parallel = true; // reduced to the shape of the enclosing scope
    e.rank = ctx.regionRank;
  }
}

void Sema::checkScan(ScanExpr &e, const ExprCtx &ctx) {
  checkExpr(*e.operand, ctx);
  ScalarType t = e.operand->type;
  if (t == ScalarType::Invalid)
    return;
  if (!e.operand->parallel) {
    error(e.loc, std::string("scan '") + toString(e.op) + "||' needs a parallel operand");
    return;
  }
  if (!reduceOpAccepts(e.op, t)) {
    error(e.loc, std::string("scan '") + toString(e.op) + "||' cannot scan " +
                     toString(t) + " values");
    return;
  }
  if (e.dim && e.operand->rank && e.dim > e.operand->rank) {
    error(e.loc, "scan dimension " + std::to_string(e.dim) +
                     " exceeds the rank " + std::to_string(e.operand->rank));
    return;
  }
  e.type = t;
  e.parallel = true;
  e.rank = e.operand->rank;
}

void Sema::checkFlood(FloodExpr &e, const ExprCtx &ctx) {
  if (!checkRegion(*e.region, ctx))
    return;
  if (ctx.regionRank && e.region->rank != ctx.regionRank) {
    error(e.region->loc, "rank mismatch: the flood region has rank " +
                             std::to_string(e.region->rank) +
                             " but the enclosing region scope has rank " +
                             std::to_string(ctx.regionRank));
    return;
  }
  ExprCtx inner = ctx;
  inner.regionRank = e.region->rank;
  checkExpr(*e.operand, inner);
  if (e.operand->type == ScalarType::Invalid)
    return;
  if (!e.operand->parallel) {
    error(e.loc, "flood '>>' needs a parallel operand");
    return;
  }
  e.type = e.operand->type;
  e.parallel = true;
  e.rank = e.region->rank;
  if (ctx.regionRank == 0)
    parallelWithoutScope = true;
}

void Sema::checkRemap(RemapExpr &e, const ExprCtx &ctx) {
  VarDecl *v = resolveArrayName(*e.array, "the source of a remap '#'");
  bool good = v != nullptr;
  for (auto &i : e.indices) {
    checkExpr(*i, ctx);
    if (i->type == ScalarType::Invalid) {
      good = false;
      continue;
    }
    if (i->type != ScalarType::Integer) {
      error(i->loc, std::string("remap indices must be integer (have ") +
                        toString(i->type) + ")");
      good = false;
    }
  }
  if (!good)
    return;
  if (v->rank && e.indices.size() != v->rank) {
    error(e.loc, "remap of array '" + v->name + "' of rank " +
                     std::to_string(v->rank) + " needs " + std::to_string(v->rank) +
                     " index arrays (have " + std::to_string(e.indices.size()) + ")");
    return;
  }
  e.type = v->elemType;
  e.parallel = true;
  e.rank = ctx.regionRank ? ctx.regionRank : v->rank;
  if (ctx.regionRank == 0)
    parallelWithoutScope = true;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

void Sema::checkStmts(StmtList &stmts) {
  for (auto &s : stmts)
    if (s)
      checkStmt(*s);
}

void Sema::checkCondition(Expr &e, const char *what) {
  checkExpr(e, stmtCtx());
  if (e.type == ScalarType::Invalid)
    return;
  if (e.parallel) {
    error(e.loc, std::string("the condition of ") + what +
                     " must be a scalar, not a parallel value (use a reduction)");
    parallelWithoutScope = false;
    return;
  }
  if (e.type != ScalarType::Boolean)
    error(e.loc, std::string("the condition of ") + what + " must be boolean (have " +
                     toString(e.type) + ")");
}

void Sema::checkAssign(AssignStmt &s) {
  ExprCtx ctx = stmtCtx();
  // Target.
  VarDecl *target = nullptr;
  bool scatter = false;
  if (auto *rm = dyn_cast<RemapExpr>(s.target.get())) {
    scatter = true;
    checkRemap(*rm, ctx);
    if (auto *n = dyn_cast<NameExpr>(rm->array.get()))
      target = dyn_cast_or_null<VarDecl>(n->decl);
    if (rm->type == ScalarType::Invalid)
      target = nullptr;
  } else {
    auto *n = cast<NameExpr>(s.target.get());
    Decl *d = lookup(n->name);
    if (!d) {
      error(n->loc, "use of undeclared identifier '" + n->name + "'");
    } else {
      n->decl = d;
      auto *v = dyn_cast<VarDecl>(d);
      if (!v) {
        error(n->loc, "cannot assign to " + std::string(d->kindName()) + " '" +
                          n->name + "'");
      } else if (v->kind == Decl::Constant || v->kind == Decl::ConfigVar) {
        error(n->loc, "cannot assign to " + std::string(v->kindName()) + " '" +
                          n->name + "'");
      } else {
        target = v;
        checkName(*n, ctx);
      }
    }
  }
  checkExpr(*s.value, ctx);
  if (!target || s.value->type == ScalarType::Invalid)
    return;
  ScalarType tt = target->elemType, vt = s.value->type;
  if (s.op != AssignOp::Assign && (!isNumeric(tt) || !isNumeric(vt))) {
    error(s.loc, std::string("'") + toString(s.op) + "' needs numeric operands (have " +
                     toString(tt) + " and " + toString(vt) + ")");
    return;
  }
  if (!assignable(tt, vt)) {
    error(s.value->loc, std::string("cannot assign a ") + toString(vt) +
                            " value to " + toString(tt) + " '" + target->name + "'" +
                            (tt == ScalarType::Integer && isReal(vt)
                                 ? " (convert with integer())"
                                 : ""));
    return;
  }
  if (!target->isArray && !scatter && s.value->parallel) {
    error(s.value->loc, "cannot assign a parallel value to scalar '" + target->name +
                            "' (use a reduction)");
    parallelWithoutScope = false;
    return;
  }
  if (target->isArray && s.value->parallel && scopeRank && s.value->rank &&
      s.value->rank != scopeRank)
    error(s.value->loc, "rank mismatch: the value has rank " +
                            std::to_string(s.value->rank) +
                            " but the region scope has rank " +
                            std::to_string(scopeRank));
}

void Sema::checkStmt(Stmt &s) {
  s.scope = scope;
  beginStmt();
  switch (s.kind) {
  case Stmt::Scoped: {
    auto &ss = cast<ScopedStmt>(s);
    ExprCtx ctx = stmtCtx();
    bool good = checkRegion(*ss.region, ctx);
    parallelWithoutScope = false;
    const RegionExpr *savedScope = scope;
    unsigned savedRank = scopeRank;
    if (good) {
      scope = ss.region.get();
      scopeRank = ss.region->rank;
    }
    ss.scope = scope;
    if (ss.body)
      checkStmt(*ss.body);
    scope = savedScope;
    scopeRank = savedRank;
    return;
  }
  case Stmt::Block:
    checkStmts(cast<BlockStmt>(s).body);
    return;
  case Stmt::Assign:
    checkAssign(cast<AssignStmt>(s));
    break;
  case Stmt::If: {
    auto &is = cast<IfStmt>(s);
    for (auto &cl : is.clauses) {
      beginStmt();
      checkCondition(*cl.cond, "'if'");
      endStmt(s);
      checkStmts(cl.body);
    }
    checkStmts(is.elseBody);
    return;
  }
  case Stmt::For: {
    auto &fs = cast<ForStmt>(s);
    ExprCtx ctx = stmtCtx();
    Decl *d = lookup(fs.var->name);
    if (!d) {
      error(fs.var->loc, "use of undeclared identifier '" + fs.var->name + "'");
    } else {
      fs.var->decl = d;
      auto *v = dyn_cast<VarDecl>(d);
      if (!v || v->isArray || v->elemType != ScalarType::Integer ||
          v->kind == Decl::Constant || v->kind == Decl::ConfigVar)
        error(fs.var->loc, "the loop variable '" + fs.var->name +
                               "' must be an integer scalar variable");
      else
        checkName(*fs.var, ctx);
    }
    checkScalarOf(*fs.lo, ScalarType::Integer, "a loop bound", ctx);
    checkScalarOf(*fs.hi, ScalarType::Integer, "a loop bound", ctx);
    if (fs.step)
      checkScalarOf(*fs.step, ScalarType::Integer, "a loop step", ctx);
    parallelWithoutScope = false;
    ++loopDepth;
    checkStmts(fs.body);
    --loopDepth;
    return;
  }
  case Stmt::While: {
    auto &ws = cast<WhileStmt>(s);
    checkCondition(*ws.cond, "'while'");
    endStmt(s);
    ++loopDepth;
    checkStmts(ws.body);
    --loopDepth;
    return;
  }
  case Stmt::Repeat: {
    auto &rs = cast<RepeatStmt>(s);
    ++loopDepth;
    checkStmts(rs.body);
    --loopDepth;
    beginStmt();
    checkCondition(*rs.cond, "'until'");
    endStmt(s);
    return;
  }
  case Stmt::Exit:
  case Stmt::Continue:
    if (loopDepth == 0)
      error(s.loc, std::string("'") + (s.kind == Stmt::Exit ? "exit" : "continue") +
                       "' outside a loop");
    return;
  case Stmt::Halt:
    return;
  case Stmt::Return: {
    auto &rs = cast<ReturnStmt>(s);
    ScalarType want = curProc ? curProc->resultType : ScalarType::Void;
    if (!rs.value) {
      if (want != ScalarType::Void)
        error(s.loc, "procedure '" + curProc->name + "' must return a " +
                         toString(want) + " value");
      return;
    }
    checkExpr(*rs.value, stmtCtx());
    if (rs.value->type == ScalarType::Invalid)
      break;
    if (want == ScalarType::Void)
      error(rs.value->loc, "procedure '" + curProc->name + "' does not return a value");
    else if (rs.value->parallel) {
      error(rs.value->loc, "a procedure returns a scalar, not a parallel value");
      parallelWithoutScope = false;
    } else if (!assignable(want, rs.value->type))
      error(rs.value->loc, std::string("cannot return a ") +
                               toString(rs.value->type) + " value from a procedure "
                               "returning " + toString(want));
    break;
  }
  case Stmt::Wrap:
  case Stmt::Reflect: {
    auto &bs = cast<BoundaryStmt>(s);
    const char *kw = bs.isWrap() ? "wrap" : "reflect";
    if (!scope || scope->kind != RegionExpr::Of) {
      error(s.loc, std::string("'") + kw +
                       "' needs an 'of' region scope, e.g. [east of R] " + kw + " A;");
      return;
    }
    for (auto &n : bs.arrays) {
      VarDecl *v = resolveArrayName(*n, (std::string("the operand of '") + kw + "'").c_str());
      if (v && v->rank != scopeRank)
        error(n->loc, "rank mismatch: array '" + v->name + "' has rank " +
                          std::to_string(v->rank) + " but the region has rank " +
                          std::to_string(scopeRank));
    }
    return;
  }
  case Stmt::Write: {
    auto &ws = cast<WriteStmt>(s);
    ExprCtx ctx = stmtCtx();
    ctx.allowString = true;
    for (auto &a : ws.args) {
      checkExpr(*a.value, ctx);
      if (a.hasFormat && a.value->type == ScalarType::String)
        error(a.value->loc, "a format applies to a number or a boolean, not a string");
    }
    break;
  }
  case Stmt::Call: {
    auto &cs = cast<CallStmt>(s);
    checkCall(*cs.call, stmtCtx(), true);
    break;
  }
  }
  endStmt(s);
}

} // namespace

bool zpl::runSema(Program &program, DiagnosticEngine &diags) {
  Sema sema(program, diags);
  return sema.run();
}
