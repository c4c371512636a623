//===- LoopNest.cpp - the loop nest of an array statement -----------------===//

#include "passes/ZPLToLoops/LoopNest.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace zpl::loops {

/// Whether `reads` has `x` already.
static bool hasRead(ArrayRef<Read> reads, const Read &x) {
  return llvm::any_of(reads, [&](const Read &r) {
    return arrayKeyOf(r.array) == arrayKeyOf(x.array) && r.off == x.off &&
           r.dyn == x.dyn;
  });
}

Read readOf(zpl::ReadOp read, unsigned rank) {
  Read r{read.getArray(), SmallVector<int64_t, 3>(read.getOffset()), {}};
  r.off.resize(rank, 0);
  if (auto shift = read.getArray().getDefiningOp<zpl::DynShiftOp>()) {
    r.array = shift.getArray();
    r.dyn.assign(shift.getDirection().begin(), shift.getDirection().end());
  }
  return r;
}

void collectReads(Block &body, unsigned rank, SmallVectorImpl<Read> &out) {
  body.walk([&](zpl::ReadOp read) {
    Read r = readOf(read, rank);
    if (!hasRead(out, r))
      out.push_back(r);
  });
}

void addMaskRead(Value mask, unsigned rank, SmallVectorImpl<Read> &reads) {
  Read r{mask, SmallVector<int64_t, 3>(rank, 0), {}};
  if (mask && !hasRead(reads, r))
    reads.push_back(r);
}

/// x / y in C, unchecked: the lattice arithmetic of compact arrays, whose
/// divisors (steps) are at least 1 and divide x exactly.
static Value divI64(OpBuilder &b, Location loc, Value x, Value y) {
  return emitc::DivOp::create(b, loc, b.getI64Type(), x, y);
}

static bool isShifted(ArrayRef<int64_t> off) {
  return llvm::any_of(off, [](int64_t d) { return d != 0; });
}

Value NestBuilder::alignedRegion(Value zregion, Value distArray) {
  Value region = lookup(zregion);
  if (!distArray)
    return region;
  return callRuntime(rewriter, loc, RuntimeFn::RegionAlign,
                     {region, lookup(distArray)});
}

void NestBuilder::checkShiftedReads(ArrayRef<Read> reads, Value region) {
  for (const Read &r : reads) {
    if (!isShifted(r.off)) // (zrt_shift checked a run-time shift)
      continue;
    std::pair<const void *, SmallVector<int64_t, 3>> id{arrayKeyOf(r.array),
                                                        r.off};
    if (llvm::is_contained(checked, id))
      continue;
    checked.push_back(id);
    SmallVector<CArg> args{lookup(r.array), region};
    llvm::append_range(args, dirArgs(rewriter.getContext(), r.off));
    callRuntime(rewriter, loc, RuntimeFn::ArrayCheck, args);
  }
}

void NestBuilder::checkStatementStorage(Operation *stmt, ArrayRef<Read> reads,
                                        Value region, Value dest) {
  if (!stmt->hasAttr(zpl::kCheckStorageAttr))
    return;
  for (const Read &r : reads) {
    std::pair<const void *, SmallVector<int64_t, 3>> id{arrayKeyOf(r.array), r.off};
    if (isShifted(r.off) || !r.dyn.empty() || llvm::is_contained(checked, id))
      continue;
    checked.push_back(id);
    SmallVector<CArg> args{lookup(r.array), region};
    llvm::append_range(args, dirArgs(rewriter.getContext(), r.off));
    callRuntime(rewriter, loc, RuntimeFn::ArrayCheck, args);
  }
  if (dest)
    callRuntime(rewriter, loc, RuntimeFn::ArrayCheckWrite, {lookup(dest), region});
}

/// Whether `zarray` is a global or an array local to the procedure, not a
/// parameter (which may be any array the caller passes).
static bool isDeclared(Value zarray) {
  Operation *def = zarray.getDefiningOp();
  return def && isa<zpl::GetOp, zpl::LocalArrayOp>(def);
}

/// Whether `zarray` names storage no other array of the procedure shares
/// under another name.
static bool isKnownDistinct(Value zarray) { return isDeclared(zarray); }

const NestBuilder::ArrayParts &
NestBuilder::arrayParts(Value array, Value zarray, Type elem) {
  auto it = parts.find(array);
  if (it != parts.end())
    return it->second;
  MLIRContext *ctx = rewriter.getContext();
  ArrayParts p;
  p.base = callRuntime(rewriter, loc, RuntimeFn::ArrayData, {array}, elem);
  for (unsigned d = 0; d + 1 < rank; ++d)
    p.strides.push_back(callRuntime(rewriter, loc, RuntimeFn::ArrayStride,
                                    {array, intArg(ctx, d)}));
  // The innermost stride is 1 unless the array may be declared over a
  // region flooding there (stride 0), or is not known (a parameter), or
  // the array is compact (its innermost index counts lattice points).
  p.compact = facts.arrayCompact(zarray);
  p.latticeAtRunTime = p.compact && !isDeclared(zarray);
  for (unsigned d = 0; p.compact && d < rank; ++d) {
    p.origin.push_back(callRuntime(rewriter, loc, RuntimeFn::ArrayLatticeOrigin,
                                   {array, intArg(ctx, d)}));
    p.latStep.push_back(callRuntime(rewriter, loc, RuntimeFn::ArrayLatticeStep,
                                    {array, intArg(ctx, d)}));
  }
  if (rank > 0 && (p.compact || !facts.arrayInnerUnit(zarray)))
    p.innerStride = callRuntime(rewriter, loc, RuntimeFn::ArrayStride,
                                {array, intArg(ctx, rank - 1)});
  return parts[array] = p;
}

