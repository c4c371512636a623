//===- SemaFamilies.cpp - families of regions and arrays ------------------===//
//
// `region L{0..3} = [[1..n] by bsl(1, {})];` and `var U{0..3} : [L{}]
// double;` declare families (ZPL's multiregions and multiarrays): one
// element per index, each an ordinary declaration named `L{0}`, `L{1}`,
// ... made from a copy of the family's declaration in which `{}` (and the
// missing index of `L{}`) is the element's index. The bounds are integer
// constants, so every element's region, strides included, is known at
// compile time.
//
// `U{e}` and `[L{e}]` select an element. A constant index resolves to the
// element's declaration, so the rest of the compiler sees an ordinary
// array or region. An index known only at run time resolves to a
// declaration of its own (NameExpr::selected) that stands for the selected
// array as a rank-only parameter stands for its argument; a region
// selected so (RegionExpr::family) is, like the scope of a procedure's
// caller, known when the statement runs. MLIRGen selects the element then
// (zpl.family_element), so a statement is generated once for all
// elements.
//===----------------------------------------------------------------------===//
#include "frontend/SemaInternal.h"

namespace zpl {
namespace sema {

namespace {

/// More elements than this is surely a mistake (each one is a global
/// declaration of its own).
constexpr int64_t kMaxFamilyElements = 1024;

ExprPtr cloneExpr(const Expr *e, int64_t element);

std::unique_ptr<DirRef> cloneDir(const DirRef *d, int64_t element) {
  if (!d)
    return nullptr;
  auto c = std::make_unique<DirRef>();
  c->loc = d->loc;
  c->name = d->name;
  c->uniform = d->uniform;
  for (const ExprPtr &x : d->components)
    c->components.push_back(cloneExpr(x.get(), element));
  return c;
}

std::unique_ptr<RegionExpr> cloneRegion(const RegionExpr *r, int64_t element) {
  if (!r)
    return nullptr;
  auto c = std::make_unique<RegionExpr>();
  c->kind = r->kind;
  c->loc = r->loc;
  c->name = r->name;
  for (const RegionDim &d : r->dims) {
    RegionDim cd;
    cd.kind = d.kind;
    cd.loc = d.loc;
    cd.lo = cloneExpr(d.lo.get(), element);
    cd.hi = cloneExpr(d.hi.get(), element);
    c->dims.push_back(std::move(cd));
  }
  c->base = cloneRegion(r->base.get(), element);
  c->dir = cloneDir(r->dir.get(), element);
  c->mask = cloneExpr(r->mask.get(), element);
  c->maskWithout = r->maskWithout;
  c->selects = r->selects;
  c->index = r->selects && !r->index
                 ? std::make_unique<IntLitExpr>(r->loc, element)
                 : cloneExpr(r->index.get(), element);
  return c;
}

std::unique_ptr<NameExpr> cloneName(const NameExpr &n, int64_t element) {
  auto c = std::make_unique<NameExpr>(n.loc, n.name);
  c->selects = n.selects;
  c->index = n.selects && !n.index ? std::make_unique<IntLitExpr>(n.loc, element)
                                   : cloneExpr(n.index.get(), element);
  return c;
}

/// A copy of the syntax of `e` (none of Sema's fields) in which `{}` and
/// the missing index of `U{}` are the integer `element`.
ExprPtr cloneExpr(const Expr *e, int64_t element) {
  if (!e)
    return nullptr;
  switch (e->kind) {
  case Expr::IntLit:
    return std::make_unique<IntLitExpr>(e->loc, cast<IntLitExpr>(e)->value);
  case Expr::RealLit: {
    auto *r = cast<RealLitExpr>(e);
    return std::make_unique<RealLitExpr>(e->loc, r->value, r->spelling);
  }
  case Expr::BoolLit:
    return std::make_unique<BoolLitExpr>(e->loc, cast<BoolLitExpr>(e)->value);
  case Expr::StringLit:
    return std::make_unique<StringLitExpr>(e->loc, cast<StringLitExpr>(e)->value);
  case Expr::Name: {
    auto *n = cast<NameExpr>(e);
    if (n->name == "{}")
      return std::make_unique<IntLitExpr>(e->loc, element);
    return cloneName(*n, element);
  }
  case Expr::Unary: {
    auto *u = cast<UnaryExpr>(e);
    return std::make_unique<UnaryExpr>(e->loc, u->op,
                                       cloneExpr(u->operand.get(), element));
  }
  case Expr::Binary: {
    auto *b = cast<BinaryExpr>(e);
    return std::make_unique<BinaryExpr>(e->loc, b->op,
                                        cloneExpr(b->lhs.get(), element),
                                        cloneExpr(b->rhs.get(), element));
  }
  case Expr::Call: {
    auto *call = cast<CallExpr>(e);
    auto c = std::make_unique<CallExpr>(e->loc, call->callee);
    for (const ExprPtr &a : call->args)
      c->args.push_back(cloneExpr(a.get(), element));
    return c;
  }
  case Expr::Shift: {
    auto *s = cast<ShiftExpr>(e);
    return std::make_unique<ShiftExpr>(e->loc, cloneExpr(s->array.get(), element),
                                       cloneDir(s->dir.get(), element), s->wrap);
  }
  case Expr::Reduce: {
    auto *r = cast<ReduceExpr>(e);
    auto c = std::make_unique<ReduceExpr>(e->loc, r->op,
                                          cloneRegion(r->region.get(), element),
                                          cloneExpr(r->operand.get(), element));
    c->userOp = r->userOp;
    return c;
  }
  case Expr::Scan: {
    auto *s = cast<ScanExpr>(e);
    auto c = std::make_unique<ScanExpr>(e->loc, s->op, s->dim,
                                        cloneExpr(s->operand.get(), element));
    c->userOp = s->userOp;
    return c;
  }
  case Expr::Flood: {
    auto *f = cast<FloodExpr>(e);
    return std::make_unique<FloodExpr>(e->loc, cloneRegion(f->region.get(), element),
                                       cloneExpr(f->operand.get(), element));
  }
  case Expr::Remap: {
    auto *r = cast<RemapExpr>(e);
    auto c = std::make_unique<RemapExpr>(e->loc, cloneExpr(r->array.get(), element));
    for (const ExprPtr &i : r->indices)
      c->indices.push_back(cloneExpr(i.get(), element));
    return c;
  }
  case Expr::Subscript: {
    auto *s = cast<SubscriptExpr>(e);
    auto c = std::make_unique<SubscriptExpr>(e->loc, cloneName(*s->array, element));
    for (const ExprPtr &i : s->indices)
      c->indices.push_back(cloneExpr(i.get(), element));
    return c;
  }
  }
  return nullptr;
}

TypeSpec cloneType(const TypeSpec &t, int64_t element) {
  TypeSpec c;
  c.loc = t.loc;
  c.elem = t.elem;
  c.isArray = t.isArray;
  c.region = cloneRegion(t.region.get(), element);
  c.rankOnly = t.rankOnly;
  c.isIndexed = t.isIndexed;
  for (const IndexedDim &d : t.bounds)
    c.bounds.push_back({cloneExpr(d.lo.get(), element), cloneExpr(d.hi.get(), element)});
  return c;
}

/// The element `index` of the family `family` declares.
std::unique_ptr<Decl> makeElement(const Decl &family, int64_t index) {
  std::string name = family.name + "{" + std::to_string(index) + "}";
  if (auto *r = dyn_cast<RegionDecl>(&family)) {
    auto e = std::make_unique<RegionDecl>(r->loc, name);
    e->distName = r->distName;
    e->region = cloneRegion(r->region.get(), index);
    e->familyOf = &family;
    return e;
  }
  auto &v = cast<VarDecl>(family);
  auto e = std::make_unique<VarDecl>(v.kind, v.loc, name);
  e->type = cloneType(v.type, index);
  e->init = cloneExpr(v.init.get(), index);
  e->familyOf = &family;
  return e;
}

/// "j", "j - 1", "2 * k + 1": the index of a selection as the source
/// spells it, for the name of the declaration standing for it (and for
/// MLIRGen, which selects the same element once per statement); empty when
/// the index is not made of names, integers and + - *.
std::string indexText(const Expr &e, bool nested = false) {
  if (auto *i = dyn_cast<IntLitExpr>(&e))
    return std::to_string(i->value);
  if (auto *n = dyn_cast<NameExpr>(&e))
    return n->selects ? "" : n->name;
  auto *b = dyn_cast<BinaryExpr>(&e);
  if (!b || (b->op != BinaryOp::Add && b->op != BinaryOp::Sub &&
             b->op != BinaryOp::Mul))
    return "";
  std::string l = indexText(*b->lhs, true), r = indexText(*b->rhs, true);
  if (l.empty() || r.empty())
    return "";
  std::string text = l + " " + toString(b->op) + " " + r;
  return nested ? "(" + text + ")" : text;
}

} // namespace

void Sema::expandFamily(size_t at) {
  Decl &family = *prog.decls[at];
  FamilySpec &spec = *family.family;
  auto *v = dyn_cast<VarDecl>(&family);
  if (v && (!v->type.isArray || !v->type.region)) {
    error(v->loc, "a family of variables holds parallel arrays over a region, "
                  "as in 'var " + v->name + "{0..3} : [R{}] double'");
    return;
  }
  ExprCtx c;
  c.constOnly = true;
  c.constWhat = "the bounds of a family";
  c.declLimit = declIndex[&family];
  bool good = checkScalarOf(*spec.lo, ScalarType::Integer, "a bound of a family", c);
  good &= checkScalarOf(*spec.hi, ScalarType::Integer, "a bound of a family", c);
  int64_t lo = 0, hi = 0;
  if (good && (!foldInt(spec.lo.get(), lo) || !foldInt(spec.hi.get(), hi))) {
    error(spec.loc, "the bounds of family '" + family.name +
                        "' must be integer constants (they fix the region of "
                        "every element at compile time)");
    return;
  }
  if (!good)
    return;
  if (hi < lo || hi - lo >= kMaxFamilyElements) {
    error(spec.loc, "family '" + family.name + "' must have 1 to " +
                        std::to_string(kMaxFamilyElements) + " elements (has " +
                        std::to_string(lo) + ".." + std::to_string(hi) + ")");
    return;
  }
  spec.first = lo;
  std::vector<std::unique_ptr<Decl>> elements;
  for (int64_t k = lo; k <= hi; ++k) {
    elements.push_back(makeElement(family, k));
    Decl *e = elements.back().get();
    spec.elements.push_back(e);
    declIndex[e] = declIndex[&family];
    declare(globals, e);
  }
  prog.decls.insert(prog.decls.begin() + at + 1,
                    std::make_move_iterator(elements.begin()),
                    std::make_move_iterator(elements.end()));
}

void Sema::describeFamilies() {
  for (auto &d : prog.decls) {
    if (!d->family || d->family->elements.empty())
      continue;
    const Decl &first = *d->family->elements.front();
    if (auto *r = dyn_cast<RegionDecl>(d.get())) {
      r->rank = cast<RegionDecl>(first).rank;
    } else if (auto *v = dyn_cast<VarDecl>(d.get())) {
      auto &e = cast<VarDecl>(first);
      v->elemType = e.elemType;
      v->isArray = e.isArray;
      v->rank = e.rank;
    }
  }
}

Decl *Sema::selectElement(const std::string &name, const SourceLoc &loc,
                          Expr *index, const ExprCtx &ctx,
                          std::optional<int64_t> &constant) {
  constant.reset();
  Decl *d = lookup(name);
  if (!d) {
    error(loc, "use of undeclared family '" + name + "'");
    return nullptr;
  }
  if (!d->family) {
    error(loc, "'" + name + "' is not a family: only the elements of a "
                   "family are selected with '{...}'");
    return nullptr;
  }
  if (!index) {
    error(loc, "'" + name + "{}' names the element being declared: it is "
                   "allowed only in a family declaration");
    return nullptr;
  }
  ExprCtx ictx;
  ictx.constOnly = ctx.constOnly;
  ictx.constWhat = ctx.constWhat;
  ictx.declLimit = ctx.declLimit;
  bool savedParallel = parallelWithoutScope;
  checkExpr(*index, ictx);
  parallelWithoutScope = savedParallel;
  if (index->type == ScalarType::Invalid)
    return nullptr;
  if (index->type != ScalarType::Integer || index->parallel) {
    error(index->loc, "the index of family '" + name +
                          "' must be a scalar integer, not " +
                          (index->parallel ? "a parallel " : "a ") +
                          toString(index->type));
    return nullptr;
  }
  const FamilySpec &spec = *d->family;
  if (spec.elements.empty())
    return nullptr; // its declaration was reported
  int64_t k;
  if (!foldInt(index, k)) {
    if (ctx.constOnly) {
      error(index->loc, "the index of family '" + name + "' in " +
                            ctx.constWhat + " must be a constant");
      return nullptr;
    }
    return d;
  }
  int64_t last = spec.first + int64_t(spec.elements.size()) - 1;
  if (k < spec.first || k > last) {
    error(index->loc, "index " + std::to_string(k) + " is outside the bounds " +
                          std::to_string(spec.first) + ".." + std::to_string(last) +
                          " of family '" + name + "'");
    return nullptr;
  }
  constant = k;
  return spec.elements[k - spec.first];
}

Decl *Sema::lookupName(NameExpr &n, const ExprCtx &ctx) {
  if (n.name == "{}") {
    error(n.loc, "'{}' stands for the index of a family's element: it is "
                 "allowed only in a family declaration");
    return nullptr;
  }
  if (!n.selects) {
    Decl *d = lookup(n.name);
    if (d && d->family) {
      error(n.loc, "'" + n.name + "' is a family: select one of its elements, "
                   "as in '" + n.name + "{i}'");
      return nullptr;
    }
    if (!d)
      error(n.loc, "use of undeclared identifier '" + n.name + "'");
    return d;
  }
  if (n.decl) // already resolved by an earlier check of the statement
    return n.decl;
  std::optional<int64_t> constant;
  Decl *d = selectElement(n.name, n.loc, n.index.get(), ctx, constant);
  if (!d || constant)
    return d;
  auto *family = dyn_cast<VarDecl>(d);
  if (!family) {
    error(n.loc, "'" + n.name + "' is a family of " + d->kindName() +
                     "s, not of arrays");
    return nullptr;
  }
  std::string text = indexText(*n.index);
  n.selected = std::make_shared<VarDecl>(
      Decl::Var, n.loc, n.name + "{" + (text.empty() ? "..." : text) + "}");
  VarDecl &sel = *n.selected;
  sel.elemType = family->elemType;
  sel.isArray = family->isArray;
  sel.rank = family->rank;
  sel.selectedFrom = family;
  sel.selectedIndex = n.index.get();
  return &sel;
}

bool Sema::resolveFamilyRegion(RegionExpr &r, const ExprCtx &ctx) {
  std::optional<int64_t> constant;
  Decl *d = selectElement(r.name, r.loc, r.index.get(), ctx, constant);
  if (!d)
    return false;
  auto *rd = dyn_cast<RegionDecl>(d);
  if (!rd) {
    error(r.loc, "'" + r.name + "' is a family of " + d->kindName() +
                     "s, not of regions");
    return false;
  }
  r.rank = rd->rank;
  if (constant)
    r.decl = rd;
  else
    r.family = rd;
  return true;
}

} // namespace sema
} // namespace zpl
