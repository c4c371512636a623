//===- LoopNest.h - the loop nest of an array statement ---------*- C++ -*-===//
//
// The loops every array statement, reduction, collection and fused run is
// lowered to: a loop over this PE's tiles of the region (zrt_tiles: one
// under block distributions, several under cyclic and block-cyclic ones)
// around a nest over each tile (zrt_tile_lo/hi), reading and writing each
// array through its base pointer (zrt_array_<T>) from its tile offset
// (zrt_array_tile_offset), with the strides hoisted before the tile loop
// and the linear index hoisted per row.
//
//===----------------------------------------------------------------------===//
#ifndef ZPLC_PASSES_ZPLTOLOOPS_LOOPNEST_H
#define ZPLC_PASSES_ZPLTOLOOPS_LOOPNEST_H

#include "passes/ZPLToLoops/Lowering.h"
#include "dialects/zpl/Overlap.h"

#include "mlir/IR/IRMapping.h"

namespace zpl::loops {

/// A read of a statement body: a zpl array at a constant offset (padded to
/// the statement's rank), or, reading a zpl.dyn_shift, the array it moves
/// at the run-time offset `dyn` (zpl i64 values; `off` all 0).
struct Read {
  mlir::Value array;
  llvm::SmallVector<int64_t, 3> off;
  llvm::SmallVector<mlir::Value, 3> dyn;
};

/// The Read a zpl.read stands for (the array and offset it reads).
Read readOf(zpl::ReadOp read, unsigned rank);

/// The reads of a statement body in order of appearance, each (array,
/// offset) once; with `mask`, the mask's read at offset 0 is added last
/// unless it is there.
void collectReads(mlir::Block &body, unsigned rank,
                  llvm::SmallVectorImpl<Read> &out);
void addMaskRead(mlir::Value mask, unsigned rank,
                 llvm::SmallVectorImpl<Read> &reads);

/// Reads of one array at one offset in one statement.
struct Access {
  const void *key = nullptr;   // arrayKeyOf the zpl array
  mlir::Value array;           // the lowered array (zrt_array *)
  llvm::SmallVector<int64_t, 3> off;
  mlir::Value base;            // T * base pointer
  mlir::Value disp;            // sum(off[d] * stride[d]) over the outer
                               // dimensions; null if 0
  int64_t innerOff = 0;        // off[rank - 1]
  llvm::SmallVector<mlir::Value, 3> strides; // strides[d], d < rank - 1
  mlir::Value row;             // the row pointer (T * or T *restrict),
                               // hoisted out of the innermost loop
  mlir::Value index;           // index from `row` inside the innermost loop
  mlir::Value innerStride;     // the innermost stride when it may not be
                               // 1 (a flood dimension: 0); else null
  bool written = false;        // the nest stores through this access
  bool distinct = false;       // the array is known not to share storage
                               // with any other array of another name
  // A compact array (zrt_array_new_compact) is addressed by lattice index
  // x_d = (i_d - origin[d]) / latStep[d]: its rows from the outer loops'
  // indices, its innermost index from the innermost loop's count of
  // lattice points (innerStep per point, from the row's first point),
  // and its shift in whole steps (disp, innerDisp).
  bool compact = false;
  llvm::SmallVector<mlir::Value, 3> origin, latStep;
  mlir::Value innerDisp;       // the innermost shift's displacement; null if 0
  mlir::Value innerStep;       // set by build()
  // A parameter that may be passed a compact array (zpl.may_be_compact)
  // is compact or dense at run time: build() tests its lattice steps and
  // builds the nest twice, addressing it by lattice index (above) or as a
  // dense array, with the displacement denseDisp, the innermost offset
  // denseInnerOff and a run-time innermost shift's denseInnerDisp.
  bool latticeAtRunTime = false;
  mlir::Value denseDisp, denseInnerDisp;
  int64_t denseInnerOff = 0;
  // A shift known only at run time (Read::dyn, lowered; null where a
  // component is a constant, which is in `off`): its outer components are
  // in `disp`, its innermost one in `innerDisp`.
  llvm::SmallVector<mlir::Value, 3> dyn;
};

/// Values stored at the current index earlier in a fused run, by array
/// key.
using FreshValues = llvm::DenseMap<const void *, mlir::Value>;

/// Builds the loop nest of one statement (or fused run) at the rewriter's
/// insertion point.
class NestBuilder {
public:
  using BodyFn = llvm::function_ref<llvm::SmallVector<mlir::Value>(
      mlir::OpBuilder &, mlir::Location, llvm::ArrayRef<mlir::Value>,
      mlir::ValueRange)>;
  using RowFn = llvm::function_ref<void(mlir::OpBuilder &, mlir::Location,
                                        llvm::ArrayRef<mlir::Value>,
                                        mlir::Value, mlir::Value)>;

