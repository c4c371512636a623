//===- IronmanOps.cpp - ironman operations: verifiers ---------------------===//

#include "dialects/ironman/IronmanOps.h"
#include "dialects/ironman/Placement.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/Sequence.h"

using namespace mlir;
using namespace ironman;

namespace {
/// The protocol position of each state call: DR, SR, DN, SV.
enum class Step { DR = 0, SR = 1, DN = 2, SV = 3 };

std::optional<Step> stepOf(Operation *op) {
  if (isa<DROp>(op))
    return Step::DR;
  if (isa<SROp>(op))
    return Step::SR;
  if (isa<DNOp>(op))
    return Step::DN;
  if (isa<SVOp>(op))
    return Step::SV;
  return std::nullopt;
}

const char *const kStepNames[] = {"ironman.dr", "ironman.sr", "ironman.dn",
                                  "ironman.sv"};
} // namespace

/// Every path through the program must run the state calls of a transfer in
/// the order DR, SR, DN, SV, each exactly once. Placing all four in one block
/// in that order is what guarantees it for every path, so that is the rule.
/// `head` is the transfer or combine whose `handle` the calls name.
/// (Starts rotated across the iterations of a loop, RotatedCalls in
/// Placement.h, are the one exception: verifyStateCalls accepts them.)
static LogicalResult verifyProtocol(Operation *head, Value handle) {
  SmallVector<Operation *, 2> uses[4];
  Operation *second = nullptr; // the first call found a second time
  for (Operation *user : handle.getUsers())
    if (std::optional<Step> step = stepOf(user)) {
      SmallVector<Operation *, 2> &same = uses[static_cast<int>(*step)];
      same.push_back(user);
      if (same.size() == 2 && !second)
        second = user;
    }
  if (uses[0].size() == 2 && uses[1].size() == 2 && uses[2].size() == 1 &&
      uses[3].size() == 1)
    return head->emitOpError(
        "starts twice but not in the rotated form: scf.if (lb < ub) "
        "{ironman.dr; ironman.sr} before an scf.for whose body holds "
        "ironman.dn, ironman.sv, then scf.if (iv + step < ub) {ironman.dr; "
        "ironman.sr}");
  if (second) {
    Step step = *stepOf(second);
    Operation *first = uses[static_cast<int>(step)].front();
    // Uses are not listed in program order: blame the later of the two
    // when they share a block.
    if (first->getBlock() == second->getBlock() &&
        second->isBeforeInBlock(first))
      second = first;
    return second->emitOpError("is the second ")
           << kStepNames[static_cast<int>(step)] << " of one transfer";
  }
  Operation *calls[4];
  for (int i = 0; i < 4; ++i)
    calls[i] = uses[i].empty() ? nullptr : uses[i].front();
  for (int i = 0; i < 4; ++i)
    if (!calls[i])
      return head->emitOpError("has no ") << kStepNames[i];
  Block *block = calls[0]->getBlock();
  for (int i = 1; i < 4; ++i) {
    if (calls[i]->getBlock() != block)
      return calls[i]->emitOpError("must be in the same block as ")
             << kStepNames[0] << " of its transfer";
    if (!calls[i - 1]->isBeforeInBlock(calls[i]))
      return calls[i]->emitOpError("must come after ")
             << kStepNames[i - 1] << " (IRONMAN order is DR, SR, DN, SV)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// What a transfer moves: `shift [..]`, `gather(..)`, `scatter(..)` or
// `transpose [..]`
//===----------------------------------------------------------------------===//

static ParseResult
parseMovement(OpAsmParser &parser, DenseI64ArrayAttr &shift, RemapDirectionAttr &remap,
              DenseI64ArrayAttr &permutation,
              SmallVectorImpl<OpAsmParser::UnresolvedOperand> &indices,
              SmallVectorImpl<Type> &indexTypes) {
  Builder &b = parser.getBuilder();
  StringRef word;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&word))
    return failure();
  auto parseList = [&](DenseI64ArrayAttr &out) -> ParseResult {
    SmallVector<int64_t> values;
    if (parser.parseCommaSeparatedList(
            OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
              return parser.parseInteger(values.emplace_back());
            }))
      return failure();
    out = b.getDenseI64ArrayAttr(values);
    return success();
  };
  if (word == "shift")
    return parseList(shift);
  shift = b.getDenseI64ArrayAttr({});
  if (word == "transpose")
    return parseList(permutation);
  std::optional<RemapDirection> direction = symbolizeRemapDirection(word);
  if (!direction)
    return parser.emitError(loc, "expected 'shift', 'gather', 'scatter' or "
                                 "'transpose'");
  remap = RemapDirectionAttr::get(b.getContext(), *direction);
  if (parser.parseLParen() || parser.parseOperandList(indices) ||
      parser.parseColonTypeList(indexTypes) || parser.parseRParen())
    return failure();
  return success();
}

