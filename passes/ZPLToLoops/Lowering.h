//===- Lowering.h - shared parts of the zpl-to-loops conversion -*- C++ -*-===//
//
// zpl-lower-to-loops is a dialect conversion: what is global to the module
// (C names of procedures, globals and transfer handles, zpl_main, the
// facts patterns read about declarations) is built by prepareModule before
// the patterns run; each zpl and ironman op is then rewritten by one
// OpConversionPattern of the files of this folder, one file per op family.
//
//===----------------------------------------------------------------------===//
#ifndef ZPLC_PASSES_ZPLTOLOOPS_LOWERING_H
#define ZPLC_PASSES_ZPLTOLOOPS_LOWERING_H

#include "passes/Passes.h"
#include "passes/ZPLToLoops/RuntimeCalls.h"

#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace zpl::loops {

/// C names: globals, procedures, transfer handles.
constexpr llvm::StringLiteral kGlobalPrefix = "zg_";
constexpr llvm::StringLiteral kProcPrefix = "zp_";
constexpr llvm::StringLiteral kTransferPrefix = "zt_";

/// The program's own name of a procedure whose symbol carries the C prefix
/// (ModuleSetup.cpp renames them), for run-time messages.
inline llvm::StringRef sourceProcName(llvm::StringRef symbol) {
  symbol.consume_front(kProcPrefix);
  return symbol;
}

/// zpl and ironman types as C types: a region is a `zrt_region` (by
/// value), an array a `zrt_array *`, a transfer an `im_transfer *`, a `var`
/// parameter (!zpl.ref<T>) a `T *`.
class ZPLTypeConverter : public mlir::TypeConverter {
public:
  explicit ZPLTypeConverter(mlir::MLIRContext *ctx);
  mlir::Type regionType, arrayType, transferType, collectType;
};

/// The steps of a nest's loops, one per dimension, when the compiler knows
/// them (1 without `by`; the product of constant `by` strides), else none:
/// the nest then asks the runtime (zrt_region_step). Known steps are
/// constants in the C, so its compiler neither versions the loops for a
/// step of 1 nor misses a vectorisation.
struct LoopSteps {
  std::optional<llvm::SmallVector<int64_t, 3>> known;

  static LoopSteps unit(unsigned rank) {
    return {llvm::SmallVector<int64_t, 3>(rank, 1)};
  }
  bool isUnit() const {
    return known && llvm::all_of(*known, [](int64_t s) { return s == 1; });
  }
};

/// What the patterns know about the module beyond the op they rewrite,
/// gathered before they run and read-only for them.
struct ModuleFacts {
  /// A global declaration's C variable and its C type.
  struct Global {
    std::string cname;
    mlir::Type type;
  };
  llvm::StringMap<Global> globals;
  /// The C table of the elements of each family a zpl.family_element
  /// selects from (by its elements attribute), Families.cpp.
  llvm::MapVector<mlir::Attribute, Global> familyTables;
  /// The loop steps of region declarations whose steps are known at
  /// compile time.
  llvm::StringMap<llvm::SmallVector<int64_t, 3>> regionSteps;
  /// Region and array declarations whose innermost dimension is provably
  /// not a flood dimension (stride 1).
  llvm::StringSet<> innerUnitRegions, innerUnitArrays;
  /// Array declarations marked `compact` (zpl-infer-storage): stored at
  /// their lattice points only, addressed by lattice index.
  llvm::StringSet<> compactArrays;
  /// Procedure parameters marked `may_be_compact` (zpl-infer-storage), as
  /// they were before the conversion of their procedure's signature.
  llvm::DenseSet<mlir::Value> mayBeCompactParams;
  /// Region and array declarations with no flood dimension: an array's
  /// storage then holds each index of its region in an element of its
  /// own.
  llvm::StringSet<> floodFreeRegions, floodFreeArrays;
  /// The static handle id of each transfer-like op (ironman.transfer,
  /// ironman.combine, and zpl.boundary/redistribute/remap without
  /// zpl-gen-comm).
  llvm::DenseMap<mlir::Operation *, int64_t> transferIds;
  /// A statement's run-time shifts of one array lowered as one exchange
  /// (Transfers.cpp, groupRunTimeShifts): the `zpl.dyn_wrap` members in
  /// one call, the `zpl.dyn_shift` members over one region in another.
  struct ShiftGroup {
    bool wraps;
    llvm::SmallVector<mlir::Operation *> members;
  };
  /// The groups whose calls go at each op (the last run-time shift of
  /// their statement's prologue), in order, and the ops whose transfer a
  /// group makes.
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<ShiftGroup>> shiftGroupsAt;
  llvm::DenseSet<mlir::Operation *> groupedShifts;
  /// Remaps that run at most once: the op after which their handle is
  /// released (an ironman.sv, or the zpl remap op itself) and the handle's
  /// id (ReleasedRemaps.cpp).
  llvm::DenseMap<mlir::Operation *, int64_t> releaseAfter;
  /// Arrays (by arrayKeyOf) that fused runs keep in scalars and never
  /// store (RegisterArrays.cpp).
  llvm::DenseSet<const void *> registerArrays;
  /// Whether loop nests reuse expressions along the innermost loop
  /// (Reuse.cpp; the pass's reuse-along-rows option, on at -O2).
  bool reuseAlongRows = false;

