//===- SemaPeriodic.cpp - where `@^` may wrap an array in place -----------===//
//
// `A@^d` reads A with indices that leave A's declared region brought back
// from its opposite side. Its bands (the ghost cells outside the declared
// region) are where that happens: if nothing else in the program reads or
// writes A's bands, `@^` may fill them in place before each statement that
// uses it, exactly as `[d of R] wrap A;` would, instead of copying the
// whole array into a wrapped temporary (issue 26: the copy cost 27 times
// the time of the stencil itself). Something else uses the bands when the
// program shifts A with `@` or names it in a `wrap` or `reflect` statement.
// A parameter's bands are those of every array passed for it, and a
// selection's (`U{j}`) those of every element of its family: such arrays
// qualify together or not at all.
//===----------------------------------------------------------------------===//
#include "frontend/SemaInternal.h"

namespace zpl {
namespace sema {

namespace {

VarDecl *arrayNamed(const Expr *e) {
  auto *n = dyn_cast_or_null<NameExpr>(e);
  auto *v = n ? dyn_cast_or_null<VarDecl>(n->decl) : nullptr;
  return v && v->isArray ? v : nullptr;
}

/// Arrays whose bands are the same storage's (union-find), and whether
/// something other than `@^` uses them.
class BandSharing {
public:
  /// `a` and `b` stand for the same bands.
  void join(const VarDecl *a, const VarDecl *b) {
    const VarDecl *ra = find(a), *rb = find(b);
    if (ra != rb)
      parent[ra] = rb;
  }
  void exclude(const VarDecl *v) { excluded.insert(v); }
  bool inPlace(const VarDecl *v) {
    for (const VarDecl *x : excluded)
      if (find(x) == find(v))
        return false;
    return true;
  }

private:
  const VarDecl *find(const VarDecl *v) {
    auto it = parent.find(v);
    if (it == parent.end() || it->second == v)
      return v;
    return parent[v] = find(it->second);
  }
  std::map<const VarDecl *, const VarDecl *> parent;
  std::set<const VarDecl *> excluded;
};

/// Records in `sharing` what `body` does with arrays' bands: a selection
/// joins its family's elements, an array passed for an array parameter
/// joins the parameter, and a `wrap`/`reflect` or `@` excludes the array.
void scanBandUses(const StmtList &body, BandSharing &sharing) {
  auto named = [&](const Expr *e) -> const VarDecl * {
    VarDecl *v = arrayNamed(e);
    if (v && v->selectedFrom)
      for (Decl *element : v->selectedFrom->family->elements)
        sharing.join(v, cast<VarDecl>(element));
    return v;
  };
  auto onStmt = [&](const Stmt &s) {
    if (auto *b = dyn_cast<BoundaryStmt>(&s))
      for (const auto &a : b->arrays)
        if (const VarDecl *v = named(a.get()))
          sharing.exclude(v);
  };
  auto onExpr = [&](const Expr &e) {
    if (auto *sh = dyn_cast<ShiftExpr>(&e)) {
      const VarDecl *v = named(sh->array.get());
      if (v && !sh->wrap)
        sharing.exclude(v);
    } else if (auto *c = dyn_cast<CallExpr>(&e)) {
      if (!c->proc)
        return;
      for (size_t i = 0; i < c->args.size(); ++i) {
        const VarDecl *v = named(c->args[i].get());
        if (!v)
          continue;
        const VarDecl *param =
            i < c->proc->params.size() ? c->proc->params[i].get() : nullptr;
        if (param && param->isArray)
          sharing.join(v, param);
        else
          sharing.exclude(v);
      }
    } else if (auto *n = dyn_cast<NameExpr>(&e)) {
      named(n);
    }
  };
  walkStmts(body, onStmt, onExpr);
}

/// Sets `wrapsInPlace` of the selections in `body` from `sharing`.
void markSelections(const StmtList &body, BandSharing &sharing) {
  auto onExpr = [&](const Expr &e) {
    auto *n = dyn_cast<NameExpr>(&e);
    if (n && n->selected)
      n->selected->wrapsInPlace = sharing.inPlace(n->selected.get());
  };
  walkStmts(body, [](const Stmt &) {}, onExpr);
}

} // namespace

void Sema::markInPlaceWraps(Program &prog) {
  std::vector<ProcDecl *> procs;
  std::vector<VarDecl *> arrays;
  for (auto &d : prog.decls) {
    if (auto *v = dyn_cast<VarDecl>(d.get())) {
      if (v->isArray)
        arrays.push_back(v);
    } else if (auto *p = dyn_cast<ProcDecl>(d.get())) {
      procs.push_back(p);
    }
  }
  for (ProcDecl *p : procs) {
    for (auto &v : p->params)
      if (v->isArray)
        arrays.push_back(v.get());
    for (auto &v : p->locals)
      if (v->isArray)
        arrays.push_back(v.get());
  }
  BandSharing sharing;
  for (ProcDecl *p : procs)
    scanBandUses(p->body, sharing);
  for (VarDecl *v : arrays)
    v->wrapsInPlace = sharing.inPlace(v);
  for (ProcDecl *p : procs)
    markSelections(p->body, sharing);
}

} // namespace sema
} // namespace zpl
