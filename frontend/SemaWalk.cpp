//===- SemaWalk.cpp - visiting every statement and expression ---------------===//
//
// The checked AST walked in source order, for the analyses that need the
// whole program after every body is checked (promotion, in-place wraps).
//===----------------------------------------------------------------------===//
#include "frontend/SemaInternal.h"

namespace zpl {
namespace sema {

static void walkRegion(const RegionExpr *r, const ExprFn &fn) {
  if (!r)
    return;
  walkExpr(r->index.get(), fn); // `[L{e}]`
  walkExpr(r->mask.get(), fn);
  walkRegion(r->base.get(), fn);
}

void walkExpr(const Expr *e, const ExprFn &fn) {
  if (!e)
    return;
  fn(*e);
  switch (e->kind) {
  case Expr::Name: walkExpr(cast<NameExpr>(e)->index.get(), fn); return;
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
  case Expr::Subscript:
    walkExpr(cast<SubscriptExpr>(e)->array.get(), fn);
    for (const auto &i : cast<SubscriptExpr>(e)->indices)
      walkExpr(i.get(), fn);
    return;
  default: return;
  }
}

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

} // namespace sema
} // namespace zpl
