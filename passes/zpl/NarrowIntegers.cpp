//===- NarrowIntegers.cpp - 32-bit remainders and quotients ---------------===//
//
// zpl-narrow-integers computes `x % c` and `x / c` (c a constant) in 32
// bits where x provably fits: C compilers vectorise a 32-bit division by a
// constant (a multiply-high per lane) but not a 64-bit one, for which x86
// has no vector multiply-high. ZPL's integer is 64-bit, so this takes
// facts about the values of arrays that a C compiler cannot know.
//   1. A `zpl.get` of a constant scalar whose initialiser is a literal
//      becomes the literal (C then sees the divisor).
//   2. Every global integer array gets a range of values: it starts at 0
//      (storage is zero-initialised) and joins the range of every value
//      stored into it, iterated to a fixed point (after a few rounds the
//      range is unbounded). Where it is only read, printed, moved by its
//      own transfers or boundary conditions, or assigned by a statement,
//      the range is known; any other use (a procedure argument, a file
//      read, a scan, a remap, a redistribution) makes it unbounded.
//   3. In a statement's body, ranges follow the integer arithmetic
//      (+, -, *, % and / by constants; overflow is unbounded); a read of an
//      array has the array's range, an index is unbounded, and a scalar
//      defined outside the body (a loop counter, a variable) is assumed to
//      lie in [-B, B].
//   4. A remainder or quotient by a constant 0 < |c| < 2^31 whose dividend
//      lies in the 32-bit range becomes trunci, the 32-bit op, extsi. The
//      bound B is the largest of 2^30, 2^26, ..., 2^10 under which some
//      op of the statement narrows; when a narrowed op relies on scalars
//      of rule 3, the statement runs in an scf.if on -B <= s <= B for each
//      of them, the original statement in the else branch.
// Run at -O1 and above, after communication generation and renaming,
// before the lowering.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace zpl {
#define GEN_PASS_DEF_NARROWINTEGERS
#include "passes/zpl/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

/// A closed interval of 64-bit integers, or unbounded.
struct Range {
  int64_t lo = INT64_MIN, hi = INT64_MAX;
  bool bounded = false;

  static Range of(__int128 lo, __int128 hi) {
    Range r;
    if (lo < INT64_MIN || hi > INT64_MAX)
      return r;
    r.lo = (int64_t)lo;
    r.hi = (int64_t)hi;
    r.bounded = true;
    return r;
  }
  static Range point(int64_t v) { return of(v, v); }
  Range join(const Range &o) const {
    if (!bounded || !o.bounded)
      return {};
    return of(std::min(lo, o.lo), std::max(hi, o.hi));
  }
  bool operator==(const Range &o) const {
    return bounded == o.bounded && (!bounded || (lo == o.lo && hi == o.hi));
  }
  bool fits32() const {
    return bounded && lo >= INT32_MIN && hi <= INT32_MAX;
  }
};

Range add(Range a, Range b) {
  if (!a.bounded || !b.bounded)
    return {};
  return Range::of((__int128)a.lo + b.lo, (__int128)a.hi + b.hi);
}

Range sub(Range a, Range b) {
  if (!a.bounded || !b.bounded)
    return {};
  return Range::of((__int128)a.lo - b.hi, (__int128)a.hi - b.lo);
}

Range mul(Range a, Range b) {
  if (!a.bounded || !b.bounded)
    return {};
  __int128 p[] = {(__int128)a.lo * b.lo, (__int128)a.lo * b.hi,
                  (__int128)a.hi * b.lo, (__int128)a.hi * b.hi};
  return Range::of(*std::min_element(p, p + 4), *std::max_element(p, p + 4));
}