Access *NestBuilder::findAccess(const void *key, ArrayRef<int64_t> off,
                                ValueRange dyn) {
  for (Access &a : accesses)
    if (a.key == key && ArrayRef<int64_t>(a.off) == off &&
        llvm::equal(a.dyn, dyn))
      return &a;
  return nullptr;
}

void NestBuilder::splitOffset(const Read &r, SmallVectorImpl<int64_t> &off,
                              SmallVectorImpl<Value> &dyn) {
  off.assign(r.off.begin(), r.off.end());
  dyn.clear();
  bool any = false;
  for (auto [k, d] : llvm::enumerate(r.dyn)) {
    Value v = lookup(d);
    APInt c;
    if (matchPattern(v, m_ConstantInt(&c))) {
      off[k] += c.getSExtValue();
      v = Value();
    }
    any |= bool(v);
    dyn.push_back(v);
  }
  if (!any)
    dyn.clear();
}

Access *NestBuilder::accessOf(zpl::ReadOp read) {
  SmallVector<int64_t, 3> off;
  SmallVector<Value, 3> dyn;
  splitOffset(readOf(read, rank), off, dyn);
  return findAccess(arrayKeyOf(readOf(read, rank).array), off, dyn);
}

void NestBuilder::addAccess(const void *key, Value zarray, Value array,
                            ArrayRef<int64_t> off, bool written,
                            ValueRange dyn) {
  if (key)
    if (Access *a = findAccess(key, off, dyn)) {
      a->written |= written;
      return;
    }
  Type elem = cast<zpl::ArrayType>(zarray.getType()).getElementType();
  const ArrayParts &p = arrayParts(array, zarray, elem);
  Access a;
  a.key = key;
  a.array = array;
  a.off.assign(off.begin(), off.end());
  a.base = p.base;
  a.strides = p.strides;
  // The displacement of the shift in the outer dimensions, sum of
  // off[d] * stride[d], computed before the loop nest; the innermost offset
  // is added as a constant in the innermost loop, so that reads of one row
  // share their row index (as in hand-written C: a[r + j - 1], a[r + j + 1]).
  // A compact array's shift is off[d] / step[d] lattice points (a whole
  // number: the front end rejects other shifts of strided arrays).
  a.compact = p.compact;
  a.origin = p.origin;
  a.latStep = p.latStep;
  auto points = [&](unsigned d, bool lattice) -> Value {
    Value o = constI64(rewriter, loc, off[d]);
    if (!lattice)
      return o;
    return divI64(rewriter, loc, o, p.latStep[d]);
  };
  auto displacement = [&](bool lattice) {
    Value disp;
    for (unsigned d = 0; d + 1 < rank; ++d) {
      if (off[d] == 0)
        continue;
      Value v = off[d] == 1 && !lattice
                    ? p.strides[d]
                    : mulI64(rewriter, loc, points(d, lattice), p.strides[d]);
      disp = disp ? addI64(rewriter, loc, disp, v) : v;
    }
    return disp;
  };
  a.disp = displacement(p.compact);
  a.innerOff = rank > 0 ? off[rank - 1] : 0;
  a.innerStride = p.innerStride;
  a.latticeAtRunTime = p.latticeAtRunTime;
  if (p.latticeAtRunTime) {
    a.denseDisp = displacement(false);
    a.denseInnerOff = a.innerOff;
  }
  if (p.compact && a.innerOff != 0) {
    a.innerDisp = mulI64(rewriter, loc, points(rank - 1, true), p.innerStride);
    a.innerOff = 0;
  }
  if (!dyn.empty())
    addRunTimeDisplacement(a, p, dyn);
  a.written = written;
  a.distinct = !key || isKnownDistinct(zarray);
  accesses.push_back(a);
}

void NestBuilder::addRunTimeDisplacement(Access &a, const ArrayParts &p,
                                         ValueRange dyn) {
  // As for a constant shift: the outer components in the row's
  // displacement, the innermost one added to the index in the innermost
  // loop, so that reads whose outer components are the same (the same
  // values, or constants: splitOffset) share one row, a[r + j - s],
  // a[r + j], a[r + j + s]. A 27-point stencil then has 9 rows, as with
  // constant shifts; one pointer per read would exceed what GCC
  // vectorises (it versions loops for aliasing up to 10 pointers). A
  // compact array's shift is d / step lattice points (zrt_shift has
  // checked it is a whole number).
  // A parameter compact only at run time gets both: the lattice version
  // in disp/innerDisp, the dense one in denseDisp/denseInnerDisp.
  a.dyn.assign(dyn.begin(), dyn.end());
  auto add = [&](Value &disp, bool lattice) {
    auto points = [&](unsigned d) {
      return lattice ? divI64(rewriter, loc, dyn[d], p.latStep[d]) : dyn[d];
    };
    for (unsigned d = 0; d + 1 < rank; ++d) {
      if (!dyn[d])
        continue;
      Value v = mulI64(rewriter, loc, points(d), p.strides[d]);
      disp = disp ? addI64(rewriter, loc, disp, v) : v;
    }
    Value inner = dyn[rank - 1] ? points(rank - 1) : Value();
    if (inner && p.innerStride)
      inner = mulI64(rewriter, loc, inner, p.innerStride);
    return inner;
  };
  if (Value inner = add(a.disp, p.compact))
    a.innerDisp = inner;
  if (a.latticeAtRunTime)
    a.denseInnerDisp = add(a.denseDisp, false);
}

