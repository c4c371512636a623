//===- MLIRGenExpr.cpp - regions and expressions --------------------------===//
//
// Region expressions and scopes; scalar expressions and, in element
// mode, the per-element bodies of array ops (with hoisting).
//===----------------------------------------------------------------------===//
#include "frontend/MLIRGenInternal.h"

namespace zpl {
namespace mlirgen {

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

Value Generator::genRegion(const RegionExpr &r) {
  Location l = loc(r.loc);
  // A mask is not part of the region's value: see genMask.
  auto type = RegionType::get(&ctx, r.rank);
  switch (r.kind) {
  case RegionExpr::Named:
    if (r.family && r.index)
      return familyElement(*r.family, *r.index, type, "");
    if (!r.decl) {
      internal(r.loc, "unresolved region '" + r.name + "'");
      return nullptr;
    }
    return getHandle(*r.decl, type, r.loc);
  case RegionExpr::Literal: {
    SmallVector<Value> lows, highs;
    SmallVector<int64_t> flood;
    for (const RegionDim &dim : r.dims) {
      switch (dim.kind) {
      case RegionDim::Range:
        lows.push_back(genExpr(*dim.lo));
        highs.push_back(genExpr(*dim.hi));
        break;
      case RegionDim::Single: {
        Value v = genExpr(*dim.lo);
        lows.push_back(v);
        highs.push_back(v);
        break;
      }
      case RegionDim::Flood: {
        // Bounds are ignored in a flood dimension.
        Value z = constInt(l, 0);
        flood.push_back(int64_t(lows.size()));
        lows.push_back(z);
        highs.push_back(z);
        break;
      }
      }
    }
    return MakeRegionOp::create(
        b, l, type, lows, highs,
        flood.empty() ? DenseI64ArrayAttr() : b.getDenseI64ArrayAttr(flood),
        FlatSymbolRefAttr());
  }
  case RegionExpr::Of:
  case RegionExpr::In:
  case RegionExpr::At:
  case RegionExpr::By: {
    Value base = genRegion(*r.base);
    if (!base)
      return nullptr;
    DeriveKind kind = r.kind == RegionExpr::Of   ? DeriveKind::of
                      : r.kind == RegionExpr::In ? DeriveKind::in
                      : r.kind == RegionExpr::At ? DeriveKind::at
                                                 : DeriveKind::by;
    SmallVector<Value> runTimeDirection;
    if (r.dir->runTime)
      for (const ast::ExprPtr &c : r.dir->componentExprs())
        runTimeDirection.push_back(genExpr(*c));
    // `[R by s]`: the one stride in every dimension.
    if (r.dir->uniform && runTimeDirection.size() == 1)
      runTimeDirection.resize(r.dir->offsets.size(), runTimeDirection.front());
    return DeriveRegionOp::create(b, l, type, kind, base, r.dir->offsets,
                                  runTimeDirection);
  }
  }
  return nullptr;
}

Value Generator::scopeRegion(const RegionExpr *r, const SourceLoc &useLoc) {
  if (!r) {
    internal(useLoc, "parallel statement without a region scope");
    return nullptr;
  }
  auto it = scopes.find(r);
  if (it != scopes.end())
    return it->second;
  return genRegion(*r);
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

Value Generator::genExpr(const Expr &e) {
  if (elementMode && !e.parallel) {
    auto it = hoisted.find(&e);
    if (it != hoisted.end())
      return it->second;
  }
  Location l = loc(e.loc);
  // Scans, floods, partial reductions and gathers inside an array
  // statement were evaluated into temporaries before it (see hoist).
  if (e.kind == Expr::Scan || e.kind == Expr::Flood || e.kind == Expr::Remap ||
      (e.kind == Expr::Reduce && e.parallel)) {
    auto it = tempOf.find(&e);
    if (!elementMode || it == tempOf.end()) {
      internal(e.loc, "a parallel operation outside an array statement");
      return zeroOf(l, e.type);
    }
    unsigned rank = cast<ArrayType>(it->second.getType()).getRank();
    return ReadOp::create(b, l, typeOf(e.type), it->second,
                          SmallVector<int64_t>(rank, 0));
  }
  switch (e.kind) {
  case Expr::IntLit: return constInt(l, cast<IntLitExpr>(e).value);
  case Expr::RealLit: return constReal(l, cast<RealLitExpr>(e).value, e.type);
  case Expr::BoolLit: return constBool(l, cast<BoolLitExpr>(e).value);
  case Expr::StringLit:
    internal(e.loc, "a string used as a value");
    return constInt(l, 0);
  case Expr::Name: return genName(cast<NameExpr>(e));
  case Expr::Unary: return genUnary(cast<UnaryExpr>(e));
  case Expr::Binary: return genBinary(cast<BinaryExpr>(e));
  case Expr::Call: return genCall(cast<CallExpr>(e));
  case Expr::Shift: return genShift(cast<ShiftExpr>(e));
  case Expr::Reduce: return genReduce(cast<ReduceExpr>(e));
  case Expr::Subscript: return genSubscript(cast<ast::SubscriptExpr>(e));
  case Expr::Scan:
  case Expr::Flood:
  case Expr::Remap:
    break; // handled above
  }
  return zeroOf(l, e.type);
}

Value Generator::genSubscript(const ast::SubscriptExpr &e) {
  Location l = loc(e.loc);
  auto *v = dyn_cast_or_null<VarDecl>(e.array->decl);
  Value handle = v ? indexedHandle(*v, e.loc) : Value();
  if (!handle) {
    internal(e.loc, "a subscript of something other than an indexed array");
    return zeroOf(l, e.type);
  }
  SmallVector<Value, 2> indices;
  for (const auto &i : e.indices)
    indices.push_back(genExpr(*i));
  return IndexedLoadOp::create(b, l, typeOf(e.type), handle, indices);
}

Value Generator::genName(const NameExpr &e) {
  Location l = loc(e.loc);
  if (auto *ia = dyn_cast_or_null<IndexArrayDecl>(e.decl)) {
    if (!elementMode) {
      internal(e.loc, "'" + e.name + "' outside an array statement");
      return constInt(l, 0);
    }
    return IndexOp::create(b, l, b.getI64Type(),
                           b.getI64IntegerAttr(int64_t(ia->dim) - 1));
  }
  auto *v = dyn_cast_or_null<VarDecl>(e.decl);
  if (!v) {
    internal(e.loc, "'" + e.name + "' is not a variable");
    return zeroOf(l, e.type);
  }
  if (v->isArray) {
    if (!elementMode) {
      internal(e.loc, "array '" + e.name + "' read outside an array statement");
      return zeroOf(l, e.type);
    }
    Type elem = typeOf(v->elemType);
    Value arr = arrayValue(*v, e.loc);
    if (!arr)
      return zeroOf(l, e.type);
    return ReadOp::create(b, l, elem, arr, SmallVector<int64_t>(v->rank, 0));
  }
  return loadVar(*v, e.loc);
}

Value Generator::genShift(const ShiftExpr &e) {
  Location l = loc(e.loc);
  auto *n = cast<NameExpr>(e.array.get());
  auto *v = dyn_cast_or_null<VarDecl>(n->decl);
  if (!v || !v->isArray || !elementMode) {
    internal(e.loc, "bad shift");
    return zeroOf(l, e.type);
  }
  Type elem = typeOf(v->elemType);
  Value arr;
  if (e.wrap || e.dir->runTime) {
    // `A@^d` reads the wrapped copy made before the statement; a shift by
    // a direction known only at run time, the array moved by it there.
    auto it = tempOf.find(&e);
    if (it == tempOf.end()) {
      internal(e.loc, "no wrapped copy for `@^`");
      return zeroOf(l, e.type);
    }
    arr = it->second;
  } else {
    arr = arrayValue(*v, n->loc);
  }
  if (!arr)
    return zeroOf(l, e.type);
  return ReadOp::create(b, l, elem, arr, e.dir->offsets);
}

Value Generator::genUnary(const UnaryExpr &e) {
  Location l = loc(e.loc);
  Value v = genExpr(*e.operand);
  switch (e.op) {
  case UnaryOp::Plus: return v;
  case UnaryOp::Not:
    return arith::XOrIOp::create(b, l, v, constBool(l, true));
  case UnaryOp::Neg:
    if (isReal(e.type))
      return arith::NegFOp::create(b, l, v);
    return arith::SubIOp::create(b, l, zeroOf(l, e.type), v);
  }
  return v;
}

Value Generator::genBinary(const BinaryExpr &e) {
  Location l = loc(e.loc);
  Value lhs = genExpr(*e.lhs), rhs = genExpr(*e.rhs);
  switch (e.op) {
  case BinaryOp::Add:
  case BinaryOp::Sub:
  case BinaryOp::Mul:
  case BinaryOp::Div:
  case BinaryOp::Mod:
  case BinaryOp::Pow: return genArithmetic(e, l, lhs, rhs);
  case BinaryOp::Lt:
  case BinaryOp::Le:
  case BinaryOp::Gt:
  case BinaryOp::Ge:
  case BinaryOp::Eq:
  case BinaryOp::Ne: return genComparison(e, l, lhs, rhs);
  case BinaryOp::And: return arith::AndIOp::create(b, l, lhs, rhs);
  case BinaryOp::Or: return arith::OrIOp::create(b, l, lhs, rhs);
  }
  return lhs;
}

Value Generator::genArithmetic(const BinaryExpr &e, Location l, Value lhs,
                               Value rhs) {
  ScalarType t = e.type;
  lhs = convert(l, lhs, e.lhs->type, t);
  rhs = convert(l, rhs, e.rhs->type, t);
  bool real = isReal(t);
  switch (e.op) {
  case BinaryOp::Add:
    return real ? Value(arith::AddFOp::create(b, l, lhs, rhs))
                : Value(arith::AddIOp::create(b, l, lhs, rhs));
  case BinaryOp::Sub:
    return real ? Value(arith::SubFOp::create(b, l, lhs, rhs))
                : Value(arith::SubIOp::create(b, l, lhs, rhs));
  case BinaryOp::Mul:
    return real ? Value(arith::MulFOp::create(b, l, lhs, rhs))
                : Value(arith::MulIOp::create(b, l, lhs, rhs));
  case BinaryOp::Div:
    return real ? Value(arith::DivFOp::create(b, l, lhs, rhs))
                : Value(arith::DivSIOp::create(b, l, lhs, rhs));
  case BinaryOp::Mod:
    return real ? Value(arith::RemFOp::create(b, l, lhs, rhs))
                : Value(arith::RemSIOp::create(b, l, lhs, rhs));
  default:
    return real ? Value(math::PowFOp::create(b, l, lhs, rhs))
                : Value(math::IPowIOp::create(b, l, lhs, rhs));
  }
}

Value Generator::genComparison(const BinaryExpr &e, Location l, Value lhs,
                               Value rhs) {
  ScalarType lt = e.lhs->type, rt = e.rhs->type;
  if (lt == ScalarType::Boolean || rt == ScalarType::Boolean) {
    auto pred = e.op == BinaryOp::Eq ? arith::CmpIPredicate::eq
                                     : arith::CmpIPredicate::ne;
    return arith::CmpIOp::create(b, l, pred, lhs, rhs);
  }
  ScalarType t = lt == rt ? lt
                 : (lt == ScalarType::Double || rt == ScalarType::Double)
                     ? ScalarType::Double
                 : (lt == ScalarType::Float || rt == ScalarType::Float)
                     ? ScalarType::Float
                     : ScalarType::Integer;
  lhs = convert(l, lhs, lt, t);
  rhs = convert(l, rhs, rt, t);
  if (isReal(t)) {
    arith::CmpFPredicate pred;
    switch (e.op) {
    case BinaryOp::Lt: pred = arith::CmpFPredicate::OLT; break;
    case BinaryOp::Le: pred = arith::CmpFPredicate::OLE; break;
    case BinaryOp::Gt: pred = arith::CmpFPredicate::OGT; break;
    case BinaryOp::Ge: pred = arith::CmpFPredicate::OGE; break;
    case BinaryOp::Eq: pred = arith::CmpFPredicate::OEQ; break;
    default: pred = arith::CmpFPredicate::ONE; break;
    }
    return arith::CmpFOp::create(b, l, pred, lhs, rhs);
  }
  arith::CmpIPredicate pred;
  switch (e.op) {
  case BinaryOp::Lt: pred = arith::CmpIPredicate::slt; break;
  case BinaryOp::Le: pred = arith::CmpIPredicate::sle; break;
  case BinaryOp::Gt: pred = arith::CmpIPredicate::sgt; break;
  case BinaryOp::Ge: pred = arith::CmpIPredicate::sge; break;
  case BinaryOp::Eq: pred = arith::CmpIPredicate::eq; break;
  default: pred = arith::CmpIPredicate::ne; break;
  }
  return arith::CmpIOp::create(b, l, pred, lhs, rhs);
}

Value Generator::genCall(const CallExpr &e) {
  if (e.builtin != Builtin::None)
    return genBuiltin(e);
  Location l = loc(e.loc);
  if (!e.proc) {
    internal(e.loc, "unresolved call of '" + e.callee + "'");
    return zeroOf(l, e.type);
  }
  auto it = funcs.find(e.proc);
  if (it == funcs.end()) {
    internal(e.loc, "no function for '" + e.callee + "'");
    return e.type == ScalarType::Void ? Value() : zeroOf(l, e.type);
  }
  if (promotedOutput >= 0)
    return genPromotedCall(e, it->second);
  SmallVector<Value> args;
  for (auto [arg, param] : llvm::zip(e.args, e.proc->params)) {
    Location al = loc(arg->loc);
    if (param->isArray || param->byRef) {
      // Arrays and `var` parameters pass by reference.
      auto *n = dyn_cast<NameExpr>(arg.get());
      auto *v = n ? dyn_cast_or_null<VarDecl>(n->decl) : nullptr;
      Value ref;
      if (v && param->isArray) {
        ref = arrayValue(*v, arg->loc);
      } else if (v && v->isGlobal()) {
        ref = AddressOfOp::create(b, al, RefType::get(&ctx, typeOf(v->elemType)),
                                  FlatSymbolRefAttr::get(&ctx, v->name));
      } else if (v) {
        auto si = slots.find(v);
        if (si != slots.end())
          ref = si->second;
      }
      if (!ref) {
        internal(arg->loc, "cannot pass this argument by reference");
        return e.type == ScalarType::Void ? Value() : zeroOf(l, e.type);
      }
      args.push_back(ref);
      continue;
    }
    args.push_back(convert(al, genExpr(*arg), arg->type, param->elemType));
  }
  if (e.proc->callerScope) {
    Value scope = scopeRegion(curScope, e.loc);
    if (!scope)
      return e.type == ScalarType::Void ? Value() : zeroOf(l, e.type);
    args.push_back(scope);
  }
  auto call = func::CallOp::create(b, l, it->second, args);
  return call.getNumResults() ? call.getResult(0) : Value();
}

Value Generator::genPromotedCall(const CallExpr &e, func::FuncOp fn) {
  Location l = loc(e.loc);
  SmallVector<Value> args;
  Value wanted;
  int outputIndex = promotedOutput;
  promotedOutput = -1; // calls nested in the arguments are ordinary ones
  for (auto [i, arg, param] : llvm::enumerate(e.args, e.proc->params)) {
    if (!param->byRef) {
      args.push_back(convert(loc(arg->loc), genExpr(*arg), arg->type,
                             param->elemType));
      continue;
    }
    Value slot = AllocaOp::create(b, l, RefType::get(&ctx, typeOf(param->elemType)),
                                  b.getStringAttr(param->name));
    if (int(i) == outputIndex)
      wanted = slot;
    args.push_back(slot);
  }
  promotedOutput = outputIndex;
  func::CallOp::create(b, l, fn, args);
  return LoadOp::create(
      b, l, typeOf(e.proc->params[outputIndex]->elemType), wanted);
}

Value Generator::genBuiltin(const CallExpr &e) {
  if (e.builtin == Builtin::Open)
    return genOpen(e);
  Location l = loc(e.loc);
  if (e.builtin == Builtin::Timer)
    return TimerOp::create(b, l, b.getF64Type());
  SmallVector<Value, 2> args;
  for (const auto &a : e.args)
    args.push_back(genExpr(*a));
  ScalarType t = e.type;
  auto arg = [&](unsigned i) {
    return convert(l, args[i], e.args[i]->type, t);
  };
  switch (e.builtin) {
  case Builtin::Abs:
    if (isReal(t))
      return math::AbsFOp::create(b, l, arg(0));
    return math::AbsIOp::create(b, l, arg(0));
  case Builtin::Sqrt: return math::SqrtOp::create(b, l, arg(0));
  case Builtin::Exp: return math::ExpOp::create(b, l, arg(0));
  case Builtin::Log: return math::LogOp::create(b, l, arg(0));
  case Builtin::Sin: return math::SinOp::create(b, l, arg(0));
  case Builtin::Cos: return math::CosOp::create(b, l, arg(0));
  case Builtin::Tan: return math::TanOp::create(b, l, arg(0));
  case Builtin::Floor: return math::FloorOp::create(b, l, arg(0));
  case Builtin::Ceil: return math::CeilOp::create(b, l, arg(0));
  case Builtin::Pow: return math::PowFOp::create(b, l, arg(0), arg(1));
  case Builtin::Min:
    if (isReal(t))
      return arith::MinimumFOp::create(b, l, arg(0), arg(1));
    return arith::MinSIOp::create(b, l, arg(0), arg(1));
  case Builtin::Max:
    if (isReal(t))
      return arith::MaximumFOp::create(b, l, arg(0), arg(1));
    return arith::MaxSIOp::create(b, l, arg(0), arg(1));
  case Builtin::ToDouble:
  case Builtin::ToInteger:
  case Builtin::ToFloat:
  case Builtin::ToInt32:
    if (e.args[0]->type == ScalarType::Boolean) {
      // true is 1, false is 0.
      Value one = isReal(t) ? constReal(l, 1.0, t) : constIntOf(l, 1, t);
      return arith::SelectOp::create(b, l, args[0], one, zeroOf(l, t));
    }
    return arg(0);
  case Builtin::Band: return arith::AndIOp::create(b, l, arg(0), arg(1));
  case Builtin::Bor: return arith::OrIOp::create(b, l, arg(0), arg(1));
  case Builtin::Bxor: return arith::XOrIOp::create(b, l, arg(0), arg(1));
  case Builtin::Bnot: return arith::XOrIOp::create(b, l, arg(0), constInt(l, -1));
  // bsr is the arithmetic shift; zpl-legalize-for-emitc checks amounts that
  // may lie outside 0..63.
  case Builtin::Bsl: return arith::ShLIOp::create(b, l, arg(0), arg(1));
  case Builtin::Bsr: return arith::ShRSIOp::create(b, l, arg(0), arg(1));
  case Builtin::None:
  case Builtin::Open:
  case Builtin::Read:
  case Builtin::Close:
  case Builtin::Timer:
    break;
  }
  internal(e.loc, "unknown builtin '" + e.callee + "'");
  return zeroOf(l, t);
}

void Generator::hoist(const Expr &e, Value region) {
  // A statement's wraps are shared by its `@^` reads (genWrapTemp): a new
  // outermost hoist is a new statement, after which arrays may change.
  if (hoistDepth++ == 0) {
    statementWraps.clear();
    statementComponents.clear();
  }
  hoistParts(e, region);
  --hoistDepth;
}

void Generator::hoistParts(const Expr &e, Value region) {
  if (!e.parallel) {
    if (!hoisted.count(&e)) {
      bool saved = elementMode;
      elementMode = false;
      Value v = genExpr(e);
      elementMode = saved;
      hoisted[&e] = v;
    }
    return;
  }
  switch (e.kind) {
  case Expr::Unary: hoist(*cast<UnaryExpr>(e).operand, region); return;
  case Expr::Binary:
    hoist(*cast<BinaryExpr>(e).lhs, region);
    hoist(*cast<BinaryExpr>(e).rhs, region);
    return;
  case Expr::Call:
    for (const auto &a : cast<CallExpr>(e).args)
      hoist(*a, region);
    return;
  case Expr::Shift: {
    const auto &shift = cast<ShiftExpr>(e);
    if (shift.wrap)
      genWrapTemp(shift);
    if (shift.dir->runTime)
      genRunTimeShift(shift, region);
    return;
  }
  case Expr::Scan:
  case Expr::Flood:
  case Expr::Remap:
  case Expr::Reduce: // parallel: a partial reduction
    if (region)
      tempOf[&e] = evalToTemp(e, region, e.type, "tmp");
    return;
  default: // leaves: reads, Index
    return;
  }
}


ReduceKind Generator::reduceKind(ast::ReduceOp op) {
  switch (op) {
  case ast::ReduceOp::Add: return ReduceKind::Add;
  case ast::ReduceOp::Mul: return ReduceKind::Mul;
  case ast::ReduceOp::Max: return ReduceKind::Max;
  case ast::ReduceOp::Min: return ReduceKind::Min;
  case ast::ReduceOp::And: return ReduceKind::And;
  case ast::ReduceOp::Or: return ReduceKind::Or;
  case ast::ReduceOp::User: return ReduceKind::User;
  }
  return ReduceKind::Add;
}

FlatSymbolRefAttr Generator::combinerOf(const ProcDecl *userProc) {
  return userProc ? FlatSymbolRefAttr::get(funcs.at(userProc).getSymNameAttr())
                  : FlatSymbolRefAttr();
}

Value Generator::identityOf(Location l, ReduceKind kind, ScalarType t) {
  bool real = isReal(t);
  switch (kind) {
  case ReduceKind::Add: return zeroOf(l, t);
  case ReduceKind::Mul:
    return real ? constReal(l, 1.0, t) : constInt(l, 1);
  case ReduceKind::Max:
    return real ? constReal(l, -std::numeric_limits<double>::infinity(), t)
                : constInt(l, std::numeric_limits<int64_t>::min());
  case ReduceKind::Min:
    return real ? constReal(l, std::numeric_limits<double>::infinity(), t)
                : constInt(l, std::numeric_limits<int64_t>::max());
  case ReduceKind::And: return constBool(l, true);
  case ReduceKind::Or: return constBool(l, false);
  case ReduceKind::User: break; // no identity: Sema allows only full reductions
  }
  return zeroOf(l, t);
}

Value Generator::genReduce(const ReduceExpr &e) {
  Location l = loc(e.loc);
  if (e.parallel) { // reached only through tempOf (see genExpr)
    internal(e.loc, "a partial reduction outside an array statement");
    return zeroOf(l, e.type);
  }
  const RegionExpr *rx = e.region ? e.region.get() : curScope;
  Value region = e.region ? genRegion(*e.region) : scopeRegion(curScope, e.loc);
  if (!region)
    return zeroOf(l, e.type);
  // The reduction follows the first array it reads (see the lowering); so
  // do its temporaries.
  ValueScope align(alignTo, firstArrayRead(*e.operand));
  Mask mask = genMask(rx, region);
  RemapMaskScope remaps(remapMask, mask, region);
  // The operand's scalar parts are computed before the reduction.
  std::map<const Expr *, Value> outer;
  std::swap(outer, hoisted);
  hoist(*e.operand, region);
  auto op = zpl::ReduceOp::create(b, l, typeOf(e.type), reduceKind(e.op), region,
                                  mask.value, mask.without, combinerOf(e.userProc));
  genBody(op.getBody(), l, [&] {
    return convert(l, genExpr(*e.operand), e.operand->type, e.type);
  });
  std::swap(outer, hoisted);
  return op.getResult();
}

} // namespace mlirgen
} // namespace zpl
