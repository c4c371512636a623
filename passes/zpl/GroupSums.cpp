//===- GroupSums.cpp - sums regrouped into shared partial sums ------------===//
//
// zpl-group-sums (at -O2) regroups the floating-point sums of an array
// statement's body so that a partial sum it needs at several positions of
// the innermost dimension is spelled out once per position: the
// redundancy elimination of Deitz, Chamberlain and Snyder ("Eliminating
// redundancies in sum-of-product array computations", ICS 2001).
//
// A sum is a maximal tree of arith.addf / arith.subf ops of one type (no
// fast-math flags; each inner node used only by its parent). Its leaves,
// with their signs, are grouped by inner offset: the leaves that are one
// expression of reads all at inner offset o (zpl::InnerShifts: `A@[-1,0,o]`,
// `c * A@[1,1,o]`, ...) form the group at o. Two groups of the statement
// (in one sum or two) match when their leaves are the same up to the inner
// offset, as multisets with their signs. A sum with a group of at least two
// leaves that matches a group at another offset is rebuilt as
//   (group at the first offset) + (group at the next) + ... + other leaves,
// the terms in the order of their first leaf, each group summed in one
// canonical order (positive leaves first, then by InnerShifts::spelling),
// so that matching groups become the same expression shifted: the 27-point
// operator's edges sum, A@[-1,-1,0] + A@[-1,0,-1] + ... (12 reads), becomes
// F(-1) + C(0) + F(1), where F sums the four face neighbours and C the four
// corners of the outer plane. The lowering (LoopNest.h) computes such an
// expression once per position of the innermost loop and reuses it at the
// next points.
//
// Regrouping reassociates floating-point additions: results may change in
// the last bits, as when the programmer had written the sums in that order.
// Only statements the lowering reuses values in are regrouped: unmasked,
// over a region whose innermost dimension is strided by a known step
// (`by`; a unit-step row is the C compiler's to vectorise, Reuse.cpp); and
// only sums in which something is shared.
//
//===----------------------------------------------------------------------===//

#include "dialects/zpl/InnerShift.h"
#include "passes/Passes.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"