/// Whether `a` and `b` have the same run-time components in the outer
/// dimensions (none is the same as null ones).
static bool sameOuterRunTimeShift(const Access &a, const Access &b) {
  for (size_t d = 0; d + 1 < std::max(a.dyn.size(), b.dyn.size()); ++d) {
    Value x = a.dyn.empty() ? Value() : a.dyn[d];
    Value y = b.dyn.empty() ? Value() : b.dyn[d];
    if (x != y)
      return false;
  }
  return true;
}

void NestBuilder::addReads(ArrayRef<Read> reads) {
  for (const Read &r : reads) {
    SmallVector<int64_t, 3> off;
    SmallVector<Value, 3> dyn;
    splitOffset(r, off, dyn);
    addAccess(arrayKeyOf(r.array), r.array, lookup(r.array), off,
              /*written=*/false, dyn);
  }
}

Value NestBuilder::element(OpBuilder &b, Location l, const Access &access,
                           Type elem) {
  return emitc::SubscriptOp::create(b, l, emitc::LValueType::get(elem),
                                    access.row, ValueRange{access.index});
}

void NestBuilder::store(OpBuilder &b, Location l, const Access &access,
                        Value v) {
  Type elem = cast<emitc::PointerType>(access.base.getType()).getPointee();
  emitc::AssignOp::create(b, l, element(b, l, access, elem), v);
}

void NestBuilder::copyRow(OpBuilder &b, Location l, Type elem,
                          ArrayRef<Value> rowIdx, Value lo, Value ub) {
  auto ptrTy = emitc::PointerType::get(elem);
  Type i64 = b.getI64Type();
  Value dst = emitc::AddOp::create(b, l, ptrTy, accesses[0].base,
                                   addI64(b, l, rowIdx[0], lo));
  Value srcIdx = addI64(b, l, rowIdx[1], lo);
  if (accesses[1].innerDisp) // a run-time shift
    srcIdx = addI64(b, l, srcIdx, accesses[1].innerDisp);
  Value src = emitc::AddOp::create(b, l, ptrTy, accesses[1].base, srcIdx);
  Value n = emitc::SubOp::create(b, l, i64, ub, lo);
  Value zero = constI64(b, l, 0);
  Value pos =
      emitc::CmpOp::create(b, l, b.getI1Type(), emitc::CmpPredicate::gt, n,
                           zero);
  Value cnt = emitc::ConditionalOp::create(b, l, i64, pos, n, zero);
  Value elemSize =
      elem.isInteger(1)
          ? Value(emitc::LiteralOp::create(b, l, i64, "(int64_t)sizeof(bool)"))
          : constI64(b, l, elem.getIntOrFloatBitWidth() / 8);
  callRuntime(b, l, RuntimeFn::Memmove,
              {dst, src, mulI64(b, l, cnt, elemSize)});
}

//===----------------------------------------------------------------------===//
// The nest
//===----------------------------------------------------------------------===//

SmallVector<Value> NestBuilder::rowIndices(OpBuilder &b, Location l,
                                           ArrayRef<Value> partial) {
  // The row index of each access: its array's linear index of the row
  // plus its displacement. Used once per row (a row pointer, a memmove).
  SmallVector<Value> rowVals;
  for (unsigned leader : rowLeader) {
    const Access &a = accesses[leader];
    Value row = partial[arrayOf[leader]];
    rowVals.push_back(a.disp ? addI64(b, l, row, a.disp) : row);
  }
  SmallVector<Value> out;
  for (unsigned k = 0; k < accesses.size(); ++k)
    out.push_back(rowVals[rowOf[k]]);
  return out;
}

/// The C spelling of a scalar element type.
static StringRef cElementType(Type elem) {
  if (elem.isF64())
    return "double";
  if (elem.isF32())
    return "float";
  if (elem.isInteger(1))
    return "bool";
  if (elem.isInteger(32))
    return "int32_t";
  return "int64_t";
}

bool NestBuilder::restrictSafe() const {
  // C's restrict promises that an object written through one pointer is
  // accessed through no other in the pointer's scope (the row): every
  // array must be known distinct from the others, and every access of a
  // written array must go through the written access's row pointer.
  for (auto [k, a] : llvm::enumerate(accesses)) {
    if (!a.distinct)
      return false;
    if (!a.written)
      continue;
    for (auto [o, other] : llvm::enumerate(accesses))
      if ((other.array == a.array || (a.key && other.key == a.key)) &&
          rowOf[o] != rowOf[k])
        return false;
  }
  return true;
}

void NestBuilder::setRowPointers(OpBuilder &b, Location l,
                                 ArrayRef<Value> rowIdx) {
  // One pointer per row, `T *restrict` where that is safe, so that the
  // innermost loop is a plain unit-stride loop over distinct rows, as an
  // expert writes it: t[k] = (n[k] + c[k + 1] + s[k] + c[k - 1]) / 4.
  bool useRestrict = restrictSafe();
  SmallVector<Value> rows;
  for (unsigned leader : rowLeader) {
    const Access &a = accesses[leader];
    auto ptrTy = cast<emitc::PointerType>(a.base.getType());
    Type rowTy = ptrTy;
    if (useRestrict)
      rowTy = emitc::OpaqueType::get(
          b.getContext(),
          (cElementType(ptrTy.getPointee()) + " *restrict").str());
    // Kept in a C variable so that --form-expressions does not sink the
    // row's address into the innermost loop.
    Value p = emitc::AddOp::create(b, l, ptrTy, a.base, rowIdx[leader]);
    if (useRestrict)
      p = emitc::CastOp::create(b, l, rowTy, p);
    Value var = emitc::VariableOp::create(
        b, l, emitc::LValueType::get(rowTy),
        emitc::OpaqueAttr::get(b.getContext(), ""));
    emitc::AssignOp::create(b, l, var, p);
    rows.push_back(emitc::LoadOp::create(b, l, rowTy, var));
  }
  for (auto [k, a] : llvm::enumerate(accesses))
    a.row = rows[rowOf[k]];
}