static void printMovement(OpAsmPrinter &printer, Operation *,
                          DenseI64ArrayAttr shift, RemapDirectionAttr remap,
                          DenseI64ArrayAttr permutation, OperandRange indices,
                          TypeRange indexTypes) {
  auto printList = [&](ArrayRef<int64_t> values) {
    printer << "[";
    llvm::interleaveComma(values, printer);
    printer << "]";
  };
  if (remap) {
    printer << stringifyRemapDirection(remap.getValue()) << "(" << indices
            << " : ";
    llvm::interleaveComma(indexTypes, printer);
    printer << ")";
  } else if (permutation) {
    printer << "transpose ";
    printList(permutation.asArrayRef());
  } else {
    printer << "shift ";
    printList(shift.asArrayRef());
  }
}

//===----------------------------------------------------------------------===//
// Verifier
//===----------------------------------------------------------------------===//

/// Halo and boundary transfers: one array rank, a nonzero shift, no index
/// arrays.
static LogicalResult verifyShifted(TransferOp op, unsigned rank) {
  if (op.getRemap() || op.getPermutation() || !op.getIndices().empty())
    return op.emitOpError("a ") << stringifyTransferKind(op.getTransferKind())
           << " transfer has a shift, not index arrays or a permutation";
  if (op.getSrc().getType().getRank() != rank ||
      op.getDst().getType().getRank() != rank)
    return op.emitOpError("arrays and region must have the same rank");
  if (op.getShift().size() != rank)
    return op.emitOpError("shift has ") << op.getShift().size()
           << " components but the region has rank " << rank;
  // A redistribution moves every element to where the other distribution
  // keeps it: no shift. The other kinds move a band.
  bool shifted = llvm::any_of(op.getShift(), [](int64_t d) { return d != 0; });
  bool redist = op.getTransferKind() == TransferKind::redist;
  if (redist && shifted)
    return op.emitOpError("a redist transfer has no shift");
  if (!redist && !shifted)
    return op.emitOpError("a ") << stringifyTransferKind(op.getTransferKind())
           << " transfer needs a nonzero shift";
  return success();
}

/// Remaps: one i64 index array of the region's rank per dimension of the
/// indexed side; the other side has the region's rank.
static LogicalResult verifyRemap(TransferOp op, unsigned rank) {
  if (!op.getRemap())
    return op.emitOpError("a remap transfer needs a remap direction "
                          "(gather or scatter)");
  if (op.getPermutation() || !op.getShift().empty())
    return op.emitOpError(
        "a remap transfer has index arrays, not a shift or a permutation");
  bool gather = op.isGather();
  auto indexed = gather ? op.getSrc().getType() : op.getDst().getType();
  auto direct = gather ? op.getDst().getType() : op.getSrc().getType();
  if (direct.getRank() != rank)
    return op.emitOpError(gather ? "destination" : "source")
           << " must have the region's rank " << rank;
  if (op.getIndices().size() != indexed.getRank())
    return op.emitOpError("needs ") << indexed.getRank()
           << " index arrays (one per dimension of the indexed array), got "
           << op.getIndices().size();
  for (Value index : op.getIndices()) {
    auto type = cast<zpl::ArrayType>(index.getType());
    if (!zpl::isIndexElementType(type.getElementType()) || type.getRank() != rank)
      return op.emitOpError("index arrays must be integer arrays of rank ")
             << rank;
  }
  return success();
}