/// C's remainder (the sign of the dividend, |x % c| < |c|) by c != 0.
Range rem(Range x, int64_t c) {
  __int128 m = c < 0 ? -(__int128)c - 1 : (__int128)c - 1;
  __int128 lo = x.bounded && x.lo >= 0 ? 0 : -m;
  __int128 hi = x.bounded && x.hi <= 0 ? 0 : m;
  if (x.bounded) {
    lo = std::max<__int128>(lo, std::min<__int128>(x.lo, 0));
    hi = std::min<__int128>(hi, std::max<__int128>(x.hi, 0));
  }
  return Range::of(lo, hi);
}

/// C's quotient (truncating) by c != 0, c != -1.
Range quot(Range x, int64_t c) {
  if (!x.bounded)
    return {};
  __int128 a = x.lo / c, b = x.hi / c;
  return Range::of(std::min(a, b), std::max(a, b));
}

/// The constant integer `v` is, if it is one.
std::optional<int64_t> constantOf(Value v) {
  IntegerAttr attr;
  if (v.getType().isInteger(64) && matchPattern(v, m_Constant(&attr)))
    return attr.getInt();
  return std::nullopt;
}

/// Rule 1: zpl.get of constant scalars with a literal initialiser.
void foldConstantScalars(ModuleOp module) {
  llvm::StringMap<TypedAttr> literals;
  for (auto g : module.getOps<zpl::GlobalOp>()) {
    if (!g.getConstant() || g.getInit().empty())
      continue;
    Block &init = g.getInit().front();
    auto yield = dyn_cast<zpl::YieldOp>(init.getTerminator());
    if (!yield || yield.getValues().size() != 1 ||
        init.getOperations().size() != 2)
      continue;
    auto cst = yield.getValues().front().getDefiningOp<arith::ConstantOp>();
    if (cst && cst.getType() == g.getType())
      literals[g.getSymName()] = cst.getValue();
  }
  SmallVector<zpl::GetOp> gets;
  module.walk([&](zpl::GetOp get) {
    if (get->getParentOfType<func::FuncOp>() &&
        literals.count(get.getName()))
      gets.push_back(get);
  });
  for (zpl::GetOp get : gets) {
    OpBuilder b(get);
    auto cst = arith::ConstantOp::create(b, get.getLoc(),
                                         literals.lookup(get.getName()));
    get.getResult().replaceAllUsesWith(cst.getResult());
    get.erase();
  }
}

/// `bound` for BodyRanges when nothing is assumed about outside scalars.
constexpr int64_t kUnbounded = -1;

/// The value ranges of a statement body under the bound B for the scalars
/// defined outside it (kUnbounded: none); `outside` collects the scalars a
/// range relies on.
class BodyRanges {
public:
  BodyRanges(Operation *stmt, const llvm::StringMap<Range> &arrays,
             int64_t bound)
      : stmt(stmt), arrays(arrays), bound(bound) {}

  Range of(Value v, llvm::SetVector<Value> &outside) {
    auto it = memo.find(v);
    if (it != memo.end()) {
      outside.insert(deps[v].begin(), deps[v].end());
      return it->second;
    }
    llvm::SetVector<Value> mine;
    Range r = compute(v, mine);
    memo[v] = r;
    deps[v] = mine;
    outside.insert(mine.begin(), mine.end());
    return r;
  }

private:
  Range compute(Value v, llvm::SetVector<Value> &outside) {
    if (!v.getType().isInteger(64))
      return {};
    if (std::optional<int64_t> c = constantOf(v))
      return Range::point(*c);
    Operation *def = v.getDefiningOp();
    if (!def || !stmt->isAncestor(def)) {
      // A scalar of the enclosing code: assumed in [-B, B] (the caller
      // checks it before the statement).
      if (bound == kUnbounded)
        return {};
      outside.insert(v);
      return Range::of(-bound, bound);
    }
    if (auto read = dyn_cast<zpl::ReadOp>(def)) {
      StringAttr name = zpl::getGlobalOf(read.getArray());
      auto it = name ? arrays.find(name.getValue()) : arrays.end();
      return it == arrays.end() ? Range() : it->second;
    }
    auto binary = [&](auto fn) {
      return fn(of(def->getOperand(0), outside),
                of(def->getOperand(1), outside));
    };
    if (isa<arith::AddIOp>(def))
      return binary(add);
    if (isa<arith::SubIOp>(def))
      return binary(sub);
    if (isa<arith::MulIOp>(def))
      return binary(mul);
    if (isa<arith::RemSIOp, arith::DivSIOp>(def)) {
      std::optional<int64_t> c = constantOf(def->getOperand(1));
      if (!c || *c == 0 || (*c == -1 && isa<arith::DivSIOp>(def)))
        return {};
      Range x = of(def->getOperand(0), outside);
      return isa<arith::RemSIOp>(def) ? rem(x, *c) : quot(x, *c);
    }
    return {};
  }

