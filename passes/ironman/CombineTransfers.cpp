//===- CombineTransfers.cpp - transfers to the same neighbours as one -----===//
//
// zpl-ironman-combine merges transfers that stand at the same program point
// and exchange with the same neighbours into one `ironman.combine`: the
// runtime then sends one message per peer PE carrying every member's
// section for that peer (runtime/src/combine.c), instead of one per member.
//
// Candidates are the transfers of one block that have their own four state
// calls there, of kind halo, wrap or reflect. Two candidates share a
// neighbour when some dimension is shifted the same way by both (several
// arrays shifted alike, or, with `directions` (the default), e.g. north
// and north-east); without `directions` only equal shifts do. A group is
// legal when
//   * no member depends on another: a wrap or reflect writes its array, so
//     it groups with transfers of other arrays, or with wraps and reflects
//     of the same array over the same region (their bands lie outside the
//     region, their sources inside);
//   * the members' calls can all move to one point, right after the last
//     member's SV: every op a member's DN or SV would pass may stand in
//     that member's receive and send windows (Placement.h). The members'
//     DR and SR only move later, which shortens their windows.
// The candidates connected (transitively) by sharing neighbours form one
// group when that is legal; otherwise they are grouped greedily in block
// order, each joining the first group that shares a neighbour with it and
// stays legal, or else the first group of its component that stays legal
// (one wait instead of two: the wraps of a periodic 27-point stencil,
// which must all complete before its halos, go as one group, not one per
// face that starts a chain of neighbours).
// Each group of two or more becomes a combine there, with a new program-wide
// `id` (after every existing one), followed by its DR, SR, DN and SV; the
// members lose their own calls and their `strategy`: they move as the
// combine does. The combine keeps the cost model's choice: chained when
// zpl-select-strategy chose chained for every member (each member's piece
// then moves as it would alone: one put per piece, or one MPI datatype
// over the pieces), packed otherwise (one strategy per message: a packed
// member's piece cannot be put on its own). Members whose ghost cells
// overlap (several shifts of one array to one neighbour) do not change
// that: the runtime moves such a message packed only on MPI, whose
// datatypes may not receive into a cell twice (runtime/src/combine.c).
// Members without a strategy leave the combine without one (the runtime
// default, packed).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialects/ironman/Placement.h"

#include "llvm/ADT/EquivalenceClasses.h"

namespace zpl {
#define GEN_PASS_DEF_COMBINETRANSFERS
#include "passes/ironman/Passes.h.inc"
} // namespace zpl

using namespace mlir;
using namespace zpl;
using ironman::CommUnit;
using ironman::TransferOp;

namespace {

/// Transfers that will travel as one, in block order.
struct Group {
  SmallVector<CommUnit> members;
  /// The op right after the last member's SV: where the combine will go.
  Operation *point() const;
};

struct CombineTransfersPass
    : zpl::impl::CombineTransfersBase<CombineTransfersPass> {
  using CombineTransfersBase::CombineTransfersBase;
  void runOnOperation() override;

private:
  bool combineOneGroup(Block &block);
  bool shareNeighbour(TransferOp a, TransferOp b) const;
  SmallVector<Group> components(ArrayRef<CommUnit> candidates) const;
  SmallVector<Group> greedyGroups(const Group &component) const;
  void rewrite(const Group &group);
  int64_t nextId = 0;
};

} // namespace

Operation *Group::point() const {
  Operation *lastSV = members.front().calls[CommUnit::SV];
  for (const CommUnit &member : members)
    if (lastSV->isBeforeInBlock(member.calls[CommUnit::SV]))
      lastSV = member.calls[CommUnit::SV];
  return lastSV->getNextNode();
}

static TransferOp transferOf(const CommUnit &unit) {
  return unit.members.front();
}

/// A transfer of one block with its own calls there, of a kind the runtime
/// can combine.
static std::optional<CommUnit> candidateAt(Operation &op, Block &block) {
  std::optional<CommUnit> unit = ironman::getCommUnit(&op);
  if (!unit || !isa<TransferOp>(op) || !unit->wellFormed() ||
      unit->calls[CommUnit::DR]->getBlock() != &block)
    return std::nullopt;
  if (!transferOf(*unit).isBandKind())
    return std::nullopt;
  return unit;
}

/// Whether neither transfer depends on what the other one writes.
static bool independent(TransferOp a, TransferOp b) {
  bool haloA = a.getTransferKind() == ironman::TransferKind::halo;
  bool haloB = b.getTransferKind() == ironman::TransferKind::halo;
  if (haloA && haloB)
    return true;
  if (!ironman::mayAlias(a.getDst(), b.getDst()))
    return true;
  return !haloA && !haloB && ironman::mustAlias(a.getDst(), b.getDst()) &&
         a.getRegion() == b.getRegion();
}

/// Whether moving `unit`'s DN and SV to just before `point` passes only ops
/// its windows allow (the group's own transfers and calls aside).
static bool canDelayTo(const CommUnit &unit, Operation *point,
                       const Group &group) {
  auto inGroup = [&](Operation *op) {
    return llvm::any_of(group.members, [&](const CommUnit &member) {
      return member.defines(op) || llvm::is_contained(member.calls, op);
    });
  };
  for (Operation *op = unit.calls[CommUnit::DN]->getNextNode(); op != point;
       op = op->getNextNode()) {
    if (inGroup(op) || llvm::is_contained(unit.calls, op))
      continue;
    if (ironman::conflictsWithWindow(unit, ironman::Window::Receive, op) ||
        ironman::conflictsWithWindow(unit, ironman::Window::Send, op))
      return false;
  }
  return true;
}