void NestBuilder::promiseIndependentRows(OpBuilder &b) {
  // GCC does not take a block's `restrict` rows as distinct: it versions
  // the loop with run-time alias checks, one per pair of a written row
  // and a read it cannot merge with another, and gives up beyond 10 (a
  // 27-point stencil at run-time shifts has 27 such reads: its shifts
  // within a row are not constants). With run-time shifts and rows that
  // are restrict-safe, the loop says so to GCC, which then vectorises it
  // like the constant stencil. (The pragma must come right before the
  // `for`: only loops without accumulators, whose C `for` has nothing
  // before it.)
  bool runTime = llvm::any_of(accesses, [](const Access &a) { return !a.dyn.empty(); });
  if (!independentAtRunTime && (!runTime || !restrictSafe()))
    return;
  emitc::VerbatimOp::create(b, loc,
                            "#if defined(__GNUC__) && !defined(__clang__)\n"
                            "#pragma GCC ivdep\n"
                            "#endif");
}

Value NestBuilder::innerIndex(OpBuilder &b, Location l, const Access &a,
                              Value iv) {
  Value index = a.innerStride ? mulI64(b, l, iv, a.innerStride) : iv;
  if (a.innerDisp) // a run-time shift (a compact access is never here)
    index = addI64(b, l, index, a.innerDisp);
  if (a.innerOff == 0)
    return index;
  Value o = constI64(b, l, a.innerOff);
  if (a.innerStride)
    o = mulI64(b, l, o, a.innerStride);
  return addI64(b, l, index, o);
}

bool NestBuilder::hasCompact() const {
  return llvm::any_of(accesses, [](const Access &a) { return a.compact; });
}

Value NestBuilder::latticeIndex(OpBuilder &b, Location l, const Access &a,
                                unsigned d, Value iv) {
  Value rel = emitc::SubOp::create(b, l, b.getI64Type(), iv, a.origin[d]);
  return divI64(b, l, rel, a.latStep[d]);
}

/// `count` numbers the lattice points of a row with compact accesses (null
/// in a row without).
void NestBuilder::setInnerIndices(OpBuilder &b, Location l, Value iv,
                                  Value count) {
  for (Access &a : accesses) {
    if (!a.compact) {
      a.index = innerIndex(b, l, a, iv);
      continue;
    }
    a.index = mulI64(b, l, count, a.innerStep);
    if (a.innerDisp)
      a.index = addI64(b, l, a.index, a.innerDisp);
  }
}

SmallVector<Value> NestBuilder::buildLevel(OpBuilder &b, unsigned d,
                                           ArrayRef<Value> partial,
                                           ArrayRef<Value> rowIdx,
                                           ValueRange acc, BodyFn body,
                                           RowFn rowBody) {
  if (d + 1 == rank && rowBody) {
    // The innermost dimension as a whole row (no accumulators).
    rowBody(b, loc, rowIdx, lbs[d], ubs[d]);
    return {};
  }
  if (d + 1 == rank && hasCompact())
    return buildCountedRow(b, d, rowIdx, acc, body);
  if (d + 1 == rank)
    setRowPointers(b, loc, rowIdx);
  if (d + 1 == rank && reuse)
    return buildReusingRow(b, d, acc, body);
  if (d + 1 == rank && acc.empty())
    promiseIndependentRows(b);
  auto forOp = scf::ForOp::create(
      b, loc, lbs[d], ubs[d], steps[d], acc,
      [&](OpBuilder &fb, Location floc, Value iv, ValueRange iterArgs) {
        ivs.push_back(iv);
        SmallVector<Value> results;
        if (d + 1 == rank) {
          setInnerIndices(fb, floc, iv, nullptr);
          results = body(fb, floc, ivs, iterArgs);
        } else {
          SmallVector<Value> next;
          for (auto [k, a] : llvm::enumerate(arrays)) {
            Value x = a->compact ? latticeIndex(fb, floc, *a, d, iv) : iv;
            next.push_back(addI64(fb, floc, partial[k],
                                  mulI64(fb, floc, x, a->strides[d])));
          }
          SmallVector<Value> nextRows;
          if (d + 2 == rank)
            nextRows = rowIndices(fb, floc, next);
          results = buildLevel(fb, d + 1, next, nextRows, iterArgs, body,
                               rowBody);
        }
        scf::YieldOp::create(fb, floc, results);
        ivs.pop_back();
      });
  return SmallVector<Value>(forOp.getResults());
}

