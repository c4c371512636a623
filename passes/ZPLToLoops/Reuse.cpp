//===- Reuse.cpp - subexpressions reused along the innermost loop ---------===//
//
// A stencil's body often computes one expression at several inner offsets:
// after zpl-group-sums, the 27-point operator sums the four face
// neighbours of the outer plane at inner offsets -1 and 1 and the four
// corners at -1, 0 and 1. The value at offset o + step is the one the next
// iteration (step further along the row) needs at offset o, so the
// innermost loop computes each such expression once per position, at the
// highest offset it is needed at, and carries it in scalars (scf.for
// iter_args) to the iterations that need it at the lower offsets:
//
//   prologue: F[lo - 1]                       (the slots below the top)
//   for i:    F(i + 1) = ...; use F(i - 1), F(i + 1); carry F(i), F(i + 1)
//
// This is exact: every value is the same computation on the same elements
// as before, only done an iteration earlier (the arrays it reads are not
// written by the nest). The prologue evaluates the expression at the row's
// first position and below it, between elements the row's first
// iteration reads: allocated, and only evaluated for a nonempty row;
// values it computes for positions no iteration would have read are never
// used. Expressions are pure (InnerShifts), so evaluating one at an extra
// position cannot fail.
//
// Only rows walked with a step other than 1 carry values: the C compiler
// vectorises a unit-step row, which a value carried across iterations
// would prevent, and that costs more than the additions saved. An
// expression is carried along a chain of offsets one step apart (the
// loop's step: a strided loop reuses values a stride apart); a chain is
// kept when it is needed at two offsets at least and at least half of its
// slots are needed ones, within a budget of carried scalars per nest.
//
//===----------------------------------------------------------------------===//

#include "passes/ZPLToLoops/LoopNest.h"

#include "dialects/zpl/InnerShift.h"

#include <map>

using namespace mlir;

