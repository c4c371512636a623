//===- MLIRGenStmt.cpp - statements and control flow ----------------------===//
//
// Statements; exit/continue/return become i1 flags (scf has no break).
//===----------------------------------------------------------------------===//
#include "frontend/MLIRGenInternal.h"

namespace zpl {
namespace mlirgen {

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

void Generator::scanAbrupt(const Stmt &s, Abrupt &a, bool nested) {
  switch (s.kind) {
  case Stmt::Exit: a.exit |= !nested; return;
  case Stmt::Continue: a.cont |= !nested; return;
  case Stmt::Return: a.ret = true; return;
  case Stmt::Block:
    for (const auto &c : cast<BlockStmt>(s).body)
      if (c)
        scanAbrupt(*c, a, nested);
    return;
  case Stmt::Scoped:
    if (cast<ScopedStmt>(s).body)
      scanAbrupt(*cast<ScopedStmt>(s).body, a, nested);
    return;
  case Stmt::If: {
    auto &is = cast<IfStmt>(s);
    for (const IfClause &c : is.clauses)
      for (const auto &x : c.body)
        if (x)
          scanAbrupt(*x, a, nested);
    for (const auto &x : is.elseBody)
      if (x)
        scanAbrupt(*x, a, nested);
    return;
  }
  case Stmt::For:
  case Stmt::While:
  case Stmt::Repeat: {
    const StmtList &body = s.kind == Stmt::For ? cast<ForStmt>(s).body
                           : s.kind == Stmt::While ? cast<WhileStmt>(s).body
                                                   : cast<RepeatStmt>(s).body;
    for (const auto &x : body)
      if (x)
        scanAbrupt(*x, a, true);
    return;
  }
  default: return;
  }
}

Value Generator::newFlag(Location l, StringRef name) {
  OpBuilder::InsertionGuard guard(b);
  if (lastFlag)
    b.setInsertionPointAfter(lastFlag);
  else
    b.setInsertionPointToStart(entry);
  auto flag = AllocaOp::create(b, l, RefType::get(&ctx, b.getI1Type()),
                               b.getStringAttr(name));
  lastFlag = flag;
  return flag;
}

Value Generator::stopCondition(const Abrupt &a, Location l, bool withContinue) {
  Value stop;
  auto add = [&](Value flag) {
    if (!flag)
      return;
    Value v = LoadOp::create(b, l, b.getI1Type(), flag);
    stop = stop ? Value(arith::OrIOp::create(b, l, stop, v)) : v;
  };
  if (a.exit && loopCtx)
    add(loopCtx->broken);
  if (withContinue && a.cont && loopCtx)
    add(loopCtx->skip);
  if (a.ret)
    add(returnedFlag);
  return stop;
}

void Generator::genStmts(const StmtList &stmts) {
  OpBuilder::InsertionGuard guard(b);
  for (size_t i = 0; i < stmts.size(); ++i) {
    if (!stmts[i])
      continue;
    const Stmt &s = *stmts[i];
    genStmt(s);
    // The rest of the list is unreachable after exit/continue/return, and
    // runs only if no flag was set after a statement that may set one.
    if (s.kind == Stmt::Exit || s.kind == Stmt::Continue ||
        s.kind == Stmt::Return)
      break;
    if (i + 1 == stmts.size())
      break;
    Abrupt a;
    scanAbrupt(s, a, false);
    if (!a.any())
      continue;
    Location l = loc(s.loc);
    Value stop = stopCondition(a, l, true);
    if (!stop)
      continue;
    Value go = arith::XOrIOp::create(b, l, stop, constBool(l, true));
    auto guardIf = scf::IfOp::create(b, l, go, false);
    b.setInsertionPoint(guardIf.thenBlock()->getTerminator());
  }
}

void Generator::genStmt(const Stmt &s) {
  // A statement selects its own family elements (indices may have changed
  // since the last one); its parent's stay valid after it.
  std::map<std::string, Value> savedSelections;
  savedSelections.swap(selections);
  const RegionExpr *savedScope = curScope;
  curScope = s.scope;
  Location l = loc(s.loc);
  size_t mark = temps.size();
  switch (s.kind) {
  case Stmt::Assign: genAssign(cast<AssignStmt>(s)); break;
  case Stmt::Block: genStmts(cast<BlockStmt>(s).body); break;
  case Stmt::Scoped: {
    auto &ss = cast<ScopedStmt>(s);
    // Null after an error: the statements inside then skip their array
    // ops instead of reporting the region again.
    scopes[ss.region.get()] = genRegion(*ss.region);
    if (ss.body)
      genStmt(*ss.body);
    scopes.erase(ss.region.get());
    break;
  }
  case Stmt::If:
    if (cast<IfStmt>(s).shattered)
      genShatteredIf(cast<IfStmt>(s));
    else
      genIf(cast<IfStmt>(s), 0);
    break;
  case Stmt::For: genFor(cast<ForStmt>(s)); break;
  case Stmt::While: genWhile(cast<WhileStmt>(s)); break;
  case Stmt::Repeat: genRepeat(cast<RepeatStmt>(s)); break;
  case Stmt::Exit:
  case Stmt::Continue: {
    Value flag = !loopCtx ? Value()
                 : s.kind == Stmt::Exit ? loopCtx->broken
                                        : loopCtx->skip;
    if (!flag) {
      internal(s.loc, "`exit`/`continue` without a loop flag");
      break;
    }
    setFlag(l, flag, true);
    break;
  }
  case Stmt::Return: genReturn(cast<ReturnStmt>(s)); break;
  case Stmt::Halt: HaltOp::create(b, l); break;
  case Stmt::Wrap:
  case Stmt::Reflect: genBoundary(cast<BoundaryStmt>(s)); break;
  case Stmt::Write: genWrite(cast<WriteStmt>(s)); break;
  case Stmt::Call:
    if (isFileBuiltin(cast<CallStmt>(s).call->builtin))
      genFileStmt(cast<CallStmt>(s));
    else if (cast<CallStmt>(s).call->promoted)
      genPromotedCallStmt(cast<CallStmt>(s));
    else
      genCall(*cast<CallStmt>(s).call);
    break;
  }
  flushTemps(mark, l);
  curScope = savedScope;
  selections.swap(savedSelections);
}

void Generator::genReturn(const ReturnStmt &s) {
  Location l = loc(s.loc);
  if (!returnedFlag) {
    internal(s.loc, "`return` without a return flag");
    return;
  }
  if (s.value && resultSlot && curProc) {
    size_t mark = temps.size();
    Value v = convert(l, genExpr(*s.value), s.value->type, curProc->resultType);
    flushTemps(mark, l);
    StoreOp::create(b, l, v, resultSlot);
  }
  setFlag(l, returnedFlag, true);
}

Value Generator::combine(Location l, ast::AssignOp op, Value cur, Value v,
                         ScalarType t) {
  bool real = isReal(t);
  switch (op) {
  case ast::AssignOp::Assign: return v;
  case ast::AssignOp::AddAssign:
    return real ? Value(arith::AddFOp::create(b, l, cur, v))
                : Value(arith::AddIOp::create(b, l, cur, v));
  case ast::AssignOp::SubAssign:
    return real ? Value(arith::SubFOp::create(b, l, cur, v))
                : Value(arith::SubIOp::create(b, l, cur, v));
  case ast::AssignOp::MulAssign:
    return real ? Value(arith::MulFOp::create(b, l, cur, v))
                : Value(arith::MulIOp::create(b, l, cur, v));
  case ast::AssignOp::DivAssign:
    if (real)
      return arith::DivFOp::create(b, l, cur, v);
    if (t == ScalarType::Int32) // in 64 bits, as int32 `/` (a checked divisor)
      return convert(l,
                     arith::DivSIOp::create(b, l, convert(l, cur, t, ScalarType::Integer),
                                            convert(l, v, t, ScalarType::Integer)),
                     ScalarType::Integer, t);
    return arith::DivSIOp::create(b, l, cur, v);
  }
  return v;
}

void Generator::genAssign(const AssignStmt &s) {
  Location l = loc(s.loc);
  if (isa<RemapExpr>(s.target.get())) {
    genScatter(s);
    return;
  }
  if (isa<ast::SubscriptExpr>(s.target.get())) {
    genSubscriptAssign(s);
    return;
  }
  auto *n = cast<NameExpr>(s.target.get());
  auto *v = dyn_cast_or_null<VarDecl>(n->decl);
  if (!v) {
    internal(s.loc, "assignment to a non-variable");
    return;
  }
  if (v->isArray) {
    genArrayAssign(s, *v);
    return;
  }
  Value value = convert(l, genExpr(*s.value), s.value->type, v->elemType);
  if (s.op != ast::AssignOp::Assign)
    value = combine(l, s.op, loadVar(*v, n->loc), value, v->elemType);
  storeVar(*v, value, s.loc);
}

void Generator::genSubscriptAssign(const AssignStmt &s) {
  auto &sub = cast<ast::SubscriptExpr>(*s.target);
  Location l = loc(sub.loc);
  auto *v = dyn_cast_or_null<VarDecl>(sub.array->decl);
  Value handle = v ? indexedHandle(*v, sub.loc) : Value();
  if (!handle) {
    internal(s.loc, "assignment to a subscript of something other than an "
                    "indexed array");
    return;
  }
  // The indices first, then the value (`T[i] := f()` evaluates i before f).
  SmallVector<Value, 2> index;
  for (const auto &i : sub.indices)
    index.push_back(genExpr(*i));
  Value value = convert(l, genExpr(*s.value), s.value->type, v->elemType);
  if (s.op != ast::AssignOp::Assign)
    value = combine(l, s.op,
                    IndexedLoadOp::create(b, l, typeOf(v->elemType), handle,
                                          index),
                    value, v->elemType);
  IndexedStoreOp::create(b, l, value, handle, index);
}

void Generator::genArrayAssign(const AssignStmt &s, const VarDecl &target) {
  Location l = loc(s.loc);
  Value region = scopeRegion(s.scope, s.loc);
  if (!region)
    return;
  Value arr = arrayValue(target, s.target->loc);
  if (!arr)
    return;
  ValueScope align(alignTo, arr);
  Mask mask = shatterMask.value ? shatterMask : genMask(s.scope, region);
  genInto(arr, target.elemType, *s.value, region, mask, l, s.op, &target);
}

void Generator::genPromotedCallStmt(const CallStmt &s) {
  Location l = loc(s.loc);
  const CallExpr &call = *s.call;
  Value region = scopeRegion(s.scope, s.loc);
  if (!region)
    return;
  // (Sema keeps call statements out of shattered ifs: the scope's mask.)
  Mask mask = genMask(s.scope, region);
  for (auto [i, arg, param] : llvm::enumerate(call.args, call.proc->params)) {
    auto *n = param->byRef ? dyn_cast<NameExpr>(arg.get()) : nullptr;
    auto *out = n ? dyn_cast_or_null<VarDecl>(n->decl) : nullptr;
    Value arr = out ? arrayValue(*out, n->loc) : Value();
    if (!arr)
      continue;
    ValueScope align(alignTo, arr);
    std::map<const Expr *, Value> outer;
    std::swap(outer, hoisted);
    hoist(call, region);
    auto op = zpl::AssignOp::create(b, l, arr, region, mask.value, mask.without);
    promotedOutput = int(i);
    genBody(op.getBody(), l, [&] { return genExpr(call); });
    promotedOutput = -1;
    std::swap(outer, hoisted);
  }
}

void Generator::genScatter(const AssignStmt &s) {
  Location l = loc(s.loc);
  auto &rm = cast<RemapExpr>(*s.target);
  const VarDecl *dest = arrayDeclOf(*rm.array);
  if (!dest) {
    internal(s.loc, "the target of a scatter is not an array");
    return;
  }
  Value region = scopeRegion(s.scope, s.loc);
  if (!region)
    return;
  Value destArr = arrayValue(*dest, rm.array->loc);
  if (!destArr || genScatterProduct(s, destArr, region, rm))
    return;
  // The source: an array of the same element type, or a temporary; a
  // scatter never reads what it overwrites, and `-=` scatters the negated
  // source. The mask, index and source temporaries follow the source's
  // distribution (the scatter walks the source's points).
  const VarDecl *sv = arrayDeclOf(*s.value);
  unsigned rank = cast<RegionType>(region.getType()).getRank();
  bool direct = sv && sv != dest && sv->elemType == dest->elemType &&
                sv->rank == rank && s.op != ast::AssignOp::SubAssign;
  // An integer `+=`, `-=` or `*=` of a scalar (a histogram's `+= 1`) passes
  // the value itself: no temporary as large as the region.
  if (!s.value->parallel && s.op != ast::AssignOp::Assign &&
      dest->elemType == ScalarType::Integer) {
    genScatterValue(s, destArr, region, rm);
    return;
  }
  Value follow = direct ? arrayValue(*sv, s.value->loc) : firstArrayRead(*s.value);
  for (size_t k = 0; !follow && k < rm.indices.size(); ++k)
    follow = firstArrayRead(*rm.indices[k]);
  ValueScope align(alignTo, follow);
  Mask mask = shatterMask.value ? shatterMask : genMask(s.scope, region);
  RemapMaskScope remaps(remapMask, mask, region);
  Value source = direct ? arrayValue(*sv, s.value->loc)
                        : evalToTempMasked(*s.value, region, dest->elemType,
                                           "source", mask);
  SmallVector<Value> indices = genIndices(rm.indices, region, dest, mask);
  if (!source || llvm::any_of(indices, [](Value v) { return !v; }))
    return;
  if (s.op == ast::AssignOp::Assign) {
    if (mask.value)
      MaskedRemapOp::create(b, l, RemapKind::scatter, destArr, source, region,
                            indices, mask.value, mask.without);
    else
      RemapOp::create(b, l, RemapKind::scatter, destArr, source, region,
                      indices, DenseI64ArrayAttr());
    return;
  }
  if (s.op == ast::AssignOp::SubAssign) {
    auto negate =
        zpl::AssignOp::create(b, l, source, region, mask.value, mask.without);
    OpBuilder::InsertionGuard guard(b);
    b.createBlock(&negate.getBody());
    Type t = typeOf(dest->elemType);
    Value x = ReadOp::create(b, l, t, source, SmallVector<int64_t>(rank, 0));
    Value minus = isReal(dest->elemType)
                      ? Value(arith::NegFOp::create(b, l, x))
                      : Value(arith::SubIOp::create(b, l, zeroOf(l, dest->elemType), x));
    YieldOp::create(b, l, ValueRange{minus});
  }
  ScatterOperator op = s.op == ast::AssignOp::MulAssign ? ScatterOperator::mul
                                                        : ScatterOperator::add;
  ScatterCombineOp::create(b, l, op, destArr, source, region, indices,
                           mask.value, mask.without);
}

/// `[R] A#[I] += B * C#[J]` (or `C#[J] * B`) of doubles, without a mask,
/// B an array over R and C another array than A: one zpl.scatter_product,
/// no temporaries for the gather and the product. (The runtime multiplies
/// B by C's element; IEEE multiplication commutes, so `C#[J] * B` gives
/// the same doubles.) False, with nothing generated, for any other scatter.
bool Generator::genScatterProduct(const AssignStmt &s, Value destArr,
                                  Value region, const RemapExpr &rm) {
  const VarDecl *dest = arrayDeclOf(*rm.array);
  auto *mul = dyn_cast<BinaryExpr>(s.value.get());
  if (s.op != ast::AssignOp::AddAssign || dest->elemType != ScalarType::Double ||
      !mul || mul->op != ast::BinaryOp::Mul || shatterMask.value ||
      (s.scope && s.scope->mask))
    return false;
  const Expr *plain = mul->lhs.get(), *gathered = mul->rhs.get();
  if (!isa<RemapExpr>(gathered))
    std::swap(plain, gathered);
  auto *gather = dyn_cast<RemapExpr>(gathered);
  unsigned rank = cast<RegionType>(region.getType()).getRank();
  const VarDecl *sv = arrayDeclOf(*plain);
  const VarDecl *fv = gather ? arrayDeclOf(*gather->array) : nullptr;
  if (!sv || sv == dest || sv->elemType != ScalarType::Double ||
      sv->rank != rank || !fv || fv == dest ||
      fv->elemType != ScalarType::Double ||
      gather->indices.size() != fv->rank)
    return false;
  Value source = arrayValue(*sv, plain->loc);
  Value factor = arrayValue(*fv, gather->array->loc);
  if (!source || !factor)
    return true; // reported
  ValueScope align(alignTo, source); // index temporaries follow the walk
  SmallVector<Value> indices = genIndices(rm.indices, region, dest, Mask());
  SmallVector<Value> factorIndices =
      genIndices(gather->indices, region, dest, Mask());
  auto missing = [](Value v) { return !v; };
  if (llvm::any_of(indices, missing) || llvm::any_of(factorIndices, missing))
    return true;
  ScatterProductOp::create(b, loc(s.loc), destArr, source, factor, region,
                           indices, factorIndices);
  return true;
}

void Generator::genScatterValue(const AssignStmt &s, Value destArr,
                                Value region, const RemapExpr &rm) {
  Location l = loc(s.loc);
  const VarDecl *dest = arrayDeclOf(*rm.array);
  Value follow;
  for (size_t k = 0; !follow && k < rm.indices.size(); ++k)
    follow = firstArrayRead(*rm.indices[k]);
  ValueScope align(alignTo, follow);
  Mask mask = shatterMask.value ? shatterMask : genMask(s.scope, region);
  RemapMaskScope remaps(remapMask, mask, region);
  Value value = convert(l, genExpr(*s.value), s.value->type, dest->elemType);
  if (s.op == ast::AssignOp::SubAssign)
    value = arith::SubIOp::create(b, l, constInt(l, 0), value);
  SmallVector<Value> indices = genIndices(rm.indices, region, dest, mask);
  if (!value || llvm::any_of(indices, [](Value v) { return !v; }))
    return;
  ScatterOperator op = s.op == ast::AssignOp::MulAssign ? ScatterOperator::mul
                                                        : ScatterOperator::add;
  ScatterCombineOp::create(b, l, op, destArr, value, region, indices,
                           mask.value, mask.without);
}

void Generator::genBoundary(const BoundaryStmt &s) {
  Location l = loc(s.loc);
  const RegionExpr *scope = s.scope;
  if (!scope || scope->kind != RegionExpr::Of || !scope->base || !scope->dir) {
    internal(s.loc, "`wrap`/`reflect` without an `of` scope");
    return;
  }
  // [d of R] wrap A: fill the band d of R from R.
  Value base = genRegion(*scope->base);
  if (!base)
    return;
  BoundaryKind kind = s.isWrap() ? BoundaryKind::wrap : BoundaryKind::reflect;
  for (const auto &n : s.arrays) {
    const VarDecl *v = arrayDeclOf(*n);
    if (!v) {
      internal(n->loc, "the operand of `wrap`/`reflect` is not an array");
      continue;
    }
    Value arr = arrayValue(*v, n->loc);
    if (!arr)
      continue;
    if (scope->dir->runTime)
      DynBoundaryOp::create(b, l, kind, arr, base,
                            directionValues(*scope->dir));
    else
      BoundaryOp::create(b, l, kind, arr, base, scope->dir->offsets);
  }
}

void Generator::genIf(const IfStmt &s, size_t clause) {
  const IfClause &c = s.clauses[clause];
  Location l = loc(clause == 0 ? s.loc : c.cond->loc);
  size_t mark = temps.size();
  Value cond = genExpr(*c.cond);
  flushTemps(mark, l);
  bool more = clause + 1 < s.clauses.size();
  bool withElse = more || (s.hasElse && !s.elseBody.empty());
  auto op = scf::IfOp::create(b, l, cond, withElse);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(op.thenBlock()->getTerminator());
  genStmts(c.body);
  if (withElse) {
    b.setInsertionPoint(op.elseBlock()->getTerminator());
    if (more)
      genIf(s, clause + 1);
    else
      genStmts(s.elseBody);
  }
}

/// `cond` unless `stop` is set, in which case false; `cond` is only
/// evaluated when `stop` is not set.
template <typename Fn>
static Value unlessStopped(OpBuilder &b, Location l, Value stop, Fn cond) {
  if (!stop)
    return cond();
  auto op = scf::IfOp::create(b, l, TypeRange{b.getI1Type()}, stop, true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(op.thenBlock());
  Value f = arith::ConstantOp::create(b, l, b.getBoolAttr(false));
  scf::YieldOp::create(b, l, ValueRange{f});
  b.setInsertionPointToEnd(op.elseBlock());
  Value c = cond();
  scf::YieldOp::create(b, l, ValueRange{c});
  return op.getResult(0);
}

void Generator::genFor(const ForStmt &s) {
  Location l = loc(s.loc);
  auto *v = dyn_cast_or_null<VarDecl>(s.var->decl);
  if (!v) {
    internal(s.loc, "unresolved loop variable");
    return;
  }
  // The bounds and the step are evaluated once. The loop runs a counter k
  // over [0, n) with n = (hi - lo) / step + 1 (to) or (lo - hi) / step + 1
  // (downto), zero when the range is empty or the step is not positive, and
  // sets i = lo + k*step (lo - k*step) before each iteration.
  size_t mark = temps.size();
  Value lo = genExpr(*s.lo), hi = genExpr(*s.hi);
  Value step = s.step ? genExpr(*s.step) : constInt(l, 1);
  flushTemps(mark, l);
  Value zero = constInt(l, 0), one = constInt(l, 1);
  Value diff = s.down ? arith::SubIOp::create(b, l, lo, hi)
                      : arith::SubIOp::create(b, l, hi, lo);
  Value stepPos =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::sgt, step, zero);
  // A step below 1 would silently run no iteration: a run-time error at
  // the step (docs/language.md section 8: `by 0` is an error); a constant
  // positive step folds the check away.
  if (s.step)
    cf::AssertOp::create(b, loc(s.step->loc), stepPos,
                         "the step of a for loop must be at least 1");
  Value safeStep = arith::SelectOp::create(b, l, stepPos, step, one);
  Value count = arith::AddIOp::create(
      b, l, arith::DivSIOp::create(b, l, diff, safeStep), one);
  Value nonEmpty =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, diff, zero);
  Value runs = arith::AndIOp::create(b, l, stepPos, nonEmpty);
  Value trips = arith::SelectOp::create(b, l, runs, count, zero);

