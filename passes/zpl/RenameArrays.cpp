//===- RenameArrays.cpp - A := Temp as an exchange of storage -------------===//
//
// zpl-rename-arrays marks `[R] A := Temp` (zpl.assign, no mask, the body
// a plain read of Temp) with `zpl.rename` when Temp's values are not read
// again before Temp is next written over R, so that the lowering can
// exchange the two arrays' storage (zrt_array_rename) instead of copying
// R. The rules, each with a lit test (passes/rename-arrays.mlir):
//   1. A and Temp are distinct global arrays of the same element type
//      declared over the same region symbol with the same attributes
//      (distribution) apart from their fluff, which the pass makes the
//      same (the wider of the two in each direction), so that their
//      storage has the same shape on every PE.
//   2. Temp is used only in this procedure, only by unshifted reads in
//      statements over R and as the destination of statements over R: it
//      never moves (no transfer handle of its own), and its elements
//      outside R are never read.
//   3. On every path from the statement, the first statement touching
//      Temp writes it over R without a mask and without reading it, or
//      there is none before the procedure returns.
//   4. No transfer of A is under way at the statement (between DR and DN,
//      or SR and SV): its messages would land in, or leave from, the
//      storage A no longer has.
// The elements of A the copy would not write (outside R: boundary and
// ghost cells) keep their values: the runtime copies them back after the
// exchange; it falls back to the copy when the two storages differ at run
// time (tiled distributions), or when this PE's part of R is at most half
// of the stored elements (one row of a loop over rows: copying back the
// rest would cost more than the copy).
//
// It also marks `[R] A := f(A@d, ...)`, a statement reading its own
// destination at another index, which computes into a temporary and
// copies it back: marked, the temporary is A's spare (zrt_array_spare:
// allocated once, kept with A, same region, fluff and distribution) and
// the copy back an exchange of the two storages. The rules:
//   5. A is a global array, the statement has no mask (the elements it
//      does not select would have to be in the temporary) and is not part
//      of another statement or a fused run.
//   6. Rule 4 for A.
// The temporary is dead after the copy back by construction, so rules 1
// to 3 hold.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "llvm/ADT/MapVector.h"

