//===- SemaExpr.cpp - expressions -----------------------------------------===//
//
// Types, ranks and scalar vs parallel of expressions; calls and builtins.
//===----------------------------------------------------------------------===//
#include "frontend/SemaInternal.h"

#include <algorithm>

namespace zpl {
namespace sema {

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
  case Expr::Subscript: checkSubscript(cast<SubscriptExpr>(e), ctx); return;
  }
}

void Sema::checkName(NameExpr &e, const ExprCtx &ctx) {
  Decl *d = lookupName(e, ctx);
  if (!d)
    return;
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
  if (v->isIndexed) {
    error(e.loc, "indexed array '" + e.name + "' is used without an index "
                 "(write '" + e.name + "[i]')");
    return;
  }
  e.type = v->elemType;
  e.parallel = v->isArray;
  e.rank = v->isArray ? v->rank : 0;
  if (v->isArray) {
    if (ctx.regionRank == 0)
      parallelWithoutScope = true;
    else if (v->rank && v->rank != ctx.regionRank)
      error(e.loc, "rank mismatch: array '" + (e.selects ? v->name : e.name) +
                       "' has rank " +
                       std::to_string(v->rank) + " but the region has rank " +
                       std::to_string(ctx.regionRank));
    else
      checkStrideAlignment(e, *v, ctx);
  }
}

VarDecl *Sema::checkSubscript(SubscriptExpr &e, const ExprCtx &ctx) {
  NameExpr &n = *e.array;
  Decl *d = lookup(n.name);
  if (!d) {
    error(n.loc, "use of undeclared identifier '" + n.name + "'");
    return nullptr;
  }
  n.decl = d;
  auto *v = dyn_cast<VarDecl>(d);
  if (!v || !v->isIndexed) {
    error(n.loc, "'" + n.name + "' is " +
                     (v && v->isArray ? std::string("a parallel array")
                                      : std::string("a ") + d->kindName()) +
                     ", not an indexed array: it takes no index" +
                     (v && v->isArray ? " (a gather is written '" + n.name +
                                            "#[...]')"
                                      : ""));
    return nullptr;
  }
  if (ctx.constOnly) {
    error(e.loc, std::string(ctx.constWhat) +
                     " may only use config vars and constants ('" + n.name +
                     "' is an indexed array)");
    return nullptr;
  }
  bool ok = true;
  if (e.indices.size() != v->type.bounds.size()) {
    error(e.loc, "indexed array '" + n.name + "' has " +
                     std::to_string(v->type.bounds.size()) + " dimension" +
                     (v->type.bounds.size() == 1 ? "" : "s") + " but " +
                     std::to_string(e.indices.size()) +
                     (e.indices.size() == 1 ? " index is" : " indices are") +
                     " given");
    ok = false;
  }
  for (auto &i : e.indices)
    if (!checkScalarOf(*i, ScalarType::Integer, "the index of an indexed array",
                       ctx))
      ok = false;
  if (!ok)
    return nullptr;
  e.type = v->elemType;
  return v;
}

std::vector<int64_t> Sema::strideOf(const RegionExpr &r, unsigned depth) {
  if (depth > 64) // a (malformed) cycle of region declarations
    return {};
  switch (r.kind) {
  case RegionExpr::Named:
    return r.decl && r.decl->region ? strideOf(*r.decl->region, depth + 1)
                                    : std::vector<int64_t>();
  case RegionExpr::Literal: {
    // 0 for a single index or a flood dimension: one index, on any lattice
    std::vector<int64_t> s;
    for (const RegionDim &dim : r.dims)
      s.push_back(dim.kind == RegionDim::Range ? 1 : 0);
    return s;
  }
  case RegionExpr::Of:
  case RegionExpr::In:
  case RegionExpr::At:
    return r.base ? strideOf(*r.base, depth + 1) : std::vector<int64_t>();
  case RegionExpr::By: {
    std::vector<int64_t> s = r.base ? strideOf(*r.base, depth + 1)
                                    : std::vector<int64_t>();
    if (!r.dir || s.size() != r.dir->offsets.size())
      return {};
    for (size_t k = 0; k < s.size(); ++k)
      s[k] *= r.dir->offsets[k];
    return s;
  }
  }
  return {};
}

