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

#include <set>

namespace zpl {
namespace sema {

namespace {

std::string at(const SourceLoc &l) {
  return std::to_string(l.line) + ":" + std::to_string(l.col);
}

/// The variable `e` names, if it is a plain name.
VarDecl *namedVar(const Expr &e) {
  auto *n = dyn_cast<NameExpr>(&e);
  return n ? dyn_cast_or_null<VarDecl>(n->decl) : nullptr;
}

/// A promoted call's `var` parameters are outputs: each element's call
/// starts them at zero, so a procedure that could read one before assigning
/// it would see a value its scalar calls do not; such a procedure is not
/// scalar. "Assigned" is kept simple and safe: a `:=` to the parameter
/// among the body's top-level statements, before the statement that reads.
template <typename SetReason>
void findVarParameterRead(const ProcDecl &p, SetReason &set) {
  std::set<const VarDecl *> assigned;
  for (const auto &top : p.body) {
    if (!top)
      continue;
    std::set<const Expr *> targets;
    walkStmt(
        *top,
        [&](const Stmt &s) {
          if (auto *as = dyn_cast<AssignStmt>(&s); as && as->op == AssignOp::Assign)
            targets.insert(as->target.get());
        },
        [&](const Expr &e) {
          VarDecl *v = namedVar(e);
          if (v && v->byRef && v->kind == Decl::Param && !targets.count(&e) &&
              !assigned.count(v))
            set(e.loc, "it may read its 'var' parameter '" + v->name +
                           "' (at " + at(e.loc) + ") before assigning it; in a "
                           "promoted call 'var' parameters are outputs only");
        });
    auto *as = dyn_cast<AssignStmt>(top.get());
    if (VarDecl *v = as && as->op == AssignOp::Assign ? namedVar(*as->target) : nullptr)
      assigned.insert(v);
  }
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
    auto *c = dyn_cast<CallExpr>(&e);
    if (c && isFileBuiltin(c->builtin))
      set(e.loc, "it does I/O ('" + c->callee + "' at " + at(e.loc) + ")");
    if (c && c->proc)
      for (size_t i = 0; i < c->args.size() && i < c->proc->params.size(); ++i) {
        const Expr &arg = *c->args[i];
        auto *v = c->proc->params[i]->byRef ? namedVar(arg) : nullptr;
        if (v && v->isGlobal())
          set(arg.loc, "it passes the global '" + v->name +
                           "' as a 'var' argument (at " + at(arg.loc) + ")");
      }
  };
  walkStmts(p.body, onStmt, onExpr);
  findVarParameterRead(p, set);
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
  if (promotedCalls.empty() && userOperators.empty())
    return;
  findNotScalarProcs();
  for (const UserOperator &u : userOperators) {
    ProcDecl *p = u.proc;
    if (p->notScalarReason.empty())
      continue;
    error(u.loc, "'" + p->name + "' cannot be a " + u.what + " operator: it is not a "
                 "scalar procedure: " + p->notScalarReason);
    diags.note(p->notScalarLoc, "what keeps '" + p->name + "' from being scalar");
  }
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

void Sema::checkPromotedOutput(Expr &arg, const VarDecl &param,
                               const std::string &which) {
  VarDecl *v = namedVar(arg);
  if (!v || !v->isArray) {
    error(arg.loc, which + " is a 'var' parameter of a promoted call and needs "
                           "the name of a parallel array");
    return;
  }
  if (v->elemType != param.elemType)
    error(arg.loc, which + " must be a " + toString(param.elemType) +
                       " array (have " + toString(v->elemType) + ")");
}

bool Sema::checkPromotedCallForm(CallExpr &e, bool asStatement) {
  const ProcDecl &p = *e.proc;
  bool hasOutputs = false;
  for (const auto &param : p.params)
    hasOutputs |= param->byRef;
  if (!asStatement && hasOutputs) {
    error(e.loc, "procedure '" + p.name + "' has 'var' parameters, so a "
                 "promoted call of it must be a call statement");
    return false;
  }
  if (!asStatement)
    return true;
  if (!hasOutputs) {
    error(e.loc, "procedure '" + p.name + "' is called with a parallel argument "
                 "as a statement; a promoted call must be part of an array "
                 "expression or store results through 'var' parameters");
    return false;
  }
  return checkPromotedOutputsApart(e);
}

bool Sema::checkPromotedOutputsApart(CallExpr &e) {
  const ProcDecl &p = *e.proc;
  std::set<const VarDecl *> outputs;
  bool good = true;
  for (size_t i = 0; i < e.args.size(); ++i) {
    if (!p.params[i]->byRef)
      continue;
    Expr &arg = *e.args[i];
    if (!arg.parallel) {
      error(arg.loc, "argument " + std::to_string(i + 1) + " of '" + p.name +
                         "' is a 'var' parameter of a promoted call and needs "
                         "a parallel array (have a scalar)");
      good = false;
    } else if (VarDecl *v = namedVar(arg); v && !outputs.insert(v).second) {
      error(arg.loc, "'" + v->name + "' receives two results of '" + p.name + "'");
      good = false;
    }
  }
  // The results are stored one after the other, so no input may read one.
  for (size_t i = 0; i < e.args.size(); ++i) {
    if (p.params[i]->byRef)
      continue;
    walkExpr(e.args[i].get(), [&](const Expr &use) {
      VarDecl *v = namedVar(use);
      if (v && outputs.count(v)) {
        error(use.loc, "'" + v->name + "' is both read and written by this "
                       "promoted call of '" + p.name + "'");
        good = false;
      }
    });
  }
  return good;
}

} // namespace sema
} // namespace zpl
