//===- SemaStmt.cpp - statements ------------------------------------------===//
//
// Statements: assignments, control flow, region scopes, write, calls.
//===----------------------------------------------------------------------===//
#include "frontend/SemaInternal.h"

#include "llvm/ADT/STLExtras.h"

namespace zpl {
namespace sema {

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
                     " must be a scalar, not a parallel value (use a reduction; "
                     "only 'if' may have a parallel condition)");
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
  } else if (auto *sub = dyn_cast<SubscriptExpr>(s.target.get())) {
    target = checkSubscript(*sub, ctx);
  } else {
    auto *n = cast<NameExpr>(s.target.get());
    Decl *d = lookupName(*n, ctx);
    if (d) {
      n->decl = d;
      auto *v = dyn_cast<VarDecl>(d);
      if (!v) {
        error(n->loc, "cannot assign to " + std::string(d->kindName()) + " '" +
                          n->name + "'");
      } else if (v->kind == Decl::Constant || v->kind == Decl::ConfigVar) {
        error(n->loc, "cannot assign to " + std::string(v->kindName()) + " '" +
                          n->name + "'");
      } else {
        target = v->isIndexed ? nullptr : v; // reported by checkName
        checkName(*n, ctx);
      }
    }
  }
  checkExpr(*s.value, ctx);
  if (!target || s.value->type == ScalarType::Invalid)
    return;
  if (scatter && s.op == AssignOp::DivAssign) {
    error(s.loc, "a scatter combines with '+=', '-=' or '*=', not '/='");
    return;
  }
  ScalarType tt = target->elemType, vt = s.value->type;
  if (s.op != AssignOp::Assign && (!isNumeric(tt) || !isNumeric(vt))) {
    error(s.loc, std::string("'") + toString(s.op) + "' needs numeric operands (have " +
                     toString(tt) + " and " + toString(vt) + ")");
    return;
  }
  int64_t divisor;
  if (s.op == AssignOp::DivAssign && isIntegral(tt) &&
      vt == ScalarType::Integer && foldInt(s.value.get(), divisor) &&
      divisor == 0) {
    error(s.value->loc, "integer division by zero");
    return;
  }
  if (!assignable(tt, vt)) {
    error(s.value->loc, std::string("cannot assign a ") + toString(vt) +
                            " value to " + toString(tt) + " '" + target->name + "'" +
                            (isIntegral(tt) && isReal(vt)
                                 ? std::string(" (convert with ") + toString(tt) + "())"
                                 : ""));
    return;
  }
  if (!target->isArray && !scatter && s.value->parallel) {
    error(s.value->loc, "cannot assign a parallel value to " +
                            std::string(target->isIndexed
                                            ? "an element of indexed array '"
                                            : "scalar '") +
                            target->name + "' (use a reduction)");
    parallelWithoutScope = false;
    return;
  }
  // No check of the value's rank: a parallel operand has the scope's rank or
  // has been reported (an array of another rank in checkName, a partial
  // reduction's or a flood's region of another rank in checkReduce and
  // checkFlood); an error here would only repeat it.
}

void Sema::checkIf(IfStmt &is) {
  // Any parallel condition makes the `if` shattered: its branches then run
  // per element of the region scope (docs/language.md section 9).
  for (auto &cl : is.clauses) {
    Expr &c = *cl.cond;
    beginStmt();
    checkExpr(c, stmtCtx());
    if (c.type == ScalarType::Invalid) {
      parallelWithoutScope = false;
      continue;
    }
    if (c.type != ScalarType::Boolean) {
      error(c.loc, std::string("the condition of 'if' must be boolean (have ") +
                       toString(c.type) + ")");
    } else if (c.parallel && !scope) {
      error(c.loc, "a parallel condition of 'if' needs an enclosing region "
                   "scope (the branches then run per element of it)");
    } else if (c.parallel) {
      is.shattered = true;
    }
    parallelWithoutScope = false;
  }
  const IfStmt *saved = shatteredIf;
  if (is.shattered)
    shatteredIf = &is;
  for (auto &cl : is.clauses)
    checkStmts(cl.body);
  checkStmts(is.elseBody);
  shatteredIf = saved;
}

bool Sema::allowedInShatteredIf(const Stmt &s) {
  const SourceLoc &where = shatteredIf->loc;
  auto reject = [&](const std::string &what) {
    error(s.loc, what + " is not allowed inside a shattered 'if' (the 'if' at " +
                     std::to_string(where.line) + ":" + std::to_string(where.col) +
                     " has a parallel condition, so its branches may only hold "
                     "array statements)");
    return false;
  };
  switch (s.kind) {
  case Stmt::Block:
  case Stmt::If:
    return true;
  case Stmt::Assign: {
    auto &as = cast<AssignStmt>(s);
    auto *n = dyn_cast<NameExpr>(as.target.get());
    if (!n)
      return true; // a scatter: masked like every branch statement
    auto *v = dyn_cast_or_null<VarDecl>(lookup(n->name));
    if (!v || v->isArray)
      return true; // checkAssign reports an undeclared name
    if (isa<ReduceExpr>(as.value.get()))
      return reject("a reduction into the scalar '" + n->name + "'");
    return reject("an assignment to the scalar '" + n->name + "'");
  }
  case Stmt::Scoped: return reject("a region scope");
  case Stmt::For: return reject("'for'");
  case Stmt::While: return reject("'while'");
  case Stmt::Repeat: return reject("'repeat'");
  case Stmt::Exit: return reject("'exit'");
  case Stmt::Continue: return reject("'continue'");
  case Stmt::Return: return reject("'return'");
  case Stmt::Halt: return reject("'halt'");
  case Stmt::Wrap: return reject("'wrap'");
  case Stmt::Reflect: return reject("'reflect'");
  case Stmt::Write:
    return reject(cast<WriteStmt>(s).newline ? "'writeln'" : "'write'");
  case Stmt::Call: return reject("a procedure call statement");
  }
  return true;
}