SmallVector<Value> NestBuilder::buildCountedRow(OpBuilder &b, unsigned d,
                                                ArrayRef<Value> rowIdx,
                                                ValueRange acc, BodyFn body) {
  // With a compact array the innermost loop counts the row's lattice
  // points (c = 0, 1, ...: index lb + c * step), so that a compact
  // array's index is c * innerStep from the row's first point, with no
  // division in the loop.
  SmallVector<Value> rows(rowIdx.begin(), rowIdx.end());
  for (auto [k, a] : llvm::enumerate(accesses))
    if (a.compact && rowLeader[rowOf[k]] == k)
      rows[k] = addI64(b, loc, rows[k],
                       mulI64(b, loc, latticeIndex(b, loc, a, d, lbs[d]),
                              a.innerStride));
  setRowPointers(b, loc, rows);
  Type i64 = b.getI64Type();
  Value span = emitc::SubOp::create(b, loc, i64, ubs[d], lbs[d]);
  span = addI64(b, loc, span,
                emitc::SubOp::create(b, loc, i64, steps[d],
                                     constI64(b, loc, 1)));
  Value count = divI64(b, loc, span, steps[d]);
  auto forOp = scf::ForOp::create(
      b, loc, constI64(b, loc, 0), count, constI64(b, loc, 1), acc,
      [&](OpBuilder &fb, Location floc, Value c, ValueRange iterArgs) {
        Value iv = addI64(fb, floc, lbs[d], mulI64(fb, floc, c, steps[d]));
        ivs.push_back(iv);
        setInnerIndices(fb, floc, iv, c);
        scf::YieldOp::create(fb, floc, body(fb, floc, ivs, iterArgs));
        ivs.pop_back();
      });
  return SmallVector<Value>(forOp.getResults());
}

void NestBuilder::setInnerSteps(OpBuilder &b) {
  // A compact access advances steps / latStep lattice points per point of
  // the innermost loop. Kept in a C variable so that --form-expressions
  // does not sink the division into the innermost loop. The accesses of
  // one array share it, so that the C compiler sees one stride per array.
  Type i64 = b.getI64Type();
  DenseMap<Value, Value> stepOfArray;
  for (Access &a : accesses) {
    if (!a.compact || rank == 0)
      continue;
    if (Value known = stepOfArray.lookup(a.array)) {
      a.innerStep = known;
      continue;
    }
    Value step = mulI64(b, loc,
                        divI64(b, loc, steps[rank - 1], a.latStep[rank - 1]),
                        a.innerStride);
    Value var = emitc::VariableOp::create(
        b, loc, emitc::LValueType::get(i64),
        emitc::OpaqueAttr::get(b.getContext(), ""));
    emitc::AssignOp::create(b, loc, var, step);
    a.innerStep = emitc::LoadOp::create(b, loc, i64, var);
    stepOfArray[a.array] = a.innerStep;
  }
}

SmallVector<Value> NestBuilder::build(Value region, const LoopSteps &loopSteps,
                                      ValueRange init, BodyFn body,
                                      RowFn rowBody) {
  assert((loopSteps.isUnit() || !rowBody) && "row bodies need unit steps");
  OpBuilder &b = rewriter;
  MLIRContext *ctx = b.getContext();
  // Steps, hoisted; the bounds are the tile's (buildNest).
  steps.clear();
  Value one = constI64(b, loc, 1);
  for (unsigned d = 0; d < rank; ++d) {
    if (loopSteps.known)
      steps.push_back((*loopSteps.known)[d] == 1
                          ? one
                          : constI64(b, loc, (*loopSteps.known)[d]));
    else
      steps.push_back(callRuntime(b, loc, RuntimeFn::RegionStep,
                                  {region, intArg(ctx, d)}));
  }
  Value lattice = runTimeLattice(b);
  if (!lattice)
    return buildUnitOrGeneral(region, one, init, body, rowBody);
  // Parameters that may be compact: one nest addressing them by lattice
  // index, run where one of them is compact, and one addressing them as
  // dense arrays (rows walked by the loop index, as without compact
  // arguments: no slower for dense ones), run where none is.
  auto nestIn = [&](bool dense) {
    return [&, dense](OpBuilder &nb, Location nl) {
      decltype(accesses) saved;
      if (dense) {
        saved = accesses;
        addressDense();
      }
      SmallVector<Value> results =
          dense ? buildUnitOrGeneral(region, one, init, body, rowBody)
                : buildNest(region, one, init, body, rowBody);
      if (dense)
        accesses = saved;
      scf::YieldOp::create(nb, nl, results);
    };
  };
  auto ifOp = scf::IfOp::create(b, loc, lattice, nestIn(false), nestIn(true));
  return SmallVector<Value>(ifOp.getResults());
}

/// buildNest; where the innermost step or a dense array's innermost stride
/// is known only at run time (a procedure under its caller's scope, a
/// parameter), twice: once for where they are all 1, in which the C
/// compiler sees unit strides and vectorises the row, and once as they
/// come.
SmallVector<Value> NestBuilder::buildUnitOrGeneral(Value region, Value one,
                                                   ValueRange init,
                                                   BodyFn body, RowFn rowBody) {
  Value unit = runTimeUnitInner(rewriter, one);
  if (!unit)
    return buildNest(region, one, init, body, rowBody);
  Value apart = writtenApartAtRunTime(rewriter);
  if (apart)
    unit = arith::AndIOp::create(rewriter, loc, unit, apart);
  auto nestIn = [&](bool isUnit) {
    return [&, isUnit](OpBuilder &nb, Location nl) {
      decltype(accesses) savedAccesses;
      SmallVector<Value> savedSteps;
      if (isUnit) {
        savedAccesses = accesses;
        savedSteps.assign(steps.begin(), steps.end());
        steps.back() = one;
        for (Access &a : accesses)
          if (!a.compact && !a.distinct)
            a.innerStride = nullptr;
        independentAtRunTime = bool(apart);
      }
      SmallVector<Value> results = buildNest(region, one, init, body, rowBody);
      if (isUnit) {
        accesses = savedAccesses;
        steps.assign(savedSteps.begin(), savedSteps.end());
        independentAtRunTime = false;
      }
      scf::YieldOp::create(nb, nl, results);
    };
  };
  auto ifOp = scf::IfOp::create(rewriter, loc, unit, nestIn(true), nestIn(false));
  return SmallVector<Value>(ifOp.getResults());
}

