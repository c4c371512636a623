//===- Placement.cpp - where IRONMAN state calls may go -------------------===//

#include "dialects/ironman/Placement.h"
#include "dialects/zpl/Overlap.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace ironman;

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

namespace {
/// Where an array value comes from, as far as aliasing is concerned.
enum class Origin { Global, Allocation, Unknown };
} // namespace

/// The array a run-time shift moves (the array itself otherwise).
static Value unshifted(Value array) {
  while (auto shift = array.getDefiningOp<zpl::DynShiftOp>())
    array = shift.getArray();
  return array;
}

static Origin originOf(Value array, StringAttr &globalName) {
  if (auto get = array.getDefiningOp<zpl::GetOp>()) {
    globalName = get.getNameAttr().getAttr();
    return Origin::Global;
  }
  if (array.getDefiningOp<zpl::LocalArrayOp>())
    return Origin::Allocation;
  return Origin::Unknown;
}

bool ironman::mayAlias(Value a, Value b) {
  a = unshifted(a);
  b = unshifted(b);
  if (a == b)
    return true;
  if (a.getType() != b.getType())
    return false;
  StringAttr nameA, nameB;
  Origin originA = originOf(a, nameA), originB = originOf(b, nameB);
  // A procedure parameter was bound before a local array of the procedure
  // was allocated, so a distinct allocation aliases nothing else.
  if (originA == Origin::Allocation || originB == Origin::Allocation)
    return false;
  if (originA == Origin::Global && originB == Origin::Global)
    return nameA == nameB;
  return true;
}

bool ironman::mustAlias(Value a, Value b) {
  a = unshifted(a);
  b = unshifted(b);
  if (a == b)
    return true;
  StringAttr nameA, nameB;
  return originOf(a, nameA) == Origin::Global &&
         originOf(b, nameB) == Origin::Global && nameA == nameB;
}

/// The array operands of `op` that may alias `array`.
static bool hasAliasingOperand(Operation *op, Value array) {
  return llvm::any_of(op->getOperands(), [&](Value operand) {
    return isa<zpl::ArrayType>(operand.getType()) && mayAlias(operand, array);
  });
}

/// The array a statement stores into, or null if `op` stores into none.
static Value statementDest(Operation *op) {
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case<zpl::AssignOp, zpl::PartialReduceOp, zpl::ScanOp, zpl::FloodOp>(
          [](auto stmt) { return stmt.getDest(); })
      .Default([](Operation *) { return Value(); });
}

/// Whether `op` is in the interior part of a split statement
/// (zpl.overlap, ZPLOps.h): its shifted reads stay in the PE's own cells.
static bool inInteriorPart(Operation *op) {
  Operation *stmt = zpl::getOutermostStatement(op);
  return stmt && zpl::getOverlapPart(stmt) == zpl::OverlapPart::Interior;
}

