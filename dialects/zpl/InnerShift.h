//===- InnerShift.h - statement-body values along the innermost dim -*- C++ -*-===//
//
// Which values of array statement bodies are one expression evaluated at a
// constant offset along the innermost dimension: `A@[-1,0,1] +
// A@[1,0,1]` is the partial sum of the column {[-1,0], [1,0]} at inner
// offset 1, and `A@[-1,0,0] + A@[1,0,0]` the same partial sum one position
// to the left. zpl-group-sums reassociates sums so that such partial sums
// appear; the lowering computes each once per position and reuses it at
// the neighbouring points of the innermost loop (LoopNest.h).
//
//===----------------------------------------------------------------------===//
#ifndef ZPLC_DIALECTS_ZPL_INNERSHIFT_H
#define ZPLC_DIALECTS_ZPL_INNERSHIFT_H

#include "dialects/zpl/ZPLOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>

namespace zpl {

/// How a value of a statement body depends on the index.
struct ShiftInfo {
  enum Kind {
    Invariant, // the same at every index: defined outside the body, a
               // constant, or pure ops of such values
    Shifted,   // pure ops of reads that are all at one inner offset
    Varying,   // anything else (zpl.index, reads at several inner
               // offsets, impure ops, ops with regions)
  };
  Kind kind = Varying;
  int64_t inner = 0; // the reads' inner offset when Shifted
};

/// The top-level ops of the bodies of statements of rank `rank`,
/// classified once. Reads for which `varying` returns true (an array the
/// loop nest writes, one kept in registers) count as Varying.
class InnerShifts {
public:
  InnerShifts(llvm::ArrayRef<mlir::Block *> bodies, unsigned rank,
              llvm::function_ref<bool(ReadOp)> varying = nullptr);

  ShiftInfo of(mlir::Value v) const;
  /// Whether `v` is defined by an op of the bodies.
  bool inBodies(mlir::Value v) const { return info.count(v) != 0; }
  /// Whether `b` computes `a`'s expression `delta` positions further along
  /// the innermost dimension: the same ops, constants and values from
  /// outside, and reads of the same arrays at the same outer offsets with
  /// inner offsets `delta` apart. False for deep or very large
  /// expressions.
  bool sameShifted(mlir::Value a, mlir::Value b, int64_t delta) const;
  /// A spelling of `v`'s expression without its inner offsets, equal for
  /// expressions sameShifted at some delta (used to group and order them
  /// deterministically). Arrays and outside values are numbered in the
  /// order this object first spells them.
  std::string spelling(mlir::Value v);
  /// Whether an op has an arithmetic op above its reads (not a bare read).
  static bool isComputed(mlir::Value v);

private:
  bool sameShifted(mlir::Value a, mlir::Value b, int64_t delta,
                   unsigned &budget) const;
  void spell(mlir::Value v, llvm::raw_ostream &os, unsigned depth);

  unsigned rank;
  llvm::DenseMap<mlir::Value, ShiftInfo> info;
  llvm::DenseMap<const void *, unsigned> arrayIds;
  llvm::DenseMap<mlir::Value, unsigned> outsideIds;
};

/// The offset of `read` padded to `rank` dimensions.
llvm::SmallVector<int64_t, 3> paddedOffset(ReadOp read, unsigned rank);

} // namespace zpl

#endif // ZPLC_DIALECTS_ZPL_INNERSHIFT_H