/// Whether, at run time, each array the nest writes is another storage
/// than every array it reads at an offset or may not know apart from it (a
/// parameter, a selection: the same storage may come under two names): then
/// no iteration reads what another writes, and the row loop may say so to
/// the C compiler (promiseIndependentRows). Null when nothing needs a test
/// or some written array is also read at an offset under its own name.
Value NestBuilder::writtenApartAtRunTime(OpBuilder &b) {
  Value all;
  SmallVector<std::pair<Value, Value>> tested;
  for (const Access &w : accesses) {
    if (!w.written)
      continue;
    for (const Access &r : accesses) {
      if (&r == &w || r.written)
        continue;
      bool offset = !r.dyn.empty() || r.disp || r.innerOff != 0;
      if (r.array == w.array) {
        if (offset)
          return nullptr;
        continue;
      }
      if (!offset || (w.distinct && r.distinct) ||
          llvm::is_contained(tested, std::make_pair(w.base, r.base)))
        continue;
      tested.push_back({w.base, r.base});
      Value ne = emitc::CmpOp::create(b, loc, b.getI1Type(),
                                      emitc::CmpPredicate::ne, w.base, r.base);
      all = all ? arith::AndIOp::create(b, loc, all, ne) : ne;
    }
  }
  return all;
}

/// Whether the innermost step and the innermost stride of every dense
/// access of a parameter or selection (a declared array's is known, or
/// 0 where it floods) that are known only at run time are 1; null when
/// none is.
Value NestBuilder::runTimeUnitInner(OpBuilder &b, Value one) {
  if (rank == 0)
    return nullptr;
  Value all;
  SmallVector<Value> tested;
  auto require = [&](Value v) {
    if (matchPattern(v, m_One()) || llvm::is_contained(tested, v))
      return;
    tested.push_back(v);
    Value isOne = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v, one);
    all = all ? arith::AndIOp::create(b, loc, all, isOne) : isOne;
  };
  require(steps.back());
  for (const Access &a : accesses)
    if (!a.compact && a.innerStride && !a.distinct)
      require(a.innerStride);
  return all;
}

/// Whether some parameter of the nest whose layout is known only at run
/// time is compact (a lattice step above 1); null when there is none.
Value NestBuilder::runTimeLattice(OpBuilder &b) {
  Value any;
  SmallVector<Value> seen;
  Value one = constI64(b, loc, 1);
  for (const Access &a : accesses) {
    if (!a.latticeAtRunTime || llvm::is_contained(seen, a.array))
      continue;
    seen.push_back(a.array);
    for (Value step : a.latStep) {
      Value strided = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                            step, one);
      any = any ? arith::OrIOp::create(b, loc, any, strided) : strided;
    }
  }
  return any;
}

/// Addresses the parameters whose layout is known at run time as dense
/// arrays.
void NestBuilder::addressDense() {
  for (Access &a : accesses) {
    if (!a.latticeAtRunTime)
      continue;
    a.compact = false;
    a.disp = a.denseDisp;
    a.innerOff = a.denseInnerOff;
    a.innerDisp = a.denseInnerDisp;
  }
}

/// build() once `steps` are set: the nest addressing each array as its
/// Access tells.
SmallVector<Value> NestBuilder::buildNest(Value region, Value one,
                                          ValueRange init, BodyFn body,
                                          RowFn rowBody) {
  OpBuilder &b = rewriter;
  MLIRContext *ctx = b.getContext();
  lbs.clear();
  ubs.clear();
  setInnerSteps(b);
  // The arrays touched; the linear index is built per array and shared by
  // its accesses, which add their constant displacement once per row.
  // Accesses with the same array and outer offsets share one row.
  arrays.clear();
  arrayOf.clear();
  rowOf.clear();
  rowLeader.clear();
  for (auto [k, a] : llvm::enumerate(accesses)) {
    auto it = llvm::find_if(arrays,
                            [&](Access *o) { return o->array == a.array; });
    arrayOf.push_back(it - arrays.begin());
    if (it == arrays.end())
      arrays.push_back(&a);
    auto row = llvm::find_if(rowLeader, [&](unsigned l) {
      const Access &o = accesses[l];
      return o.array == a.array &&
             ArrayRef<int64_t>(o.off).drop_back() ==
                 ArrayRef<int64_t>(a.off).drop_back() &&
             sameOuterRunTimeShift(o, a);
    });
    rowOf.push_back(row - rowLeader.begin());
    if (row == rowLeader.end())
      rowLeader.push_back(k);
  }
  // The tile loop: bounds and array offsets per tile; the accumulators
  // carry over from one tile to the next.
  Value tiles = callRuntime(b, loc, RuntimeFn::Tiles, {region});
  auto tileLoop = scf::ForOp::create(
      b, loc, constI64(b, loc, 0), tiles, one, init,
      [&](OpBuilder &tb, Location tloc, Value t, ValueRange acc) {
        // An interior's bounds are the tile's inner ones (buildTile): the
        // whole tile's would be dead calls in the C.
        for (unsigned d = 0; d < rank && part != zpl::OverlapPart::Interior;
             ++d) {
          lbs.push_back(callRuntime(tb, tloc, RuntimeFn::TileLo,
                                    {region, t, intArg(ctx, d)}));
          Value hi = callRuntime(tb, tloc, RuntimeFn::TileHi,
                                 {region, t, intArg(ctx, d)});
          ubs.push_back(addI64(tb, tloc, hi, one));
        }
        SmallVector<Value> start;
        for (Access *a : arrays)
          start.push_back(callRuntime(tb, tloc, RuntimeFn::ArrayTileOffset,
                                      {a->array, region, t}));
        scf::YieldOp::create(
            tb, tloc, buildTile(tb, region, t, start, acc, body, rowBody));
      });
  return SmallVector<Value>(tileLoop.getResults());
}