namespace zpl {
#define GEN_PASS_DEF_RENAMEARRAYS
#include "passes/zpl/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

/// Whether two region values are the same region: the same value or a
/// zpl.get of the same symbol.
bool sameRegion(Value a, Value b) {
  if (a == b)
    return true;
  StringAttr sa = zpl::getGlobalOf(a), sb = zpl::getGlobalOf(b);
  return sa && sa == sb;
}

/// The source array of `[R] A := Src` (a plain unshifted read of another
/// array of A's type), or null.
Value copySource(zpl::AssignOp op) {
  if (op.getMask())
    return {};
  Block &body = op.getBody().front();
  if (body.getOperations().size() != 2)
    return {};
  auto read = dyn_cast<zpl::ReadOp>(body.front());
  if (!read || read.isShifted() ||
      cast<zpl::YieldOp>(body.getTerminator()).getValues().front() !=
          read.getResult() ||
      read.getArray().getType() != op.getDest().getType())
    return {};
  return read.getArray();
}

/// The global destination of `[R] A := f(A@d, ...)`, a statement without
/// a mask that reads its destination at another index (rule 5), or null.
StringAttr selfShiftedDest(zpl::AssignOp op) {
  StringAttr dst = zpl::getGlobalOf(op.getDest());
  if (!dst || op.getMask())
    return {};
  bool shifted = false;
  op.getBody().walk([&](zpl::ReadOp r) {
    if (zpl::getGlobalOf(r.getArray()) == dst && r.isShifted())
      shifted = true;
  });
  return shifted ? dst : StringAttr();
}

/// The array statement `op` is part of (itself, or the statement whose
/// body holds it), or null.
Operation *statementOf(Operation *op) {
  for (; op; op = op->getParentOp())
    if (zpl::isArrayStatement(op))
      return op;
  return nullptr;
}

/// Rule 2: every use of `src` in the module is in `func`, an unshifted read
/// in a statement over `region` or the destination of an assign over it.
bool usedOnlyOver(ModuleOp module, func::FuncOp func, StringAttr src,
                  Value region) {
  bool ok = true;
  module.walk([&](Operation *op) {
    for (NamedAttribute attr : op->getAttrs())
      if (auto ref = dyn_cast<FlatSymbolRefAttr>(attr.getValue()))
        if (ref.getAttr() == src && !isa<zpl::GetOp, zpl::ArrayDeclOp>(op))
          ok = false;
    auto get = dyn_cast<zpl::GetOp>(op);
    if (!get || get.getNameAttr().getAttr() != src)
      return;
    if (get->getParentOfType<func::FuncOp>() != func) {
      ok = false;
      return;
    }
    for (OpOperand &use : get.getResult().getUses()) {
      Operation *user = use.getOwner();
      if (auto read = dyn_cast<zpl::ReadOp>(user)) {
        Operation *stmt = statementOf(read);
        ok &= !read.isShifted() && stmt &&
              sameRegion(zpl::getStatementRegion(stmt), region);
      } else if (auto assign = dyn_cast<zpl::AssignOp>(user)) {
        ok &= assign.getDest() == use.get() &&
              sameRegion(assign.getRegion(), region);
      } else {
        ok = false;
      }
    }
  });
  return ok;
}

/// How an op relates to the source array on the way from the statement.
enum class Touch { None, Write, Other };

/// Whether `op` uses a value of `src` (anywhere inside it).
bool touches(Operation *op, StringAttr src) {
  bool found = false;
  op->walk([&](Operation *inner) {
    for (Value v : inner->getOperands())
      if (zpl::getGlobalOf(v) == src)
        found = true;
  });
  return found;
}

/// Rule 3 for one op: a full write of `src` over `region` that does not
/// read it, another use, or none. A fused run is looked into.
Touch classify(Operation *op, StringAttr src, Value region) {
  if (auto fused = dyn_cast<zpl::FusedOp>(op)) {
    for (Operation *stmt : fused.getStatements()) {
      Touch t = classify(stmt, src, region);
      if (t != Touch::None)
        return t;
    }
    return Touch::None;
  }
  if (!touches(op, src))
    return Touch::None;
  auto assign = dyn_cast<zpl::AssignOp>(op);
  if (!assign || zpl::getGlobalOf(assign.getDest()) != src || assign.getMask() ||
      !sameRegion(assign.getRegion(), region))
    return Touch::Other;
  bool reads = false;
  assign.getBody().walk([&](zpl::ReadOp r) {
    if (zpl::getGlobalOf(r.getArray()) == src)
      reads = true;
  });
  return reads ? Touch::Other : Touch::Write;
}

/// Scans [from, to) of a block: the first op touching `src`, classified.
Touch scan(Block::iterator from, Block::iterator to, StringAttr src,
           Value region) {
  for (; from != to; ++from) {
    Touch t = classify(&*from, src, region);
    if (t != Touch::None)
      return t;
  }
  return Touch::None;
}

/// The op of `block` that is or holds `op`.
Operation *ancestorIn(Block *block, Operation *op) {
  return block->findAncestorOpInBlock(*op);
}

bool deadAfter(Operation *op, Operation *stmt, StringAttr src, Value region);

/// Rule 3 from the end of `block` (which holds the statement `stmt`, or
/// an op holding it, when the block is a loop's body): every way on.
bool deadAtEnd(Block *block, Operation *stmt, StringAttr src, Value region) {
  Operation *parent = block->getParentOp();
  if (isa<func::FuncOp>(parent))
    return true;
  if (isa<scf::IfOp>(parent))
    return deadAfter(parent, stmt, src, region);
  bool loop = false;
  if (auto w = dyn_cast<scf::WhileOp>(parent)) {
    // repeat ... until: the body is the `before` region, `after` only
    // yields.
    loop = block == &w.getBefore().front() &&
           w.getAfter().front().getOperations().size() == 1;
  } else if (isa<scf::ForOp>(parent)) {
    loop = true;
  }
  if (!loop)
    return false;
  // The next iteration, up to the statement again (which reads src), and
  // the loop's exit.
  Operation *back = ancestorIn(block, stmt);
  Block::iterator to = back ? back->getIterator() : block->end();
  Touch next = scan(block->begin(), to, src, region);
  return next == Touch::Write && deadAfter(parent, stmt, src, region);
}

/// Rule 3 from just after `op`.
bool deadAfter(Operation *op, Operation *stmt, StringAttr src, Value region) {
  Block *block = op->getBlock();
  Touch t = scan(std::next(op->getIterator()), block->end(), src, region);
  if (t != Touch::None)
    return t == Touch::Write;
  return deadAtEnd(block, stmt, src, region);
}

/// Whether the transfer handle `h` moves elements of the global array
/// `name` (an ironman.transfer of it, or a combine of such).
bool movesArray(Value h, StringAttr name, unsigned depth = 0) {
  Operation *def = h.getDefiningOp();
  if (!def || depth > 4)
    return false;
  return llvm::any_of(def->getOperands(), [&](Value v) {
    return zpl::getGlobalOf(v) == name || movesArray(v, name, depth + 1);
  });
}

/// Rule 4: no transfer of `dst` is under way at `stmt`, between its DR
/// and DN or its SR and SV (in the block of the pair, possibly across the
/// end of a loop's body): the exchange would move the storage under it.
bool noTransferInFlight(func::FuncOp func, Operation *stmt, StringAttr dst) {
  llvm::MapVector<Value, SmallVector<Operation *, 4>> calls;
  func.walk([&](Operation *op) {
    if (!isa<ironman::DROp, ironman::SROp, ironman::DNOp, ironman::SVOp>(op))
      return;
    Value h = op->getOperand(0);
    if (movesArray(h, dst))
      calls[h].push_back(op);
  });
  auto inFlight = [&](Operation *begin, Operation *end) {
    if (!begin || !end)
      return false;
    Block *block = begin->getBlock();
    if (end->getBlock() != block)
      return true;
    Operation *at = ancestorIn(block, stmt);
    if (!at)
      return false;
    bool wraps = end->isBeforeInBlock(begin);
    bool after = begin->isBeforeInBlock(at), before = at->isBeforeInBlock(end);
    return wraps ? (after || before) : (after && before);
  };
  for (auto &[h, ops] : calls) {
    Operation *dr = nullptr, *sr = nullptr, *dn = nullptr, *sv = nullptr;
    for (Operation *op : ops) {
      if (isa<ironman::DROp>(op))
        dr = op;
      else if (isa<ironman::SROp>(op))
        sr = op;
      else if (isa<ironman::DNOp>(op))
        dn = op;
      else
        sv = op;
    }
    if (inFlight(dr, dn) || inFlight(sr, sv))
      return false;
  }
  return true;
}

/// Rule 1: the two declarations, and their fluff made the same.
bool sameStorage(ModuleOp module, StringAttr dst, StringAttr src) {
  auto d = SymbolTable::lookupSymbolIn(module, dst);
  auto s = SymbolTable::lookupSymbolIn(module, src);
  auto dd = dyn_cast_or_null<zpl::ArrayDeclOp>(d);
  auto sd = dyn_cast_or_null<zpl::ArrayDeclOp>(s);
  if (!dd || !sd || dst == src || dd.getArrayType() != sd.getArrayType())
    return false;
  auto declaredOver = [](zpl::ArrayDeclOp decl) -> StringAttr {
    Block &init = decl->getRegion(0).front();
    if (init.getOperations().size() != 2)
      return {};
    auto yield = cast<zpl::YieldOp>(init.getTerminator());
    return zpl::getGlobalOf(yield.getValues().front());
  };
  StringAttr over = declaredOver(dd);
  if (!over || over != declaredOver(sd))
    return false;
  for (NamedAttribute a : dd->getAttrs()) {
    if (a.getName() == "fluff" || a.getName() == "sym_name")
      continue;
    if (sd->getAttr(a.getName()) != a.getValue())
      return false;
  }
  for (NamedAttribute a : sd->getAttrs())
    if (a.getName() != "fluff" && !dd->getAttr(a.getName()))
      return false;
  return true;
}

void equaliseFluff(ModuleOp module, StringAttr dst, StringAttr src) {
  Operation *d = SymbolTable::lookupSymbolIn(module, dst);
  Operation *s = SymbolTable::lookupSymbolIn(module, src);
  ArrayRef<int64_t> df, sf;
  if (auto a = d->getAttrOfType<DenseI64ArrayAttr>("fluff"))
    df = a.asArrayRef();
  if (auto a = s->getAttrOfType<DenseI64ArrayAttr>("fluff"))
    sf = a.asArrayRef();
  SmallVector<int64_t> widths;
  for (size_t k = 0; k < std::max(df.size(), sf.size()); ++k)
    widths.push_back(std::max(k < df.size() ? df[k] : 0,
                              k < sf.size() ? sf[k] : 0));
  Builder b(module.getContext());
  d->setAttr("fluff", b.getDenseI64ArrayAttr(widths));
  s->setAttr("fluff", b.getDenseI64ArrayAttr(widths));
}

/// Rules 5 and 6: marks `[R] A := f(A@d, ...)`; whether `op` is such a
/// statement (marked or not).
bool markSelfShifted(ModuleOp module, zpl::AssignOp op) {
  StringAttr dst = selfShiftedDest(op);
  if (!dst)
    return false;
  auto func = op->getParentOfType<func::FuncOp>();
  Operation *parent = op->getParentOp();
  if (func && !statementOf(parent) && !isa<zpl::FusedOp>(parent) &&
      isa_and_nonnull<zpl::ArrayDeclOp>(
          SymbolTable::lookupSymbolIn(module, dst)) &&
      noTransferInFlight(func, op, dst))
    op->setAttr("zpl.rename", UnitAttr::get(op.getContext()));
  return true;
}

struct RenameArraysPass : zpl::impl::RenameArraysBase<RenameArraysPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<zpl::AssignOp> copies;
    module.walk([&](zpl::AssignOp op) { copies.push_back(op); });
    for (zpl::AssignOp op : copies) {
      if (markSelfShifted(module, op))
        continue;
      Value src = copySource(op);
      StringAttr srcName = src ? zpl::getGlobalOf(src) : StringAttr();
      StringAttr dstName = zpl::getGlobalOf(op.getDest());
      auto func = op->getParentOfType<func::FuncOp>();
      if (!srcName || !dstName || !func || statementOf(op->getParentOp()) ||
          !sameStorage(module, dstName, srcName) ||
          !usedOnlyOver(module, func, srcName, op.getRegion()) ||
          !deadAfter(op, op, srcName, op.getRegion()) ||
          !noTransferInFlight(func, op, dstName))
        continue;
      equaliseFluff(module, dstName, srcName);
      op->setAttr("zpl.rename", UnitAttr::get(op.getContext()));
    }
  }
};

} // namespace