/// Whether `op` is the interior part of a split `[R] A := f(A@d)`: it reads
/// its destination at another index, so both parts write a temporary that
/// is copied to A after the boundary part; the interior writes no cell of
/// A.
static bool writesOnlyTemporary(Operation *op) {
  auto assign = dyn_cast<zpl::AssignOp>(op);
  if (!assign || zpl::getOverlapPart(op) != zpl::OverlapPart::Interior)
    return false;
  WalkResult found = assign.getBody().walk([&](zpl::ReadOp read) {
    return read.isShifted() && mustAlias(read.getArray(), assign.getDest())
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return found.wasInterrupted();
}

/// What `op` itself (not the ops nested in it) does to `array`.
static ArrayUse ownUse(Operation *op, Value array) {
  ArrayUse use;
  ArrayUse everything;
  everything.readsOwned = everything.readsAnyCell = everything.writes = true;
  if (isa<IronmanDialect>(op->getDialect()))
    return use;
  if (auto read = dyn_cast<zpl::ReadOp>(op)) {
    if (!mayAlias(read.getArray(), array))
      return use;
    if (read.getArray().getDefiningOp<zpl::DynShiftOp>())
      use.readsAnyCell = true; // at a shift known only at run time
    else if (read.isShifted() && !inInteriorPart(op))
      use.shiftedReads.emplace_back(read.getOffset());
    else
      use.readsOwned = true;
    return use;
  }
  // A call inside an array statement's body is a promoted scalar
  // procedure, which touches no array (the front end checks it: no array
  // parameters, no region scopes, no global assignments).
  if (isa<CallOpInterface>(op) && zpl::getEnclosingStatement(op))
    return use;
  if (isa<CallOpInterface, zpl::HaltOp>(op))
    return everything;
  if (isa<zpl::RemapOp, zpl::BoundaryOp, zpl::FreeArrayOp>(op))
    return hasAliasingOperand(op, array) ? everything : use;
  if (Value dest = statementDest(op)) {
    bool writesDest = !writesOnlyTemporary(op);
    for (Value operand : op->getOperands()) {
      if (!isa<zpl::ArrayType>(operand.getType()) || !mayAlias(operand, array))
        continue;
      (operand == dest && writesDest ? use.writes : use.readsOwned) = true;
    }
    return use;
  }
  // Masks of reductions and printed arrays: cells this PE owns.
  if (isa<zpl::ReduceOp, zpl::WriteArrayOp>(op)) {
    use.readsOwned = hasAliasingOperand(op, array);
    return use;
  }
  return hasAliasingOperand(op, array) ? everything : use;
}

ArrayUse ironman::getArrayUse(Operation *op, Value array) {
  ArrayUse total;
  op->walk([&](Operation *inner) {
    ArrayUse use = ownUse(inner, array);
    total.readsOwned |= use.readsOwned;
    total.readsAnyCell |= use.readsAnyCell;
    total.writes |= use.writes;
    llvm::append_range(total.shiftedReads, use.shiftedReads);
  });
  return total;
}

bool ArrayUse::mayReadGhostsOf(ArrayRef<int64_t> shift) const {
  return readsAnyCell ||
         llvm::any_of(shiftedReads, [&](ArrayRef<int64_t> offset) {
           return ghostsMayOverlap(offset, shift);
         });
}

bool ironman::ghostsMayOverlap(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  for (size_t k = 0; k < a.size() && k < b.size(); ++k)
    if (a[k] != 0 && b[k] != 0 && (a[k] > 0) == (b[k] > 0))
      return true;
  return false;
}

//===----------------------------------------------------------------------===//
// Units
//===----------------------------------------------------------------------===//

static std::optional<CommUnit::Call> callOf(Operation *op) {
  if (isa<DROp>(op))
    return CommUnit::DR;
  if (isa<SROp>(op))
    return CommUnit::SR;
  if (isa<DNOp>(op))
    return CommUnit::DN;
  if (isa<SVOp>(op))
    return CommUnit::SV;
  return std::nullopt;
}

bool CommUnit::allHalo() const {
  return llvm::all_of(members, [](TransferOp member) {
    return member.getTransferKind() == ironman::TransferKind::halo;
  });
}

bool CommUnit::wellFormed() const {
  for (int i = 0; i < 4; ++i)
    if (!calls[i] || calls[i]->getBlock() != calls[0]->getBlock())
      return false;
  for (int i = 1; i < 4; ++i)
    if (!calls[i - 1]->isBeforeInBlock(calls[i]))
      return false;
  return true;
}

bool CommUnit::defines(Operation *other) const {
  return other == op || llvm::any_of(members, [&](TransferOp member) {
           return member.getOperation() == other;
         });
}

SmallVector<TransferOp> ironman::getMemberTransfers(CombineOp combine) {
  SmallVector<TransferOp> transfers;
  for (Value member : combine.getMembers())
    if (auto transfer = member.getDefiningOp<TransferOp>())
      transfers.push_back(transfer);
  return transfers;
}

std::optional<CommUnit> ironman::getCommUnit(Operation *op) {
  CommUnit unit;
  Value handle;
  if (auto transfer = dyn_cast<TransferOp>(op)) {
    if (llvm::any_of(transfer->getUsers(),
                     [](Operation *user) { return isa<CombineOp>(user); }))
      return std::nullopt;
    unit.members.push_back(transfer);
    handle = transfer.getTransfer();
  } else if (auto combine = dyn_cast<CombineOp>(op)) {
    unit.members = getMemberTransfers(combine);
    handle = combine.getTransfer();
  } else {
    return std::nullopt;
  }
  unit.op = op;
  for (Operation *user : handle.getUsers())
    if (std::optional<CommUnit::Call> call = callOf(user);
        call && !unit.calls[*call])
      unit.calls[*call] = user;
  return unit;
}

std::optional<CommUnit> ironman::getUnitOfCall(Operation *call) {
  if (!callOf(call))
    return std::nullopt;
  Operation *head = call->getOperand(0).getDefiningOp();
  if (!head)
    return std::nullopt;
  return getCommUnit(head);
}

/// Whether the bands `a of R` and `b of R` are disjoint: along some
/// dimension one lies below R, inside R's range or above R, the other
/// elsewhere.
static bool bandsDisjoint(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  auto side = [](int64_t d) { return d < 0 ? -1 : d > 0 ? 1 : 0; };
  for (size_t k = 0; k < a.size() && k < b.size(); ++k)
    if (side(a[k]) != side(b[k]))
      return true;
  return false;
}

/// Whether `a` and `b` fill disjoint bands of one array over one region
/// from its own cells (wraps or reflects): each writes cells outside the
/// region and reads cells inside it, so neither touches what the other
/// reads or writes (the wraps `@^` makes for a 27-point stencil).
static bool disjointBandsOfOneRegion(TransferOp a, TransferOp b) {
  auto fillsBand = [](TransferOp t) {
    return t.isBandKind() &&
           t.getTransferKind() != ironman::TransferKind::halo &&
           mustAlias(t.getSrc(), t.getDst());
  };
  return fillsBand(a) && fillsBand(b) && mustAlias(a.getDst(), b.getDst()) &&
         a.getRegion() == b.getRegion() &&
         bandsDisjoint(a.getShift(), b.getShift());
}

/// How members `a` and `b` of two units get in each other's way.
static Interference memberInterference(TransferOp a, TransferOp b) {
  bool haloA = a.getTransferKind() == ironman::TransferKind::halo;
  bool haloB = b.getTransferKind() == ironman::TransferKind::halo;
  if (haloA && haloB)
    return mayAlias(a.getDst(), b.getDst()) &&
                   ghostsMayOverlap(a.getShift(), b.getShift())
               ? Interference::SharedGhosts
               : Interference::None;
  if (disjointBandsOfOneRegion(a, b))
    return Interference::None;
  // A transfer of another kind writes cells its destination's owner holds:
  // nothing else may move that array meanwhile.
  auto writesInto = [](TransferOp writer, TransferOp other) {
    return mayAlias(writer.getDst(), other.getSrc()) ||
           mayAlias(writer.getDst(), other.getDst());
  };
  return (!haloA && writesInto(a, b)) || (!haloB && writesInto(b, a))
             ? Interference::Writes
             : Interference::None;
}

Interference ironman::getInterference(const CommUnit &a, const CommUnit &b) {
  Interference worst = Interference::None;
  for (TransferOp memberA : a.members)
    for (TransferOp memberB : b.members)
      worst = std::max(worst, memberInterference(memberA, memberB));
  return worst;
}

bool ironman::unitsInterfere(const CommUnit &a, const CommUnit &b) {
  return getInterference(a, b) != Interference::None;
}

bool ironman::holdsInterferingCall(const CommUnit &unit, Window window,
                                   Operation *op) {
  // Shared ghost cells only matter while both are receiving.
  Interference enough = window == Window::Receive ? Interference::SharedGhosts
                                                  : Interference::Writes;
  WalkResult result = op->walk([&](Operation *inner) {
    std::optional<CommUnit> other = getUnitOfCall(inner);
    if (other && other->op != unit.op &&
        getInterference(unit, *other) >= enough)
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

bool ironman::conflictsWithWindow(const CommUnit &unit, Window window,
                                  Operation *op) {
  if (holdsInterferingCall(unit, window, op))
    return true;
  for (TransferOp member : unit.members) {
    if (window == Window::Send) {
      if (getArrayUse(op, member.getSrc()).writes)
        return true;
      continue;
    }
    // A halo transfer receives ghost cells; the other kinds write cells
    // this PE owns, which any access sees.
    ArrayUse use = getArrayUse(op, member.getDst());
    if (member.getTransferKind() == ironman::TransferKind::halo
            ? use.mayReadGhostsOf(member.getShift())
            : use.any())
      return true;
  }
  return false;
}

Operation *ironman::firstConflict(const CommUnit &unit, Window window,
                                  Operation *begin, Operation *end) {
  for (Operation *op = begin; op && op != end; op = op->getNextNode())
    if (conflictsWithWindow(unit, window, op))
      return op;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Starts rotated across loop iterations
//===----------------------------------------------------------------------===//

/// Whether `guard` holds exactly `handle`'s DR then SR (and its yield).
static bool startsOnly(scf::IfOp guard, Value handle) {
  if (!guard || guard.elseBlock() || guard.getNumResults() != 0)
    return false;
  Block *then = guard.thenBlock();
  if (then->getOperations().size() != 3)
    return false;
  auto dr = dyn_cast<DROp>(then->front());
  auto sr = dyn_cast<SROp>(*std::next(then->begin()));
  return dr && sr && dr->getOperand(0) == handle &&
         sr->getOperand(0) == handle;
}

/// Whether `cond` is `arith.cmpi slt, lhs, ub` with `lhs` accepted by
/// `isLhs`.
static bool isLessThan(Value cond, Value ub,
                       llvm::function_ref<bool(Value)> isLhs) {
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  return cmp && cmp.getPredicate() == arith::CmpIPredicate::slt &&
         cmp.getRhs() == ub && isLhs(cmp.getLhs());
}

std::optional<RotatedCalls> ironman::matchRotated(Value handle) {
  SmallVector<Operation *, 2> starts[2];
  Operation *ends[2] = {nullptr, nullptr};
  for (Operation *user : handle.getUsers()) {
    std::optional<CommUnit::Call> call = callOf(user);
    if (!call)
      continue;
    if (*call <= CommUnit::SR) {
      starts[*call].push_back(user);
      continue;
    }
    Operation *&end = ends[*call - CommUnit::DN];
    if (end)
      return std::nullopt;
    end = user;
  }
  if (starts[0].size() != 2 || starts[1].size() != 2 || !ends[0] || !ends[1])
    return std::nullopt;
  RotatedCalls r;
  r.dn = ends[0];
  r.sv = ends[1];
  Block *body = r.dn->getBlock();
  r.loop = dyn_cast_or_null<scf::ForOp>(body->getParentOp());
  if (!r.loop || r.sv->getBlock() != body || !r.dn->isBeforeInBlock(r.sv))
    return std::nullopt;
  for (Operation *dr : starts[0]) {
    auto guard = dyn_cast_or_null<scf::IfOp>(dr->getParentOp());
    if (guard && guard->getBlock() == body)
      r.next = guard;
    else if (guard && guard->getBlock() == r.loop->getBlock() &&
             guard->isBeforeInBlock(r.loop))
      r.first = guard;
  }
  if (!startsOnly(r.first, handle) || !startsOnly(r.next, handle) ||
      !r.sv->isBeforeInBlock(r.next))
    return std::nullopt;
  scf::ForOp loop = r.loop;
  Value ub = loop.getUpperBound();
  bool firstGuard = isLessThan(r.first.getCondition(), ub, [&](Value lhs) {
    return lhs == loop.getLowerBound();
  });
  bool nextGuard = isLessThan(r.next.getCondition(), ub, [&](Value lhs) {
    auto add = lhs.getDefiningOp<arith::AddIOp>();
    return add && ((add.getLhs() == loop.getInductionVar() &&
                    add.getRhs() == loop.getStep()) ||
                   (add.getRhs() == loop.getInductionVar() &&
                    add.getLhs() == loop.getStep()));
  });
  if (!firstGuard || !nextGuard)
    return std::nullopt;
  return r;
}