  NestBuilder(mlir::ConversionPatternRewriter &rewriter,
              const ZPLTypeConverter &types, const ModuleFacts &facts,
              mlir::Location loc, unsigned rank)
      : rewriter(rewriter), types(types), facts(facts), loc(loc),
        rank(rank) {}

  /// The lowered value of a zpl value.
  mlir::Value lookup(mlir::Value v) { return rewriter.getRemappedValue(v); }
  /// The lowered `zregion` aligned with the distribution of the zpl array
  /// `distArray` (zrt_region_align): the iteration space of a statement
  /// follows the array whose distribution it has (zpl::
  /// getStatementDistArray); as it is when there is none.
  mlir::Value alignedRegion(mlir::Value zregion, mlir::Value distArray);
  /// zrt_array_check (the storage covers the shifted reads) for each
  /// shifted read not checked before by this builder.
  void checkShiftedReads(llvm::ArrayRef<Read> reads, mlir::Value region);
  /// For a statement marked zpl.check_storage (its region reaches a
  /// distance known only at run time): zrt_array_check of its unshifted
  /// reads and zrt_array_check_write of `dest` (null: none) as well.
  void checkStatementStorage(mlir::Operation *stmt, llvm::ArrayRef<Read> reads,
                             mlir::Value region, mlir::Value dest);
  /// An access of the zpl array `zarray` (lowered: `array`) at `off`,
  /// unless there is one for `key`; `zarray` tells its element type and
  /// whether its innermost stride is 1. `written`: the nest stores
  /// through it. A null `key` is a temporary of the statement.
  /// `dyn`: a run-time offset (lowered values; `off` all 0).
  void addAccess(const void *key, mlir::Value zarray, mlir::Value array,
                 llvm::ArrayRef<int64_t> off, bool written = false,
                 mlir::ValueRange dyn = {});
  /// An access per read, unless there is one.
  void addReads(llvm::ArrayRef<Read> reads);
  Access *findAccess(const void *key, llvm::ArrayRef<int64_t> off,
                     mlir::ValueRange dyn = {});
  /// The access of a zpl.read of the body.
  Access *accessOf(zpl::ReadOp read);
  /// The offset of `r` as constants `off` and, where a run-time component
  /// is not a constant, its lowered value `dyn` (null elsewhere; empty
  /// when every component is constant).
  void splitOffset(const Read &r, llvm::SmallVectorImpl<int64_t> &off,
                   llvm::SmallVectorImpl<mlir::Value> &dyn);