std::vector<std::optional<int64_t>> Sema::latticeBaseOf(const RegionExpr &r,
                                                        unsigned depth) {
  if (depth > 64)
    return {};
  switch (r.kind) {
  case RegionExpr::Named:
    return r.decl && r.decl->region ? latticeBaseOf(*r.decl->region, depth + 1)
                                    : std::vector<std::optional<int64_t>>();
  case RegionExpr::Literal: {
    std::vector<std::optional<int64_t>> base;
    for (const RegionDim &dim : r.dims) {
      int64_t lo;
      bool known = dim.kind == RegionDim::Range && foldInt(dim.lo.get(), lo);
      base.push_back(known ? std::optional<int64_t>(lo) : std::nullopt);
    }
    return base;
  }
  case RegionExpr::At: { // translated by d
    auto base = r.base ? latticeBaseOf(*r.base, depth + 1)
                       : std::vector<std::optional<int64_t>>();
    if (!r.dir || base.size() != r.dir->offsets.size())
      return {};
    for (size_t k = 0; k < base.size(); ++k)
      if (base[k] && r.dir->runTime)
        base[k].reset();
      else if (base[k])
        *base[k] += r.dir->offsets[k];
    return base;
  }
  case RegionExpr::Of: // bands and subsets keep the base's lattice
  case RegionExpr::In:
  case RegionExpr::By:
    return r.base ? latticeBaseOf(*r.base, depth + 1)
                  : std::vector<std::optional<int64_t>>();
  }
  return {};
}


void Sema::checkStrideAlignment(const NameExpr &e, const VarDecl &v,
                                const ExprCtx &ctx) {
  if (!v.region || !ctx.region)
    return;
  std::vector<int64_t> own = strideOf(*v.region), over = strideOf(*ctx.region);
  if (own.size() != over.size() || isUnitStride(own))
    return;
  for (size_t k = 0; k < own.size(); ++k)
    if (own[k] > 0 && over[k] > 0 && over[k] % own[k] != 0) {
      error(e.loc, "array '" + v.name + "' over a region of stride " + vectorText(own) +
                       " is used over a region of stride " + vectorText(over) +
                       ", which has indices outside it (the stride must be a multiple)");
      return;
    }
  auto ownBase = latticeBaseOf(*v.region), overBase = latticeBaseOf(*ctx.region);
  if (ownBase.size() != own.size() || overBase.size() != own.size())
    return;
  for (size_t k = 0; k < own.size(); ++k)
    if (own[k] > 1 && over[k] > 0 && ownBase[k] && overBase[k] &&
        (*overBase[k] - *ownBase[k]) % own[k] != 0) {
      error(e.loc, "array '" + v.name + "' holds indices " + std::to_string(*ownBase[k]) +
                       " + multiples of " + std::to_string(own[k]) + " in dimension " +
                       std::to_string(k + 1) + " but is used over a region starting at " +
                       std::to_string(*overBase[k]) + ", off that lattice");
      return;
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
  int64_t v;
  if (e.op == UnaryOp::Neg && t == ScalarType::Integer &&
      foldInt(e.operand.get(), v) && v == std::numeric_limits<int64_t>::min())
    error(e.loc, "integer overflow in constant expression (negation of " +
                     std::to_string(v) + ")");
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
    // int32 quotients and powers are computed in 64 bits, where a zero
    // divisor is checked and INT32_MIN / -1 fits.
    if (e.type == ScalarType::Int32 && (e.op == BinaryOp::Div || e.op == BinaryOp::Pow))
      e.type = ScalarType::Integer;
    checkConstantArithmetic(e);
    return;
  case BinaryOp::Mod:
    if (!isIntegral(l) || !isIntegral(r)) {
      error(e.loc, std::string("operator '%' needs integer operands (have ") +
                       toString(l) + " and " + toString(r) + ")");
      return;
    }
    e.type = ScalarType::Integer;
    checkConstantArithmetic(e);
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
      {"float", Builtin::ToFloat}, {"int32", Builtin::ToInt32},
      {"open", Builtin::Open},
      {"read", Builtin::Read},   {"close", Builtin::Close},
      {"band", Builtin::Band},   {"bor", Builtin::Bor},
      {"bxor", Builtin::Bxor},   {"bnot", Builtin::Bnot},
      {"bsl", Builtin::Bsl},     {"bsr", Builtin::Bsr},
      {"timer", Builtin::Timer}};
  auto it = table.find(n);
  return it == table.end() ? Builtin::None : it->second;
}