SmallVector<Value> NestBuilder::buildTile(OpBuilder &b, Value region, Value t,
                                          ArrayRef<Value> start,
                                          ValueRange acc, BodyFn body,
                                          RowFn rowBody) {
  if (part == zpl::OverlapPart::None) {
    SmallVector<Value> startRows;
    if (rank == 1)
      startRows = rowIndices(b, loc, start);
    return buildLevel(b, 0, start, startRows, acc, body, rowBody);
  }
  assert(!rowBody && "split statements have no row bodies");
  MLIRContext *ctx = b.getContext();
  SmallVector<Value> tileLo(lbs), tileEnd(ubs), innerLo, innerEnd;
  for (unsigned d = 0; d < rank; ++d) {
    SmallVector<CArg> args{region, t, intArg(ctx, d), intArg(ctx, below[d]),
                           intArg(ctx, above[d])};
    innerLo.push_back(callRuntime(b, loc, RuntimeFn::TileInnerLo, args));
    innerEnd.push_back(callRuntime(b, loc, RuntimeFn::TileInnerEnd, args));
  }
  SmallVector<Value> results(acc.begin(), acc.end());
  if (part == zpl::OverlapPart::Interior) {
    buildBox(b, innerLo, innerEnd, start, results, body);
  } else {
    buildStrips(b, {tileLo, tileEnd, innerLo, innerEnd}, start, results,
                body);
  }
  lbs = tileLo;
  ubs = tileEnd;
  return results;
}

/// One nest over the box [lo, end) of the tile; `acc` goes in and comes
/// out.
void NestBuilder::buildBox(OpBuilder &b, ArrayRef<Value> lo,
                           ArrayRef<Value> end, ArrayRef<Value> start,
                           SmallVectorImpl<Value> &acc, BodyFn body) {
  lbs.assign(lo.begin(), lo.end());
  ubs.assign(end.begin(), end.end());
  SmallVector<Value> startRows;
  if (rank == 1)
    startRows = rowIndices(b, loc, start);
  SmallVector<Value> next =
      buildLevel(b, 0, start, startRows, acc, body, nullptr);
  acc.assign(next.begin(), next.end());
}

/// The boundary strips of a tile: strip s lies below (s even) or above
/// (s odd) the interior in dimension s / 2, within the interior in the
/// dimensions before that and over the whole tile after it. They are one
/// loop over s, so the C holds the statement's body once for all 2 x rank
/// strips (a 3-D stencil's body was seven times in the C, which made the
/// C compiler the bulk of a compile).
void NestBuilder::buildStrips(OpBuilder &b, const TileBoxes &boxes,
                              ArrayRef<Value> start,
                              SmallVectorImpl<Value> &acc, BodyFn body) {
  auto stripBox = [&](OpBuilder &sb, Location sloc, Value s) {
    Value dim = arith::DivSIOp::create(sb, sloc, s, constI64(sb, sloc, 2));
    Value odd = arith::RemSIOp::create(sb, sloc, s, constI64(sb, sloc, 2));
    Value isAbove = arith::CmpIOp::create(sb, sloc, arith::CmpIPredicate::ne,
                                          odd, constI64(sb, sloc, 0));
    auto pick = [&](Value c, Value x, Value y) -> Value {
      return arith::SelectOp::create(sb, sloc, c, x, y);
    };
    std::pair<SmallVector<Value>, SmallVector<Value>> box;
    for (unsigned k = 0; k < rank; ++k) {
      Value kv = constI64(sb, sloc, k);
      Value inside = arith::CmpIOp::create(sb, sloc, arith::CmpIPredicate::slt,
                                           kv, dim);
      Value across = arith::CmpIOp::create(sb, sloc, arith::CmpIPredicate::eq,
                                           kv, dim);
      Value lo = pick(across,
                      pick(isAbove, boxes.innerEnd[k], boxes.tileLo[k]),
                      boxes.tileLo[k]);
      Value end = pick(across,
                       pick(isAbove, boxes.tileEnd[k], boxes.innerLo[k]),
                       boxes.tileEnd[k]);
      box.first.push_back(pick(inside, boxes.innerLo[k], lo));
      box.second.push_back(pick(inside, boxes.innerEnd[k], end));
    }
    return box;
  };
  auto loop = scf::ForOp::create(
      b, loc, constI64(b, loc, 0), constI64(b, loc, 2 * rank),
      constI64(b, loc, 1), acc,
      [&](OpBuilder &sb, Location sloc, Value s, ValueRange in) {
        auto [lo, end] = stripBox(sb, sloc, s);
        SmallVector<Value> stripAcc(in.begin(), in.end());
        buildBox(sb, lo, end, start, stripAcc, body);
        scf::YieldOp::create(sb, sloc, stripAcc);
      });
  acc.assign(loop.getResults().begin(), loop.getResults().end());
}