void Sema::checkStmt(Stmt &s) {
  s.scope = scope;
  if (shatteredIf && !allowedInShatteredIf(s))
    return;
  beginStmt();
  switch (s.kind) {
  case Stmt::Scoped:
    checkScoped(cast<ScopedStmt>(s));
    return;
  case Stmt::Block:
    checkStmts(cast<BlockStmt>(s).body);
    return;
  case Stmt::Assign:
    checkAssign(cast<AssignStmt>(s));
    break;
  case Stmt::If:
    checkIf(cast<IfStmt>(s));
    return;
  case Stmt::For:
    checkFor(cast<ForStmt>(s));
    return;
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
  case Stmt::Return:
    checkReturn(cast<ReturnStmt>(s));
    break;
  case Stmt::Wrap:
  case Stmt::Reflect:
    checkBoundary(cast<BoundaryStmt>(s));
    return;
  case Stmt::Write:
    checkWrite(cast<WriteStmt>(s));
    break;
  case Stmt::Call: {
    auto &cs = cast<CallStmt>(s);
    checkCall(*cs.call, stmtCtx(), true);
    break;
  }
  }
  endStmt(s);
}

void Sema::checkScoped(ScopedStmt &ss) {
  ExprCtx ctx = stmtCtx();
  bool good = checkRegion(*ss.region, ctx);
  parallelWithoutScope = false;
  const RegionExpr *savedScope = scope;
  unsigned savedRank = scopeRank;
  bool savedRejected = inRejectedScope;
  if (good) {
    scope = ss.region.get();
    scopeRank = ss.region->rank;
  }
  inRejectedScope = savedRejected || !good;
  ss.scope = scope;
  if (ss.body)
    checkStmt(*ss.body);
  scope = savedScope;
  scopeRank = savedRank;
  inRejectedScope = savedRejected;
}

void Sema::checkFor(ForStmt &fs) {
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
}

void Sema::checkReturn(ReturnStmt &rs) {
  ScalarType want = curProc ? curProc->resultType : ScalarType::Void;
  if (!rs.value) {
    if (want != ScalarType::Void)
      error(rs.loc, "procedure '" + curProc->name + "' must return " +
                        (want == ScalarType::Integer ? "an " : "a ") +
                        toString(want) + " value");
    return;
  }
  checkExpr(*rs.value, stmtCtx());
  if (rs.value->type == ScalarType::Invalid)
    return;
  if (want == ScalarType::Void)
    error(rs.value->loc, "procedure '" + curProc->name + "' does not return a value");
  else if (rs.value->parallel) {
    error(rs.value->loc, "a procedure returns a scalar, not a parallel value");
    parallelWithoutScope = false;
  } else if (!assignable(want, rs.value->type))
    error(rs.value->loc, std::string("cannot return a ") +
                             toString(rs.value->type) + " value from a procedure "
                             "returning " + toString(want));
}

void Sema::checkBoundary(BoundaryStmt &bs) {
  const char *kw = bs.isWrap() ? "wrap" : "reflect";
  if (!scope || scope->kind != RegionExpr::Of) {
    error(bs.loc, std::string("'") + kw +
                      "' needs an 'of' region scope, e.g. [east of R] " + kw + " A;");
    return;
  }
  // A direction known only at run time is checked when the statement runs
  // (zrt_shift_boundary); a zero one then fills nothing.
  const DirRef &dir = *scope->dir;
  if (!dir.runTime && !dir.offsets.empty() &&
      llvm::all_of(dir.offsets, [](int64_t d) { return d == 0; }))
    error(dir.loc, std::string("'") + kw + "' needs a nonzero direction (" +
                       (dir.name.empty() ? std::string("this one")
                                         : "'" + dir.name + "'") +
                       " is zero in every dimension)");
  for (auto &n : bs.arrays) {
    VarDecl *v = resolveArrayName(*n, (std::string("the operand of '") + kw + "'").c_str());
    if (v && v->rank != scopeRank)
      error(n->loc, "rank mismatch: array '" + v->name + "' has rank " +
                        std::to_string(v->rank) + " but the region has rank " +
                        std::to_string(scopeRank));
  }
}

void Sema::checkWrite(WriteStmt &ws) {
  ExprCtx ctx = stmtCtx();
  checkWriteFile(ws, ctx);
  ctx.allowString = true;
  for (auto &a : ws.args) {
    checkExpr(*a.value, ctx);
    if (a.value->type == ScalarType::File)
      error(a.value->loc, "a file can only be the first argument of write");
    if (a.hasFormat && a.value->type == ScalarType::String)
      error(a.value->loc, "a format applies to a number or a boolean, not a string");
  }
}

} // namespace sema
} // namespace zpl
