//===- SemaPromotion.cpp - scalar procedures and promoted calls -----------===//
//
// Promotion (docs/language.md section 9): a scalar procedure (only scalar
// value parameters, no `var` parameter, assigns no global, does no I/O, calls
// only scalar procedures) may be called with parallel arguments inside an
// array statement and is then applied elementwise. Whether a procedure is
// scalar depends on the procedures it calls, so it is decided after every
// body is checked: first what each body does itself, then, to a fixed
// point, the calls of procedures that are not scalar. Each promoted call
// recorded by checkCall is then checked against its callee.
//===----------------------------------------------------------------------===//
#include "frontend/SemaInternal.h"

namespace zpl {
namespace sema {

namespace {

std::string at(const SourceLoc &l) {
  return std::to_string(l.line) + ":" + std::to_string(l.col);
}

/// What makes `p` itself not scalar (its calls aside): the first rule its
/// header or body breaks, or an empty reason.
void findOwnViolation(ProcDecl &p) {
  auto set = [&](const SourceLoc &loc, std::string reason) {
    if (p.notScalarReason.empty()) {
      p.notScalarReason = std::move(reason);
      p.notScalarLoc = loc;
    }
  };
  for (const auto &param : p.params) {
    if (param->isArray)
      set(param->loc, "it has an array parameter '" + param->name + "'");
    else if (param->byRef)
      set(param->loc, "it has a 'var' parameter '" + param->name + "'");
  }
  for (const auto &v : p.locals)
    if (v->isArray)
      set(v->loc, "it declares the local array '" + v->name + "'");
    else if (v->isIndexed)
      set(v->loc, "it declares the local indexed array '" + v->name + "'");
  auto onStmt = [&](const Stmt &s) {
    if (auto *w = dyn_cast<WriteStmt>(&s))
      set(s.loc, std::string("it does I/O ('") +
                     (w->newline ? "writeln" : "write") + "' at " + at(s.loc) + ")");
    else if (auto *sc = dyn_cast<ScopedStmt>(&s))
      set(sc->region->loc, "it runs array statements (region scope at " +
                               at(sc->region->loc) + ")");
    else if (isa<BoundaryStmt>(&s))
      set(s.loc, "it runs array statements (boundary at " + at(s.loc) + ")");
    else if (auto *as = dyn_cast<AssignStmt>(&s)) {
      const Expr *t = as->target.get();
      if (auto *rm = dyn_cast<RemapExpr>(t))
        t = rm->array.get();
      else if (auto *sub = dyn_cast<SubscriptExpr>(t))
        t = sub->array.get();
      auto *n = dyn_cast<NameExpr>(t);
      auto *v = n ? dyn_cast_or_null<VarDecl>(n->decl) : nullptr;
      if (v && v->isGlobal())
        set(n->loc, "it assigns the global '" + v->name + "' (at " + at(n->loc) +
                        ")");
    }
  };
  auto onExpr = [&](const Expr &e) {
    if (auto *c = dyn_cast<CallExpr>(&e); c && isFileBuiltin(c->builtin))
      set(e.loc, "it does I/O ('" + c->callee + "' at " + at(e.loc) + ")");
  };
  walkStmts(p.body, onStmt, onExpr);
}

/// The procedures `p` calls (each once, in source order).
std::vector<std::pair<ProcDecl *, SourceLoc>> calleesOf(const ProcDecl &p) {
  std::vector<std::pair<ProcDecl *, SourceLoc>> callees;
  walkStmts(
      p.body, [](const Stmt &) {},
      [&](const Expr &e) {
        auto *c = dyn_cast<CallExpr>(&e);
        if (!c || !c->proc)
          return;
        for (auto &known : callees)
          if (known.first == c->proc)
            return;
        callees.emplace_back(c->proc, c->loc);
      });
  return callees;
}

} // namespace

void Sema::findNotScalarProcs() {
  std::vector<ProcDecl *> procs;
  for (auto &d : prog.decls)
    if (auto *p = dyn_cast<ProcDecl>(d.get())) {
      procs.push_back(p);
      findOwnViolation(*p);
    }
  std::map<ProcDecl *, std::vector<std::pair<ProcDecl *, SourceLoc>>> calls;
  for (ProcDecl *p : procs)
    calls[p] = calleesOf(*p);
  for (bool changed = true; changed;) {
    changed = false;
    for (ProcDecl *p : procs) {
      if (!p->notScalarReason.empty())
        continue;
      for (auto &[callee, loc] : calls[p])
        if (!callee->notScalarReason.empty()) {
          p->notScalarReason = "it calls '" + callee->name + "' (at " + at(loc) +
                               "), which is not a scalar procedure: " +
                               callee->notScalarReason;
          p->notScalarLoc = loc;
          changed = true;
          break;
        }
    }
  }
}

void Sema::checkPromotions() {
  if (promotedCalls.empty())
    return;
  findNotScalarProcs();
  for (CallExpr *c : promotedCalls) {
    ProcDecl *p = c->proc;
    if (!p || p->notScalarReason.empty())
      continue;
    error(c->loc, "'" + p->name + "' is called with a parallel argument but is "
                  "not a scalar procedure, so it cannot be promoted: " +
                      p->notScalarReason);
    diags.note(p->notScalarLoc, "what keeps '" + p->name + "' from being scalar");
  }
}

} // namespace sema
} // namespace zpl