  Abrupt a = abruptOf(s.body);
  LoopCtx here = loopFlags(l, a);
  EnterLoop enter(loopCtx, here);
  auto setIndex = [&](Value k) {
    Value off = arith::MulIOp::create(b, l, k, step);
    Value i = s.down ? Value(arith::SubIOp::create(b, l, lo, off))
                     : Value(arith::AddIOp::create(b, l, lo, off));
    storeVar(*v, i, s.var->loc);
    if (here.skip)
      setFlag(l, here.skip, false);
  };

  if (!a.exit && !a.ret) {
    auto loop = scf::ForOp::create(b, l, zero, trips, one);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    setIndex(loop.getInductionVar());
    genStmts(s.body);
    return;
  }
  // With `exit` or `return` inside: a while loop over k that also stops
  // when a flag is set.
  Type i64 = b.getI64Type();
  auto loop = scf::WhileOp::create(b, l, TypeRange{i64}, ValueRange{zero});
  {
    OpBuilder::InsertionGuard guard(b);
    Block *before = b.createBlock(&loop.getBefore(), {}, {i64}, {l});
    Value k = before->getArgument(0);
    Value more =
        arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, k, trips);
    Value stop = stopCondition(a, l, false);
    if (stop)
      more = arith::AndIOp::create(
          b, l, more, arith::XOrIOp::create(b, l, stop, constBool(l, true)));
    scf::ConditionOp::create(b, l, more, ValueRange{k});
    Block *after = b.createBlock(&loop.getAfter(), {}, {i64}, {l});
    Value ka = after->getArgument(0);
    setIndex(ka);
    genStmts(s.body);
    // genStmts restored the insertion point to the end of `after`.
    b.setInsertionPointToEnd(after);
    scf::YieldOp::create(b, l, ValueRange{arith::AddIOp::create(b, l, ka, one)});
  }
}