/// Transposes: a permutation of 1..rank, arrays of the region's rank.
static LogicalResult verifyTranspose(TransferOp op, unsigned rank) {
  std::optional<ArrayRef<int64_t>> perm = op.getPermutation();
  if (!perm || op.getRemap() || !op.getIndices().empty() ||
      !op.getShift().empty())
    return op.emitOpError(
        "a transpose transfer has a permutation, not a shift or index arrays");
  if (op.getSrc().getType().getRank() != rank ||
      op.getDst().getType().getRank() != rank)
    return op.emitOpError("arrays and region must have the same rank");
  SmallVector<int64_t> sorted(*perm);
  llvm::sort(sorted);
  if (sorted != llvm::to_vector(llvm::seq<int64_t>(1, rank + 1)))
    return op.emitOpError("permutation must be a permutation of 1..") << rank;
  return success();
}

std::pair<PatternAttr, PatternAttr>
TransferOp::transposePatterns(MLIRContext *ctx, ArrayRef<int64_t> permutation,
                              bool loads) {
  auto contiguous = PatternAttr::get(ctx, PatternKind::contiguous, 1, 1);
  bool identity = llvm::equal(permutation,
                              llvm::seq<int64_t>(1, permutation.size() + 1));
  if (identity)
    return {contiguous, contiguous};
  int64_t last = int64_t(permutation.size());
  int64_t block = permutation.back() == last ? PatternAttr::kDynamic : 1;
  auto strided = PatternAttr::get(ctx, PatternKind::strided,
                                  PatternAttr::kDynamic, block);
  return loads ? std::make_pair(strided, contiguous)
               : std::make_pair(contiguous, strided);
}

/// The kinds whose orientation strategy selection chooses.
static bool hasOrientation(TransferKind kind) {
  return kind == TransferKind::transpose || kind == TransferKind::redist;
}

/// Reports the first op from `begin` up to (not including) `end`, null for
/// the end of the block, that may not stand in `window` of `unit`, whose
/// window opens at `start` (its DR or SR).
static LogicalResult verifyOps(const CommUnit &unit, Window window,
                               Operation *start, Operation *begin,
                               Operation *end) {
  Operation *op = firstConflict(unit, window, begin, end);
  if (!op)
    return success();
  bool receive = window == Window::Receive;
  InFlightDiagnostic diag = op->emitError();
  if (holdsInterferingCall(unit, window, op))
    diag << "is a state call of a transfer that may write the same cells "
            "as one in flight (between its "
         << (receive ? "ironman.dr and ironman.dn)"
                     : "ironman.sr and ironman.sv)");
  else if (receive)
    diag << "reads cells that a transfer is still receiving (between its "
            "ironman.dr and ironman.dn)";
  else
    diag << "writes a source that a transfer is still sending (between "
            "its ironman.sr and ironman.sv)";
  diag.attachNote(start->getLoc())
      << "the transfer's " << (receive ? "ironman.dr" : "ironman.sr");
  return diag;
}

/// Reports the first op strictly between `from` and `to` that may not
/// stand in `window` of `unit`.
static LogicalResult verifyWindow(const CommUnit &unit, Window window,
                                  Operation *from, Operation *to) {
  return verifyOps(unit, window, from, from->getNextNode(), to);
}

/// The windows of a unit whose starts are rotated across loop iterations:
/// an iteration's DR..DN and SR..SV span the ops from `first` to the loop
/// (the first iteration) or the loop body after `next` (the others) and,
/// in the iteration, the body before DN (SV).
static LogicalResult verifyRotatedWindows(const CommUnit &unit,
                                          const RotatedCalls &r) {
  scf::ForOp loop = r.loop;
  Operation *top = &loop.getBody()->front();
  Operation *afterNext = r.next->getNextNode();
  Operation *afterFirst = r.first->getNextNode();
  for (Window w : {Window::Receive, Window::Send}) {
    bool receive = w == Window::Receive;
    Operation *end = receive ? r.dn : r.sv;
    // The call that opens the window, DR or SR, in each guard.
    auto opener = [&](scf::IfOp guard) {
      Operation *dr = &guard.thenBlock()->front();
      return receive ? dr : dr->getNextNode();
    };
    if (failed(verifyOps(unit, w, opener(r.first), afterFirst, loop)) ||
        failed(verifyOps(unit, w, opener(r.next), afterNext, nullptr)) ||
        failed(verifyOps(unit, w, opener(r.next), top, end)))
      return failure();
  }
  return success();
}