  Operation *stmt;
  const llvm::StringMap<Range> &arrays;
  int64_t bound;
  DenseMap<Value, Range> memo;
  DenseMap<Value, llvm::SetVector<Value>> deps;
};

/// Rule 2: the ranges of the global i64 arrays.
class ArrayRanges {
public:
  explicit ArrayRanges(ModuleOp module) {
    for (auto decl : module.getOps<zpl::ArrayDeclOp>())
      if (decl.getArrayType().getElementType().isInteger(64))
        ranges[decl.getSymName()] = Range::point(0);
    module.walk([&](zpl::GetOp get) { classifyUses(get); });
    // Elements written through a run-time selection (`U{j}`) may hold
    // anything.
    module.walk([&](zpl::FamilyElementOp element) {
      for (Attribute name : element.getElements()) {
        auto it = ranges.find(cast<FlatSymbolRefAttr>(name).getValue());
        if (it != ranges.end())
          it->second = Range();
      }
    });
    for (int round = 0; round < 4; ++round)
      if (!refine())
        return;
    for (auto &[name, r] : writes)
      ranges[name] = Range();
  }

  const llvm::StringMap<Range> &get() const { return ranges; }

private:
  /// Whether `user` only reads or moves the array `name` (use `v`).
  static bool keepsValues(Operation *user, Value v, StringAttr name) {
    if (isa<zpl::ReadOp, zpl::WriteArrayOp, zpl::ArrayRegionOp,
            zpl::BoundaryOp>(user))
      return true;
    if (auto assign = dyn_cast<zpl::AssignOp>(user))
      return assign.getMask() == v && assign.getDest() != v;
    if (auto t = dyn_cast<ironman::TransferOp>(user))
      return llvm::all_of(t->getOperands(), [&](Value o) {
        return !isa<zpl::ArrayType>(o.getType()) || zpl::getGlobalOf(o) == name;
      });
    return false;
  }

  void classifyUses(zpl::GetOp get) {
    StringAttr name = get.getNameAttr().getAttr();
    auto it = ranges.find(name.getValue());
    if (it == ranges.end())
      return;
    for (OpOperand &use : get.getResult().getUses()) {
      Operation *user = use.getOwner();
      auto assign = dyn_cast<zpl::AssignOp>(user);
      if (assign && assign.getDest() == use.get())
        writes[name.getValue()].push_back(assign);
      else if (!keepsValues(user, use.get(), name))
        unbounded.insert(name.getValue());
    }
    if (unbounded.count(name.getValue()))
      it->second = Range();
  }

  /// One round: joins every write's range; whether a range changed.
  bool refine() {
    bool changed = false;
    for (auto &[name, stmts] : writes) {
      Range &r = ranges[name];
      if (!r.bounded)
        continue;
      Range next = r;
      for (zpl::AssignOp s : stmts) {
        BodyRanges body(s, ranges, kUnbounded);
        llvm::SetVector<Value> outside;
        Value y = cast<zpl::YieldOp>(s.getBody().front().getTerminator())
                      .getValues()
                      .front();
        next = next.join(body.of(y, outside));
      }
      if (!(next == r)) {
        r = next;
        changed = true;
      }
    }
    return changed;
  }