void Sema::checkBuiltin(CallExpr &e, const ExprCtx &ctx) {
  Builtin b = e.builtin;
  unsigned want = (b == Builtin::Min || b == Builtin::Max || b == Builtin::Pow ||
                   (isBitBuiltin(b) && b != Builtin::Bnot))
                      ? 2
                  : b == Builtin::Timer ? 0
                                        : 1;
  // The conversions also take a boolean (1 for true, 0 for false).
  bool conversion = b == Builtin::ToDouble || b == Builtin::ToInteger ||
                    b == Builtin::ToFloat || b == Builtin::ToInt32;
  if (e.args.size() != want) {
    error(e.loc, "'" + e.callee + "' takes " +
                     (want == 0   ? std::string("no arguments")
                      : want == 1 ? std::string("1 argument")
                                  : std::to_string(want) + " arguments"));
    return;
  }
  if (b == Builtin::Timer) { // seconds by this PE's clock: a scalar
    e.type = ScalarType::Double;
    return;
  }
  bool good = true;
  for (auto &a : e.args) {
    checkExpr(*a, ctx);
    if (a->type == ScalarType::Invalid) {
      good = false;
      continue;
    }
    if (isBitBuiltin(b) && !isIntegral(a->type)) {
      error(a->loc, "argument of '" + e.callee + "' must be an integer (have " +
                        toString(a->type) + ")");
      good = false;
    } else if (!isNumeric(a->type) &&
               !(conversion && a->type == ScalarType::Boolean)) {
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
    if (e.type == ScalarType::Float && isIntegral(t))
      e.type = ScalarType::Double;
    break;
  case Builtin::ToDouble: e.type = ScalarType::Double; break;
  case Builtin::ToInteger: e.type = ScalarType::Integer; break;
  case Builtin::ToFloat: e.type = ScalarType::Float; break;
  case Builtin::ToInt32: e.type = ScalarType::Int32; break;
  case Builtin::Band:
  case Builtin::Bor:
  case Builtin::Bxor:
  case Builtin::Bnot:
  case Builtin::Bsl:
  case Builtin::Bsr: e.type = ScalarType::Integer; break; // int32 operands widen
  default: e.type = t == ScalarType::Float ? ScalarType::Float : ScalarType::Double;
  }
}

void Sema::checkCall(CallExpr &e, const ExprCtx &ctx, bool asStatement) {
  Decl *d = lookup(e.callee);
  if (!d || (!isa<ProcDecl>(d) && builtinByName(e.callee) != Builtin::None)) {
    checkBuiltinCall(e, ctx, asStatement);
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
  procedureCalls.push_back({&e, scope, scopeRank});
  if (p == curProc && p->hasArrayParams)
    error(e.loc, "procedure '" + p->name +
                     "' has array parameters and cannot be recursive");
  if (e.args.size() != p->params.size()) {
    error(e.loc, "'" + p->name + "' takes " + std::to_string(p->params.size()) +
                     " argument(s) but " + std::to_string(e.args.size()) +
                     " were given");
    return;
  }
  for (size_t i = 0; i < e.args.size(); ++i)
    checkCallArgument(e, *p, i, ctx);
  e.type = p->resultType;
  if (e.promoted && !checkPromotedCallForm(e, asStatement)) {
    e.type = ScalarType::Invalid;
    return;
  }
  if (!asStatement && p->resultType == ScalarType::Void) {
    error(e.loc, "procedure '" + p->name + "' does not return a value");
    e.type = ScalarType::Invalid;
  }
}

void Sema::checkBuiltinCall(CallExpr &e, const ExprCtx &ctx, bool asStatement) {
  e.builtin = builtinByName(e.callee);
  if (e.builtin == Builtin::None) {
    error(e.loc, "use of undeclared procedure '" + e.callee + "'");
    return;
  }
  // bsl and bsr fold (a family's strides: `by [bsl(1, {})]`), or run at
  // start-up with the config vars they read.
  bool shift = e.builtin == Builtin::Bsl || e.builtin == Builtin::Bsr;
  if (ctx.constOnly && !shift) {
    error(e.loc, std::string("a call cannot be used in ") + ctx.constWhat);
    return;
  }
  if (isFileBuiltin(e.builtin)) {
    checkFileBuiltin(e, ctx, asStatement);
    return;
  }
  checkBuiltin(e, ctx);
  if (asStatement)
    error(e.loc, "the result of '" + e.callee + "' is unused");
}

void Sema::checkCallArgument(CallExpr &e, const ProcDecl &p, size_t i,
                             const ExprCtx &ctx) {
  VarDecl &param = *p.params[i];
  Expr &arg = *e.args[i];
  std::string which = "argument " + std::to_string(i + 1) + " of '" + p.name + "'";
  if (param.isArray && e.promoted) {
    checkExpr(arg, ctx); // reported with the promotion (array parameter)
    return;
  }
  if (param.isArray) {
    VarDecl *v = resolveArrayName(arg, "an array parameter");
    if (!v)
      return;
    if (param.rank && v->rank != param.rank)
      error(arg.loc, which + " must be an array of rank " +
                         std::to_string(param.rank) + " (have rank " +
                         std::to_string(v->rank) + ")");
    else if (v->elemType != param.elemType)
      error(arg.loc, which + " must be a " + toString(param.elemType) +
                         " array (have " + toString(v->elemType) + ")");
    return;
  }
  checkExpr(arg, ctx);
  if (arg.type == ScalarType::Invalid)
    return;
  if (arg.parallel) {
    // Promotion: f is applied elementwise; whether f is a scalar
    // procedure is known once every body is checked (checkPromotions).
    if (!e.promoted)
      promotedCalls.push_back(&e);
    e.promoted = true;
    e.parallel = true;
    e.rank = std::max(e.rank, arg.rank);
    if (param.byRef)
      checkPromotedOutput(arg, param, which);
    else if (!assignable(param.elemType, arg.type))
      error(arg.loc, which + " must be " + toString(param.elemType) + " (have " +
                         toString(arg.type) + ")");
    return;
  }
  if (param.byRef) {
    auto *n = dyn_cast<NameExpr>(&arg);
    auto *v = n ? dyn_cast_or_null<VarDecl>(n->decl) : nullptr;
    if (!v || v->kind == Decl::Constant || v->kind == Decl::ConfigVar) {
      error(arg.loc, which + " is a 'var' parameter and needs a variable");
      return;
    }
    if (v->elemType != param.elemType)
      error(arg.loc, which + " must be " + (isIntegral(param.elemType) ? "an " : "a ") +
                         toString(param.elemType) +
                         " variable (have " + toString(v->elemType) + ")");
    return;
  }
  if (!assignable(param.elemType, arg.type))
    error(arg.loc, which + " must be " + toString(param.elemType) + " (have " +
                       toString(arg.type) + ")");
}

VarDecl *Sema::resolveArrayName(Expr &e, const char *what) {
  auto *n = dyn_cast<NameExpr>(&e);
  if (!n) {
    error(e.loc, std::string(what) + " must be the name of a parallel array");
    return nullptr;
  }
  Decl *d = lookupName(*n, ExprCtx());
  if (!d)
    return nullptr;
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
  // A direction known only at run time is checked against the array's
  // lattice when the statement runs (zpl.dyn_shift).
  if (!resolveDir(*e.dir, ctx.constOnly))
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
  std::vector<int64_t> stride = v->region ? strideOf(*v->region) : std::vector<int64_t>();
  if (stride.size() == e.dir->offsets.size())
    for (size_t k = 0; k < stride.size(); ++k)
      if (stride[k] > 1 && e.dir->offsets[k] % stride[k] != 0) {
        error(e.dir->loc, std::string("shift '") + op + "' of array '" + v->name +
                              "' by " + vectorText(e.dir->offsets) +
                              " leaves its strided region: each component must be a "
                              "multiple of the stride " + vectorText(stride));
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

/// The procedure named as a reduction or scan operator (`f<<`, `f||`;
/// `what` is "reduction" or "scan"): a scalar procedure of two values of
/// one type that returns that type (docs/language.md section 6). Null
/// after an error.
ProcDecl *Sema::userOperator(const std::string &name, const SourceLoc &loc,
                             const char *what, const ExprCtx &ctx) {
  auto *p = dyn_cast_or_null<ProcDecl>(lookup(name));
  if (!p) {
    error(loc, std::string("unknown ") + what + " operator '" + name +
                   "' (expected + * max min & | or the name of a procedure)");
    return nullptr;
  }
  bool twoValues = p->params.size() == 2 && !p->params[0]->byRef && !p->params[1]->byRef &&
                   !p->params[0]->isArray && !p->params[1]->isArray &&
                   p->params[0]->elemType == p->params[1]->elemType &&
                   p->resultType == p->params[0]->elemType;
  if (!twoValues) {
    error(loc, "'" + p->name + "' cannot be a " + what + " operator: it must take two "
               "values of one type and return that type, e.g. 'procedure " + p->name +
               "(a, b : double) : double'");
    return nullptr;
  }
  if (ctx.constOnly) {
    error(loc, std::string("a call cannot be used in ") + ctx.constWhat);
    return nullptr;
  }
  userOperators.push_back({p, loc, what});
  return p;
}

/// An operand of type `t` for the user-defined operator `p`: its own type,
/// or a number for a `double` operator (converted).
bool Sema::fitsUserOperator(const ProcDecl &p, ScalarType t, const SourceLoc &loc,
                            const std::string &op) {
  ScalarType want = p.resultType;
  if (t == want || (want == ScalarType::Double && isNumeric(t)))
    return true;
  error(loc, op + " combines " + toString(want) + " values, not " + toString(t));
  return false;
}

void Sema::checkReduce(ReduceExpr &e, const ExprCtx &ctx) {
  if (e.op == ReduceOp::User) {
    // A masked-out index of a partial reduction's own region contributes
    // the operator's identity, which a user's operator does not have.
    if (e.region && ctx.regionRank && e.region->mask) {
      error(e.region->mask->loc, "a mask on the region of a partial reduction with '" +
                                     e.userOp + "<<' is not supported (a user-defined "
                                     "operator has no identity to stand for masked-out "
                                     "indices)");
      return;
    }
    e.userProc = userOperator(e.userOp, e.loc, "reduction", ctx);
    if (!e.userProc)
      return;
  }
  ExprCtx inner = ctx;
  if (e.region) {
    if (!checkRegion(*e.region, ctx))
      return;
    inner.regionRank = e.region->rank;
    inner.region = e.region.get();
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
  // A scalar operand is evaluated at every index of the reduction's region
  // (its own or the scope's): `[R] n := +<< 1;` counts the indices of R.
  std::string op = e.userProc ? e.userProc->name : toString(e.op);
  if (!e.operand->parallel && !e.region && !ctx.regionRank) {
    error(e.loc, "reduction '" + op + "<<' of a scalar needs a region to reduce over (a "
                 "region scope or '" + op + "<< [R] ...')");
    return;
  }
  if (e.userProc) {
    if (!fitsUserOperator(*e.userProc, t, e.loc, "reduction '" + op + "<<'"))
      return;
    e.type = e.userProc->resultType;
  } else if (!reduceOpAccepts(e.op, t)) {
    error(e.loc, std::string("reduction '") + toString(e.op) + "<<' cannot reduce " +
                     toString(t) + " values");
    return;
  } else {
    e.type = t;
  }
  if (e.region && ctx.regionRank) {
    e.parallel = true; // reduced to the shape of the enclosing scope
    e.rank = ctx.regionRank;
  }
}

void Sema::checkScan(ScanExpr &e, const ExprCtx &ctx) {
  if (e.op == ReduceOp::User && !(e.userProc = userOperator(e.userOp, e.loc, "scan", ctx)))
    return;
  checkExpr(*e.operand, ctx);
  ScalarType t = e.operand->type;
  if (t == ScalarType::Invalid)
    return;
  std::string op = e.userProc ? e.userProc->name : toString(e.op);
  if (!e.operand->parallel) {
    error(e.loc, "scan '" + op + "||' needs a parallel operand");
    return;
  }
  if (e.userProc) {
    if (!fitsUserOperator(*e.userProc, t, e.loc, "scan '" + op + "||'"))
      return;
  } else if (!reduceOpAccepts(e.op, t)) {
    error(e.loc, std::string("scan '") + toString(e.op) + "||' cannot scan " +
                     toString(t) + " values");
    return;
  }
  if (e.dim && e.operand->rank && e.dim > e.operand->rank) {
    error(e.loc, "scan dimension " + std::to_string(e.dim) +
                     " exceeds the rank " + std::to_string(e.operand->rank));
    return;
  }
  e.type = e.userProc ? e.userProc->resultType : t;
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
  inner.region = e.region.get();
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
    if (!isIntegral(i->type)) {
      error(i->loc, std::string("remap indices must be integer or int32 (have ") +
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

} // namespace sema
} // namespace zpl