  /// Builds the nest over `region`, which must be aligned with the
  /// distribution of every array accessed. The accesses get their `index`
  /// inside the innermost loop, where `body` runs and returns the new
  /// accumulator values (from `init`), which live across the tiles. With
  /// `steps` known every loop steps by them (the region's own steps);
  /// otherwise by the region's step in that dimension (zrt_region_step,
  /// hoisted). `rowBody`, which needs unit steps, replaces the innermost
  /// loop by one call per row.
  llvm::SmallVector<mlir::Value> build(mlir::Value region,
                                       const LoopSteps &loopSteps,
                                       mlir::ValueRange init, BodyFn body,
                                       RowFn rowBody = nullptr);
  /// build() for a statement split by zpl-overlap-halos: over the
  /// interior of each tile at the insertion point, then over the boundary
  /// strips before `boundary`, the statement's boundary part (the
  /// accumulators go on from one nest to the other); `stmt` (either part)
  /// gives the reach of the reads. Leaves the insertion point before
  /// `boundary`.
  llvm::SmallVector<mlir::Value> buildSplit(mlir::Value region,
                                            const LoopSteps &loopSteps,
                                            mlir::ValueRange init, BodyFn body,
                                            mlir::Operation *stmt,
                                            mlir::Operation *boundary);

  /// Plans the reuse of subexpressions along the innermost loop
  /// (Reuse.cpp) for `bodies`, the bodies of the nest's statements that
  /// run unguarded at every index: an expression the bodies compute at
  /// inner offsets o and o + step is computed once per position and
  /// carried to the next iteration. Needs facts.reuseAlongRows and a known
  /// innermost step; call after the accesses are added.
  void planReuse(llvm::ArrayRef<mlir::Block *> bodies,
                 const LoopSteps &loopSteps);
  void endReuse() { reuse.reset(); }

  /// Emits the statement body `block` at `b` (in the innermost loop):
  /// zpl.read becomes a load through its access, zpl.index the loop
  /// index; the other ops are copied (the patterns lower their zpl ops).
  /// With `fresh`, an unshifted read of an array stored at this index
  /// earlier in a fused run uses that value. Returns the yielded value.
  mlir::FailureOr<mlir::Value> emitBody(mlir::OpBuilder &b, mlir::Block &block,
                                        llvm::ArrayRef<mlir::Value> ivs,
                                        const FreshValues *fresh = nullptr);
  /// The guard of a masked statement at the current index: the mask
  /// element (negated for `without`), or its value in `fresh`.
  mlir::Value maskCondition(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value zmask, bool without,
                            const FreshValues *fresh);
  /// The element of `access` at the current index (in the innermost
  /// loop), as an lvalue of `elem`.
  mlir::Value element(mlir::OpBuilder &b, mlir::Location loc,
                      const Access &access, mlir::Type elem);
  /// Stores `v` into the element of `access` at the current index.
  void store(mlir::OpBuilder &b, mlir::Location loc, const Access &access,
             mlir::Value v);
  /// memmove of one row [lo, ub) from accesses[1] to accesses[0].
  void copyRow(mlir::OpBuilder &b, mlir::Location loc, mlir::Type elem,
               llvm::ArrayRef<mlir::Value> rowIdx, mlir::Value lo,
               mlir::Value ub);