namespace zpl::loops {

/// Scalars carried from one iteration to the next, at most, per nest: the
/// values stay in registers.
constexpr unsigned kMaxCarried = 16;

void NestBuilder::planReuse(ArrayRef<Block *> bodies,
                            const LoopSteps &loopSteps) {
  reuse.reset();
  // A row the loop walks with step 1 is the C compiler's to vectorise,
  // which values carried from one iteration to the next would prevent
  // (MG's 27-point residual, vectorised: 296 M instructions at class W;
  // carried: 618 M). Strided rows it does not vectorise.
  // A row with compact accesses counts its lattice points instead
  // (buildCountedRow), carrying nothing; a parameter compact only at run
  // time leaves the plan to the nest that addresses it as dense.
  bool compact = llvm::any_of(accesses, [](const Access &a) {
    return a.compact && !a.latticeAtRunTime;
  });
  if (!facts.reuseAlongRows || !loopSteps.known || rank == 0 ||
      bodies.empty() || loopSteps.known->back() == 1 || compact ||
      llvm::any_of(accesses, [](const Access &a) { return !a.dyn.empty(); }))
    return;
  // Elements of an array the nest writes may change between iterations;
  // a register array's value is not in memory.
  auto varying = [&](zpl::ReadOp r) {
    const void *key = arrayKeyOf(r.getArray());
    return facts.registerArrays.contains(key) ||
           llvm::any_of(accesses, [&](const Access &a) {
             return a.written && a.key == key;
           });
  };
  zpl::InnerShifts shifts(bodies, rank, varying);
  reuse.emplace();
  reuse->step = loopSteps.known->back();
  reuse->bodies.assign(bodies.begin(), bodies.end());
  // The computed expressions at one inner offset that are not part of a
  // larger one, grouped by expression.
  SmallVector<SmallVector<std::pair<Value, int64_t>>> kinds;
  for (Block *body : bodies)
    for (Operation &op : body->without_terminator()) {
      if (op.getNumResults() != 1)
        continue;
      Value v = op.getResult(0);
      zpl::ShiftInfo si = shifts.of(v);
      if (si.kind != zpl::ShiftInfo::Shifted || !zpl::InnerShifts::isComputed(v))
        continue;
      bool largest = llvm::any_of(v.getUsers(), [&](Operation *user) {
        return user->getNumResults() != 1 ||
               shifts.of(user->getResult(0)).kind != zpl::ShiftInfo::Shifted;
      });
      if (!largest)
        continue;
      auto kind = llvm::find_if(kinds, [&](const auto &k) {
        auto [rep, repOff] = k.front();
        return shifts.sameShifted(rep, v, si.inner - repOff);
      });
      if (kind == kinds.end())
        kinds.push_back({{v, si.inner}});
      else
        kind->push_back({v, si.inner});
    }
  for (const auto &kind : kinds)
    addChains(kind);
  if (reuse->chains.empty())
    reuse.reset();
}

/// The chains of one expression needed at the members' offsets: one per
/// residue of the offsets modulo the step.
void NestBuilder::addChains(ArrayRef<std::pair<Value, int64_t>> members) {
  int64_t step = reuse->step;
  auto residue = [&](int64_t off) { return ((off % step) + step) % step; };
  std::map<int64_t, SmallVector<int64_t>> byResidue; // ordered: deterministic
  for (auto [v, off] : members) {
    SmallVector<int64_t> &offs = byResidue[residue(off)];
    if (!llvm::is_contained(offs, off))
      offs.push_back(off);
  }
  for (auto &[r, offs] : byResidue) {
    auto [lo, hi] = std::minmax_element(offs.begin(), offs.end());
    int64_t topOff = *hi;
    unsigned count = (*hi - *lo) / step; // slots below the top
    bool worthIt = offs.size() >= 2 && count + 1 <= 2 * offs.size() - 1 &&
                   reuse->numSlots + count <= kMaxCarried;
    if (!worthIt)
      continue;
    unsigned chain = reuse->chains.size();
    Value top;
    for (auto [v, off] : members) {
      if (residue(off) != r)
        continue;
      reuse->members[v] = {chain, off};
      if (off == topOff && !top)
        top = v;
    }
    reuse->chains.push_back({top, topOff, reuse->numSlots, count});
    reuse->numSlots += count;
  }
}

Value NestBuilder::carriedValue(Value v) const {
  if (!reuse)
    return nullptr;
  auto it = reuse->members.find(v);
  if (it == reuse->members.end())
    return nullptr;
  auto [chain, off] = it->second;
  const ReuseChain &c = reuse->chains[chain];
  if (off == c.topOff)
    return nullptr; // computed here
  int64_t below = (c.topOff - off) / reuse->step; // 1 .. count
  return slotsIn[c.firstSlot + c.count - below];
}

void NestBuilder::noteComputed(Value v, Value emitted) {
  if (!reuse)
    return;
  auto it = reuse->members.find(v);
  if (it == reuse->members.end())
    return;
  unsigned chain = it->second.first;
  if (it->second.second == reuse->chains[chain].topOff && !tops[chain])
    tops[chain] = emitted;
}

DenseSet<Operation *> NestBuilder::opsOnlyForCarried(Block &block) const {
  // Backwards: an op is needed when it has effects, or a needed op (or
  // the terminator) uses it, or it computes a chain's top. A carried
  // member is not computed, so what only it uses is not needed.
  DenseSet<Operation *> needed, unneeded;
  needed.insert(block.getTerminator());
  for (Operation &op : llvm::reverse(block.without_terminator())) {
    bool isNeeded = false;
    if (op.getNumResults() == 1 && carriedValue(op.getResult(0)))
      isNeeded = false;
    else if (!isPure(&op) || op.getNumRegions() != 0 ||
             (op.getNumResults() == 1 &&
              reuse->members.count(op.getResult(0))))
      isNeeded = true;
    else
      isNeeded = llvm::any_of(op.getUsers(), [&](Operation *user) {
        Operation *inBlock = block.findAncestorOpInBlock(*user);
        return inBlock && needed.contains(inBlock);
      });
    (isNeeded ? needed : unneeded).insert(&op);

  }
  return unneeded;
}

Value NestBuilder::emitAt(OpBuilder &b, Location l, Value v, Value iv,
                          IRMapping &map) {
  if (Value done = map.lookupOrNull(v))
    return done;
  Operation *def = v.getDefiningOp();
  if (!def || !llvm::is_contained(reuse->bodies, def->getBlock()))
    return v; // from outside the statement, as the body uses it
  Value result;
  if (auto read = dyn_cast<zpl::ReadOp>(def)) {
    Access *a = accessOf(read);
    Value lv = emitc::SubscriptOp::create(
        b, l, emitc::LValueType::get(read.getType()), a->row,
        ValueRange{innerIndex(b, l, *a, iv)});
    result = emitc::LoadOp::create(b, l, read.getType(), lv);
  } else {
    for (Value operand : def->getOperands())
      emitAt(b, l, operand, iv, map);
    result = b.clone(*def, map)->getResult(0);
  }
  map.map(v, result);
  return result;
}

SmallVector<Value> NestBuilder::buildReusingRow(OpBuilder &b, unsigned d,
                                                ValueRange acc, BodyFn body) {
  Value nonEmpty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                         lbs[d], ubs[d]);
  unsigned numAcc = acc.size();
  auto row = [&](OpBuilder &rb, Location rl) {
    // The prologue: each chain's slots at the row's first iteration, the
    // expression at the offsets below its top.
    SmallVector<Value> init(acc.begin(), acc.end());
    for (const ReuseChain &c : reuse->chains)
      for (unsigned k = 0; k < c.count; ++k) {
        int64_t below = int64_t(c.count - k) * reuse->step;
        Value iv = addI64(rb, rl, lbs[d], constI64(rb, rl, -below));
        IRMapping map;
        init.push_back(emitAt(rb, rl, c.top, iv, map));
      }
    auto loop = scf::ForOp::create(
        rb, rl, lbs[d], ubs[d], steps[d], init,
        [&](OpBuilder &fb, Location floc, Value iv, ValueRange iterArgs) {
          ivs.push_back(iv);
          setInnerIndices(fb, floc, iv, nullptr);
          slotsIn.assign(iterArgs.begin() + numAcc, iterArgs.end());
          tops.assign(reuse->chains.size(), Value());
          SmallVector<Value> results =
              body(fb, floc, ivs, iterArgs.take_front(numAcc));
          // Each slot takes the value one step above it.
          for (auto [c, chain] : llvm::enumerate(reuse->chains))
            for (unsigned k = 0; k < chain.count; ++k)
              results.push_back(k + 1 < chain.count
                                    ? slotsIn[chain.firstSlot + k + 1]
                                    : tops[c]);
          scf::YieldOp::create(fb, floc, results);
          ivs.pop_back();
        });
    scf::YieldOp::create(rb, rl, loop.getResults().take_front(numAcc));
  };
  auto ifOp = scf::IfOp::create(
      b, loc, nonEmpty, row, [&](OpBuilder &eb, Location el) {
        scf::YieldOp::create(eb, el, acc);
      });
  return SmallVector<Value>(ifOp.getResults());
}

} // namespace zpl::loops
