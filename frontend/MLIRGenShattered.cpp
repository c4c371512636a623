//===- MLIRGenShattered.cpp - `if` with a parallel condition --------------===//
//
// The shattered if (docs/language.md section 9): `[R] if c1 then S1
// elsif c2 then S2 else S3 end;` means the masked statements
//   [R with k1] S1;  [R with k2] S2;  [R with live] S3;
// where, before any branch runs, k1 := c1 and k2 := c2 & !k1 are evaluated
// (each condition only where no earlier one held) and `live` keeps the
// elements where none held. The scope's own mask, or the branch mask of an
// enclosing shattered `if`, restricts `live` from the start, so nested
// `if`s combine their masks.
//===----------------------------------------------------------------------===//
#include "frontend/MLIRGenInternal.h"

namespace zpl {
namespace mlirgen {

void Generator::fillWhere(Value dest, Value region, Mask mask, bool v,
                          Location l) {
  Value c = constBool(l, v);
  auto op = zpl::AssignOp::create(b, l, dest, region, mask.value, mask.without);
  OpBuilder::InsertionGuard guard(b);
  b.createBlock(&op.getBody());
  YieldOp::create(b, l, ValueRange{c});
}

/// The first array a branch of `s` assigns (nested `if`s included).
static const VarDecl *firstAssignedArray(const StmtList &stmts) {
  for (const auto &sp : stmts) {
    if (!sp)
      continue;
    if (auto *as = dyn_cast<AssignStmt>(sp.get())) {
      auto *n = dyn_cast<NameExpr>(as->target.get());
      auto *v = n ? dyn_cast_or_null<VarDecl>(n->decl) : nullptr;
      if (v && v->isArray)
        return v;
    } else if (auto *blk = dyn_cast<BlockStmt>(sp.get())) {
      if (const VarDecl *v = firstAssignedArray(blk->body))
        return v;
    } else if (auto *is = dyn_cast<IfStmt>(sp.get())) {
      for (const IfClause &c : is->clauses)
        if (const VarDecl *v = firstAssignedArray(c.body))
          return v;
      if (const VarDecl *v = firstAssignedArray(is->elseBody))
        return v;
    }
  }
  return nullptr;
}

void Generator::genShatteredIf(const IfStmt &s) {
  Location l = loc(s.loc);
  Value region = scopeRegion(s.scope, s.loc);
  if (!region)
    return;
  // The masks follow the distribution of the first array the branches
  // assign, so that the masked statements find them aligned.
  Value align = alignTo;
  if (!align) {
    const VarDecl *v = nullptr;
    for (const IfClause &c : s.clauses)
      if (!v)
        v = firstAssignedArray(c.body);
    if (!v)
      v = firstAssignedArray(s.elseBody);
    if (v)
      align = arrayValue(*v, s.loc);
  }
  ValueScope alignScope(alignTo, align);

  Mask outer = shatterMask.value ? shatterMask : genMask(s.scope, region);
  Value live = newTemp(l, region, ScalarType::Boolean, "live");
  if (outer.value) {
    fillWhere(live, region, Mask(), false, l);
    fillWhere(live, region, outer, true, l);
  } else {
    fillWhere(live, region, Mask(), true, l);
  }
  SmallVector<Value> branchMasks;
  for (size_t i = 0; i < s.clauses.size(); ++i) {
    const Expr &cond = *s.clauses[i].cond;
    Location cl = loc(cond.loc);
    Value k = newTemp(cl, region, ScalarType::Boolean, "branch");
    fillWhere(k, region, Mask(), false, cl);
    Mask where;
    where.value = live;
    genInto(k, ScalarType::Boolean, cond, region, where, cl,
            ast::AssignOp::Assign, nullptr);
    bool last = i + 1 == s.clauses.size() && !s.hasElse;
    if (!last) {
      Mask taken;
      taken.value = k;
      fillWhere(live, region, taken, false, cl);
    }
    branchMasks.push_back(k);
  }

  Mask saved = shatterMask;
  for (size_t i = 0; i < s.clauses.size(); ++i) {
    shatterMask = Mask();
    shatterMask.value = branchMasks[i];
    genStmts(s.clauses[i].body);
  }
  if (s.hasElse) {
    shatterMask = Mask();
    shatterMask.value = live;
    genStmts(s.elseBody);
  }
  shatterMask = saved;
}

} // namespace mlirgen
} // namespace zpl