  llvm::SmallVector<Access, 8> accesses;
  mlir::ConversionPatternRewriter &rewriter;
  const ZPLTypeConverter &types;
  const ModuleFacts &facts;
  mlir::Location loc;
  unsigned rank;

private:
  /// Hoisted per-array values.
  struct ArrayParts {
    mlir::Value base;
    llvm::SmallVector<mlir::Value, 3> strides;
    mlir::Value innerStride; // null when provably 1
    bool compact = false;
    bool latticeAtRunTime = false;
    llvm::SmallVector<mlir::Value, 3> origin, latStep; // compact: per dimension
  };
  const ArrayParts &arrayParts(mlir::Value array, mlir::Value zarray,
                               mlir::Type elem);
  /// `#pragma GCC ivdep` before the innermost loop of a nest with run-time
  /// shifts whose rows are restrict-safe.
  void promiseIndependentRows(mlir::OpBuilder &b);
  /// The displacement of a run-time shift `dyn` (lowered) of `a`.
  void addRunTimeDisplacement(Access &a, const ArrayParts &p,
                              mlir::ValueRange dyn);
  mlir::LogicalResult emitOp(mlir::OpBuilder &b, mlir::Operation &op,
                             llvm::ArrayRef<mlir::Value> ivs,
                             mlir::IRMapping &map, const FreshValues *fresh);
  llvm::SmallVector<mlir::Value> rowIndices(mlir::OpBuilder &b,
                                            mlir::Location loc,
                                            llvm::ArrayRef<mlir::Value> partial);
  llvm::SmallVector<mlir::Value> buildTile(mlir::OpBuilder &b,
                                           mlir::Value region, mlir::Value t,
                                           llvm::ArrayRef<mlir::Value> start,
                                           mlir::ValueRange acc, BodyFn body,
                                           RowFn rowBody);
  /// A tile's bounds and its interior's, per dimension ([lo, end)).
  struct TileBoxes {
    llvm::ArrayRef<mlir::Value> tileLo, tileEnd, innerLo, innerEnd;
  };
  void buildStrips(mlir::OpBuilder &b, const TileBoxes &boxes,
                   llvm::ArrayRef<mlir::Value> start,
                   llvm::SmallVectorImpl<mlir::Value> &acc, BodyFn body);
  void buildBox(mlir::OpBuilder &b, llvm::ArrayRef<mlir::Value> lo,
                llvm::ArrayRef<mlir::Value> end,
                llvm::ArrayRef<mlir::Value> start,
                llvm::SmallVectorImpl<mlir::Value> &acc, BodyFn body);
  llvm::SmallVector<mlir::Value> buildLevel(mlir::OpBuilder &b, unsigned d,
                                            llvm::ArrayRef<mlir::Value> partial,
                                            llvm::ArrayRef<mlir::Value> rowIdx,
                                            mlir::ValueRange acc, BodyFn body,
                                            RowFn rowBody);
  llvm::SmallVector<mlir::Value> buildCountedRow(mlir::OpBuilder &b,
                                                 unsigned d,
                                                 llvm::ArrayRef<mlir::Value> rowIdx,
                                                 mlir::ValueRange acc,
                                                 BodyFn body);
  void setRowPointers(mlir::OpBuilder &b, mlir::Location loc,
                      llvm::ArrayRef<mlir::Value> rowIdx);
  bool restrictSafe() const;
  void setInnerIndices(mlir::OpBuilder &b, mlir::Location loc, mlir::Value iv,
                       mlir::Value count);
  bool hasCompact() const;
  mlir::Value runTimeLattice(mlir::OpBuilder &b);
  mlir::Value runTimeUnitInner(mlir::OpBuilder &b, mlir::Value one);
  mlir::Value writtenApartAtRunTime(mlir::OpBuilder &b);
  // Set while building a nest whose rows a run-time test showed
  // independent (writtenApartAtRunTime).
  bool independentAtRunTime = false;
  llvm::SmallVector<mlir::Value> buildUnitOrGeneral(mlir::Value region,
                                                    mlir::Value one,
                                                    mlir::ValueRange init,
                                                    BodyFn body, RowFn rowBody);
  void addressDense();
  llvm::SmallVector<mlir::Value> buildNest(mlir::Value region,
                                           mlir::Value one,
                                           mlir::ValueRange init, BodyFn body,
                                           RowFn rowBody);
  void setInnerSteps(mlir::OpBuilder &b);
  mlir::Value latticeIndex(mlir::OpBuilder &b, mlir::Location loc,
                           const Access &a, unsigned d, mlir::Value iv);
  mlir::Value innerIndex(mlir::OpBuilder &b, mlir::Location loc,
                         const Access &a, mlir::Value iv);

