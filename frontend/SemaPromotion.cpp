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

#include <functional>

namespace zpl {
namespace sema {

namespace {

using ExprFn = std::function<void(const Expr &)>;
using StmtFn = std::function<void(const Stmt &)>;

void walkExpr(const Expr *e, const ExprFn &fn);

void walkRegion(const RegionExpr *r, const ExprFn &fn) {
  if (!r)
    return;
  walkExpr(r->mask.get(), fn);
  walkRegion(r->base.get(), fn);
}

/// Calls `fn` on `e` and every subexpression of it.
void walkExpr(const Expr *e, const ExprFn &fn) {
  if (!e)
    return;
  fn(*e);
  switch (e->kind) {
  case Expr::Unary: walkExpr(cast<UnaryExpr>(e)->operand.get(), fn); return;
  case Expr::Binary:
    walkExpr(cast<BinaryExpr>(e)->lhs.get(), fn);
    walkExpr(cast<BinaryExpr>(e)->rhs.get(), fn);
    return;
  case Expr::Call:
    for (const auto &a : cast<CallExpr>(e)->args)
      walkExpr(a.get(), fn);
    return;
  case Expr::Shift: walkExpr(cast<ShiftExpr>(e)->array.get(), fn); return;
  case Expr::Reduce:
    walkRegion(cast<ReduceExpr>(e)->region.get(), fn);
    walkExpr(cast<ReduceExpr>(e)->operand.get(), fn);
    return;
  case Expr::Scan: walkExpr(cast<ScanExpr>(e)->operand.get(), fn); return;
  case Expr::Flood:
    walkRegion(cast<FloodExpr>(e)->region.get(), fn);
    walkExpr(cast<FloodExpr>(e)->operand.get(), fn);
    return;
  case Expr::Remap:
    walkExpr(cast<RemapExpr>(e)->array.get(), fn);
    for (const auto &i : cast<RemapExpr>(e)->indices)
      walkExpr(i.get(), fn);
    return;
  default: return;
  }
}

void walkStmts(const StmtList &stmts, const StmtFn &onStmt,
               const ExprFn &onExpr);

/// Calls `onStmt` on `s` and every statement nested in it, `onExpr` on
/// every expression they contain.
void walkStmt(const Stmt &s, const StmtFn &onStmt, const ExprFn &onExpr) {
  onStmt(s);
  switch (s.kind) {
  case Stmt::Assign:
    walkExpr(cast<AssignStmt>(s).target.get(), onExpr);
    walkExpr(cast<AssignStmt>(s).value.get(), onExpr);
    return;
  case Stmt::Block: walkStmts(cast<BlockStmt>(s).body, onStmt, onExpr); return;
  case Stmt::Scoped: {
    auto &ss = cast<ScopedStmt>(s);
    walkRegion(ss.region.get(), onExpr);
    if (ss.body)
      walkStmt(*ss.body, onStmt, onExpr);
    return;
  }
  case Stmt::If: {
    auto &is = cast<IfStmt>(s);
    for (const IfClause &c : is.clauses) {
      walkExpr(c.cond.get(), onExpr);
      walkStmts(c.body, onStmt, onExpr);
    }
    walkStmts(is.elseBody, onStmt, onExpr);
    return;
  }
  case Stmt::For: {
    auto &fs = cast<ForStmt>(s);
    walkExpr(fs.lo.get(), onExpr);
    walkExpr(fs.hi.get(), onExpr);
    walkExpr(fs.step.get(), onExpr);
    walkStmts(fs.body, onStmt, onExpr);
    return;
  }
  case Stmt::While:
    walkExpr(cast<WhileStmt>(s).cond.get(), onExpr);
    walkStmts(cast<WhileStmt>(s).body, onStmt, onExpr);
    return;
  case Stmt::Repeat:
    walkStmts(cast<RepeatStmt>(s).body, onStmt, onExpr);
    walkExpr(cast<RepeatStmt>(s).cond.get(), onExpr);
    return;
  case Stmt::Return: walkExpr(cast<ReturnStmt>(s).value.get(), onExpr); return;
  case Stmt::Write:
    for (const WriteArg &a : cast<WriteStmt>(s).args)
      walkExpr(a.value.get(), onExpr);
    return;
  case Stmt::Call: walkExpr(cast<CallStmt>(s).call.get(), onExpr); return;
  default: return;
  }
}

void walkStmts(const StmtList &stmts, const StmtFn &onStmt,
               const ExprFn &onExpr) {
  for (const auto &s : stmts)
    if (s)
      walkStmt(*s, onStmt, onExpr);
}

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
