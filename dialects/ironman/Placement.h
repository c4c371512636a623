//===- Placement.h - where IRONMAN state calls may go ------------*- C++ -*-===//
//
// The rules that decide where a transfer's DR, SR, DN and SV may stand, in
// one place: the placement verifier checks them and the communication
// optimisations (redundancy removal, combining, pipelining) move calls only
// where they hold.
//
// A transfer writes its destination between DR and DN (a halo transfer
// writes ghost cells: cells of the destination that other PEs own; the
// other kinds write cells this PE owns) and reads its source between SR and
// SV. So between DR and DN nothing may read what the transfer writes (for a
// halo transfer: no shifted read of the destination whose cells may overlap
// the ghost cells it receives, see ghostsMayOverlap), and between SR and SV
// nothing may write its source. Statements write only
// cells their PE owns (owner computes), so a statement that writes a halo
// transfer's destination does not touch its ghost cells; an unshifted read
// reads only owned cells.
//
//===----------------------------------------------------------------------===//

#ifndef IRONMAN_PLACEMENT_H
#define IRONMAN_PLACEMENT_H

#include "dialects/ironman/IronmanOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <optional>

namespace ironman {

/// What an operation, with everything nested in it, does to one array.
struct ArrayUse {
  bool readsOwned = false;   ///< reads cells this PE owns
  bool readsAnyCell = false; ///< may read any cell (an op the rules do not know)
  bool writes = false;       ///< writes cells of the array
  /// The offsets of its shifted reads: each may read cells other PEs own.
  llvm::SmallVector<llvm::SmallVector<int64_t, 3>, 2> shiftedReads;

  bool readsGhosts() const { return readsAnyCell || !shiftedReads.empty(); }
  /// Whether it may read ghost cells that a halo transfer with `shift`
  /// receives.
  bool mayReadGhostsOf(llvm::ArrayRef<int64_t> shift) const;
  bool any() const { return readsOwned || readsGhosts() || writes; }
};

/// Whether `a` and `b` may name the same array: the same value, globals of
/// the same name, or values of one type whose origin is not a distinct
/// allocation (procedure parameters may name any array of their type).
bool mayAlias(mlir::Value a, mlir::Value b);
/// Whether `a` and `b` surely name the same array: the same value or
/// `zpl.get`s of the same global.
bool mustAlias(mlir::Value a, mlir::Value b);

/// What `op` and the ops nested in it do to `array`. IRONMAN ops count as
/// nothing here (transfers meet each other through `unitsInterfere`); a
/// call, `zpl.halt`, a remap, a boundary statement and ops these rules do
/// not know count as every kind of use.
ArrayUse getArrayUse(mlir::Operation *op, mlir::Value array);

/// Whether halo transfers (or shifted reads) of one array with shifts `a`
/// and `b` may touch the same ghost cells. A ghost cell lies outside the
/// PE's block in some dimension, on the side a shift points to there, and
/// a shift of 0 stays inside the block: so they may only when some
/// dimension is shifted the same way by both.
bool ghostsMayOverlap(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b);

/// A transfer with its own state calls, or a combine whose state calls
/// move its members.
struct CommUnit {
  enum Call { DR = 0, SR = 1, DN = 2, SV = 3 };
  mlir::Operation *op = nullptr;             ///< TransferOp or CombineOp
  llvm::SmallVector<TransferOp> members;     ///< what moves
  mlir::Operation *calls[4] = {nullptr, nullptr, nullptr, nullptr};

  /// Every member is a halo transfer.
  bool allHalo() const;
  /// The four calls exist, stand in one block, in the order DR, SR, DN, SV.
  bool wellFormed() const;
  /// The ops that must come before the calls: the members and the combine.
  bool defines(mlir::Operation *other) const;
};

/// The transfers a combine moves, in order.
llvm::SmallVector<TransferOp> getMemberTransfers(CombineOp combine);

/// The unit headed by `op`: a transfer that is no combine's member, or a
/// combine. The calls are those found among the handle's users.
std::optional<CommUnit> getCommUnit(mlir::Operation *op);
/// The unit whose DR/SR/DN/SV `call` is, if it is one.
std::optional<CommUnit> getUnitOfCall(mlir::Operation *call);

/// How two units get in each other's way. SharedGhosts: halo transfers
/// that may receive into the same ghost cells, whose receive windows (DR..DN)
/// must not overlap (MPI forbids overlapping receive buffers, and DN would
/// race). Writes: a transfer of another kind writes an array the other one
/// moves, so neither window of one may overlap the other's.
enum class Interference { None = 0, SharedGhosts = 1, Writes = 2 };
Interference getInterference(const CommUnit &a, const CommUnit &b);
bool unitsInterfere(const CommUnit &a, const CommUnit &b);

/// The two windows of a unit: DR..DN (its destinations are being written)
/// and SR..SV (its sources are being read).
enum class Window { Receive, Send };

/// Whether `op` or an op nested in it is a state call of another unit that
/// may not stand inside `window` of `unit`.
bool holdsInterferingCall(const CommUnit &unit, Window window,
                          mlir::Operation *op);

/// Whether `op` (or an op nested in it) may not stand inside `window` of
/// `unit`: it reads cells the unit is receiving, writes a source it is
/// sending, or is a state call of a unit that interferes with it.
bool conflictsWithWindow(const CommUnit &unit, Window window,
                         mlir::Operation *op);

/// The first op from `begin` up to (not including) `end`, null for the end
/// of the block, that may not stand inside `window` of `unit`; null if
/// none. (The unit's own transfers and calls never conflict with it.)
mlir::Operation *firstConflict(const CommUnit &unit, Window window,
                               mlir::Operation *begin, mlir::Operation *end);

/// The calls of a unit whose starts zpl-ironman-pipeline rotated across
/// the iterations of an `scf.for`, so that an iteration's transfer starts
/// while the one before it still computes:
///
///     scf.if (lb < ub) { ironman.dr %h; ironman.sr %h }   // `first`
///     scf.for %i = lb to ub step s {
///       ... ironman.dn %h ... ironman.sv %h ...
///       scf.if (%i + s < ub) { ironman.dr %h; ironman.sr %h }   // `next`
///       ...
///     }
///
/// `first` stands before the loop in its block; DN, SV and `next` stand
/// in this order in the loop's body; each scf.if holds DR then SR and
/// nothing else but its terminator. Every path runs DR, SR, DN, SV in
/// order, once per iteration.
struct RotatedCalls {
  mlir::scf::ForOp loop;
  mlir::scf::IfOp first, next;
  mlir::Operation *dn = nullptr, *sv = nullptr;
};

/// The rotated form of the state calls on `handle`, if they have it.
std::optional<RotatedCalls> matchRotated(mlir::Value handle);

} // namespace ironman

#endif // IRONMAN_PLACEMENT_H
