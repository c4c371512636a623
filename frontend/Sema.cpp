//===- Sema.cpp - names, kinds, types, ranks, scalar vs parallel ----------===//
//
// Checks a ZPL program and fills the [Sema] fields of the AST (see AST.h).
// This file: the program, its declarations and procedures, regions and
// directions; expressions are checked in SemaExpr.cpp, statements in
// SemaStmt.cpp.
//===----------------------------------------------------------------------===//
#include "frontend/SemaInternal.h"

namespace zpl {
namespace sema {

//===----------------------------------------------------------------------===//
// Program and declarations
//===----------------------------------------------------------------------===//

bool Sema::run() {
  long index = 0;
  for (auto &d : prog.decls) {
    declIndex[d.get()] = index++;
    declare(globals, d.get());
  }
  // Headers first so that calls may refer to later procedures. A family
  // inserts its elements after it, checked next.
  for (size_t at = 0; at < prog.decls.size(); ++at) {
    Decl *d = prog.decls[at].get();
    long i = declIndex[d];
    if (d->family) {
      expandFamily(at);
      continue;
    }
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
  describeFamilies();
  findCallerScopes();
  for (auto &d : prog.decls)
    if (auto *p = dyn_cast<ProcDecl>(d.get()))
      checkProcBody(*p);
  checkCallerScopes();
  checkPromotions();
  markInPlaceWraps(prog);

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

void Sema::checkType(VarDecl &v, long declLimit) {
  TypeSpec &t = v.type;
  v.elemType = t.elem;
  v.isArray = t.isArray;
  v.isIndexed = t.isIndexed;
  if (t.isIndexed) {
    checkIndexedType(v, declLimit);
    return;
  }
  if (t.elem == ScalarType::File && t.isArray)
    error(t.loc, "an array cannot hold files; declare '" + v.name +
                     "' as 'var " + v.name + " : file'");
  else if (t.elem == ScalarType::File &&
           (v.kind == Decl::ConfigVar || v.kind == Decl::Constant))
    error(v.loc, std::string("a ") + v.kindName() + " cannot be a file ('" +
                     v.name + "')");
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

void Sema::checkIndexedType(VarDecl &v, long declLimit) {
  TypeSpec &t = v.type;
  if (v.kind != Decl::Var) {
    error(v.loc, std::string("a ") + v.kindName() +
                     " cannot be an indexed array ('" + v.name + "')");
    return;
  }
  if (t.elem == ScalarType::File)
    error(t.loc, "an indexed array cannot hold files");
  if (t.bounds.size() > 2)
    error(t.loc, "an indexed array has one or two dimensions (have " +
                     std::to_string(t.bounds.size()) + ")");
  // Like region bounds: config vars and constants, evaluated at start-up.
  ExprCtx c;
  c.constOnly = true;
  c.constWhat = "the bounds of an indexed array";
  c.declLimit = declLimit;
  for (IndexedDim &d : t.bounds) {
    checkScalarOf(*d.lo, ScalarType::Integer, "a bound of an indexed array", c);
    checkScalarOf(*d.hi, ScalarType::Integer, "a bound of an indexed array", c);
  }
}

void Sema::checkVarDecl(VarDecl &v, long index) {
  // A global's type is evaluated with the scalars, in program order.
  checkType(v, v.isGlobal() ? index : -1);
  if (!v.init) // never a config var or constant: ZPL.g4 requires their '= expr'
    return;
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
  if (v.isIndexed) {
    error(v.init->loc, "an indexed array cannot have an initializer; assign "
                       "its elements");
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
  foldDirection(d.components, d.offsets, d.runTime, false);
}

/// Folds the components of a direction into `offsets`. A scalar integer
/// component that does not fold (config vars; with `constOnly` false also
/// parameters and locals) makes the direction a run-time one (`runTime`,
/// offsets all 0); anything else that does not fold is an error. A stride
/// (`uniform`) must fold.
bool Sema::foldDirection(std::vector<ExprPtr> &components,
                         std::vector<int64_t> &offsets, bool &runTime,
                         bool uniform, bool constOnly) {
  bool good = true;
  offsets.clear();
  runTime = false;
  for (auto &c : components) {
    ExprCtx ctx;
    ctx.constOnly = constOnly;
    ctx.constWhat = uniform ? "a stride" : "a direction";
    checkExpr(*c, ctx);
    int64_t v = 0;
    if (foldInt(c.get(), v)) {
      offsets.push_back(v);
      continue;
    }
    offsets.push_back(0);
    if (c->type == ScalarType::Integer && !c->parallel) {
      runTime = true;
      continue;
    }
    if (c->type != ScalarType::Invalid)
      error(c->loc, uniform ? "a stride must be a constant integer"
                            : "direction components must be integers");
    good = false;
  }
  if (!good)
    runTime = false;
  return good;
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
    if (p.returnType.isArray || p.returnType.isIndexed)
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
    if (v->family)
      error(v->loc, "a family is declared outside every procedure ('" +
                        v->name + "')");
    declare(locals, v.get());
    checkVarDecl(*v, -1);
  }
  scope = nullptr;
  scopeRank = 0;
  loopDepth = 0;
  if (p.callerScope) {
    scope = p.callerScope.get();
    scopeRank = p.callerScope->rank;
  }
  checkStmts(p.body);
  curProc = nullptr;
  locals.clear();
}

unsigned Sema::namedArrayRank(const Expr *e) {
  auto *n = dyn_cast_or_null<NameExpr>(e);
  auto *v = n ? dyn_cast_or_null<VarDecl>(n->decl ? n->decl : lookup(n->name)) : nullptr;
  return v && v->isArray && !v->isIndexed ? v->rank : 0;
}

unsigned Sema::scopedReductionRank(const Expr *e) {
  unsigned rank = 0;
  walkExpr(e, [&](const Expr &x) {
    auto *r = dyn_cast<ReduceExpr>(&x);
    if (rank || !r || r->region)
      return;
    walkExpr(r->operand.get(), [&](const Expr &y) {
      if (!rank)
        rank = namedArrayRank(&y);
    });
  });
  return rank;
}

unsigned Sema::callerScopeRank(const StmtList &body) {
  for (const auto &s : body) {
    if (!s)
      continue;
    unsigned rank = 0;
    switch (s->kind) {
    case Stmt::Assign: {
      rank = namedArrayRank(cast<AssignStmt>(*s).target.get());
      if (!rank)
        rank = scopedReductionRank(cast<AssignStmt>(*s).value.get());
      break;
    }
    case Stmt::Return:
      rank = scopedReductionRank(cast<ReturnStmt>(*s).value.get());
      break;
    case Stmt::Write:
      for (const WriteArg &a : cast<WriteStmt>(*s).args)
        if ((rank = namedArrayRank(a.value.get())))
          break;
      break;
    case Stmt::Call: {
      auto *p = dyn_cast_or_null<ProcDecl>(lookup(cast<CallStmt>(*s).call->callee));
      rank = p && p->callerScope ? p->callerScope->rank : 0;
      break;
    }
    case Stmt::Block: rank = callerScopeRank(cast<BlockStmt>(*s).body); break;
    case Stmt::If: {
      auto &is = cast<IfStmt>(*s);
      for (const IfClause &c : is.clauses)
        if ((rank = callerScopeRank(c.body)))
          break;
      if (!rank)
        rank = callerScopeRank(is.elseBody);
      break;
    }
    case Stmt::For: rank = callerScopeRank(cast<ForStmt>(*s).body); break;
    case Stmt::While: rank = callerScopeRank(cast<WhileStmt>(*s).body); break;
    case Stmt::Repeat: rank = callerScopeRank(cast<RepeatStmt>(*s).body); break;
    default: break; // a scoped statement has a scope of its own
    }
    if (rank)
      return rank;
  }
  return 0;
}

void Sema::findCallerScopes() {
  // To a fixed point: calling such a procedure outside a scope makes one.
  for (bool changed = true; changed;) {
    changed = false;
    for (auto &d : prog.decls) {
      auto *p = dyn_cast<ProcDecl>(d.get());
      // The entry procedure has no caller whose scope it could run under.
      if (!p || p->callerScope || p->name == prog.name)
        continue;
      curProc = p;
      locals.clear();
      // As checkProcBody declares them, without its redeclaration errors.
      for (auto &param : p->params)
        locals.emplace(param->name, param.get());
      for (auto &v : p->locals)
        locals.emplace(v->name, v.get());
      unsigned rank = callerScopeRank(p->body);
      curProc = nullptr;
      if (!rank)
        continue;
      p->callerScope = std::make_unique<RegionExpr>();
      p->callerScope->kind = RegionExpr::Named;
      p->callerScope->loc = p->loc;
      p->callerScope->name = "the caller's scope";
      p->callerScope->rank = rank;
      changed = true;
    }
  }
  locals.clear();
}

void Sema::checkCallerScopes() {
  for (const ScopedCall &c : procedureCalls) {
    const ProcDecl *p = c.call->proc;
    if (!p || !p->callerScope)
      continue;
    std::string what = "procedure '" + p->name + "' runs its array statements under the "
                       "region scope of its caller (rank " +
                       std::to_string(p->callerScope->rank) + ")";
    if (!c.scope)
      error(c.call->loc, what + "; call it under a scope, e.g. '[R] " + p->name + "(...);'");
    else if (c.rank != p->callerScope->rank)
      error(c.call->loc, what + ", but this call is under a scope of rank " +
                             std::to_string(c.rank));
    else if (c.scope->mask)
      error(c.call->loc, what + "; it cannot be called under a mask ('with' or 'without')");
  }
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
    std::optional<int64_t> r =
        u->op == UnaryOp::Neg ? llvm::checkedSub<int64_t>(0, v) : v;
    if (r)
      out = *r;
    return r.has_value();
  }
  if (auto *c = dyn_cast<CallExpr>(e))
    return foldShift(*c, out);
  if (auto *b = dyn_cast<BinaryExpr>(e)) {
    int64_t l, r;
    if (!foldInt(b->lhs.get(), l) || !foldInt(b->rhs.get(), r))
      return false;
    std::optional<int64_t> v = foldIntOp(b->op, l, r);
    if (v)
      out = *v;
    return v.has_value();
  }
  return false;
}

/// `bsl(a, s)` and `bsr(a, s)` of constants (a family's strides are often
/// powers of two), for shifts of 0..63 (others stop the program).
bool Sema::foldShift(const CallExpr &c, int64_t &out) {
  if ((c.builtin != Builtin::Bsl && c.builtin != Builtin::Bsr) ||
      c.args.size() != 2)
    return false;
  int64_t a, s;
  if (!foldInt(c.args[0].get(), a) || !foldInt(c.args[1].get(), s) || s < 0 ||
      s > 63)
    return false;
  // bsl drops the bits shifted out; bsr copies the sign bit.
  out = c.builtin == Builtin::Bsl ? int64_t(uint64_t(a) << s) : a >> s;
  return true;
}

/// `l op r` for the integer operators that fold; none on overflow, on a zero
/// divisor, or for an operator that does not fold.
std::optional<int64_t> Sema::foldIntOp(BinaryOp op, int64_t l, int64_t r) {
  switch (op) {
  case BinaryOp::Add: return llvm::checkedAdd(l, r);
  case BinaryOp::Sub: return llvm::checkedSub(l, r);
  case BinaryOp::Mul: return llvm::checkedMul(l, r);
  case BinaryOp::Div:
  case BinaryOp::Mod:
    if (r == 0 || (l == std::numeric_limits<int64_t>::min() && r == -1))
      return std::nullopt;
    return op == BinaryOp::Div ? l / r : l % r;
  default: return std::nullopt;
  }
}

/// Integer division by a constant zero, and constant integer operations
/// whose result does not fit in 64 bits, are errors at the operator.
void Sema::checkConstantArithmetic(BinaryExpr &e) {
  if (e.type != ScalarType::Integer)
    return;
  int64_t l, r;
  bool lhsConst = foldInt(e.lhs.get(), l), rhsConst = foldInt(e.rhs.get(), r);
  if ((e.op == BinaryOp::Div || e.op == BinaryOp::Mod) && rhsConst && r == 0) {
    error(e.loc, e.op == BinaryOp::Div ? "integer division by zero"
                                       : "integer remainder by zero");
    return;
  }
  if (lhsConst && rhsConst && !foldIntOp(e.op, l, r) &&
      (e.op == BinaryOp::Add || e.op == BinaryOp::Sub ||
       e.op == BinaryOp::Mul || e.op == BinaryOp::Div ||
       e.op == BinaryOp::Mod))
    error(e.loc, std::string("integer overflow in constant expression ('") +
                     toString(e.op) + "' of " + std::to_string(l) + " and " +
                     std::to_string(r) + ")");
}

bool Sema::resolveDir(DirRef &d, bool constOnly) {
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
    d.runTime = dir->runTime;
    return true;
  }
  bool good =
      foldDirection(d.components, d.offsets, d.runTime, d.uniform, constOnly);
  if (d.offsets.size() > 3) {
    error(d.loc, "a direction has 1, 2 or 3 components");
    good = false;
  }
  return good;
}

/// `[R by s]` with `s` an integer (not a direction) is the stride `s` in
/// every dimension, like `[R by 2]`.
void Sema::treatScalarStrideAsUniform(DirRef &d) {
  if (d.name.empty())
    return;
  auto *v = dyn_cast_or_null<VarDecl>(lookup(d.name));
  if (!v || v->isArray || v->isIndexed)
    return;
  d.uniform = true;
  d.components.push_back(std::make_unique<NameExpr>(d.loc, d.name));
  d.name.clear();
}

void Sema::checkBandOnLattice(const RegionExpr &r) {
  std::vector<int64_t> stride = strideOf(*r.base);
  const std::vector<int64_t> &d = r.dir->offsets;
  if (stride.size() != d.size())
    return;
  for (size_t k = 0; k < d.size(); ++k)
    if (stride[k] > 1 && d[k] % stride[k] != 0) {
      error(r.dir->loc, std::string("'") + (r.kind == RegionExpr::Of ? "of" : "in") +
                            "' on a region of stride " + vectorText(stride) +
                            " needs a direction whose components are multiples of the "
                            "stride (have " + vectorText(d) + ")");
      return;
    }
}

bool Sema::checkRegion(RegionExpr &r, const ExprCtx &outer) {
  ExprCtx bctx; // bounds: scalar integer expressions
  bctx.constOnly = outer.constOnly;
  bctx.constWhat = outer.constWhat;
  bool good = true;
  switch (r.kind) {
  case RegionExpr::Named:
    if (!resolveRegionName(r, outer))
      return false;
    if (r.kind == RegionExpr::Literal) // `[i]`, rewritten
      return checkRegion(r, outer);
    break;
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
  case RegionExpr::By:
    good = checkDirectedRegion(r, outer);
    break;
  }
  if (r.mask) {
    ExprCtx mctx;
    mctx.regionRank = r.rank;
    mctx.region = &r;
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

bool Sema::resolveRegionName(RegionExpr &r, const ExprCtx &ctx) {
  if (r.selects)
    return resolveFamilyRegion(r, ctx);
  Decl *d = lookup(r.name);
  if (!d) {
    error(r.loc, "use of undeclared region '" + r.name + "'");
    return false;
  }
  if (d->family) {
    error(r.loc, "'" + r.name + "' is a family: select one of its elements, "
                 "as in '" + r.name + "{i}'");
    return false;
  }
  if (auto *rd = dyn_cast<RegionDecl>(d)) {
    r.decl = rd;
    r.rank = rd->rank;
    return true;
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
    return true;
  }
  error(r.loc, "'" + r.name + "' is " +
                   (v ? std::string("an array") : std::string("a ") + d->kindName()) +
                   ", not a region");
  return false;
}

bool Sema::checkDirectedRegion(RegionExpr &r, const ExprCtx &outer) {
  ExprCtx inner = outer;
  bool good = checkRegion(*r.base, inner);
  r.rank = r.base->rank;
  if (r.base->mask) {
    error(r.base->mask->loc, std::string("a mask applies to a whole region: write '") +
                                 (r.base->maskWithout ? "without" : "with") +
                                 "' after the outermost region, not inside it");
    good = false;
  }
  if (r.kind == RegionExpr::By)
    treatScalarStrideAsUniform(*r.dir);
  if (!resolveDir(*r.dir, outer.constOnly))
    return false;
  if (r.dir->uniform && r.base->rank)
    r.dir->offsets.assign(r.base->rank, r.dir->offsets.front());
  if (r.base->rank && r.dir->offsets.size() != r.base->rank) {
    error(r.dir->loc, "direction" +
                          (r.dir->name.empty() ? std::string()
                                               : " '" + r.dir->name + "'") +
                          " has rank " + std::to_string(r.dir->offsets.size()) +
                          " but the region has rank " +
                          std::to_string(r.base->rank));
    good = false;
  }
  // reported, but the region still serves as a scope (no follow-on errors)
  if (good && (r.kind == RegionExpr::Of || r.kind == RegionExpr::In))
    checkBandOnLattice(r);
  if (r.kind == RegionExpr::By && !r.dir->runTime)
    for (int64_t s : r.dir->offsets)
      if (s <= 0) {
        error(r.dir->loc, "the strides of 'by' must be positive");
        good = false;
        break;
      }
  return good;
}

} // namespace sema
} // namespace zpl

bool zpl::runSema(ast::Program &program, DiagnosticEngine &diags) {
  sema::Sema sema(program, diags);
  return sema.run();
}
