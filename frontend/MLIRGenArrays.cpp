//===- MLIRGenArrays.cpp - arrays, masks, temporaries ---------------------===//
//
// Array values, masks, temporaries and the array statements that store
// into a destination (scans, floods, partial reductions, gathers).
//===----------------------------------------------------------------------===//
#include "frontend/MLIRGenInternal.h"

#include <sstream>

namespace zpl {
namespace mlirgen {

//===----------------------------------------------------------------------===//
// Arrays, masks and temporaries
//===----------------------------------------------------------------------===//

Value Generator::arrayValue(const VarDecl &v, const SourceLoc &useLoc) {
  if (v.selectedFrom)
    return familyElement(*v.selectedFrom, *v.selectedIndex, arrayTypeOf(v),
                         v.name);
  if (v.isGlobal())
    return getHandle(v, arrayTypeOf(v), useLoc);
  auto it = arrays.find(&v);
  if (it == arrays.end()) {
    internal(useLoc, "no storage for array '" + v.name + "'");
    return nullptr;
  }
  return it->second;
}

Value Generator::familyElement(const Decl &family, const Expr &index,
                               Type type, StringRef key) {
  // The same selection (by its spelling) is the same value within a
  // statement: `[L{j}] U{j} := U{j}@east` must see one destination. Sema
  // names `U{...}` an index it does not spell (a call, a division): never
  // shared.
  bool cached = !key.empty() && !key.contains("...");
  if (cached)
    if (auto it = selections.find(key.str()); it != selections.end())
      return it->second;
  // Selected before the statement whose body is being generated, as a
  // hoisted scalar is.
  OpBuilder::InsertionGuard guard(b);
  if (elementMode && bodyOp)
    b.setInsertionPoint(bodyOp);
  bool savedMode = elementMode;
  Operation *savedOp = bodyOp;
  elementMode = false;
  bodyOp = nullptr;
  Value i = genExpr(index);
  elementMode = savedMode;
  bodyOp = savedOp;
  SmallVector<Attribute> elements;
  for (const Decl *e : family.family->elements)
    elements.push_back(FlatSymbolRefAttr::get(&ctx, e->name));
  Value v = FamilyElementOp::create(b, loc(index.loc), type, i,
                                    b.getArrayAttr(elements),
                                    family.family->first);
  if (cached)
    selections[key.str()] = v;
  return v;
}

Value Generator::declaredRegion(const VarDecl &v, Value arr, Location l) {
  if (v.isGlobal() && v.region && v.region->kind == RegionExpr::Named &&
      v.region->decl)
    return getHandle(*v.region->decl, RegionType::get(&ctx, v.rank),
                     v.region->loc);
  return ArrayRegionOp::create(b, l, RegionType::get(&ctx, v.rank), arr);
}

Generator::Mask Generator::genMask(const RegionExpr *r, Value region) {
  if (!r || !r->mask)
    return Mask();
  const Expr &m = *r->mask;
  Mask mask;
  mask.without = r->maskWithout;
  if (const VarDecl *v = arrayDeclOf(m);
      v && v->elemType == ScalarType::Boolean && v->rank == r->rank)
    mask.value = arrayValue(*v, m.loc);
  else
    mask.value = evalToTemp(m, region, ScalarType::Boolean, "mask");
  if (!mask.value)
    mask.without = false;
  return mask;
}

Value Generator::newTemp(Location l, Value region, ScalarType t,
                         StringRef name) {
  unsigned rank = cast<RegionType>(region.getType()).getRank();
  Value align =
      alignTo && cast<ArrayType>(alignTo.getType()).getRank() == rank
          ? alignTo
          : Value();
  Value tmp = LocalArrayOp::create(b, l, ArrayType::get(&ctx, rank, typeOf(t)),
                                   b.getStringAttr(name), region, align,
                                   DenseI64ArrayAttr());
  temps.push_back(tmp);
  return tmp;
}

Value Generator::evalToTemp(const Expr &e, Value region, ScalarType t,
                            StringRef name) {
  return evalToTempMasked(e, region, t, name, Mask());
}

Value Generator::evalToTempMasked(const Expr &e, Value region, ScalarType t,
                                  StringRef name, Mask mask) {
  Location l = loc(e.loc);
  ValueScope align(alignTo, alignTo ? alignTo : firstArrayRead(e));
  Value tmp = newTemp(l, region, t, name);
  genInto(tmp, t, e, region, mask, l, ast::AssignOp::Assign, nullptr);
  return tmp;
}

/// The first array (in source order) a parallel expression reads.
static const VarDecl *firstArrayIn(const Expr &e) {
  if (!e.parallel)
    return nullptr;
  auto array = [](const Expr *n) -> const VarDecl * {
    auto *name = dyn_cast_or_null<NameExpr>(n);
    auto *v = name ? dyn_cast_or_null<VarDecl>(name->decl) : nullptr;
    return v && v->isArray ? v : nullptr;
  };
  switch (e.kind) {
  case Expr::Name: return array(&e);
  case Expr::Shift: return array(cast<ShiftExpr>(e).array.get());
  case Expr::Remap: return array(cast<RemapExpr>(e).array.get());
  case Expr::Unary: return firstArrayIn(*cast<UnaryExpr>(e).operand);
  case Expr::Binary: {
    auto &bin = cast<BinaryExpr>(e);
    const VarDecl *v = firstArrayIn(*bin.lhs);
    return v ? v : firstArrayIn(*bin.rhs);
  }
  case Expr::Call:
    for (const auto &a : cast<CallExpr>(e).args)
      if (const VarDecl *v = firstArrayIn(*a))
        return v;
    return nullptr;
  case Expr::Reduce: return firstArrayIn(*cast<ReduceExpr>(e).operand);
  case Expr::Scan: return firstArrayIn(*cast<ScanExpr>(e).operand);
  case Expr::Flood: return firstArrayIn(*cast<FloodExpr>(e).operand);
  default: return nullptr;
  }
}

Value Generator::firstArrayRead(const Expr &e) {
  const VarDecl *v = firstArrayIn(e);
  return v ? arrayValue(*v, e.loc) : Value();
}

void Generator::flushTemps(size_t mark, Location l) {
  while (temps.size() > mark) {
    FreeArrayOp::create(b, l, temps.back());
    temps.pop_back();
  }
}

bool Generator::canStoreDirectly(const Expr &e, ScalarType dt,
                                 const VarDecl *destDecl) {
  switch (e.kind) {
  case Expr::Scan:
  case Expr::Flood:
    return true; // the runtime collects the values before storing
  case Expr::Reduce:
    return e.parallel;
  case Expr::Remap: {
    // A gather must not overwrite what it reads.
    auto &rm = cast<RemapExpr>(e);
    if (e.type != dt)
      return false;
    if (destDecl && maySameArray(arrayDeclOf(*rm.array), destDecl))
      return false;
    for (const auto &i : rm.indices)
      if (destDecl && maySameArray(arrayDeclOf(*i), destDecl))
        return false;
    return true;
  }
  default:
    return false;
  }
}

void Generator::genInto(Value dest, ScalarType dt, const Expr &e, Value region,
                        Mask mask, Location l, ast::AssignOp aop,
                        const VarDecl *destDecl) {
  // The statement follows dest's distribution; so do its temporaries.
  ValueScope align(alignTo, dest);
  // Gathers over the region move only the selected elements.
  RemapMaskScope remaps(remapMask, mask, region);
  if (mask.value && aop == ast::AssignOp::Assign && e.kind == Expr::Remap &&
      canStoreDirectly(e, dt, destDecl)) {
    genGatherInto(dest, cast<RemapExpr>(e), region, destDecl);
    return;
  }
  if (!mask.value && aop == ast::AssignOp::Assign &&
      canStoreDirectly(e, dt, destDecl)) {
    switch (e.kind) {
    case Expr::Scan: genScanInto(dest, dt, cast<ScanExpr>(e), region); return;
    case Expr::Flood: genFloodInto(dest, dt, cast<FloodExpr>(e), region); return;
    case Expr::Reduce:
      genPartialInto(dest, dt, cast<ReduceExpr>(e), region);
      return;
    case Expr::Remap:
      genGatherInto(dest, cast<RemapExpr>(e), region, destDecl);
      return;
    default: break;
    }
  }
  auto destType = cast<ArrayType>(dest.getType());
  std::map<const Expr *, Value> outer;
  std::swap(outer, hoisted);
  hoist(e, region);
  auto op = zpl::AssignOp::create(b, l, dest, region, mask.value, mask.without);
  genBody(op.getBody(), l, [&] {
    Value v = convert(l, genExpr(e), e.type, dt);
    if (aop != ast::AssignOp::Assign) {
      Value cur = ReadOp::create(b, l, destType.getElementType(), dest,
                                 SmallVector<int64_t>(destType.getRank(), 0));
      v = combine(l, aop, cur, v, dt);
    }
    return v;
  });
  std::swap(outer, hoisted);
}

void Generator::genScanInto(Value dest, ScalarType dt, const ScanExpr &e,
                            Value region) {
  Location l = loc(e.loc);
  // A scan reads its operand at every point, selected by a mask or not.
  RemapMaskScope remaps(remapMask, Mask(), Value(), /*always=*/true);
  std::map<const Expr *, Value> outer;
  std::swap(outer, hoisted);
  hoist(*e.operand, region);
  // The language numbers dimensions from 1 (docs/language.md section 6),
  // the op from 0; -1 is row-major.
  int64_t dim = e.dim ? int64_t(e.dim) - 1 : -1;
  auto op = ScanOp::create(b, l, ReduceKindAttr::get(&ctx, reduceKind(e.op)),
                           dest, region, b.getI64IntegerAttr(dim), combinerOf(e.userProc));
  genBody(op.getBody(), l, [&] {
    return convert(l, genExpr(*e.operand), e.operand->type, dt);
  });
  std::swap(outer, hoisted);
}

void Generator::genFloodInto(Value dest, ScalarType dt, const FloodExpr &e,
                             Value region) {
  Location l = loc(e.loc);
  if (e.region->mask)
    unsupported(e.region->mask->loc, "a mask on the region of a flood `>>`");
  Value source = genRegion(*e.region);
  if (!source)
    return;
  std::map<const Expr *, Value> outer;
  std::swap(outer, hoisted);
  hoist(*e.operand, source);
  auto op = FloodOp::create(b, l, dest, region, source);
  genBody(op.getBody(), l, [&] {
    return convert(l, genExpr(*e.operand), e.operand->type, dt);
  });
  std::swap(outer, hoisted);
}

void Generator::genPartialInto(Value dest, ScalarType dt, const ReduceExpr &e,
                               Value region) {
  Location l = loc(e.loc);
  Value source = genRegion(*e.region);
  if (!source)
    return;
  ReduceKind kind = reduceKind(e.op);
  // reduce_partial has no mask: a masked-out element contributes the
  // operator's identity.
  Mask mask = genMask(e.region.get(), source);
  RemapMaskScope remaps(remapMask, mask, source);
  std::map<const Expr *, Value> outer;
  std::swap(outer, hoisted);
  hoist(*e.operand, source);
  Value identity = mask.value ? identityOf(l, kind, dt) : Value();
  auto op = PartialReduceOp::create(b, l, ReduceKindAttr::get(&ctx, kind), dest,
                                    region, source, combinerOf(e.userProc));
  genBody(op.getBody(), l, [&] {
    Value v = convert(l, genExpr(*e.operand), e.operand->type, dt);
    if (mask.value) {
      unsigned rank = cast<ArrayType>(mask.value.getType()).getRank();
      Value m = ReadOp::create(b, l, b.getI1Type(), mask.value,
                               SmallVector<int64_t>(rank, 0));
      v = mask.without ? arith::SelectOp::create(b, l, m, identity, v)
                       : arith::SelectOp::create(b, l, m, v, identity);
    }
    return v;
  });
  std::swap(outer, hoisted);
}

SmallVector<Value>
Generator::genIndices(const std::vector<ast::ExprPtr> &indices, Value region,
                      const VarDecl *avoid, Mask mask) {
  unsigned rank = cast<RegionType>(region.getType()).getRank();
  SmallVector<Value> result;
  for (const auto &i : indices) {
    const VarDecl *v = arrayDeclOf(*i);
    // int32 indices stay int32 (half the temporary).
    if (v && !maySameArray(v, avoid) && isIntegral(v->elemType) && v->rank == rank)
      result.push_back(arrayValue(*v, i->loc));
    else
      result.push_back(evalToTempMasked(*i, region, i->type, "index", mask));
  }
  return result;
}

/// The permutation of a transpose `A#[Index2, Index1]`: every index is
/// one of the region's Index arrays, each used once (1-based, as IndexK);
/// empty when the indices are anything else.
static SmallVector<int64_t>
transposePermutation(const std::vector<ast::ExprPtr> &indices, unsigned rank) {
  SmallVector<int64_t> perm;
  if (indices.size() != rank)
    return {};
  for (const auto &i : indices) {
    auto *name = dyn_cast<NameExpr>(i.get());
    auto *index = name ? dyn_cast_or_null<ast::IndexArrayDecl>(name->decl) : nullptr;
    if (!index || index->dim < 1 || index->dim > rank ||
        llvm::is_contained(perm, int64_t(index->dim)))
      return {};
    perm.push_back(index->dim);
  }
  return perm;
}

void Generator::genGatherInto(Value dest, const RemapExpr &e, Value region,
                              const VarDecl *destDecl) {
  Location l = loc(e.loc);
  const VarDecl *src = arrayDeclOf(*e.array);
  if (!src) {
    internal(e.loc, "the source of a remap is not an array");
    return;
  }
  Value source = arrayValue(*src, e.array->loc);
  if (!source)
    return;
  unsigned rank = cast<RegionType>(region.getType()).getRank();
  Mask mask = remapMaskFor(region);
  SmallVector<int64_t> perm = transposePermutation(e.indices, rank);
  if (!perm.empty() && !mask.value) { // a transpose needs no index arrays
    RemapOp::create(b, l, RemapKind::gather, dest, source, region, ValueRange(),
                    b.getDenseI64ArrayAttr(perm));
    return;
  }
  SmallVector<Value> indices = genIndices(e.indices, region, destDecl, mask);
  if (llvm::any_of(indices, [](Value v) { return !v; }))
    return;
  if (mask.value) {
    MaskedRemapOp::create(b, l, RemapKind::gather, dest, source, region,
                          indices, mask.value, mask.without);
    return;
  }
  RemapOp::create(b, l, RemapKind::gather, dest, source, region, indices,
                  DenseI64ArrayAttr());
}

void Generator::genWrapTemp(const ShiftExpr &e) {
  // A@^d: wrap the bands of A's declared region AR for every nonempty
  // subset of d's nonzero components (edges and corners), then read at
  // offset d. When nothing else uses A's bands (VarDecl::wrapsInPlace) they
  // are A's own; otherwise A is first copied into a temporary T over AR, and
  // T is wrapped and read, A's own bands untouched. Within one statement
  // every `@^` read of A shares T and each band is wrapped once.
  Location l = loc(e.loc);
  const VarDecl *v = arrayDeclOf(*e.array);
  if (!v) {
    internal(e.loc, "bad `@^`");
    return;
  }
  Value arr = arrayValue(*v, e.array->loc);
  if (!arr)
    return;
  Value ar = declaredRegion(*v, arr, l);
  // Selections of one spelling (`U{j}@^a + U{j}@^b`) are one array value.
  const void *key = v->selectedFrom ? arr.getAsOpaquePointer() : v;
  auto known = statementWraps.find(key);
  if (known == statementWraps.end()) {
    Value tmp = arr;
    if (!v->wrapsInPlace) {
      tmp = newTemp(l, ar, v->elemType, v->name + "_wrap");
      auto copy = zpl::AssignOp::create(b, l, tmp, ar);
      OpBuilder::InsertionGuard guard(b);
      b.createBlock(&copy.getBody());
      Value x = ReadOp::create(b, l, typeOf(v->elemType), arr,
                               SmallVector<int64_t>(v->rank, 0));
      YieldOp::create(b, l, ValueRange{x});
    }
    known = statementWraps.emplace(key, Wrapped{tmp, {}}).first;
  }
  Wrapped &w = known->second;
  tempOf[&e] = w.array;
  if (e.dir->runTime) {
    genRunTimeWraps(e, w);
    return;
  }
  const std::vector<int64_t> &d = e.dir->offsets;
  SmallVector<unsigned> nonzero;
  for (unsigned i = 0; i < d.size(); ++i)
    if (d[i] != 0)
      nonzero.push_back(i);
  for (unsigned bits = 1; bits < (1u << nonzero.size()); ++bits) {
    std::vector<int64_t> dir(d.size(), 0);
    for (unsigned j = 0; j < nonzero.size(); ++j)
      if (bits & (1u << j))
        dir[nonzero[j]] = d[nonzero[j]];
    if (w.bands.insert(dir).second)
      BoundaryOp::create(b, l, BoundaryKind::wrap, w.array, ar, dir);
  }
}

namespace {
/// A key for a direction component: within one statement, equal keys
/// compute equal values (literals, names, arithmetic of them); any other
/// expression is its own.
std::string componentKey(const Expr &e) {
  switch (e.kind) {
  case Expr::IntLit:
    return std::to_string(cast<ast::IntLitExpr>(e).value);
  case Expr::Name: {
    std::ostringstream os;
    os << "n" << static_cast<const void *>(cast<NameExpr>(e).decl);
    return os.str();
  }
  case Expr::Unary: {
    const auto &u = cast<ast::UnaryExpr>(e);
    return "(u" + std::to_string(int(u.op)) + " " + componentKey(*u.operand) + ")";
  }
  case Expr::Binary: {
    const auto &x = cast<ast::BinaryExpr>(e);
    return "(b" + std::to_string(int(x.op)) + " " + componentKey(*x.lhs) + " " +
           componentKey(*x.rhs) + ")";
  }
  default: {
    std::ostringstream os;
    os << "e" << static_cast<const void *>(&e);
    return os.str();
  }
  }
}

bool isLiteralZero(const Expr &e) {
  auto *lit = dyn_cast<ast::IntLitExpr>(&e);
  return lit && lit->value == 0;
}
} // namespace

SmallVector<Value> Generator::directionValues(const ast::DirRef &d) {
  SmallVector<Value> values;
  bool saved = elementMode;
  elementMode = false;
  for (const ast::ExprPtr &c : d.componentExprs()) {
    Value &v = statementComponents[componentKey(*c)];
    if (!v)
      v = genExpr(*c);
    values.push_back(v);
  }
  elementMode = saved;
  return values;
}

void Generator::genRunTimeWraps(const ShiftExpr &e, Wrapped &w) {
  // As for a constant d, every band a read at d may reach: each nonempty
  // subset of the dimensions whose component is not the literal 0 (a
  // component 0 at run time makes a band that repeats a smaller one).
  Location l = loc(e.loc);
  const auto &comps = e.dir->componentExprs();
  SmallVector<Value> values = directionValues(*e.dir);
  SmallVector<unsigned> maybe;
  for (unsigned i = 0; i < comps.size(); ++i)
    if (!isLiteralZero(*comps[i]))
      maybe.push_back(i);
  Value zero = constInt(l, 0);
  for (unsigned bits = 1; bits < (1u << maybe.size()); ++bits) {
    std::vector<std::string> key(comps.size(), "0");
    SmallVector<Value> dir(comps.size(), zero);
    for (unsigned j = 0; j < maybe.size(); ++j)
      if (bits & (1u << j)) {
        key[maybe[j]] = componentKey(*comps[maybe[j]]);
        dir[maybe[j]] = values[maybe[j]];
      }
    if (w.runTimeBands.insert(key).second)
      DynWrapOp::create(b, l, w.array, dir);
  }
}

void Generator::genRunTimeShift(const ShiftExpr &e, Value region) {
  Location l = loc(e.loc);
  const VarDecl *v = arrayDeclOf(*e.array);
  if (!v || !region) {
    internal(e.loc, "a shift by a run-time direction outside an array statement");
    return;
  }
  Value arr = e.wrap ? tempOf[&e] : arrayValue(*v, e.array->loc);
  if (!arr)
    return;
  SmallVector<Value> dir = directionValues(*e.dir);
  tempOf[&e] = DynShiftOp::create(b, l, arr.getType(), arr, dir, region);
}

} // namespace mlirgen
} // namespace zpl
