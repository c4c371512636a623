//===- MLIRGenProc.cpp - procedures and declared values -------------------===//
//
// Procedures become func.func ops; the values of declarations (handles
// of globals, scalar slots) are fetched and stored here.
//===----------------------------------------------------------------------===//
#include "frontend/MLIRGenInternal.h"

namespace zpl {
namespace mlirgen {

//===----------------------------------------------------------------------===//
// Procedures
//===----------------------------------------------------------------------===//

void Generator::genProcHeader(const ProcDecl &p) {
  SmallVector<Type> inputs;
  for (const auto &param : p.params) {
    if (param->isArray)
      inputs.push_back(arrayTypeOf(*param));
    else if (param->byRef)
      inputs.push_back(RefType::get(&ctx, typeOf(param->elemType)));
    else
      inputs.push_back(typeOf(param->elemType));
  }
  // A procedure run under its caller's scope takes that region last.
  if (p.callerScope)
    inputs.push_back(RegionType::get(&ctx, p.callerScope->rank));
  SmallVector<Type> results;
  if (p.resultType != ScalarType::Void)
    results.push_back(typeOf(p.resultType));
  auto fn = func::FuncOp::create(b, loc(p.loc), p.name,
                                 b.getFunctionType(inputs, results));
  funcs[&p] = fn;
}

/// True if `s` contains a `return` (anywhere).
static bool containsReturn(const Stmt &s);
static bool containsReturn(const StmtList &stmts) {
  for (const auto &s : stmts)
    if (s && containsReturn(*s))
      return true;
  return false;
}
static bool containsReturn(const Stmt &s) {
  switch (s.kind) {
  case Stmt::Return: return true;
  case Stmt::Block: return containsReturn(cast<BlockStmt>(s).body);
  case Stmt::Scoped: {
    auto &ss = cast<ScopedStmt>(s);
    return ss.body && containsReturn(*ss.body);
  }
  case Stmt::If: {
    auto &is = cast<IfStmt>(s);
    for (const IfClause &c : is.clauses)
      if (containsReturn(c.body))
        return true;
    return containsReturn(is.elseBody);
  }
  case Stmt::For: return containsReturn(cast<ForStmt>(s).body);
  case Stmt::While: return containsReturn(cast<WhileStmt>(s).body);
  case Stmt::Repeat: return containsReturn(cast<RepeatStmt>(s).body);
  default: return false;
  }
}

void Generator::genProcBody(const ProcDecl &p) {
  auto it = funcs.find(&p);
  if (it == funcs.end())
    return;
  func::FuncOp fn = it->second;
  entry = fn.addEntryBlock();
  b.setInsertionPointToStart(entry);
  lastHandle = nullptr;
  lastFlag = nullptr;
  handles.clear();
  slots.clear();
  scopes.clear();
  arrays.clear();
  localArrays.clear();
  indexed.clear();
  localIndexed.clear();
  temps.clear();
  tempOf.clear();
  loopCtx = nullptr;
  returnedFlag = resultSlot = Value();
  curProc = &p;
  curScope = nullptr;

  bindParams(p, fn);
  allocateLocals(p);
  initLocals(p);
  genStmtsAndReturn(p);
  entry = nullptr;
}

void Generator::bindParams(const ProcDecl &p, func::FuncOp fn) {
  // Value parameters are stored into slots so that they are assignable;
  // `var` parameters are references used as slots; arrays are used as
  // they are (by reference).
  if (p.callerScope)
    scopes[p.callerScope.get()] = fn.getArgument(p.params.size());
  for (auto [i, param] : llvm::enumerate(p.params)) {
    Location l = loc(param->loc);
    if (param->isArray) {
      arrays[param.get()] = fn.getArgument(i);
      continue;
    }
    if (param->byRef) {
      slots[param.get()] = fn.getArgument(i);
      continue;
    }
    Type t = typeOf(param->elemType);
    Value slot = AllocaOp::create(b, l, RefType::get(&ctx, t),
                                  b.getStringAttr(param->name));
    StoreOp::create(b, l, fn.getArgument(i), slot);
    slots[param.get()] = slot;
  }
}

void Generator::allocateLocals(const ProcDecl &p) {
  for (const auto &v : p.locals) {
    Location l = loc(v->loc);
    if (v->isArray || v->isIndexed)
      continue;
    Type t = typeOf(v->elemType);
    slots[v.get()] = AllocaOp::create(b, l, RefType::get(&ctx, t),
                                      b.getStringAttr(v->name));
  }
  // Local arrays are allocated at entry and freed at the single exit.
  for (const auto &v : p.locals) {
    if (!v->isArray)
      continue;
    Location l = loc(v->loc);
    Value r = v->region ? genRegion(*v->region) : Value();
    if (!r) {
      if (!failed)
        internal(v->loc, "local array '" + v->name + "' has no region");
      continue;
    }
    bindLiteral(r);
    Value a = LocalArrayOp::create(b, l, arrayTypeOf(*v),
                                   b.getStringAttr(v->name), r, Value(),
                                   DenseI64ArrayAttr());
    arrays[v.get()] = a;
    localArrays.push_back(a);
  }
  // Local indexed arrays too (their bounds use config vars and constants).
  for (const auto &v : p.locals) {
    if (!v->isIndexed)
      continue;
    Value a = newIndexed(*v);
    indexed[v.get()] = a;
    localIndexed.push_back(a);
  }
}

void Generator::initLocals(const ProcDecl &p) {
  for (const auto &v : p.locals) {
    if (!v->init)
      continue;
    Location l = loc(v->init->loc);
    size_t mark = temps.size();
    if (v->isArray) {
      auto ai = arrays.find(v.get());
      if (ai != arrays.end())
        genInto(ai->second, v->elemType, *v->init,
                cast<LocalArrayOp>(ai->second.getDefiningOp()).getRegion(),
                Mask(), l, ast::AssignOp::Assign, v.get());
    } else {
      storeVar(*v, convert(l, genExpr(*v->init), v->init->type, v->elemType),
               v->loc);
    }
    flushTemps(mark, l);
  }
}

void Generator::freeLocals(Location l) {
  for (Value a : llvm::reverse(localArrays))
    FreeArrayOp::create(b, l, a);
  for (Value a : llvm::reverse(localIndexed))
    IndexedFreeOp::create(b, l, a);
}

void Generator::genStmtsAndReturn(const ProcDecl &p) {
  Location pl = loc(p.loc);
  // A `return` that is not the last statement sets the `returned` flag
  // (and the result slot); everything after it is guarded by the flag and
  // the procedure returns at its end.
  const ReturnStmt *last = nullptr;
  size_t n = p.body.size();
  if (n && p.body.back() && p.body.back()->kind == Stmt::Return) {
    last = cast<ReturnStmt>(p.body.back().get());
    --n;
  }
  bool early = false;
  for (size_t i = 0; i < n; ++i)
    if (p.body[i] && containsReturn(*p.body[i]))
      early = true;

  if (early) {
    genStmtsWithEarlyReturn(p);
    return;
  }

  for (size_t i = 0; i < n; ++i)
    if (p.body[i])
      genStmt(*p.body[i]);

  if (last) {
    Location l = loc(last->loc);
    curScope = last->scope;
    if (last->value && p.resultType != ScalarType::Void) {
      size_t mark = temps.size();
      Value v = convert(l, genExpr(*last->value), last->value->type,
                        p.resultType);
      flushTemps(mark, l);
      freeLocals(l);
      func::ReturnOp::create(b, l, ValueRange{v});
    } else {
      freeLocals(l);
      func::ReturnOp::create(b, l);
    }
  } else if (p.resultType != ScalarType::Void) {
    // Falling off the end of a function returns zero.
    freeLocals(pl);
    func::ReturnOp::create(b, pl, ValueRange{zeroOf(pl, p.resultType)});
  } else {
    freeLocals(pl);
    func::ReturnOp::create(b, pl);
  }
}

void Generator::genStmtsWithEarlyReturn(const ProcDecl &p) {
  Location pl = loc(p.loc);
  returnedFlag = newFlag(pl, "returned");
  setFlag(pl, returnedFlag, false);
  if (p.resultType != ScalarType::Void) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfter(lastFlag);
    resultSlot = AllocaOp::create(b, pl, RefType::get(&ctx, typeOf(p.resultType)),
                                  b.getStringAttr("result"));
    lastFlag = resultSlot.getDefiningOp();
  }
  genStmts(p.body);
  freeLocals(pl);
  if (resultSlot)
    func::ReturnOp::create(
        b, pl, ValueRange{LoadOp::create(b, pl, typeOf(p.resultType), resultSlot)});
  else
    func::ReturnOp::create(b, pl);
}

//===----------------------------------------------------------------------===//
// Values of declarations
//===----------------------------------------------------------------------===//

Value Generator::getHandle(const Decl &d, Type type, const SourceLoc &useLoc) {
  auto name = FlatSymbolRefAttr::get(&ctx, d.name);
  if (!entry) // a declaration's init body: fetch in place
    return GetOp::create(b, loc(useLoc), type, name);
  auto it = handles.find(&d);
  if (it != handles.end())
    return it->second;
  OpBuilder::InsertionGuard guard(b);
  if (lastHandle)
    b.setInsertionPointAfter(lastHandle);
  else
    b.setInsertionPointToStart(entry);
  auto get = GetOp::create(b, loc(d.loc), type, name);
  lastHandle = get;
  handles[&d] = get;
  return get;
}

Value Generator::newIndexed(const VarDecl &v) {
  Location l = loc(v.loc);
  SmallVector<Value, 4> bounds;
  for (const ast::IndexedDim &d : v.type.bounds) {
    bounds.push_back(genExpr(*d.lo));
    bounds.push_back(genExpr(*d.hi));
  }
  return IndexedNewOp::create(b, l, indexedTypeOf(v), b.getStringAttr(v.name),
                              bounds);
}

Value Generator::indexedHandle(const VarDecl &v, const SourceLoc &useLoc) {
  Type t = indexedTypeOf(v);
  if (v.isGlobal())
    return getHandle(v, t, useLoc);
  auto it = indexed.find(&v);
  if (it == indexed.end()) {
    internal(useLoc, "no storage for '" + v.name + "'");
    return Value();
  }
  return it->second;
}

Value Generator::loadVar(const VarDecl &v, const SourceLoc &useLoc) {
  Location l = loc(useLoc);
  if (v.isGlobal())
    return GetOp::create(b, l, typeOf(v.elemType),
                         FlatSymbolRefAttr::get(&ctx, v.name));
  auto it = slots.find(&v);
  if (it == slots.end()) {
    internal(useLoc, "no storage for '" + v.name + "'");
    return zeroOf(l, v.elemType);
  }
  return LoadOp::create(b, l, typeOf(v.elemType), it->second);
}

void Generator::storeVar(const VarDecl &v, Value value, const SourceLoc &useLoc) {
  Location l = loc(useLoc);
  if (v.isGlobal()) {
    SetOp::create(b, l, FlatSymbolRefAttr::get(&ctx, v.name), value);
    return;
  }
  auto it = slots.find(&v);
  if (it == slots.end()) {
    internal(useLoc, "no storage for '" + v.name + "'");
    return;
  }
  StoreOp::create(b, l, value, it->second);
}

} // namespace mlirgen
} // namespace zpl