void Generator::genWhile(const WhileStmt &s) {
  Location l = loc(s.loc);
  Abrupt a = abruptOf(s.body);
  LoopCtx here = loopFlags(l, a);
  EnterLoop enter(loopCtx, here);
  auto loop = scf::WhileOp::create(b, l, TypeRange{}, ValueRange{});
  OpBuilder::InsertionGuard guard(b);
  b.createBlock(&loop.getBefore());
  Location cl = loc(s.cond->loc);
  Value stop = stopCondition(a, cl, false);
  Value cond = unlessStopped(b, cl, stop, [&] {
    size_t mark = temps.size();
    Value c = genExpr(*s.cond);
    flushTemps(mark, cl);
    return c;
  });
  scf::ConditionOp::create(b, cl, cond, ValueRange{});
  Block *after = b.createBlock(&loop.getAfter());
  if (here.skip)
    setFlag(l, here.skip, false);
  genStmts(s.body);
  b.setInsertionPointToEnd(after);
  scf::YieldOp::create(b, l);
}

void Generator::genRepeat(const RepeatStmt &s) {
  // The body runs in the `before` region; the loop goes on while the
  // until-condition is false (and no exit/return happened).
  Location l = loc(s.loc);
  Abrupt a = abruptOf(s.body);
  LoopCtx here = loopFlags(l, a);
  EnterLoop enter(loopCtx, here);
  auto loop = scf::WhileOp::create(b, l, TypeRange{}, ValueRange{});
  OpBuilder::InsertionGuard guard(b);
  Block *before = b.createBlock(&loop.getBefore());
  if (here.skip)
    setFlag(l, here.skip, false);
  genStmts(s.body);
  b.setInsertionPointToEnd(before);
  Location cl = loc(s.cond->loc);
  Value stop = stopCondition(a, cl, false);
  Value again = unlessStopped(b, cl, stop, [&] {
    size_t mark = temps.size();
    Value until = genExpr(*s.cond);
    flushTemps(mark, cl);
    return Value(arith::XOrIOp::create(b, cl, until, constBool(cl, true)));
  });
  scf::ConditionOp::create(b, cl, again, ValueRange{});
  b.createBlock(&loop.getAfter());
  scf::YieldOp::create(b, l);
}