namespace zpl {
#define GEN_PASS_DEF_GROUPSUMS
#include "passes/zpl/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

/// A leaf of a sum, added or subtracted.
struct Term {
  Value value;
  bool negative;
};

/// The leaves of a sum that are one expression at one inner offset.
struct Group {
  int64_t inner;
  unsigned firstLeaf;          // position of its first leaf in the sum
  SmallVector<Term> terms;
  std::string key;             // the terms' spellings, sorted
};

/// A sum: its root, inner nodes (parents after their operands) and leaves
/// in order, its groups and its other leaves.
struct Sum {
  Operation *root;
  SmallVector<Operation *> nodes;
  SmallVector<Term> leaves;
  SmallVector<Group> groups;
  SmallVector<unsigned> others; // leaves in no group
};

bool isSumNode(Operation *op) {
  if (auto add = dyn_cast_or_null<arith::AddFOp>(op))
    return add.getFastmath() == arith::FastMathFlags::none;
  if (auto sub = dyn_cast_or_null<arith::SubFOp>(op))
    return sub.getFastmath() == arith::FastMathFlags::none;
  return false;
}

/// Whether `op` is a node inside a larger sum: its only use is a sum node
/// of the same block.
bool isInnerNode(Operation *op) {
  if (!op->hasOneUse())
    return false;
  Operation *user = *op->getUsers().begin();
  return isSumNode(user) && user->getBlock() == op->getBlock();
}

void flatten(Value v, bool negative, Sum &sum, Block &block) {
  Operation *def = v.getDefiningOp();
  bool inner = def && def->getBlock() == &block && isSumNode(def) &&
               (def == sum.root || isInnerNode(def));
  if (!inner) {
    sum.leaves.push_back({v, negative});
    return;
  }
  flatten(def->getOperand(0), negative, sum, block);
  flatten(def->getOperand(1), negative != isa<arith::SubFOp>(def), sum,
          block);
  sum.nodes.push_back(def);
}

/// The groups of `sum`'s leaves by inner offset.
void groupLeaves(Sum &sum, zpl::InnerShifts &shifts) {
  for (auto [k, leaf] : llvm::enumerate(sum.leaves)) {
    zpl::ShiftInfo si = shifts.of(leaf.value);
    if (si.kind != zpl::ShiftInfo::Shifted) {
      sum.others.push_back(k);
      continue;
    }
    auto g = llvm::find_if(sum.groups,
                           [&](const Group &g) { return g.inner == si.inner; });
    if (g == sum.groups.end()) {
      sum.groups.push_back({si.inner, unsigned(k), {}, {}});
      g = std::prev(sum.groups.end());
    }
    g->terms.push_back(leaf);
  }
  for (Group &g : sum.groups) {
    // Positive terms first, each sign's terms by spelling.
    SmallVector<std::pair<std::string, Term>> keyed;
    for (const Term &t : g.terms)
      keyed.push_back({(t.negative ? "-" : "+") + shifts.spelling(t.value), t});
    llvm::stable_sort(keyed, [](const auto &x, const auto &y) {
      return x.first < y.first;
    });
    g.terms.clear();
    for (auto &[spelling, t] : keyed) {
      g.key += spelling + ";";
      g.terms.push_back(t);
    }
  }
}

/// A group's partial sum as a term: positive terms summed (they come
/// first), negative ones subtracted; all negative, their sum subtracted.
Term partialSum(OpBuilder &b, Location loc, const Group &g) {
  bool allNegative =
      llvm::all_of(g.terms, [](const Term &t) { return t.negative; });
  Value acc = g.terms.front().value;
  for (const Term &t : ArrayRef(g.terms).drop_front())
    acc = t.negative && !allNegative
              ? Value(arith::SubFOp::create(b, loc, acc, t.value))
              : Value(arith::AddFOp::create(b, loc, acc, t.value));
  return {acc, allNegative};
}

/// Rebuilds `sum` as its groups' partial sums and its other leaves, in the
/// order of their first leaf.
void rebuild(Sum &sum) {
  OpBuilder b(sum.root);
  Location loc = sum.root->getLoc();
  SmallVector<std::pair<unsigned, Term>> ordered;
  for (const Group &g : sum.groups)
    ordered.push_back({g.firstLeaf, partialSum(b, loc, g)});
  for (unsigned k : sum.others)
    ordered.push_back({k, sum.leaves[k]});
  llvm::sort(ordered, [](const auto &x, const auto &y) { return x.first < y.first; });
  // The first leaf of a sum is added, so is the term holding it.
  assert(!ordered.front().second.negative && "a sum starts with an added term");
  Value total = ordered.front().second.value;
  for (auto &[pos, t] : ArrayRef(ordered).drop_front())
    total = t.negative ? Value(arith::SubFOp::create(b, loc, total, t.value))
                       : Value(arith::AddFOp::create(b, loc, total, t.value));
  sum.root->getResult(0).replaceAllUsesWith(total);
  for (Operation *node : llvm::reverse(sum.nodes))
    node->erase();
}

/// The step of loops over `region` in its innermost dimension when it is
/// known: 1 unless `by` strides it (through declarations, `at`, `of`,
/// `in`).
std::optional<int64_t> innerStep(Value region, ModuleOp module,
                                 unsigned depth = 0) {
  if (depth > 64)
    return std::nullopt;
  if (auto get = region.getDefiningOp<zpl::GetOp>()) {
    auto decl = module.lookupSymbol<zpl::RegionDeclOp>(get.getName());
    if (!decl)
      return std::nullopt;
    auto yield = cast<zpl::YieldOp>(decl.getInit().front().getTerminator());
    return innerStep(yield.getValues().front(), module, depth + 1);
  }
  if (isa_and_nonnull<zpl::MakeRegionOp, zpl::ExpandRegionOp>(
          region.getDefiningOp()))
    return 1;
  auto der = region.getDefiningOp<zpl::DeriveRegionOp>();
  if (!der)
    return std::nullopt;
  std::optional<int64_t> base = innerStep(der.getBase(), module, depth + 1);
  if (der.getKind() != zpl::DeriveKind::by || !base)
    return base;
  if (!der.getRunTimeDirection().empty() || der.getDirection().empty() ||
      der.getDirection().back() < 1)
    return std::nullopt;
  return *base * der.getDirection().back();
}

void groupSumsOf(zpl::AssignOp stmt) {
  Block &body = stmt.getBody().front();
  unsigned rank = cast<zpl::ArrayType>(stmt.getDest().getType()).getRank();
  zpl::InnerShifts shifts({&body}, rank);
  std::vector<Sum> sums;
  for (Operation &op : body.without_terminator())
    if (isSumNode(&op) && !isInnerNode(&op)) {
      Sum sum;
      sum.root = &op;
      flatten(op.getResult(0), false, sum, body);
      groupLeaves(sum, shifts);
      sums.push_back(std::move(sum));
    }
  // The inner offsets at which each group's expression occurs.
  llvm::StringMap<SmallVector<int64_t>> offsetsOf;
  for (const Sum &sum : sums)
    for (const Group &g : sum.groups)
      if (!llvm::is_contained(offsetsOf[g.key], g.inner))
        offsetsOf[g.key].push_back(g.inner);
  // Last sum first: a sum may be a leaf of a later one, whose leaves must
  // still be there when it is rebuilt.
  for (Sum &sum : llvm::reverse(sums)) {
    bool shares = llvm::any_of(sum.groups, [&](const Group &g) {
      return g.terms.size() >= 2 && offsetsOf[g.key].size() >= 2;
    });
    if (shares)
      rebuild(sum);
  }
}

struct GroupSumsPass : zpl::impl::GroupSumsBase<GroupSumsPass> {
  void runOnOperation() override {
    auto module = getOperation()->getParentOfType<ModuleOp>();
    getOperation().walk([&](zpl::AssignOp stmt) {
      std::optional<int64_t> step = innerStep(stmt.getRegion(), module);
      if (!stmt.getMask() && step && *step > 1)
        groupSumsOf(stmt);
    });
  }
};

} // namespace