  llvm::StringMap<Range> ranges;
  llvm::StringMap<SmallVector<zpl::AssignOp>> writes;
  llvm::StringSet<> unbounded;
};

/// The remainders and quotients of `stmt` that narrow under `bound`, and
/// the outside scalars they rely on.
struct Narrowing {
  SmallVector<Operation *> ops;
  llvm::SetVector<Value> scalars;
  int64_t bound = kUnbounded;
};

Narrowing findNarrowing(Operation *stmt, const llvm::StringMap<Range> &arrays,
                        int64_t bound) {
  Narrowing n;
  n.bound = bound;
  BodyRanges ranges(stmt, arrays, bound);
  stmt->walk([&](Operation *op) {
    if (!isa<arith::RemSIOp, arith::DivSIOp>(op) ||
        !op->getResult(0).getType().isInteger(64))
      return;
    std::optional<int64_t> c = constantOf(op->getOperand(1));
    if (!c || *c == 0 || *c == -1 || *c <= INT32_MIN || *c > INT32_MAX)
      return;
    llvm::SetVector<Value> outside;
    if (!ranges.of(op->getOperand(0), outside).fits32())
      return;
    n.ops.push_back(op);
    n.scalars.insert(outside.begin(), outside.end());
  });
  return n;
}

/// Rule 4 on one op: trunci, the 32-bit op, extsi.
void narrow(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value x = arith::TruncIOp::create(b, loc, i32, op->getOperand(0));
  int64_t c = *constantOf(op->getOperand(1));
  Value d = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(c));
  Value r = isa<arith::RemSIOp>(op)
                ? Value(arith::RemSIOp::create(b, loc, x, d))
                : Value(arith::DivSIOp::create(b, loc, x, d));
  op->getResult(0).replaceAllUsesWith(arith::ExtSIOp::create(b, loc, i64, r));
  op->erase();
}

/// `-B <= s <= B` for every scalar, and-ed.
Value guard(OpBuilder &b, Location loc, const Narrowing &n) {
  Value lo = arith::ConstantIntOp::create(b, loc, -n.bound, 64);
  Value hi = arith::ConstantIntOp::create(b, loc, n.bound, 64);
  Value all;
  for (Value s : n.scalars) {
    Value ge = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, s, lo);
    Value le = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, s, hi);
    Value both = arith::AndIOp::create(b, loc, ge, le);
    all = all ? arith::AndIOp::create(b, loc, all, both).getResult() : both;
  }
  return all;
}

/// Rule 4 on a statement: narrowed in place, or in the then branch of a
/// guard with the original in the else branch.
void narrowStatement(Operation *stmt, const llvm::StringMap<Range> &arrays) {
  Narrowing n;
  for (int64_t bound = int64_t(1) << 30; bound >= (1 << 10) && n.ops.empty();
       bound >>= 4)
    n = findNarrowing(stmt, arrays, bound);
  if (n.ops.empty())
    return;
  if (n.scalars.empty()) {
    for (Operation *op : n.ops)
      narrow(op);
    return;
  }
  OpBuilder b(stmt);
  Location loc = stmt->getLoc();
  auto ifOp = scf::IfOp::create(b, loc, guard(b, loc, n), /*withElse=*/true);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  IRMapping map;
  b.clone(*stmt, map);
  stmt->moveBefore(ifOp.elseBlock()->getTerminator());
  for (Operation *op : n.ops)
    narrow(map.lookup(op));
}

struct NarrowIntegersPass
    : zpl::impl::NarrowIntegersBase<NarrowIntegersPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    foldConstantScalars(module);
    ArrayRanges arrays(module);
    SmallVector<Operation *> stmts;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!zpl::isArrayStatement(op) && !isa<zpl::FusedOp>(op))
        return WalkResult::advance();
      if (op->getParentOfType<func::FuncOp>())
        stmts.push_back(op);
      return WalkResult::skip();
    });
    for (Operation *stmt : stmts)
      narrowStatement(stmt, arrays.get());
  }
};

} // namespace