SmallVector<Value> NestBuilder::buildSplit(Value region,
                                           const LoopSteps &loopSteps,
                                           ValueRange init, BodyFn body,
                                           Operation *stmt,
                                           Operation *boundary) {
  zpl::getReadReach(stmt, rank, below, above);
  part = zpl::OverlapPart::Interior;
  SmallVector<Value> partial = build(region, loopSteps, init, body);
  rewriter.setInsertionPoint(boundary);
  part = zpl::OverlapPart::Boundary;
  SmallVector<Value> total = build(region, loopSteps, partial, body);
  part = zpl::OverlapPart::None;
  return total;
}

Operation *findBoundaryPart(Operation *interior) {
  if (zpl::getOverlapPart(interior) != zpl::OverlapPart::Interior)
    return nullptr;
  for (Operation *op = interior->getNextNode(); op; op = op->getNextNode())
    if (zpl::getOverlapPart(op) == zpl::OverlapPart::Boundary)
      return op;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// The body
//===----------------------------------------------------------------------===//

LogicalResult NestBuilder::emitOp(OpBuilder &b, Operation &op,
                                  ArrayRef<Value> ivs, IRMapping &map,
                                  const FreshValues *fresh) {
  if (auto r = dyn_cast<zpl::ReadOp>(op)) {
    const void *key = arrayKeyOf(r.getArray());
    if (fresh && !r.isShifted()) {
      auto it = fresh->find(key);
      if (it != fresh->end() && it->second.getType() == r.getType()) {
        // Written at this index earlier in the fused run: the stored
        // value, without reloading it.
        map.map(r.getResult(), it->second);
        return success();
      }
    }
    Access *a = accessOf(r);
    if (!a)
      return op.emitError("internal error: a read without its access");
    Value lv = element(b, op.getLoc(), *a, r.getType());
    map.map(r.getResult(),
            emitc::LoadOp::create(b, op.getLoc(), r.getType(), lv));
    return success();
  }
  if (auto ix = dyn_cast<zpl::IndexOp>(op)) {
    int64_t d = ix.getDim();
    if (d < 0 || d >= (int64_t)ivs.size())
      return op.emitError("index dimension ")
             << d << " is outside the statement's rank " << ivs.size();
    map.map(ix.getResult(), ivs[d]);
    return success();
  }
  if (zpl::isArrayStatement(&op) || isa<zpl::FusedOp>(op))
    return op.emitError("a statement cannot nest another");
  Operation *copy = b.cloneWithoutRegions(op, map);
  OpBuilder::InsertionGuard guard(b);
  for (auto [from, to] : llvm::zip(op.getRegions(), copy->getRegions()))
    for (Block &blk : from) {
      SmallVector<Location> locs;
      for (BlockArgument arg : blk.getArguments())
        locs.push_back(arg.getLoc());
      Block *nb = b.createBlock(&to, to.end(), blk.getArgumentTypes(), locs);
      map.map(blk.getArguments(), nb->getArguments());
      for (Operation &inner : blk)
        if (failed(emitOp(b, inner, ivs, map, fresh)))
          return failure();
    }
  return success();
}

FailureOr<Value> NestBuilder::emitBody(OpBuilder &b, Block &block,
                                       ArrayRef<Value> ivs,
                                       const FreshValues *fresh) {
  Value yielded = cast<zpl::YieldOp>(block.getTerminator()).getValues().front();
  if (types.convertType(yielded.getType()) != yielded.getType()) {
    Operation *at = yielded.getDefiningOp() ? yielded.getDefiningOp()
                                            : block.getParentOp();
    return at->emitError("a statement body must yield a scalar");
  }
  IRMapping map;
  // Under reuse along the row, a carried expression takes its slot's
  // value, and what only it used is not emitted.
  DenseSet<Operation *> unneeded;
  if (reuse)
    unneeded = opsOnlyForCarried(block);
  for (Operation &op : block.without_terminator()) {
    if (Value carried =
            op.getNumResults() == 1 ? carriedValue(op.getResult(0)) : Value()) {
      map.map(op.getResult(0), carried);
      continue;
    }
    if (unneeded.contains(&op))
      continue;
    if (failed(emitOp(b, op, ivs, map, fresh)))
      return failure();
    if (reuse && op.getNumResults() == 1)
      noteComputed(op.getResult(0), map.lookup(op.getResult(0)));
  }
  return map.lookupOrDefault(yielded);
}

Value NestBuilder::maskCondition(OpBuilder &b, Location l, Value zmask,
                                 bool without, const FreshValues *fresh) {
  const void *key = arrayKeyOf(zmask);
  Type i1 = b.getI1Type();
  Value m;
  if (fresh) {
    auto it = fresh->find(key);
    if (it != fresh->end() && it->second.getType() == i1)
      m = it->second;
  }
  if (!m) {
    SmallVector<int64_t, 3> zero(rank, 0);
    Access *a = findAccess(key, zero);
    assert(a && "the mask has no access");
    m = emitc::LoadOp::create(b, l, i1, element(b, l, *a, i1));
  }
  if (without)
    m = emitc::LogicalNotOp::create(b, l, i1, m);
  return m;
}

} // namespace zpl::loops