  const Global *lookupGlobal(llvm::StringRef name) const {
    auto it = globals.find(name);
    return it == globals.end() ? nullptr : &it->second;
  }
  /// The steps of loops over the zpl region `region`.
  LoopSteps stepsOf(mlir::Value region, unsigned depth = 0) const;
  /// Whether the innermost dimension of the zpl region `region` is
  /// provably not a flood dimension.
  bool regionInnerUnit(mlir::Value region, unsigned depth = 0) const;
  /// Whether the storage of the zpl array `array` provably has innermost
  /// stride 1.
  bool arrayInnerUnit(mlir::Value array) const;
  /// Whether the zpl array `array` is addressed by lattice index: a global
  /// or a local array marked `compact`, or a parameter marked
  /// `may_be_compact` (its lattice known at run time).
  bool arrayCompact(mlir::Value array) const;
  /// Whether the zpl region `region` provably has no flood dimension.
  bool regionFloodFree(mlir::Value region, unsigned depth = 0) const;
  /// Whether the zpl array `array` provably has no flood dimension: no two
  /// indices share an element.
  bool arrayFloodFree(mlir::Value array) const;
};

/// Builds what is global to the module before the patterns run (see
/// ModuleSetup.cpp).
mlir::LogicalResult prepareModule(mlir::ModuleOp module,
                                  const ZPLTypeConverter &types,
                                  ModuleFacts &facts);
/// The C tables of the families selected at run time (Families.cpp), and
/// their filling in zpl_main once the elements exist.
void createFamilyTables(mlir::ModuleOp module, ModuleFacts &facts);
void fillFamilyTables(mlir::OpBuilder &b, mlir::Location loc,
                      const ModuleFacts &facts);
/// Fills facts.shiftGroupsAt and facts.groupedShifts.
void groupRunTimeShifts(mlir::ModuleOp module, ModuleFacts &facts);
/// Fills facts.releaseAfter (after the transfer ids are known).
void markReleasedRemaps(mlir::ModuleOp module, ModuleFacts &facts);
/// Finds the register arrays of the module (RegisterArrays.cpp).
void findRegisterArrays(mlir::ModuleOp module, ModuleFacts &facts);
/// C needs a function defined before it is called: orders the functions
/// callees first.
void orderFunctions(mlir::ModuleOp module);

/// A pattern of this conversion: the converter's C types and the facts.
template <typename Op>
struct LoweringPattern : mlir::OpConversionPattern<Op> {
  LoweringPattern(const ZPLTypeConverter &types, const ModuleFacts &facts)
      : mlir::OpConversionPattern<Op>(types, types.regionType.getContext()),
        types(types), facts(facts) {}
  const ZPLTypeConverter &types;
  const ModuleFacts &facts;
};

/// An op lowered to one runtime call `fn(x)` on its only operand x: the
/// IRONMAN state calls (`im_dr(h)`), frees, `zrt_scatter_settle(a)`.
template <typename Op, RuntimeFn fn>
struct OperandCallLowering : LoweringPattern<Op> {
  using LoweringPattern<Op>::LoweringPattern;
  mlir::LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  mlir::ConversionPatternRewriter &rewriter) const override {
    callRuntime(rewriter, op.getLoc(), fn, {adaptor.getOperands().front()});
    rewriter.eraseOp(op);
    return mlir::success();
  }
};

void populateDeclarationPatterns(const ZPLTypeConverter &types,
                                 const ModuleFacts &facts,
                                 mlir::RewritePatternSet &patterns);
void populateRegionPatterns(const ZPLTypeConverter &types,
                            const ModuleFacts &facts,
                            mlir::RewritePatternSet &patterns);
void populateStatementPatterns(const ZPLTypeConverter &types,
                               const ModuleFacts &facts,
                               mlir::RewritePatternSet &patterns);
void populateReductionPatterns(const ZPLTypeConverter &types,
                               const ModuleFacts &facts,
                               mlir::RewritePatternSet &patterns);
void populateCollectPatterns(const ZPLTypeConverter &types,
                             const ModuleFacts &facts,
                             mlir::RewritePatternSet &patterns);
void populateTransferPatterns(const ZPLTypeConverter &types,
                              const ModuleFacts &facts,
                              mlir::RewritePatternSet &patterns);
void populateFamilyPatterns(const ZPLTypeConverter &types,
                            const ModuleFacts &facts,
                            mlir::RewritePatternSet &patterns);
void populateIOPatterns(const ZPLTypeConverter &types,
                        const ModuleFacts &facts,
                        mlir::RewritePatternSet &patterns);

//===--- small builders shared by the patterns ---------------------------===//

mlir::Value constI64(mlir::OpBuilder &b, mlir::Location loc, int64_t v);
mlir::Value addI64(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                   mlir::Value y);
mlir::Value mulI64(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                   mlir::Value y);
mlir::Value loadGlobal(mlir::OpBuilder &b, mlir::Location loc,
                       const ModuleFacts::Global &g);
void storeGlobal(mlir::OpBuilder &b, mlir::Location loc,
                 const ModuleFacts::Global &g, mlir::Value v);
/// The zero of a scalar type, as an attribute.
mlir::Attribute zeroAttr(mlir::Type t);

} // namespace zpl::loops

#endif // ZPLC_PASSES_ZPLTOLOOPS_LOWERING_H
