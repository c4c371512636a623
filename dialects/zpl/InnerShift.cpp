//===- InnerShift.cpp - statement-body values along the innermost dim ----===//

#include "dialects/zpl/InnerShift.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace zpl {

SmallVector<int64_t, 3> paddedOffset(ReadOp read, unsigned rank) {
  SmallVector<int64_t, 3> off(read.getOffset());
  off.resize(rank, 0);
  return off;
}

/// An op whose value an expression may contain: pure (so computing it at
/// a position the statement would not is harmless), one result, no
/// regions.
static bool isPlainOp(Operation *op) {
  return op->getNumResults() == 1 && op->getNumRegions() == 0 && isPure(op);
}

InnerShifts::InnerShifts(ArrayRef<Block *> bodies, unsigned rank,
                         function_ref<bool(ReadOp)> varying)
    : rank(rank) {
  for (Block *body : bodies)
    for (Operation &op : body->without_terminator()) {
      ShiftInfo si;
      if (auto read = dyn_cast<ReadOp>(op)) {
        if (rank > 0 && !(varying && varying(read)))
          si = {ShiftInfo::Shifted, paddedOffset(read, rank).back()};
      } else if (isPlainOp(&op)) {
        si.kind = ShiftInfo::Invariant;
        for (Value operand : op.getOperands()) {
          ShiftInfo o = of(operand);
          if (o.kind == ShiftInfo::Invariant)
            continue;
          if (o.kind == ShiftInfo::Varying ||
              (si.kind == ShiftInfo::Shifted && si.inner != o.inner)) {
            si.kind = ShiftInfo::Varying;
            break;
          }
          si = o;
        }
      }
      for (Value r : op.getResults())
        info[r] = si;
    }
}

ShiftInfo InnerShifts::of(Value v) const {
  auto it = info.find(v);
  if (it != info.end())
    return it->second;
  // Defined outside the bodies: the same at every index.
  return {ShiftInfo::Invariant, 0};
}

bool InnerShifts::isComputed(Value v) {
  Operation *def = v.getDefiningOp();
  return def && !isa<ReadOp>(def);
}

bool InnerShifts::sameShifted(Value a, Value b, int64_t delta) const {
  unsigned budget = 256;
  return sameShifted(a, b, delta, budget);
}

bool InnerShifts::sameShifted(Value a, Value b, int64_t delta,
                              unsigned &budget) const {
  if (budget == 0)
    return false;
  --budget;
  if (a.getType() != b.getType())
    return false;
  if (!inBodies(a) || !inBodies(b))
    return a == b;
  Operation *x = a.getDefiningOp(), *y = b.getDefiningOp();
  if (x->getName() != y->getName() || x->getNumOperands() != y->getNumOperands())
    return false;
  if (auto rx = dyn_cast<ReadOp>(x)) {
    auto ry = cast<ReadOp>(y);
    SmallVector<int64_t, 3> ox = paddedOffset(rx, rank),
                            oy = paddedOffset(ry, rank);
    return arrayKeyOf(rx.getArray()) == arrayKeyOf(ry.getArray()) &&
           ArrayRef<int64_t>(ox).drop_back() ==
               ArrayRef<int64_t>(oy).drop_back() &&
           oy.back() == ox.back() + delta;
  }
  if (x->getAttrDictionary() != y->getAttrDictionary())
    return false;
  // An invariant op's operands are invariant: no offset to shift.
  int64_t operandDelta = of(a).kind == ShiftInfo::Invariant ? 0 : delta;
  for (auto [p, q] : llvm::zip(x->getOperands(), y->getOperands()))
    if (!sameShifted(p, q, operandDelta, budget))
      return false;
  return true;
}

std::string InnerShifts::spelling(Value v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  spell(v, os, 0);
  return s;
}

void InnerShifts::spell(Value v, raw_ostream &os, unsigned depth) {
  if (!inBodies(v) || depth > 32) {
    auto [it, added] = outsideIds.try_emplace(v, outsideIds.size());
    os << '$' << it->second;
    return;
  }
  Operation *op = v.getDefiningOp();
  if (auto read = dyn_cast<ReadOp>(op)) {
    auto [it, added] =
        arrayIds.try_emplace(arrayKeyOf(read.getArray()), arrayIds.size());
    os << "read" << it->second << '[';
    SmallVector<int64_t, 3> off = paddedOffset(read, rank);
    for (int64_t d : ArrayRef<int64_t>(off).drop_back())
      os << d << ',';
    os << "*]:" << read.getType();
    return;
  }
  os << op->getName() << op->getAttrDictionary() << '(';
  for (Value operand : op->getOperands()) {
    spell(operand, os, depth + 1);
    os << ' ';
  }
  os << "):" << v.getType();
}

} // namespace zpl
