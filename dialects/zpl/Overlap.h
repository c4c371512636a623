//===- Overlap.h - statements split for overlapped communication -*- C++ -*-===//
//
// zpl-overlap-halos splits a statement so that its interior computes while
// halo transfers are in flight. A `zpl.assign` or `zpl.fused` run (outside
// any run) marked `zpl.overlap = "interior"` runs over the interior of
// each of this PE's tiles of its region: the indices whose reads, at every
// offset of the statement, stay in the tile's extended block, so they
// read no ghost cell. It is followed in its block, with only IRONMAN state
// calls between them, by the same op marked `zpl.overlap = "boundary"`,
// which runs over the rest of the tiles. The two are one statement: reads
// see the arrays as before the interior part (a temporary, if the
// statement needs one, is shared and copied back after the boundary part);
// the reductions of a run accumulate over both parts and their results are
// the boundary part's (the interior part's are unused). The ops' verifiers
// check the pairs (verifyOverlapPart); the attribute means nothing on
// other ops.
//
//===----------------------------------------------------------------------===//
#ifndef ZPL_OVERLAP_H
#define ZPL_OVERLAP_H

#include "dialects/zpl/ZPLOps.h"

namespace zpl {

enum class OverlapPart { None, Interior, Boundary };
constexpr llvm::StringLiteral kOverlapAttr = "zpl.overlap";

/// The part `stmt` is: None unless it is a zpl.assign or zpl.fused outside
/// any run with a valid zpl.overlap.
OverlapPart getOverlapPart(mlir::Operation *stmt);
/// The other part of a split statement (only IRONMAN state calls between
/// them), null if there is none.
mlir::Operation *getOverlapPartner(mlir::Operation *part);
/// The statement or fused run (the op outside any zpl.fused) that `op` is,
/// or is in; null if none.
mlir::Operation *getOutermostStatement(mlir::Operation *op);
/// How far the reads of a statement or fused run reach: below[d] = the
/// largest -offset, above[d] = the largest offset in dimension d (0 if
/// none), over every zpl.read in it, for rank `rank`.
void getReadReach(mlir::Operation *stmt, unsigned rank,
                  llvm::SmallVectorImpl<int64_t> &below,
                  llvm::SmallVectorImpl<int64_t> &above);
/// The verifier of zpl.overlap on a zpl.assign or zpl.fused: a valid
/// value, a partner, the same op, the interior part's results unused.
mlir::LogicalResult verifyOverlapPart(mlir::Operation *op);

} // namespace zpl

#endif // ZPL_OVERLAP_H
