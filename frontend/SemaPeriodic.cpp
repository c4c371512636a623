//===- SemaPeriodic.cpp - where `@^` may wrap an array in place -----------===//
//
// `A@^d` reads A with indices that leave A's declared region brought back
// from its opposite side. Its bands (the ghost cells outside the declared
// region) are where that happens: if nothing else in the program reads or
// writes A's bands, `@^` may fill them in place before each statement that
// uses it, exactly as `[d of R] wrap A;` would, instead of copying the
// whole array into a wrapped temporary (issue 26: the copy cost 27 times
// the time of the stencil itself). Something else uses the bands when the
// program shifts A with `@`, names it in a `wrap` or `reflect` statement,
// or passes it to a procedure (whose parameter may do either); a parameter
// is the caller's array, so it never qualifies.
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

/// The family elements a selection with a run-time index may be.
const std::vector<Decl *> &elementsOf(const VarDecl &selection) {
  return selection.selectedFrom->family->elements;
}

/// Something other than `@^` uses the bands of what `e` names: of every
/// element of the family for a selection with a run-time index.
void clearInPlace(const Expr *e) {
  VarDecl *v = arrayNamed(e);
  if (!v)
    return;
  v->wrapsInPlace = false;
  if (v->selectedFrom)
    for (Decl *element : elementsOf(*v))
      cast<VarDecl>(element)->wrapsInPlace = false;
}

/// Clears `wrapsInPlace` of every array whose bands `body` may use other
/// than through `@^`.
void excludeOtherBandUses(const StmtList &body) {
  auto onStmt = [](const Stmt &s) {
    if (auto *b = dyn_cast<BoundaryStmt>(&s))
      for (const auto &a : b->arrays)
        clearInPlace(a.get());
  };
  auto onExpr = [](const Expr &e) {
    if (auto *sh = dyn_cast<ShiftExpr>(&e)) {
      if (!sh->wrap)
        clearInPlace(sh->array.get());
    } else if (auto *c = dyn_cast<CallExpr>(&e)) {
      if (c->proc)
        for (const auto &a : c->args)
          clearInPlace(a.get());
    }
  };
  walkStmts(body, onStmt, onExpr);
}

/// A selection with a run-time index wraps in place when every element of
/// its family does: the walk above saw every use of each of them.
void markSelections(const StmtList &body) {
  auto onExpr = [](const Expr &e) {
    auto *n = dyn_cast<NameExpr>(&e);
    if (!n || !n->selected)
      return;
    const std::vector<Decl *> &elements = elementsOf(*n->selected);
    n->selected->wrapsInPlace =
        std::all_of(elements.begin(), elements.end(), [](const Decl *element) {
          return cast<VarDecl>(element)->wrapsInPlace;
        });
  };
  walkStmts(body, [](const Stmt &) {}, onExpr);
}

} // namespace

void Sema::markInPlaceWraps(Program &prog) {
  std::vector<ProcDecl *> procs;
  for (auto &d : prog.decls) {
    if (auto *v = dyn_cast<VarDecl>(d.get()))
      v->wrapsInPlace = v->isArray;
    else if (auto *p = dyn_cast<ProcDecl>(d.get()))
      procs.push_back(p);
  }
  for (ProcDecl *p : procs)
    for (auto &v : p->locals)
      v->wrapsInPlace = v->isArray;
  for (ProcDecl *p : procs)
    excludeOtherBandUses(p->body);
  for (ProcDecl *p : procs)
    markSelections(p->body);
}

} // namespace sema
} // namespace zpl