/// The placement rules of Placement.h: nothing between DR and DN reads
/// what the unit receives, nothing between SR and SV writes what it sends.
static LogicalResult verifyPlacement(Operation *head) {
  std::optional<CommUnit> unit = getCommUnit(head);
  if (!unit || !unit->wellFormed())
    return success();
  if (failed(verifyWindow(*unit, Window::Receive, unit->calls[CommUnit::DR],
                          unit->calls[CommUnit::DN])))
    return failure();
  return verifyWindow(*unit, Window::Send, unit->calls[CommUnit::SR],
                      unit->calls[CommUnit::SV]);
}

/// The state calls on `handle` of the transfer or combine `head`: the
/// protocol (or the rotated form) and the placement rules.
static LogicalResult verifyStateCalls(Operation *head, Value handle) {
  if (std::optional<RotatedCalls> rotated = matchRotated(handle)) {
    std::optional<CommUnit> unit = getCommUnit(head);
    return unit ? verifyRotatedWindows(*unit, *rotated) : success();
  }
  if (failed(verifyProtocol(head, handle)))
    return failure();
  return verifyPlacement(head);
}

static bool isCombineMember(TransferOp transfer) {
  return llvm::any_of(transfer->getUsers(),
                      [](Operation *user) { return isa<CombineOp>(user); });
}

LogicalResult TransferOp::verify() {
  auto src = getSrc().getType();
  auto dst = getDst().getType();
  unsigned rank = getRegion().getType().getRank();
  if (src.getElementType() != dst.getElementType())
    return emitOpError("source elements are ") << src.getElementType()
           << " but destination elements are " << dst.getElementType();
  TransferKind kind = getTransferKind();
  LogicalResult shape = failure();
  switch (kind) {
  case TransferKind::halo:
  case TransferKind::wrap:
  case TransferKind::reflect:
  case TransferKind::redist:
    shape = verifyShifted(*this, rank);
    break;
  case TransferKind::remap:
    shape = verifyRemap(*this, rank);
    break;
  case TransferKind::transpose:
    shape = verifyTranspose(*this, rank);
    break;
  }
  if (failed(shape))
    return failure();
  if (getOrientation() && !hasOrientation(kind))
    return emitOpError("a ") << stringifyTransferKind(kind)
           << " transfer has no orientation";
  // A combine's member moves with the combine's calls (CombineOp::verify).
  if (isCombineMember(*this))
    return success();
  return verifyStateCalls(*this, getTransfer());
}

/// A member is a halo, wrap or reflect transfer of this block, defined
/// before the combine, whose only use is the combine.
static LogicalResult verifyMember(CombineOp combine, unsigned index,
                                  Value member) {
  auto transfer = member.getDefiningOp<TransferOp>();
  if (!transfer)
    return combine.emitOpError("members must be ironman.transfer results");
  if (transfer->getBlock() != combine->getBlock())
    return combine.emitOpError("members must be defined in the combine's block");
  if (!transfer.isBandKind())
    return combine.emitOpError("cannot combine a ")
           << stringifyTransferKind(transfer.getTransferKind()) << " transfer";
  if (!member.hasOneUse())
    return combine.emitOpError("member #")
           << index << " has uses besides this combine (its own state calls, another "
              "combine or a repeated member)";
  return success();
}

LogicalResult CombineOp::verify() {
  if (getMembers().size() < 2)
    return emitOpError("needs at least two members");
  for (auto [index, member] : llvm::enumerate(getMembers()))
    if (failed(verifyMember(*this, index, member)))
      return failure();
  return verifyStateCalls(*this, getTransfer());
}

#define GET_OP_CLASSES
#include "dialects/ironman/IronmanOps.cpp.inc"