  /// Reuse along the innermost loop (Reuse.cpp). A chain is one
  /// expression needed at the inner offsets top - count * step, ..., top:
  /// each iteration computes it at `top` and carries the `count` values
  /// below in slots firstSlot.. (lowest offset first).
  struct ReuseChain {
    mlir::Value top;
    int64_t topOff;
    unsigned firstSlot, count;
  };
  struct ReusePlan {
    int64_t step = 1;
    llvm::SmallVector<mlir::Block *> bodies;
    llvm::SmallVector<ReuseChain> chains;
    /// The subexpressions of the bodies the chains stand for: chain and
    /// inner offset.
    llvm::DenseMap<mlir::Value, std::pair<unsigned, int64_t>> members;
    unsigned numSlots = 0;
  };
  void addChains(llvm::ArrayRef<std::pair<mlir::Value, int64_t>> members);
  llvm::SmallVector<mlir::Value> buildReusingRow(mlir::OpBuilder &b,
                                                 unsigned d,
                                                 mlir::ValueRange acc,
                                                 BodyFn body);
  mlir::Value emitAt(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                     mlir::Value iv, mlir::IRMapping &map);
  /// The value standing for `v` in this iteration when a chain carries it.
  mlir::Value carriedValue(mlir::Value v) const;
  void noteComputed(mlir::Value v, mlir::Value emitted);
  llvm::DenseSet<mlir::Operation *> opsOnlyForCarried(mlir::Block &block) const;

  std::optional<ReusePlan> reuse;
  // In the innermost loop being built: the slots' values on entry and each
  // chain's value at its top, once computed.
  llvm::SmallVector<mlir::Value> slotsIn, tops;

  llvm::DenseMap<mlir::Value, ArrayParts> parts;
  llvm::SmallVector<std::pair<const void *, llvm::SmallVector<int64_t, 3>>>
      checked;
  // The nest being built: the arrays touched (the first access of each),
  // each access's array and row, the first access of each row, the tile's
  // bounds, the steps and the enclosing loops' indices.
  llvm::SmallVector<Access *> arrays;
  llvm::SmallVector<unsigned> arrayOf, rowOf, rowLeader;
  llvm::SmallVector<mlir::Value> lbs, ubs, steps, ivs;
  // Set by buildSplit: the part of each tile the nest covers, and the
  // reach of the reads below and above an index in each dimension.
  zpl::OverlapPart part = zpl::OverlapPart::None;
  llvm::SmallVector<int64_t, 3> below, above;
};

/// The boundary part of the split statement whose interior part is
/// `interior` (the next zpl.overlap = "boundary" op in its block: the
/// verifier checked the pair before the lowering put charges and hoisted
/// values between them); null when `interior` is no interior part.
mlir::Operation *findBoundaryPart(mlir::Operation *interior);

/// The type a reduction of `kind` over `t` accumulates in inside the loop
/// nest: an order key (i64, i32) for floating-point max and min, a byte
/// (i8) for booleans, else `t`.
mlir::Type reduceAccType(zpl::ReduceKind kind, mlir::Type t);
/// The identity of the reduction `op`, in its accumulator type, built at
/// `b`.
mlir::FailureOr<mlir::Value> reduceIdentity(mlir::OpBuilder &b,
                                            mlir::Location loc,
                                            zpl::ReduceOp op);
/// One step `acc op v` of a reduction of kind `kind` over type `t`: `acc`
/// and the result in the accumulator type, `v` of type `t`.
mlir::Value reduceStep(mlir::OpBuilder &b, mlir::Location loc,
                       zpl::ReduceKind kind, mlir::Type t, mlir::Value acc,
                       mlir::Value v);
/// `a op v` for two values of type `t` (a partial reduction's element).
mlir::Value combineValues(mlir::OpBuilder &b, mlir::Location loc,
                          zpl::ReduceKind kind, mlir::Type t, mlir::Value a,
                          mlir::Value v);
/// The reduction over all PEs of this PE's accumulator `acc`, as a `t`.
mlir::Value reduceTotal(mlir::OpBuilder &b, mlir::Location loc,
                        zpl::ReduceKind kind, mlir::Type t, mlir::Value acc);

} // namespace zpl::loops

#endif // ZPLC_PASSES_ZPLTOLOOPS_LOOPNEST_H