/// Whether no member depends on another and all their calls can move to
/// the group's point.
static bool isLegal(const Group &group) {
  for (auto [i, unit] : llvm::enumerate(group.members))
    for (const CommUnit &earlier : ArrayRef(group.members).take_front(i))
      if (!independent(transferOf(earlier), transferOf(unit)))
        return false;
  Operation *point = group.point();
  return llvm::all_of(group.members, [&](const CommUnit &member) {
    return canDelayTo(member, point, group);
  });
}

bool CombineTransfersPass::shareNeighbour(TransferOp a, TransferOp b) const {
  return directions ? ironman::ghostsMayOverlap(a.getShift(), b.getShift())
                    : a.getShift() == b.getShift();
}

SmallVector<Group>
CombineTransfersPass::components(ArrayRef<CommUnit> candidates) const {
  llvm::EquivalenceClasses<unsigned> classes;
  for (unsigned i = 0; i < candidates.size(); ++i) {
    classes.insert(i);
    for (unsigned j = 0; j < i; ++j)
      if (shareNeighbour(transferOf(candidates[i]), transferOf(candidates[j])))
        classes.unionSets(i, j);
  }
  SmallVector<Group> groups;
  DenseMap<unsigned, unsigned> groupOfLeader;
  for (unsigned i = 0; i < candidates.size(); ++i) {
    unsigned leader = classes.getLeaderValue(i);
    auto [it, fresh] = groupOfLeader.try_emplace(leader, groups.size());
    if (fresh)
      groups.emplace_back();
    groups[it->second].members.push_back(candidates[i]);
  }
  return groups;
}

SmallVector<Group> CombineTransfersPass::greedyGroups(const Group &component) const {
  SmallVector<Group> groups;
  for (const CommUnit &unit : component.members) {
    auto canJoin = [&](const Group &group, bool needNeighbour) {
      if (needNeighbour &&
          llvm::none_of(group.members, [&](const CommUnit &member) {
            return shareNeighbour(transferOf(member), transferOf(unit));
          }))
        return false;
      Group joined = group;
      joined.members.push_back(unit);
      return isLegal(joined);
    };
    Group *home = llvm::find_if(
        groups, [&](const Group &group) { return canJoin(group, true); });
    if (home == groups.end())
      home = llvm::find_if(
          groups, [&](const Group &group) { return canJoin(group, false); });
    if (home != groups.end())
      home->members.push_back(unit);
    else
      groups.push_back(Group{{unit}});
  }
  return groups;
}

/// The combine's strategy from its members' (see the file comment).
static ironman::TransferStrategyAttr combinedStrategy(const Group &group,
                                                      Builder &builder) {
  using ironman::TransferStrategy;
  bool anyStrategy = false, allChained = true;
  for (const CommUnit &unit : group.members) {
    std::optional<TransferStrategy> strategy = transferOf(unit).getStrategy();
    anyStrategy |= strategy.has_value();
    allChained &= strategy == TransferStrategy::chained;
  }
  if (!anyStrategy)
    return nullptr;
  return ironman::TransferStrategyAttr::get(
      builder.getContext(),
      allChained ? TransferStrategy::chained : TransferStrategy::packed);
}

void CombineTransfersPass::rewrite(const Group &group) {
  OpBuilder builder(group.point());
  SmallVector<Value> handles;
  SmallVector<Location> locs;
  for (const CommUnit &unit : group.members) {
    handles.push_back(transferOf(unit).getTransfer());
    locs.push_back(unit.op->getLoc());
  }
  Location loc = builder.getFusedLoc(locs);
  ironman::TransferStrategyAttr strategy = combinedStrategy(group, builder);
  auto combine = ironman::CombineOp::create(
      builder, loc, ironman::TransferType::get(builder.getContext()), handles,
      builder.getI64IntegerAttr(nextId++), strategy);
  Value handle = combine.getTransfer();
  ironman::DROp::create(builder, loc, handle);
  ironman::SROp::create(builder, loc, handle);
  ironman::DNOp::create(builder, loc, handle);
  ironman::SVOp::create(builder, loc, handle);
  for (const CommUnit &unit : group.members) {
    for (Operation *call : unit.calls)
      call->erase();
    transferOf(unit).removeStrategyAttr();
  }
}

/// Rewrites the first group of two or more candidates of the block;
/// returns whether it did. A whole component of transfers that share
/// neighbours goes as one group when that is legal, else it splits into
/// greedy groups (in block order, each transfer joining the first group it
/// legally can). One group at a time, because a rewrite moves calls that
/// the other groups' legality was checked against.
bool CombineTransfersPass::combineOneGroup(Block &block) {
  SmallVector<CommUnit> candidates;
  for (Operation &op : block)
    if (std::optional<CommUnit> unit = candidateAt(op, block))
      candidates.push_back(*unit);
  for (const Group &component : components(candidates)) {
    if (component.members.size() < 2)
      continue;
    if (isLegal(component)) {
      rewrite(component);
      return true;
    }
    for (const Group &group : greedyGroups(component))
      if (group.members.size() > 1) {
        rewrite(group);
        return true;
      }
  }
  return false;
}

void CombineTransfersPass::runOnOperation() {
  ModuleOp module = getOperation();
  module.walk([&](Operation *op) {
    std::optional<int64_t> id;
    if (auto transfer = dyn_cast<TransferOp>(op))
      id = transfer.getId();
    else if (auto combine = dyn_cast<ironman::CombineOp>(op))
      id = combine.getId();
    if (id)
      nextId = std::max(nextId, *id + 1);
  });
  SmallVector<Block *> blocks;
  module.walk([&](Block *block) { blocks.push_back(block); });
  for (Block *block : blocks)
    while (combineOneGroup(*block)) {
    }
}