void Generator::genWrite(const WriteStmt &s) {
  if (s.file)
    FileOutputOp::create(b, loc(s.loc), genExpr(*s.file));
  for (const WriteArg &a : s.args) {
    const Expr &e = *a.value;
    Location l = loc(e.loc);
    StringAttr format = a.hasFormat ? b.getStringAttr(a.format) : StringAttr();
    if (auto *str = dyn_cast<StringLitExpr>(&e)) {
      WriteStrOp::create(b, l, b.getStringAttr(str->value));
      continue;
    }
    if (!e.parallel) {
      WriteOp::create(b, l, genExpr(e), format);
      continue;
    }
    Value region = scopeRegion(s.scope, e.loc);
    if (!region)
      continue;
    // An array is printed as it is; any other parallel value is evaluated
    // into a temporary first.
    Value arr;
    if (const VarDecl *v = arrayDeclOf(e))
      arr = arrayValue(*v, e.loc);
    else
      arr = evalToTemp(e, region, e.type, "value");
    if (arr)
      WriteArrayOp::create(b, l, arr, region, format);
  }
  if (s.newline)
    WritelnOp::create(b, loc(s.loc));
  if (s.file)
    FileOutputEndOp::create(b, loc(s.loc));
}

} // namespace mlirgen
} // namespace zpl
