//===- LowerToLoops.cpp - zpl and ironman to loops and runtime calls ------===//
//
// Lowers a module in the zpl and ironman dialects to func, scf, arith, math
// and emitc:
//   * global declarations become `emitc.global`s (`zg_` prefix) and a new
//     `zpl_main` evaluates their init bodies through the runtime (config
//     vars and scalars in declaration order, then grids `zrt_grid_new`,
//     distributions `zrt_dist_new`, regions bound to their distribution
//     `zrt_region_dist` or added to the implicit one `zrt_dist_add`, and
//     arrays last) and calls the entry procedure (module attribute
//     `zpl.entry`); procedures get a `zp_` prefix so that no C name
//     clashes with the C library or the runtime;
//   * array statements and reductions become `scf.for` nests over this PE's
//     part of the region, reading and writing each array through its base
//     pointer with the linear index hoisted per row. The region is first
//     aligned with the distribution of the array the statement follows
//     (`zrt_region_align`, see zpl::getStatementDistArray); the nest runs
//     inside a loop over this PE's tiles of it (`zrt_tiles`: one under
//     block distributions, several under cyclic and block-cyclic ones),
//     with the tile's bounds (`zrt_tile_lo/hi`) and each array's tile
//     offset (`zrt_array_tile_offset`) computed per tile and the strides
//     hoisted before it; reduction accumulators carry across tiles;
//     A masked statement (`[R with M]`, `[R without M]`) loads the mask
//     element at the current index and guards the body and the store (or
//     the accumulation) with an scf.if. Each loop steps by the region's
//     step (`zrt_region_step`, hoisted), or by 1 where the region provably
//     has no `by`;
//   * partial reductions, scans and floods become a loop nest over the
//     source region storing the body's values into the runtime's collection
//     buffer, between `zrt_preduce_begin/_end`, `zrt_scan_begin/_end`,
//     `zrt_flood_begin/_end`;
//   * ironman transfers become `im_halo` (or `im_wrap`/`im_reflect` for the
//     boundary kinds, `im_redist(cached, id, dst, src, r)` for a
//     redistribution, `im_remap`/`im_transpose` for remaps, which
//     zpl.remap ops left by a pipeline without zpl-gen-comm also become)
//     calls on a static handle (`zt_<id>`), followed by
//     `im_strategy(h, IM_PACKED|IM_CHAINED)` when strategy selection chose
//     one, and the state ops `im_dr/im_sr/im_dn/im_sv`; a combine becomes
//     `im_combine(cached, id, n, members...)` on its own static handle;
//   * output, halt, regions, local arrays and scalar locals become runtime
//     calls and emitc variables (a local array `align`ed to another is
//     allocated over its region aligned with that array); `var`
//     parameters (!zpl.ref arguments) become pointers, read and written
//     through `p[0]`, and a local or a global passed for one is passed by
//     address.
// The C ABI is runtime/include/zplrt.h and ironman.h.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <functional>
#include <limits>

namespace zpl {
#define GEN_PASS_DEF_LOWERTOLOOPS
#include "passes/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

/// C names: globals, procedures, transfer handles.
constexpr llvm::StringLiteral kGlobalPrefix = "zg_";
constexpr llvm::StringLiteral kProcPrefix = "zp_";
constexpr llvm::StringLiteral kTransferPrefix = "zt_";

/// enum zrt_type and enum zrt_op of zplrt.h.
enum ZrtType : int64_t { ZRT_I64 = 0, ZRT_F64 = 1, ZRT_F32 = 2, ZRT_BOOL = 3 };

/// A C string literal (with quotes) for `s`.
std::string cStringLiteral(StringRef s) {
  std::string out = "\"";
  char prev = 0;
  for (unsigned char c : s) {
    switch (c) {
    case '\n': out += "\\n"; break;
    case '\t': out += "\\t"; break;
    case '\r': out += "\\r"; break;
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '?':
      // Avoid trigraphs (C11 has them): "??x" -> "?\?x".
      out += prev == '?' ? "\\?" : "?";
      break;
    default:
      if (c < 0x20 || c == 0x7f) {
        // Octal escapes stop after three digits; hex ones would not.
        char buf[8];
        snprintf(buf, sizeof buf, "\\%03o", c);
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
    }
    prev = static_cast<char>(c);
  }
  out += "\"";
  return out;
}

/// One argument of a runtime call: an SSA value or a constant attribute
/// printed inline (integer literal, string literal).
struct CArg {
  CArg(Value v) : value(v) {}
  CArg(Attribute a) : attr(a) {}
  Value value;
  Attribute attr;
};

/// Identity of an array within one statement: the global's name when it
/// comes from zpl.get, else the value itself.
const void *arrayKeyOf(Value orig) {
  if (auto get = orig.getDefiningOp<zpl::GetOp>())
    return get.getNameAttr().getAttr().getAsOpaquePointer();
  return orig.getAsOpaquePointer();
}

/// A statement's mask: the array (null without one) and `without`.
struct Mask {
  Value array;
  bool without = false;
};
Mask maskOf(Operation *stmt) {
  if (auto a = dyn_cast<zpl::AssignOp>(stmt))
    return {a.getMask(), a.getWithout()};
  if (auto r = dyn_cast<zpl::ReduceOp>(stmt))
    return {r.getMask(), r.getWithout()};
  return {};
}

class Lowering {
public:
  Lowering(ModuleOp module, bool fuse)
      : module(module), ctx(module.getContext()), fuse(fuse) {
    i64 = IntegerType::get(ctx, 64);
    i1 = IntegerType::get(ctx, 1);
    regionTy = emitc::OpaqueType::get(ctx, "zrt_region");
    arrayTy = emitc::PointerType::get(emitc::OpaqueType::get(ctx, "zrt_array"));
    transferTy =
        emitc::PointerType::get(emitc::OpaqueType::get(ctx, "im_transfer"));
    collectTy =
        emitc::PointerType::get(emitc::OpaqueType::get(ctx, "zrt_collect"));
  }

  LogicalResult run();

private:
  //===--- helpers ---------------------------------------------------------===//
  Type convertType(Type t) const {
    if (isa<zpl::RegionType>(t))
      return regionTy;
    if (isa<zpl::ArrayType>(t))
      return arrayTy;
    if (isa<ironman::TransferType>(t))
      return transferTy;
    if (auto ref = dyn_cast<zpl::RefType>(t))
      return emitc::LValueType::get(ref.getElementType());
    return t;
  }

  Attribute intAttr(int64_t v) const { return IntegerAttr::get(i64, v); }
  Attribute strAttr(StringRef s) const {
    return emitc::OpaqueAttr::get(ctx, cStringLiteral(s));
  }

  /// `callee(args...)` with zero or one result.
  Value call(OpBuilder &b, Location loc, Type result, StringRef callee,
             ArrayRef<CArg> args) {
    SmallVector<Value> operands;
    SmallVector<Attribute> argAttrs;
    bool allValues = true;
    for (const CArg &a : args) {
      if (a.value) {
        argAttrs.push_back(b.getIndexAttr(operands.size()));
        operands.push_back(a.value);
      } else {
        argAttrs.push_back(a.attr);
        allValues = false;
      }
    }
    ArrayAttr argsAttr = allValues ? ArrayAttr() : b.getArrayAttr(argAttrs);
    TypeRange results = result ? TypeRange(result) : TypeRange();
    auto op = emitc::CallOpaqueOp::create(b, loc, results, callee, operands,
                                          argsAttr);
    return result ? op.getResult(0) : Value();
  }

  Value addI(OpBuilder &b, Location loc, Value x, Value y) {
    return emitc::AddOp::create(b, loc, i64, x, y);
  }
  Value mulI(OpBuilder &b, Location loc, Value x, Value y) {
    return emitc::MulOp::create(b, loc, i64, x, y);
  }
  Value constI(OpBuilder &b, Location loc, int64_t v) {
    return arith::ConstantOp::create(b, loc, i64, b.getIntegerAttr(i64, v));
  }

  Value loadGlobal(OpBuilder &b, Location loc, StringRef cname, Type t) {
    Value lv = emitc::GetGlobalOp::create(b, loc, emitc::LValueType::get(t),
                                          cname);
    return emitc::LoadOp::create(b, loc, t, lv);
  }
  void storeGlobal(OpBuilder &b, Location loc, StringRef cname, Type t,
                   Value v) {
    Value lv = emitc::GetGlobalOp::create(b, loc, emitc::LValueType::get(t),
                                          cname);
    emitc::AssignOp::create(b, loc, lv, v);
  }

  static StringRef typeSuffix(Type t) {
    if (t.isF64())
      return "f64";
    if (t.isF32())
      return "f32";
    if (t.isInteger(1))
      return "bool";
    return "i64";
  }
  static int64_t typeCode(Type t) {
    if (t.isF64())
      return ZRT_F64;
    if (t.isF32())
      return ZRT_F32;
    if (t.isInteger(1))
      return ZRT_BOOL;
    return ZRT_I64;
  }
  Attribute zeroAttr(Type t) const {
    if (auto ft = dyn_cast<FloatType>(t))
      return FloatAttr::get(ft, 0.0);
    return IntegerAttr::get(t, 0);
  }

  /// (d0, d1, d2) padded with zeros.
  SmallVector<CArg> dirArgs(ArrayRef<int64_t> d) const {
    SmallVector<CArg> out;
    for (unsigned k = 0; k < 3; ++k)
      out.push_back(intAttr(k < d.size() ? d[k] : 0));
    return out;
  }

  /// Whether the innermost dimension of the zpl region `region` is provably
  /// not a flood dimension.
  bool regionInnerUnit(Value region, unsigned depth = 0) const {
    if (depth > 64)
      return false;
    unsigned rank = cast<zpl::RegionType>(region.getType()).getRank();
    if (auto get = region.getDefiningOp<zpl::GetOp>())
      return innerUnitRegions.contains(get.getName());
    if (auto mk = region.getDefiningOp<zpl::MakeRegionOp>()) {
      std::optional<ArrayRef<int64_t>> flood = mk.getFlood();
      return !flood || !llvm::is_contained(*flood, int64_t(rank) - 1);
    }
    if (auto der = region.getDefiningOp<zpl::DeriveRegionOp>())
      return regionInnerUnit(der.getBase(), depth + 1);
    // A widened region has no flood dimension.
    return region.getDefiningOp<zpl::ExpandRegionOp>() != nullptr;
  }
  /// Whether the storage of the zpl array `array` provably has innermost
  /// stride 1 (it is not declared over a region flooding there).
  bool arrayInnerUnit(Value array) const {
    if (auto get = array.getDefiningOp<zpl::GetOp>())
      return innerUnitArrays.contains(get.getName());
    if (auto local = array.getDefiningOp<zpl::LocalArrayOp>())
      return regionInnerUnit(local.getRegion());
    return false;
  }

  /// Whether loops over the zpl region `region` provably step by 1: it is
  /// made by zpl.make_region, or derived (of/in/at, or `by` all ones) from
  /// such a region, or a declared region whose init is such a region.
  bool isUnitStep(Value region, unsigned depth = 0) const {
    if (depth > 64)
      return false;
    if (auto get = region.getDefiningOp<zpl::GetOp>())
      return unitStepRegions.contains(get.getName());
    if (isa_and_nonnull<zpl::MakeRegionOp, zpl::ExpandRegionOp>(
            region.getDefiningOp()))
      return true;
    if (auto der = region.getDefiningOp<zpl::DeriveRegionOp>()) {
      if (der.getKind() == zpl::DeriveKind::by &&
          llvm::any_of(der.getDirection(), [](int64_t s) { return s != 1; }))
        return false;
      return isUnitStep(der.getBase(), depth + 1);
    }
    return false;
  }


  //===--- module-level steps -----------------------------------------------===//
  LogicalResult renameProcedures();
  LogicalResult createGlobals();
  LogicalResult buildMain();
  /// Clones a declaration's init body at `b` (its zpl ops are lowered with
  /// the rest of zpl_main) and returns the values it yields.
  FailureOr<SmallVector<Value>> cloneInit(OpBuilder &b, Operation *decl);
  LogicalResult initGrid(OpBuilder &b, zpl::GridDeclOp grid);
  LogicalResult initDistribution(OpBuilder &b, zpl::DistDeclOp dist);
  LogicalResult initRegion(OpBuilder &b, zpl::RegionDeclOp region);
  void allocateArray(OpBuilder &b, zpl::ArrayDeclOp array, Value region);
  /// zrt_region_dist(region, id of the distribution `dist`); fails when
  /// `dist` names no distribution.
  FailureOr<Value> bindRegion(OpBuilder &b, Location loc, Value region,
                              StringRef dist);
  LogicalResult lowerOps();
  void convertSignatures();
  void fixRemainingTypes();
  void orderFunctions();

  //===--- op lowering ------------------------------------------------------===//
  LogicalResult lowerOp(Operation *op);
  LogicalResult lowerAssign(zpl::AssignOp op);
  LogicalResult lowerReduce(zpl::ReduceOp op);
  /// zpl.reduce_partial, zpl.scan, zpl.flood: a nest over the source region
  /// filling the runtime's collection buffer.
  LogicalResult lowerCollect(Operation *op);
  /// `fn(cached, id, array, region, d0, d1, d2)` on the static handle of
  /// transfer `id` (created on first use); returns the new handle. The
  /// region is passed aligned with the array's distribution, whose tiles'
  /// ghost cells (or bands) the transfer fills.
  Value transferCall(OpBuilder &b, Location loc, int64_t id, StringRef fn,
                     Value array, Value region, ArrayRef<int64_t> dir);
  /// `fn(cached, args...)` on the static handle of transfer `id`.
  Value handleCall(OpBuilder &b, Location loc, int64_t id, StringRef fn,
                   ArrayRef<CArg> args);
  /// A remap's handle: `im_remap(cached, id, kind, dst, r, src, i1, i2,
  /// i3)`, or for a permutation `im_transpose(cached, id, dst, r, src, p0,
  /// p1, p2, orientation)`; arrays and region are lowered values.
  Value remapCall(OpBuilder &b, Location loc, int64_t id, bool gather,
                  Value dst, Value region, Value src, ValueRange indices,
                  std::optional<ArrayRef<int64_t>> permutation,
                  StringRef orientation);
  /// `im_strategy(h, ...)` when strategy selection chose one.
  LogicalResult strategyCall(OpBuilder &b, Operation *op,
                             std::optional<StringRef> strategy, Value h);
  /// Operands of func.call that are references: a local or a global
  /// (lvalue) is passed by address.
  void passReferencesByAddress();
  /// The identity of `op`'s operator as a value built at `b`.
  FailureOr<Value> reduceInit(OpBuilder &b, Location loc, zpl::ReduceOp op);
  /// One step `acc op v` of a reduction of kind `kind` over type `t`.
  Value reduceStep(OpBuilder &nb, Location nloc, zpl::ReduceKind kind, Type t,
                   Value acc, Value v);

  /// Statement fusion (see planFusion): a run of consecutive statements
  /// lowered as one loop nest, and the side-effect-free ops between them,
  /// which move before the nest.
  struct FusedRun {
    SmallVector<Operation *> stmts;
    SmallVector<Operation *> hoisted;
  };
  void planFusion();
  LogicalResult lowerRun(const FusedRun &run);
  /// `zrt_charge(region, counts...)` before `before` for a statement that
  /// zpl-count-operations annotated (zpl.ops), over `zregion`.
  void chargeStatement(Operation *stmt, Value zregion, Operation *before);
  LogicalResult lowerTransfer(ironman::TransferOp op);
  LogicalResult lowerCombine(ironman::CombineOp op);

  /// Reads of one array at one offset in one statement.
  struct Access {
    const void *key = nullptr;   // arrayKey of the original array
    Value array;                 // converted array (zrt_array *)
    SmallVector<int64_t, 3> off; // padded to rank
    Value base;                  // T * base pointer
    Value disp;                  // sum(off[d] * stride[d]) over the outer
                                 // dimensions; null if 0
    int64_t innerOff = 0;        // off[rank - 1] (stride 1)
    SmallVector<Value, 3> strides; // strides[d] for d < rank-1
    Value index;                 // linear index inside the innermost loop
    Value innerStride;           // the innermost stride when it may not be
                                 // 1 (a flood dimension: 0); else null
  };
  struct ArrayParts {
    Value base;
    SmallVector<Value, 3> strides;
    Value innerStride; // null when provably 1
  };
  /// The guard of a masked statement at the current index: the mask element
  /// (negated for `without`), or the value stored at this index earlier in
  /// a fused run.
  Value maskCondition(OpBuilder &nb, Location loc, const Mask &mask,
                      MutableArrayRef<Access> accesses,
                      const DenseMap<const void *, Value> *fresh);

  /// The converted `region` aligned with the distribution of the zpl array
  /// `distArray` (zrt_region_align): the iteration space of a statement
  /// follows the array whose distribution it has (zpl::
  /// getStatementDistArray); as it is when there is none.
  Value alignedRegion(OpBuilder &b, Location loc, Value region,
                      Value distArray) {
    if (!distArray)
      return region;
    return call(b, loc, regionTy, "zrt_region_align",
                {region, lookup(distArray)});
  }

  /// Hoisted per-array values for one statement.
  ArrayParts arrayParts(OpBuilder &b, Location loc, Value array, Type elem,
                        unsigned rank,
                        DenseMap<Value, ArrayParts> &cache);

  /// Builds the loop nest over this PE's part of `region`: a loop over its
  /// tiles (zrt_tiles; one under block distributions) around a nest over
  /// each tile (zrt_tile_lo/hi), where every array is addressed from its
  /// tile offset (zrt_array_tile_offset) with the strides hoisted before
  /// the tile loop. `region` must be aligned with the distribution of
  /// every array accessed (see alignedRegion). `accesses` get their
  /// `index` set inside the innermost loop, where `body` runs and returns
  /// the new accumulator values, which live across the tiles.
  /// With `unitStep` every loop steps by 1; otherwise by the region's
  /// step in that dimension (zrt_region_step, hoisted); `rowBody` needs
  /// `unitStep`.
  SmallVector<Value>
  buildNest(OpBuilder &b, Location loc, Value region, unsigned rank,
            bool unitStep, MutableArrayRef<Access> accesses, ValueRange init,
            function_ref<SmallVector<Value>(OpBuilder &, Location,
                                            ArrayRef<Value>, ValueRange)>
                body,
            function_ref<void(OpBuilder &, Location, ArrayRef<Value>, Value,
                              Value)>
                rowBody = nullptr);

  /// memmove of one row [lo, ub) from accesses[1] to accesses[0].
  void copyRow(OpBuilder &nb, Location nloc, Type elem,
               ArrayRef<Access> accesses, ArrayRef<Value> rowIdx, Value lo,
               Value ub) {
    auto ptrTy = emitc::PointerType::get(elem);
    Value dst = emitc::AddOp::create(nb, nloc, ptrTy, accesses[0].base,
                                     addI(nb, nloc, rowIdx[0], lo));
    Value src = emitc::AddOp::create(nb, nloc, ptrTy, accesses[1].base,
                                     addI(nb, nloc, rowIdx[1], lo));
    Value n = emitc::SubOp::create(nb, nloc, i64, ub, lo);
    Value zeroI = constI(nb, nloc, 0);
    Value pos = emitc::CmpOp::create(nb, nloc, i1, emitc::CmpPredicate::gt, n,
                                     zeroI);
    Value cnt = emitc::ConditionalOp::create(nb, nloc, i64, pos, n, zeroI);
    Value elemSize =
        elem.isInteger(1)
            ? Value(emitc::LiteralOp::create(nb, nloc, i64,
                                             "(int64_t)sizeof(bool)"))
            : constI(nb, nloc, elem.getIntOrFloatBitWidth() / 8);
    call(nb, nloc, Type(), "memmove",
         {dst, src, mulI(nb, nloc, cnt, elemSize)});
  }

  /// Clones the statement body `block` at `b`, replacing zpl.read and
  /// zpl.index, and returns the (mapped) yielded value.
  /// With `fresh` (array key -> value stored at the current index by an
  /// earlier statement of a fused run), an unshifted read of such an array
  /// uses that value instead of loading it.
  FailureOr<Value>
  cloneBody(OpBuilder &b, Block &block, ArrayRef<Value> ivs,
            MutableArrayRef<Access> accesses,
            const DenseMap<const void *, Value> *fresh = nullptr);
  Access *findAccess(MutableArrayRef<Access> accesses, const void *key,
                     ArrayRef<int64_t> off);

  /// Converted value of a zpl-typed value (identity for others).
  Value lookup(Value v) const { return vmap.lookupOrDefault(v); }
  /// Records the replacement of `op`'s single result: zpl-typed results are
  /// replaced (and their op erased) at the end, so that the zpl types stay
  /// visible to the statements lowered later; others right away.
  LogicalResult replaceOp(Operation *op, Value v) {
    lastReplacement = v;
    Value old = op->getResult(0);
    if (convertType(old.getType()) != old.getType()) {
      vmap.map(old, v);
      origOf[v] = old;
      deferred.push_back(op);
      return success();
    }
    old.replaceAllUsesWith(v);
    op->erase();
    return success();
  }
  /// Identity of an array for one statement: the global's name when it
  /// comes from zpl.get, else the value.
  Access makeAccess(OpBuilder &b, Location loc, const void *key, Value array,
                    ArrayRef<int64_t> off, Type elem, unsigned rank,
                    DenseMap<Value, ArrayParts> &cache);
  /// Moves them before `before` (default: `stmt`).
  LogicalResult hoistBodyGets(Operation *stmt, Operation *before = nullptr);
  void finish();

  IRMapping vmap;
  /// The zpl value a lowered value replaces (arrays: for arrayInnerUnit).
  DenseMap<Value, Value> origOf;
  /// Region and array declarations whose innermost dimension is provably
  /// not a flood dimension (its stride is 1).
  llvm::StringSet<> innerUnitRegions, innerUnitArrays;
  Value lastReplacement;
  SmallVector<Operation *> deferred;
  ModuleOp module;
  MLIRContext *ctx;
  Type i64, i1, regionTy, arrayTy, transferTy, collectTy;
  /// Region declarations whose loops provably step by 1 (no `by`).
  llvm::StringSet<> unitStepRegions;
  /// zpl symbol name -> (C global name, converted type).
  llvm::StringMap<std::pair<std::string, Type>> globals;
  /// Transfer handle globals already created, by id.
  llvm::DenseMap<int64_t, std::string> transferGlobals;
  int64_t nextTransferId = 0;
  Operation *lastTransferGlobal = nullptr;
  std::string entryName;
  /// Statement fusion enabled (the pass option `fuse`).
  bool fuse;
  /// Fused runs by their first statement, and the other statements of the
  /// runs (lowered, and erased, with their first one).
  DenseMap<Operation *, FusedRun> fusedRuns;
  llvm::DenseSet<Operation *> fusedMembers;
};

//===----------------------------------------------------------------------===//
// Procedures
//===----------------------------------------------------------------------===//

LogicalResult Lowering::renameProcedures() {
  SymbolTable table(module);
  std::string entry;
  if (auto attr = module->getAttrOfType<FlatSymbolRefAttr>("zpl.entry"))
    entry = attr.getValue().str();

  SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
  for (func::FuncOp f : funcs) {
    if (f.isExternal())
      continue;
    std::string oldName = f.getSymName().str();
    std::string newName = (kProcPrefix + oldName).str();
    if (table.lookup(newName))
      return f.emitError("cannot rename procedure to '")
             << newName << "': the name is taken";
    if (failed(table.rename(f, StringAttr::get(ctx, newName))))
      return f.emitError("cannot rename procedure");
    if (oldName == entry)
      entryName = newName;
  }
  if (!entry.empty() && entryName.empty())
    return module.emitError("zpl.entry names @")
           << entry << ", which is not a procedure of the module";
  if (entry.empty()) {
    // Without a front end (hand-written IR): fall back to a procedure
    // called `main`.
    if (auto f = table.lookup<func::FuncOp>((kProcPrefix + "main").str()))
      entryName = f.getSymName().str();
  }
  return success();
}

/// Converts zpl types in function signatures (procedure arguments).
void Lowering::convertSignatures() {
  for (func::FuncOp f : module.getOps<func::FuncOp>()) {
    FunctionType ft = f.getFunctionType();
    SmallVector<Type> ins, outs;
    // A `var` parameter (!zpl.ref<T>) is a pointer, T *.
    auto argType = [&](Type t) -> Type {
      if (auto ref = dyn_cast<zpl::RefType>(t))
        return emitc::PointerType::get(ref.getElementType());
      return convertType(t);
    };
    for (Type t : ft.getInputs())
      ins.push_back(argType(t));
    for (Type t : ft.getResults())
      outs.push_back(convertType(t));
    f.setFunctionType(FunctionType::get(ctx, ins, outs));
    if (!f.isExternal())
      for (BlockArgument arg : f.getArguments())
        arg.setType(argType(arg.getType()));
  }
}

/// C needs a function defined (or declared) before it is called: order the
/// procedures callees first (zpl_main last). Recursive procedures keep
/// their order.
void Lowering::orderFunctions() {
  SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
  llvm::StringMap<func::FuncOp> byName;
  for (func::FuncOp f : funcs)
    byName[f.getSymName()] = f;
  llvm::DenseSet<Operation *> visited;
  SmallVector<func::FuncOp> order;
  std::function<void(func::FuncOp)> visit = [&](func::FuncOp f) {
    if (!visited.insert(f).second)
      return;
    f.walk([&](func::CallOp c) {
      auto it = byName.find(c.getCallee());
      if (it != byName.end())
        visit(it->second);
    });
    order.push_back(f);
  };
  for (func::FuncOp f : funcs)
    visit(f);
  for (func::FuncOp f : order)
    f->moveBefore(module.getBody(), module.getBody()->end());
}

//===----------------------------------------------------------------------===//
// Globals and zpl_main
//===----------------------------------------------------------------------===//

LogicalResult Lowering::createGlobals() {
  OpBuilder b(ctx);
  b.setInsertionPointToStart(module.getBody());
  for (Operation &op : module.getBody()->getOperations()) {
    if (!isa<zpl::ConfigOp, zpl::GlobalOp, zpl::GridDeclOp, zpl::DistDeclOp,
             zpl::RegionDeclOp, zpl::ArrayDeclOp>(op))
      continue;
    auto sym = cast<SymbolOpInterface>(op);
    // Grids and distributions are runtime ids.
    Type type = isa<zpl::GridDeclOp, zpl::DistDeclOp>(op)
                    ? i64
                    : convertType(cast<TypeAttr>(op.getAttr("type")).getValue());
    std::string cname = (kGlobalPrefix + sym.getName()).str();
    Attribute init;
    if (type.isIntOrFloat())
      init = zeroAttr(type);
    else if (isa<emitc::PointerType>(type))
      init = emitc::OpaqueAttr::get(ctx, "NULL");
    b.setInsertionPoint(&op);
    emitc::GlobalOp::create(b, op.getLoc(), cname, type, init,
                            /*extern=*/false, /*static=*/false,
                            /*const=*/false);
    globals[sym.getName()] = {cname, type};
  }
  return success();
}

LogicalResult Lowering::buildMain() {
  Location loc = module.getLoc();
  if (SymbolTable::lookupSymbolIn(module, "zpl_main"))
    return module.emitError("the module already defines zpl_main");
  OpBuilder mb(ctx);
  mb.setInsertionPointToEnd(module.getBody());
  auto mainFn = func::FuncOp::create(mb, loc, "zpl_main",
                                     FunctionType::get(ctx, {}, {}));
  Block *entry = mainFn.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockEnd(entry);

  // Declarations run in dependency order: config vars and scalars (in
  // program order; their initializers name earlier ones only), grids,
  // distributions, regions, and arrays last. The runtime lays an array out
  // by the distribution of all declared regions bound to it, so every
  // region must be bound first; the regions of array declarations, too,
  // are all evaluated (and bound, for a region literal with a
  // distribution) before the first array is allocated. Grid sizes, block
  // sizes and region bounds read config vars and constants only; array
  // inits read regions too.
  SmallVector<Operation *> scalars, grids, dists, regions, arrays;
  Operation *lastConfig = nullptr;
  for (Operation &op : module.getBody()->getOperations()) {
    if (isa<zpl::ConfigOp, zpl::GlobalOp>(op))
      scalars.push_back(&op);
    else if (isa<zpl::GridDeclOp>(op))
      grids.push_back(&op);
    else if (isa<zpl::DistDeclOp>(op))
      dists.push_back(&op);
    else if (isa<zpl::RegionDeclOp>(op))
      regions.push_back(&op);
    else if (isa<zpl::ArrayDeclOp>(op))
      arrays.push_back(&op);
    if (isa<zpl::ConfigOp>(op))
      lastConfig = &op;
  }

  // Without config vars the grid is still set up first.
  if (!lastConfig)
    call(b, loc, Type(), "zrt_config_done", {});

  for (Operation *decl : scalars) {
    Location dloc = decl->getLoc();
    StringRef name = cast<SymbolOpInterface>(decl).getName();
    auto [cname, ctype] = globals[name];
    FailureOr<SmallVector<Value>> init = cloneInit(b, decl);
    if (failed(init))
      return failure();
    if (auto cfg = dyn_cast<zpl::ConfigOp>(decl)) {
      Type t = cfg.getType();
      Value got = call(b, dloc, t, ("zrt_config_" + typeSuffix(t)).str(),
                       {strAttr(name), init->front()});
      storeGlobal(b, dloc, cname, ctype, got);
      if (decl == lastConfig)
        call(b, dloc, Type(), "zrt_config_done", {});
    } else if (!init->empty()) {
      storeGlobal(b, dloc, cname, ctype, init->front());
    }
  }
  for (Operation *decl : grids)
    if (failed(initGrid(b, cast<zpl::GridDeclOp>(decl))))
      return failure();
  for (Operation *decl : dists)
    if (failed(initDistribution(b, cast<zpl::DistDeclOp>(decl))))
      return failure();
  for (Operation *decl : regions)
    if (failed(initRegion(b, cast<zpl::RegionDeclOp>(decl))))
      return failure();
  SmallVector<Value> arrayRegions;
  for (Operation *decl : arrays) {
    FailureOr<SmallVector<Value>> init = cloneInit(b, decl);
    if (failed(init))
      return failure();
    arrayRegions.push_back(init->front());
  }
  for (auto [decl, region] : llvm::zip(arrays, arrayRegions))
    allocateArray(b, cast<zpl::ArrayDeclOp>(decl), region);

  if (!entryName.empty()) {
    auto f = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        module, StringAttr::get(ctx, entryName));
    if (f.getNumArguments() != 0)
      return f.emitError("the entry procedure must not take arguments");
    func::CallOp::create(b, loc, f.getSymName(), f.getResultTypes(),
                         ValueRange());
  } else {
    module.emitWarning("no zpl.entry attribute and no procedure 'main': "
                       "zpl_main only initialises the globals");
  }
  func::ReturnOp::create(b, loc);
  // zpl_main now names the entry; the attribute would dangle.
  module->removeAttr("zpl.entry");

  for (auto *group : {&scalars, &grids, &dists, &regions, &arrays})
    for (Operation *decl : *group)
      decl->erase();
  return success();
}

FailureOr<SmallVector<Value>> Lowering::cloneInit(OpBuilder &b,
                                                  Operation *decl) {
  Region &init = decl->getRegion(0);
  SmallVector<Value> values;
  if (init.empty())
    return values;
  IRMapping map;
  Block &blk = init.front();
  for (Operation &inner : blk.without_terminator())
    b.clone(inner, map);
  auto yield = cast<zpl::YieldOp>(blk.getTerminator());
  for (Value v : yield.getValues())
    values.push_back(map.lookupOrDefault(v));
  bool single = !isa<zpl::GridDeclOp, zpl::DistDeclOp>(decl);
  if (single && values.size() != 1)
    return decl->emitError("init body must yield one value");
  return values;
}

/// enum zrt_dist_kind of zplrt.h.
static int64_t runtimeDistKind(zpl::DistKind kind) {
  switch (kind) {
  case zpl::DistKind::block: return 0;
  case zpl::DistKind::cyclic: return 1;
  case zpl::DistKind::blockcyclic: return 2;
  case zpl::DistKind::none: return 3;
  }
  llvm_unreachable("unknown distribution kind");
}

LogicalResult Lowering::initGrid(OpBuilder &b, zpl::GridDeclOp grid) {
  Location loc = grid.getLoc();
  FailureOr<SmallVector<Value>> sizes = cloneInit(b, grid);
  if (failed(sizes))
    return failure();
  SmallVector<CArg> args{strAttr(grid.getSymName()), intAttr(sizes->size())};
  for (unsigned d = 0; d < 3; ++d)
    args.push_back(d < sizes->size() ? CArg((*sizes)[d]) : CArg(intAttr(0)));
  auto [cname, ctype] = globals[grid.getSymName()];
  storeGlobal(b, loc, cname, ctype, call(b, loc, i64, "zrt_grid_new", args));
  return success();
}

LogicalResult Lowering::initDistribution(OpBuilder &b, zpl::DistDeclOp dist) {
  Location loc = dist.getLoc();
  FailureOr<SmallVector<Value>> runTimeSizes = cloneInit(b, dist);
  if (failed(runTimeSizes))
    return failure();
  // Grid 0: the default grid of the distribution's rank.
  CArg grid = intAttr(0);
  if (std::optional<StringRef> g = dist.getGrid()) {
    auto it = globals.find(*g);
    if (it == globals.end())
      return dist.emitError("unknown grid @") << *g;
    grid = loadGlobal(b, loc, it->second.first, i64);
  }
  zpl::DistAttr attr = dist.getDist();
  SmallVector<CArg> args{strAttr(dist.getSymName()), grid,
                         intAttr(attr.getRank())};
  unsigned nextRunTime = 0;
  for (unsigned d = 0; d < 3; ++d) {
    if (d >= attr.getRank()) {
      args.append({intAttr(runtimeDistKind(zpl::DistKind::block)), intAttr(0)});
      continue;
    }
    args.push_back(intAttr(runtimeDistKind(attr.getKinds()[d])));
    int64_t k = attr.getBlockSizes()[d];
    if (k == zpl::DistAttr::kDynamicBlockSize)
      args.push_back((*runTimeSizes)[nextRunTime++]);
    else
      args.push_back(intAttr(k));
  }
  auto [cname, ctype] = globals[dist.getSymName()];
  storeGlobal(b, loc, cname, ctype, call(b, loc, i64, "zrt_dist_new", args));
  return success();
}

LogicalResult Lowering::initRegion(OpBuilder &b, zpl::RegionDeclOp rd) {
  Location loc = rd.getLoc();
  StringRef name = rd.getSymName();
  FailureOr<SmallVector<Value>> init = cloneInit(b, rd);
  if (failed(init))
    return failure();
  Value v = init->front();
  auto yield = cast<zpl::YieldOp>(rd.getInit().front().getTerminator());
  if (isUnitStep(yield.getValues().front()))
    unitStepRegions.insert(name);
  if (regionInnerUnit(yield.getValues().front()))
    innerUnitRegions.insert(name);
  // An empty declared region is a run-time error that names it; check
  // before the distribution sees it.
  call(b, loc, Type(), "zrt_region_check", {strAttr(name), v});
  if (std::optional<StringRef> dist = rd.getDist()) {
    FailureOr<Value> bound = bindRegion(b, loc, v, *dist);
    if (failed(bound))
      return rd.emitError("unknown distribution @") << *dist;
    v = *bound;
  } else {
    call(b, loc, Type(), "zrt_dist_add", {v});
  }
  auto [cname, ctype] = globals[name];
  storeGlobal(b, loc, cname, ctype, v);
  return success();
}

FailureOr<Value> Lowering::bindRegion(OpBuilder &b, Location loc, Value region,
                                      StringRef dist) {
  auto it = globals.find(dist);
  if (it == globals.end())
    return failure();
  Value id = loadGlobal(b, loc, it->second.first, i64);
  return call(b, loc, regionTy, "zrt_region_dist", {region, id});
}

void Lowering::allocateArray(OpBuilder &b, zpl::ArrayDeclOp arr, Value region) {
  Location loc = arr.getLoc();
  StringRef name = arr.getSymName();
  zpl::ArrayType at = arr.getArrayType();
  auto yield = cast<zpl::YieldOp>(arr.getInit().front().getTerminator());
  if (regionInnerUnit(yield.getValues().front()))
    innerUnitArrays.insert(name);
  SmallVector<CArg> args{strAttr(name), region,
                         intAttr(typeCode(at.getElementType()))};
  for (unsigned d = 0; d < 3; ++d) {
    auto [lo, hi] = d < at.getRank() ? arr.getFluffOf(d)
                                     : std::pair<int64_t, int64_t>{0, 0};
    args.push_back(intAttr(lo));
    args.push_back(intAttr(hi));
  }
  auto [cname, ctype] = globals[name];
  storeGlobal(b, loc, cname, ctype,
              call(b, loc, arrayTy, "zrt_array_new", args));
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

Lowering::ArrayParts
Lowering::arrayParts(OpBuilder &b, Location loc, Value array, Type elem,
                     unsigned rank, DenseMap<Value, ArrayParts> &cache) {
  auto it = cache.find(array);
  if (it != cache.end())
    return it->second;
  ArrayParts p;
  p.base = call(b, loc, emitc::PointerType::get(elem),
                ("zrt_array_" + typeSuffix(elem)).str(), {array});
  for (unsigned d = 0; d + 1 < rank; ++d)
    p.strides.push_back(
        call(b, loc, i64, "zrt_array_stride", {array, intAttr(d)}));
  // The innermost stride is 1 unless the array may be declared over a
  // region flooding there (stride 0), or is not known (a parameter).
  Value orig = origOf.lookup(array);
  if (rank > 0 && !arrayInnerUnit(orig ? orig : array))
    p.innerStride =
        call(b, loc, i64, "zrt_array_stride", {array, intAttr(rank - 1)});
  cache[array] = p;
  return p;
}

Lowering::Access *Lowering::findAccess(MutableArrayRef<Access> accesses,
                                       const void *key,
                                       ArrayRef<int64_t> off) {
  for (Access &a : accesses)
    if (a.key == key && ArrayRef<int64_t>(a.off) == off)
      return &a;
  return nullptr;
}

Lowering::Access Lowering::makeAccess(OpBuilder &b, Location loc,
                                      const void *key, Value array,
                                      ArrayRef<int64_t> off, Type elem,
                                      unsigned rank,
                                      DenseMap<Value, ArrayParts> &cache) {
  ArrayParts p = arrayParts(b, loc, array, elem, rank, cache);
  Access a;
  a.key = key;
  a.array = array;
  a.off.assign(off.begin(), off.end());
  a.base = p.base;
  a.strides = p.strides;
  // The displacement of the shift in the outer dimensions, sum of
  // off[d] * stride[d], computed before the loop nest; the innermost offset
  // is added as a constant in the innermost loop, so that reads of one row
  // share their row index (as in hand-written C: a[r + j - 1], a[r + j + 1]).
  Value disp;
  auto acc = [&](Value v) { disp = disp ? addI(b, loc, disp, v) : v; };
  for (unsigned d = 0; d + 1 < rank; ++d)
    if (off[d] != 0)
      acc(off[d] == 1 ? p.strides[d]
                      : mulI(b, loc, constI(b, loc, off[d]), p.strides[d]));
  a.disp = disp;
  a.innerOff = rank > 0 ? off[rank - 1] : 0;
  a.innerStride = p.innerStride;
  return a;
}

/// zpl.get of arrays and regions inside a statement body name values that
/// do not change during the statement: move them before it and lower them.
LogicalResult Lowering::hoistBodyGets(Operation *stmt, Operation *before) {
  SmallVector<zpl::GetOp> gets;
  stmt->getRegion(0).walk([&](zpl::GetOp g) {
    if (isa<zpl::ArrayType, zpl::RegionType>(g.getType()))
      gets.push_back(g);
  });
  for (zpl::GetOp g : gets) {
    g->moveBefore(before ? before : stmt);
    if (failed(lowerOp(g)))
      return failure();
  }
  return success();
}

SmallVector<Value> Lowering::buildNest(
    OpBuilder &b, Location loc, Value region, unsigned rank, bool unitStep,
    MutableArrayRef<Access> accesses, ValueRange init,
    function_ref<SmallVector<Value>(OpBuilder &, Location, ArrayRef<Value>,
                                    ValueRange)>
        body,
    function_ref<void(OpBuilder &, Location, ArrayRef<Value>, Value, Value)>
        rowBody) {
  // Steps, hoisted; the bounds are the tile's.
  SmallVector<Value> lbs, ubs, steps;
  Value one = constI(b, loc, 1);
  for (unsigned d = 0; d < rank; ++d)
    steps.push_back(unitStep ? one
                             : call(b, loc, i64, "zrt_region_step",
                                    {region, intAttr(d)}));
  assert((unitStep || !rowBody) && "row bodies need unit steps");
  // The arrays touched; the linear index is built per array and shared by
  // its accesses, which add their constant displacement once per row.
  SmallVector<Access *> arrays;
  SmallVector<unsigned> arrayOf;
  for (Access &a : accesses) {
    auto it = llvm::find_if(arrays, [&](Access *o) { return o->array == a.array; });
    arrayOf.push_back(it - arrays.begin());
    if (it == arrays.end())
      arrays.push_back(&a);
  }
  // The row index each access uses in the innermost loop, kept in a C
  // variable so that --form-expressions does not sink its computation
  // into the innermost loop.
  // Accesses with the same array and outer offsets share one row.
  SmallVector<unsigned> rowOf;
  SmallVector<unsigned> rowLeader; // first access of each row
  for (auto [k, a] : llvm::enumerate(accesses)) {
    auto it = llvm::find_if(rowLeader, [&](unsigned l) {
      const Access &o = accesses[l];
      return o.array == a.array &&
             ArrayRef<int64_t>(o.off).drop_back() ==
                 ArrayRef<int64_t>(a.off).drop_back();
    });
    rowOf.push_back(it - rowLeader.begin());
    if (it == rowLeader.end())
      rowLeader.push_back(k);
  }
  auto rows = [&](OpBuilder &rb, Location rloc, ArrayRef<Value> partial) {
    SmallVector<Value> rowVals;
    for (unsigned l : rowLeader) {
      const Access &a = accesses[l];
      Value row = partial[arrayOf[l]];
      if (a.disp)
        row = addI(rb, rloc, row, a.disp);
      auto lv = emitc::LValueType::get(i64);
      Value var = emitc::VariableOp::create(rb, rloc, lv,
                                            emitc::OpaqueAttr::get(ctx, ""));
      emitc::AssignOp::create(rb, rloc, var, row);
      rowVals.push_back(emitc::LoadOp::create(rb, rloc, i64, var));
    }
    SmallVector<Value> out;
    for (unsigned k = 0; k < accesses.size(); ++k)
      out.push_back(rowVals[rowOf[k]]);
    return out;
  };
  SmallVector<Value> ivs;
  std::function<SmallVector<Value>(OpBuilder &, unsigned, SmallVector<Value>,
                                   SmallVector<Value>, ValueRange)>
      level = [&](OpBuilder &lb, unsigned d, SmallVector<Value> partial,
                  SmallVector<Value> rowIdx,
                  ValueRange acc) -> SmallVector<Value> {
    if (d + 1 == rank && rowBody) {
      // The innermost dimension as a whole row (no accumulators).
      rowBody(lb, loc, rowIdx, lbs[d], ubs[d]);
      return {};
    }
    auto forOp = scf::ForOp::create(
        lb, loc, lbs[d], ubs[d], steps[d], acc,
        [&](OpBuilder &fb, Location floc, Value iv, ValueRange iterArgs) {
          ivs.push_back(iv);
          SmallVector<Value> results;
          if (d + 1 == rank) {
            for (auto [k, a] : llvm::enumerate(accesses)) {
              Value j = a.innerStride ? mulI(fb, floc, iv, a.innerStride) : iv;
              a.index = addI(fb, floc, rowIdx[k], j);
              if (a.innerOff != 0) {
                Value o = constI(fb, floc, a.innerOff);
                if (a.innerStride)
                  o = mulI(fb, floc, o, a.innerStride);
                a.index = addI(fb, floc, a.index, o);
              }
            }
            results = body(fb, floc, ivs, iterArgs);
          } else {
            SmallVector<Value> next;
            for (auto [k, a] : llvm::enumerate(arrays))
              next.push_back(addI(fb, floc, partial[k],
                                  mulI(fb, floc, iv, a->strides[d])));
            SmallVector<Value> nextRows;
            if (d + 2 == rank)
              nextRows = rows(fb, floc, next);
            results = level(fb, d + 1, next, nextRows, iterArgs);
          }
          scf::YieldOp::create(fb, floc, results);
          ivs.pop_back();
        });
    return SmallVector<Value>(forOp.getResults());
  };
  // The tile loop: bounds and array offsets per tile; the accumulators
  // carry over from one tile to the next.
  Value tiles = call(b, loc, i64, "zrt_tiles", {region});
  auto tileLoop = scf::ForOp::create(
      b, loc, constI(b, loc, 0), tiles, one, init,
      [&](OpBuilder &tb, Location tloc, Value t, ValueRange acc) {
        lbs.clear();
        ubs.clear();
        for (unsigned d = 0; d < rank; ++d) {
          lbs.push_back(
              call(tb, tloc, i64, "zrt_tile_lo", {region, t, intAttr(d)}));
          Value hi =
              call(tb, tloc, i64, "zrt_tile_hi", {region, t, intAttr(d)});
          ubs.push_back(addI(tb, tloc, hi, one));
        }
        SmallVector<Value> start;
        for (Access *a : arrays)
          start.push_back(call(tb, tloc, i64, "zrt_array_tile_offset",
                               {a->array, region, t}));
        SmallVector<Value> startRows;
        if (rank == 1)
          startRows = rows(tb, tloc, start);
        scf::YieldOp::create(tb, tloc, level(tb, 0, start, startRows, acc));
      });
  return SmallVector<Value>(tileLoop.getResults());
}

/// Reads (array, offset) of a statement body, in order of appearance.
static void collectReads(Block &block,
                         SmallVectorImpl<std::pair<Value, SmallVector<int64_t, 3>>> &out,
                         unsigned rank) {
  block.walk([&](zpl::ReadOp r) {
    SmallVector<int64_t, 3> off(r.getOffset());
    off.resize(rank, 0);
    for (auto &e : out)
      if (arrayKeyOf(e.first) == arrayKeyOf(r.getArray()) &&
          e.second == off)
        return;
    out.push_back({r.getArray(), off});
  });
}

FailureOr<Value>
Lowering::cloneBody(OpBuilder &b, Block &block, ArrayRef<Value> ivs,
                    MutableArrayRef<Access> accesses,
                    const DenseMap<const void *, Value> *fresh) {
  // Clone the body into the innermost loop, remembering the clones.
  IRMapping map;
  SmallVector<Operation *> clones;
  for (Operation &op : block.without_terminator())
    clones.push_back(b.clone(op, map));
  Value result = map.lookupOrDefault(
      cast<zpl::YieldOp>(block.getTerminator()).getValues().front());

  // Lower the zpl ops among the clones (also inside nested regions).
  SmallVector<Operation *> todo;
  for (Operation *c : clones)
    c->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<zpl::ZPLDialect, ironman::IronmanDialect>(op->getDialect()))
        todo.push_back(op);
    });
  for (Operation *op : todo) {
    OpBuilder ob(op);
    Value repl;
    if (auto r = dyn_cast<zpl::ReadOp>(op)) {
      SmallVector<int64_t, 3> off(r.getOffset());
      off.resize(ivs.size(), 0);
      const void *key = arrayKeyOf(r.getArray());
      if (fresh && !r.isShifted()) {
        auto it = fresh->find(key);
        if (it != fresh->end() && it->second.getType() == r.getType()) {
          // Written at this index earlier in the fused run: the stored
          // value, without reloading it.
          if (op->getResult(0) == result)
            result = it->second;
          op->getResult(0).replaceAllUsesWith(it->second);
          op->erase();
          continue;
        }
      }
      Access *a = findAccess(accesses, key, off);
      if (!a)
        return op->emitError("internal error: a read without its access");
      Type elem = r.getType();
      Value lv = emitc::SubscriptOp::create(
          ob, op->getLoc(), emitc::LValueType::get(elem), a->base,
          ValueRange{a->index});
      repl = emitc::LoadOp::create(ob, op->getLoc(), elem, lv);
    } else if (auto ix = dyn_cast<zpl::IndexOp>(op)) {
      int64_t d = ix.getDim();
      if (d < 0 || d >= (int64_t)ivs.size())
        return op->emitError("index dimension ")
               << d << " is outside the statement's rank " << ivs.size();
      repl = ivs[d];
    } else {
      if (isa<zpl::AssignOp, zpl::ReduceOp, zpl::PartialReduceOp, zpl::ScanOp,
              zpl::FloodOp>(op))
        return op->emitError("a statement cannot nest another");
      if (op->getNumResults() == 1 && op->getResult(0) == result &&
          convertType(result.getType()) != result.getType())
        return op->emitError("a statement body must yield a scalar");
      bool yieldsIt = op->getNumResults() == 1 && op->getResult(0) == result;
      lastReplacement = Value();
      if (failed(lowerOp(op)))
        return failure();
      if (yieldsIt)
        result = lastReplacement;
      continue;
    }
    if (op->getResult(0) == result)
      result = repl;
    op->getResult(0).replaceAllUsesWith(repl);
    op->erase();
  }
  return result;
}

Value Lowering::maskCondition(OpBuilder &nb, Location loc, const Mask &mask,
                              MutableArrayRef<Access> accesses,
                              const DenseMap<const void *, Value> *fresh) {
  const void *key = arrayKeyOf(mask.array);
  Value m;
  if (fresh) {
    auto it = fresh->find(key);
    if (it != fresh->end() && it->second.getType() == i1)
      m = it->second;
  }
  if (!m) {
    unsigned rank = cast<zpl::ArrayType>(mask.array.getType()).getRank();
    SmallVector<int64_t, 3> zero(rank, 0);
    Access *a = findAccess(accesses, key, zero);
    assert(a && "the mask has no access");
    Value lv = emitc::SubscriptOp::create(nb, loc, emitc::LValueType::get(i1),
                                          a->base, ValueRange{a->index});
    m = emitc::LoadOp::create(nb, loc, i1, lv);
  }
  if (mask.without)
    m = emitc::LogicalNotOp::create(nb, loc, i1, m);
  return m;
}

/// Adds (mask, 0) to a statement's reads unless it is there already.
static void addMaskRead(
    Value mask, unsigned rank,
    SmallVectorImpl<std::pair<Value, SmallVector<int64_t, 3>>> &reads) {
  if (!mask)
    return;
  SmallVector<int64_t, 3> zero(rank, 0);
  for (auto &e : reads)
    if (arrayKeyOf(e.first) == arrayKeyOf(mask) && e.second == zero)
      return;
  reads.push_back({mask, zero});
}

LogicalResult Lowering::lowerAssign(zpl::AssignOp op) {
  Location loc = op.getLoc();
  auto at = cast<zpl::ArrayType>(op.getDest().getType());
  unsigned rank = at.getRank();
  Type elem = at.getElementType();
  if (failed(hoistBodyGets(op)))
    return failure();
  OpBuilder b(op);
  Value dest = lookup(op.getDest());
  Value region = alignedRegion(b, loc, lookup(op.getRegion()), op.getDest());
  bool unit = isUnitStep(op.getRegion());
  Mask mask = maskOf(op);
  const void *destKey = arrayKeyOf(op.getDest());
  Block &block = op.getBody().front();

  SmallVector<std::pair<Value, SmallVector<int64_t, 3>>> reads;
  collectReads(block, reads, rank);
  auto shifted = [](ArrayRef<int64_t> off) {
    return llvm::any_of(off, [](int64_t d) { return d != 0; });
  };
  // ZPL: every read sees the old values. Reading the destination at
  // another index needs a temporary.
  bool needTemp = llvm::any_of(reads, [&](auto &r) {
    return arrayKeyOf(r.first) == destKey && shifted(r.second);
  });

  // Storage checks for every shifted read.
  for (auto &[arr, off] : reads)
    if (shifted(off)) {
      SmallVector<CArg> args{lookup(arr), region};
      llvm::append_range(args, dirArgs(off));
      call(b, loc, Type(), "zrt_array_check", args);
    }
  // The mask is read at offset 0, like an unshifted read.
  addMaskRead(mask.array, rank, reads);

  Value target = dest;
  if (needTemp) {
    target = call(b, loc, arrayTy, "zrt_array_temp", {dest});
    origOf[target] = op.getDest(); // the same layout
  }

  DenseMap<Value, ArrayParts> cache;
  SmallVector<Access> accesses;
  // The destination first (index 0); the reads follow. Without a temporary,
  // an unshifted read of the destination shares its access.
  SmallVector<int64_t, 3> zero(rank, 0);
  accesses.push_back(makeAccess(b, loc, needTemp ? nullptr : destKey, target,
                                zero, elem, rank, cache));
  for (auto &[arr, off] : reads) {
    const void *key = arrayKeyOf(arr);
    if (findAccess(accesses, key, off))
      continue;
    Type relem = cast<zpl::ArrayType>(arr.getType()).getElementType();
    accesses.push_back(
        makeAccess(b, loc, key, lookup(arr), off, relem, rank, cache));
  }

  // `A := B` (another array, same element type, no shift, no mask, unit
  // steps): copy whole rows with memmove, as C compilers do with such loops
  // when they can.
  bool rowCopy = false;
  if (!needTemp && !mask.array && unit && accesses.size() == 2 &&
      block.getOperations().size() == 2)
    if (auto r = dyn_cast<zpl::ReadOp>(block.front()))
      rowCopy = !r.isShifted() && r.getType() == elem &&
                cast<zpl::YieldOp>(block.getTerminator()).getValues().front() ==
                    r.getResult();
  rowCopy = rowCopy && !accesses[0].innerStride && !accesses[1].innerStride;
  if (rowCopy) {
    buildNest(
        b, loc, region, rank, unit, accesses, ValueRange(),
        [&](OpBuilder &, Location, ArrayRef<Value>, ValueRange) {
          return SmallVector<Value>();
        },
        [&](OpBuilder &nb, Location nloc, ArrayRef<Value> rowIdx, Value lo,
            Value ub) {
          copyRow(nb, nloc, elem, accesses, rowIdx, lo, ub);
        });
    op.erase();
    return success();
  }

  LogicalResult status = success();
  // The body and the store at the current index.
  auto evalAndStore = [&](OpBuilder &nb, Location nloc, ArrayRef<Value> ivs) {
    FailureOr<Value> v = cloneBody(nb, block, ivs, accesses);
    if (failed(v)) {
      status = failure();
      return;
    }
    nb.setInsertionPointToEnd(nb.getInsertionBlock());
    Value lv = emitc::SubscriptOp::create(
        nb, nloc, emitc::LValueType::get(elem), accesses[0].base,
        ValueRange{accesses[0].index});
    emitc::AssignOp::create(nb, nloc, lv, *v);
  };
  buildNest(b, loc, region, rank, unit, accesses, ValueRange(),
            [&](OpBuilder &nb, Location nloc, ArrayRef<Value> ivs,
                ValueRange) -> SmallVector<Value> {
              if (!mask.array) {
                evalAndStore(nb, nloc, ivs);
                return {};
              }
              Value cond = maskCondition(nb, nloc, mask, accesses, nullptr);
              scf::IfOp::create(nb, nloc, cond,
                                [&](OpBuilder &tb, Location tloc) {
                                  evalAndStore(tb, tloc, ivs);
                                  tb.setInsertionPointToEnd(
                                      tb.getInsertionBlock());
                                  scf::YieldOp::create(tb, tloc);
                                });
              return {};
            });
  if (failed(status))
    return failure();

  if (needTemp) {
    // Copy the temporary back over the region (where the mask allows),
    // then free it.
    SmallVector<Access> copy;
    copy.push_back(makeAccess(b, loc, destKey, dest, zero, elem, rank, cache));
    copy.push_back(makeAccess(b, loc, nullptr, target, zero, elem, rank, cache));
    if (mask.array && arrayKeyOf(mask.array) != destKey)
      copy.push_back(makeAccess(b, loc, arrayKeyOf(mask.array),
                                lookup(mask.array), zero, i1, rank, cache));
    if (mask.array || !unit || copy[0].innerStride) {
      buildNest(b, loc, region, rank, unit, copy, ValueRange(),
                [&](OpBuilder &nb, Location nloc, ArrayRef<Value>,
                    ValueRange) -> SmallVector<Value> {
                  auto store = [&](OpBuilder &sb, Location sloc) {
                    Value src = emitc::LoadOp::create(
                        sb, sloc, elem,
                        emitc::SubscriptOp::create(
                            sb, sloc, emitc::LValueType::get(elem),
                            copy[1].base, ValueRange{copy[1].index}));
                    Value lv = emitc::SubscriptOp::create(
                        sb, sloc, emitc::LValueType::get(elem), copy[0].base,
                        ValueRange{copy[0].index});
                    emitc::AssignOp::create(sb, sloc, lv, src);
                  };
                  if (!mask.array) {
                    store(nb, nloc);
                    return {};
                  }
                  Value cond = maskCondition(nb, nloc, mask, copy, nullptr);
                  scf::IfOp::create(nb, nloc, cond,
                                    [&](OpBuilder &tb, Location tloc) {
                                      store(tb, tloc);
                                      scf::YieldOp::create(tb, tloc);
                                    });
                  return {};
                });
    } else {
      buildNest(
          b, loc, region, rank, unit, copy, ValueRange(),
          [&](OpBuilder &, Location, ArrayRef<Value>, ValueRange) {
            return SmallVector<Value>();
          },
          [&](OpBuilder &nb, Location nloc, ArrayRef<Value> rowIdx, Value lo,
              Value ub) { copyRow(nb, nloc, elem, copy, rowIdx, lo, ub); });
    }
    call(b, loc, Type(), "zrt_array_free", {target});
  }
  op.erase();
  return success();
}

LogicalResult Lowering::lowerReduce(zpl::ReduceOp op) {
  Location loc = op.getLoc();
  auto rt = cast<zpl::RegionType>(op.getRegion().getType());
  unsigned rank = rt.getRank();
  Type t = op.getType();
  if (failed(hoistBodyGets(op)))
    return failure();
  OpBuilder b(op);
  Value region = alignedRegion(b, loc, lookup(op.getRegion()),
                               zpl::getStatementDistArray(op));
  bool unit = isUnitStep(op.getRegion());
  Mask mask = maskOf(op);
  Block &block = op.getBody().front();

  SmallVector<std::pair<Value, SmallVector<int64_t, 3>>> reads;
  collectReads(block, reads, rank);
  for (auto &[arr, off] : reads)
    if (llvm::any_of(off, [](int64_t d) { return d != 0; })) {
      SmallVector<CArg> args{lookup(arr), region};
      llvm::append_range(args, dirArgs(off));
      call(b, loc, Type(), "zrt_array_check", args);
    }
  addMaskRead(mask.array, rank, reads);

  DenseMap<Value, ArrayParts> cache;
  SmallVector<Access> accesses;
  for (auto &[arr, off] : reads) {
    const void *key = arrayKeyOf(arr);
    if (findAccess(accesses, key, off))
      continue;
    Type relem = cast<zpl::ArrayType>(arr.getType()).getElementType();
    accesses.push_back(
        makeAccess(b, loc, key, lookup(arr), off, relem, rank, cache));
  }

  FailureOr<Value> init = reduceInit(b, loc, op);
  if (failed(init))
    return failure();

  zpl::ReduceKind kind = op.getKind();
  LogicalResult status = success();
  // The body and one step of the reduction at the current index.
  auto evalAndStep = [&](OpBuilder &nb, Location nloc, ArrayRef<Value> ivs,
                         Value acc) -> Value {
    FailureOr<Value> vOr = cloneBody(nb, block, ivs, accesses);
    if (failed(vOr)) {
      status = failure();
      return acc;
    }
    nb.setInsertionPointToEnd(nb.getInsertionBlock());
    return reduceStep(nb, nloc, kind, t, acc, *vOr);
  };
  SmallVector<Value> res = buildNest(
      b, loc, region, rank, unit, accesses, ValueRange{*init},
      [&](OpBuilder &nb, Location nloc, ArrayRef<Value> ivs,
          ValueRange acc) -> SmallVector<Value> {
        if (!mask.array)
          return {evalAndStep(nb, nloc, ivs, acc[0])};
        Value cond = maskCondition(nb, nloc, mask, accesses, nullptr);
        // The result type is inferred from the yields.
        auto ifOp = scf::IfOp::create(
            nb, nloc, cond,
            [&](OpBuilder &tb, Location tloc) {
              Value next = evalAndStep(tb, tloc, ivs, acc[0]);
              scf::YieldOp::create(tb, tloc, next);
            },
            [&](OpBuilder &eb, Location eloc) {
              scf::YieldOp::create(eb, eloc, acc[0]);
            });
        return {ifOp.getResult(0)};
      });
  if (failed(status))
    return failure();
  Value total = call(b, loc, t, ("zrt_allreduce_" + typeSuffix(t)).str(),
                     {intAttr(static_cast<int64_t>(kind)), res[0]});
  op.getResult().replaceAllUsesWith(total);
  op.erase();
  return success();
}

FailureOr<Value> Lowering::reduceInit(OpBuilder &b, Location loc,
                                      zpl::ReduceOp op) {
  Type t = op.getType();
  zpl::ReduceKind kind = op.getKind();
  TypedAttr identity;
  auto ft = dyn_cast<FloatType>(t);
  bool isBool = t.isInteger(1);
  auto intId = [&](int64_t v) -> TypedAttr { return IntegerAttr::get(t, v); };
  switch (kind) {
  case zpl::ReduceKind::Add:
    identity = ft ? TypedAttr(FloatAttr::get(ft, 0.0)) : intId(0);
    break;
  case zpl::ReduceKind::Mul:
    identity = ft ? TypedAttr(FloatAttr::get(ft, 1.0)) : intId(1);
    break;
  case zpl::ReduceKind::Max:
    identity = ft ? TypedAttr(FloatAttr::get(
                        t, APFloat::getInf(ft.getFloatSemantics(), true)))
               : isBool ? intId(0)
                        : intId(std::numeric_limits<int64_t>::min());
    break;
  case zpl::ReduceKind::Min:
    identity = ft ? TypedAttr(FloatAttr::get(
                        t, APFloat::getInf(ft.getFloatSemantics(), false)))
               : isBool ? intId(1)
                        : intId(std::numeric_limits<int64_t>::max());
    break;
  case zpl::ReduceKind::And:
  case zpl::ReduceKind::Or:
    if (!isBool)
      return op.emitError("and<< and or<< need a boolean operand");
    identity = intId(kind == zpl::ReduceKind::And ? 1 : 0);
    break;
  }
  // C has no literal for INT64_MIN (-9223372036854775808 is unsigned
  // 9223372036854775808 negated): name the limits.
  auto ia = dyn_cast<IntegerAttr>(identity);
  if (ia && !isBool && ia.getInt() == std::numeric_limits<int64_t>::min())
    return Value(emitc::LiteralOp::create(b, loc, t, "INT64_MIN"));
  if (ia && !isBool && ia.getInt() == std::numeric_limits<int64_t>::max())
    return Value(emitc::LiteralOp::create(b, loc, t, "INT64_MAX"));
  return Value(arith::ConstantOp::create(b, loc, t, identity));
}

Value Lowering::reduceStep(OpBuilder &nb, Location nloc, zpl::ReduceKind kind,
                           Type t, Value a, Value v) {
  auto ft = dyn_cast<FloatType>(t);
  bool isBool = t.isInteger(1);
  switch (kind) {
  case zpl::ReduceKind::Add:
    return ft ? Value(arith::AddFOp::create(nb, nloc, a, v))
           : isBool ? Value(arith::OrIOp::create(nb, nloc, a, v))
                    : Value(arith::AddIOp::create(nb, nloc, a, v));
  case zpl::ReduceKind::Mul:
    return ft ? Value(arith::MulFOp::create(nb, nloc, a, v))
           : isBool ? Value(arith::AndIOp::create(nb, nloc, a, v))
                    : Value(arith::MulIOp::create(nb, nloc, a, v));
  case zpl::ReduceKind::Max:
  case zpl::ReduceKind::Min: {
    if (isBool)
      return kind == zpl::ReduceKind::Max
                 ? Value(arith::OrIOp::create(nb, nloc, a, v))
                 : Value(arith::AndIOp::create(nb, nloc, a, v));
    // `v > a ? v : a` in C (a NaN element is skipped).
    auto pred = kind == zpl::ReduceKind::Max ? emitc::CmpPredicate::gt
                                             : emitc::CmpPredicate::lt;
    Value c = emitc::CmpOp::create(nb, nloc, i1, pred, v, a);
    return emitc::ConditionalOp::create(nb, nloc, t, c, v, a);
  }
  case zpl::ReduceKind::And:
    return arith::AndIOp::create(nb, nloc, a, v);
  case zpl::ReduceKind::Or:
    return arith::OrIOp::create(nb, nloc, a, v);
  }
  llvm_unreachable("unknown reduction kind");
}


//===----------------------------------------------------------------------===//
// Partial reductions, scans and floods
//===----------------------------------------------------------------------===//
//
// h = zrt_preduce_begin(dst, dr, sr, op) / zrt_scan_begin(dst, r, op, dim) /
// zrt_flood_begin(dst, dr, sr); then a nest over the source region (r for
// a scan) that evaluates the body and stores its value v at
// buf[x], x = zrt_collect_offset(h) + sum_d i_d * zrt_collect_stride(h, d),
// buf = zrt_collect_<type>(h): `buf[x] = buf[x] op v` for a partial
// reduction, `buf[x] = v` for a scan or a flood; then the matching _end,
// which combines the PEs' contributions and stores into dst.

LogicalResult Lowering::lowerCollect(Operation *op) {
  Location loc = op->getLoc();
  if (failed(hoistBodyGets(op)))
    return failure();
  OpBuilder b(op);
  Value zdest, zsource;
  std::optional<zpl::ReduceKind> combine;
  auto pr = dyn_cast<zpl::PartialReduceOp>(op);
  auto sc = dyn_cast<zpl::ScanOp>(op);
  auto fl = dyn_cast<zpl::FloodOp>(op);
  zdest = pr ? pr.getDest() : sc ? sc.getDest() : fl.getDest();
  zsource = pr ? pr.getSource() : sc ? sc.getRegion() : fl.getSource();
  unsigned rank = cast<zpl::RegionType>(zsource.getType()).getRank();
  Type elem = cast<zpl::ArrayType>(zdest.getType()).getElementType();
  // The runtime decides which PE contributed each element from the source
  // region it is given: the same aligned value the nest below iterates.
  Value region = alignedRegion(b, loc, lookup(zsource), zdest);
  StringRef endFn;
  Value h;
  if (pr) {
    combine = pr.getKind();
    endFn = "zrt_preduce_end";
    h = call(b, loc, collectTy, "zrt_preduce_begin",
             {lookup(zdest), lookup(pr.getRegion()), region,
              intAttr(static_cast<int64_t>(pr.getKind()))});
  } else if (sc) {
    endFn = "zrt_scan_end";
    h = call(b, loc, collectTy, "zrt_scan_begin",
             {lookup(zdest), region,
              intAttr(static_cast<int64_t>(sc.getKind())),
              intAttr(sc.getDim())});
  } else {
    endFn = "zrt_flood_end";
    h = call(b, loc, collectTy, "zrt_flood_begin",
             {lookup(zdest), lookup(fl.getRegion()), region});
  }
  Block &block = op->getRegion(0).front();

  SmallVector<std::pair<Value, SmallVector<int64_t, 3>>> reads;
  collectReads(block, reads, rank);
  for (auto &[arr, off] : reads)
    if (llvm::any_of(off, [](int64_t d) { return d != 0; })) {
      SmallVector<CArg> args{lookup(arr), region};
      llvm::append_range(args, dirArgs(off));
      call(b, loc, Type(), "zrt_array_check", args);
    }

  // The collection buffer, hoisted.
  Value buf = call(b, loc, emitc::PointerType::get(elem),
                   ("zrt_collect_" + typeSuffix(elem)).str(), {h});
  Value bufOff = call(b, loc, i64, "zrt_collect_offset", {h});
  SmallVector<Value, 3> bufStrides;
  for (unsigned d = 0; d < rank; ++d)
    bufStrides.push_back(call(b, loc, i64, "zrt_collect_stride", {h, intAttr(d)}));

  DenseMap<Value, ArrayParts> cache;
  SmallVector<Access> accesses;
  for (auto &[arr, off] : reads) {
    const void *key = arrayKeyOf(arr);
    if (findAccess(accesses, key, off))
      continue;
    Type relem = cast<zpl::ArrayType>(arr.getType()).getElementType();
    accesses.push_back(
        makeAccess(b, loc, key, lookup(arr), off, relem, rank, cache));
  }

  LogicalResult status = success();
  buildNest(b, loc, region, rank, isUnitStep(zsource), accesses, ValueRange(),
            [&](OpBuilder &nb, Location nloc, ArrayRef<Value> ivs,
                ValueRange) -> SmallVector<Value> {
              FailureOr<Value> v = cloneBody(nb, block, ivs, accesses);
              if (failed(v)) {
                status = failure();
                return {};
              }
              nb.setInsertionPointToEnd(nb.getInsertionBlock());
              Value x = bufOff;
              for (unsigned d = 0; d < rank; ++d)
                x = addI(nb, nloc, x, mulI(nb, nloc, ivs[d], bufStrides[d]));
              Value lv = emitc::SubscriptOp::create(
                  nb, nloc, emitc::LValueType::get(elem), buf, ValueRange{x});
              Value nv = *v;
              if (combine) {
                Value old = emitc::LoadOp::create(nb, nloc, elem, lv);
                nv = reduceStep(nb, nloc, *combine, elem, old, *v);
              }
              emitc::AssignOp::create(nb, nloc, lv, nv);
              return {};
            });
  if (failed(status))
    return failure();
  call(b, loc, Type(), endFn, {h});
  op->erase();
  return success();
}

//===----------------------------------------------------------------------===//
// Statement fusion
//===----------------------------------------------------------------------===//
//
// A maximal run S1..Sk (k >= 2) of zpl.assign / zpl.reduce ops that are
// consecutive in one block becomes ONE loop nest over their common
// iteration space, which executes at each index the statements' bodies in
// order. Between the statements only ops with no memory effects and no
// regions are allowed, whose operands are all defined before S1 (or by such
// ops before them in the run); they move before the fused nest. The run is
// fused when:
//   1. all statements are over the same region SSA value;
//   2. no statement needs the temporary: none reads its own destination at
//      a nonzero offset;
//   3. for i < j: Sj reads an array written by Si only at offset 0 (it
//      then sees Si's value at the same index, as in the unfused order);
//   4. for i < j: Si reads an array written by Sj only at offset 0 (so no
//      index is overwritten by Sj before Si has read it);
//   5. no statement's body uses the result of an earlier reduction of the
//      run (a reduction is complete only after its loop), and no op between
//      the statements uses such a result (implied by the operand rule
//      above);
//   6. arrays are identified by their declaration, traced through
//      `zpl.get @sym`; a statement with an array that cannot be traced (a
//      procedure argument, a local array, ...) takes part in no run;
//   7. the statements that have an array to follow (zpl::
//      getStatementDistArray) follow arrays of one distribution: the nest
//      runs over the tiles of that distribution, and every array of the
//      run must be aligned with it.
// A statement's mask counts as a read at offset 0 (rules 3, 4 and 6 apply
// to it); a masked statement runs its body and store (or accumulation)
// under an scf.if at each index, and an array it stores is no longer known
// at the current index for the later statements (they reload it).
// Partial reductions, scans, floods, remaps and transfers end a run.
// A plain copy `[R] A := B` (lowered to memmove rows) takes part in no run
// either: it ends the current one.
//
// Why this is the unfused meaning: at index p, the fused nest runs Si
// before Sj (i < j). Sj's reads of arrays written by Si are at p (rule 3),
// already written by Si at p, as after Si's whole loop; its other reads are
// of arrays no earlier statement writes. Si's reads of arrays written by a
// later Sj are at p (rule 4), not yet written by Sj, as before Sj's loop.
// Reads of a statement's own destination are at p (rule 2), before its
// write at p. Reductions only accumulate; their results are used after the
// nest (rule 5).
//
// Storage checks (zrt_array_check) of all the statements go before the
// nest; each reduction carries its own accumulator through the nest (one
// iter_arg each) and gets its own zrt_allreduce_* after it, in statement
// order. An unshifted read of an array written at the same index earlier in
// the run uses the value just stored instead of reloading it.

/// The declaration an array value names (rule 6), or null.
static StringAttr arraySymbol(Value array) {
  if (auto get = array.getDefiningOp<zpl::GetOp>())
    return get.getNameAttr().getAttr();
  return {};
}

static bool isShiftedOffset(ArrayRef<int64_t> off) {
  return llvm::any_of(off, [](int64_t d) { return d != 0; });
}

/// What the fusion legality test needs of one statement.
struct FusionInfo {
  Operation *op = nullptr;
  Value region;
  StringAttr dest; // null for a reduction
  SmallVector<std::pair<StringAttr, SmallVector<int64_t, 3>>> reads;
  /// The distribution the statement follows; none for a reduction that
  /// reads no array (it runs over its region in any distribution).
  std::optional<zpl::StaticDist> dist;
};

/// Fills `info` for `op`; false if `op` cannot take part in a run (not a
/// statement, an untraceable array, a temporary, a plain copy).
static bool fusionCandidate(Operation *op, FusionInfo &info) {
  Block *body;
  info.op = op;
  if (auto a = dyn_cast<zpl::AssignOp>(op)) {
    info.region = a.getRegion();
    info.dest = arraySymbol(a.getDest());
    if (!info.dest)
      return false; // rule 6
    body = &a.getBody().front();
  } else if (auto r = dyn_cast<zpl::ReduceOp>(op)) {
    info.region = r.getRegion();
    body = &r.getBody().front();
  } else {
    return false;
  }
  bool traced = true;
  if (Value mask = maskOf(op).array) {
    StringAttr sym = arraySymbol(mask);
    if (!sym)
      return false; // rule 6
    unsigned rank = cast<zpl::ArrayType>(mask.getType()).getRank();
    info.reads.push_back({sym, SmallVector<int64_t, 3>(rank, 0)});
  }
  body->walk([&](zpl::ReadOp r) {
    StringAttr sym = arraySymbol(r.getArray());
    if (!sym)
      traced = false;
    info.reads.push_back({sym, SmallVector<int64_t, 3>(r.getOffset())});
  });
  if (!traced)
    return false; // rule 6
  if (Value distArray = zpl::getStatementDistArray(op)) {
    info.dist = zpl::getArrayDist(distArray);
    if (!info.dist->isKnown())
      return false; // rule 7
  }
  if (!info.dest)
    return true;
  // Rule 2: a shifted read of the destination needs the temporary.
  for (auto &[sym, off] : info.reads)
    if (sym == info.dest && isShiftedOffset(off))
      return false;
  // A plain copy keeps its memmove rows (not with a mask).
  if (!maskOf(op).array && body->getOperations().size() == 2)
    if (auto r = dyn_cast<zpl::ReadOp>(body->front()))
      if (!r.isShifted() && arraySymbol(r.getArray()) != info.dest &&
          cast<zpl::YieldOp>(body->getTerminator()).getValues().front() ==
              r.getResult())
        return false;
  return true;
}

/// Rules 1, 3, 4 and 5 for appending `next` to `run`.
static bool canJoinRun(ArrayRef<FusionInfo> run, const FusionInfo &next) {
  if (next.region != run.front().region)
    return false; // rule 1
  for (const FusionInfo &prev : run) {
    if (prev.dist && next.dist && *prev.dist != *next.dist)
      return false; // rule 7
    if (prev.dest)
      for (auto &[sym, off] : next.reads)
        if (sym == prev.dest && isShiftedOffset(off))
          return false; // rule 3
    if (next.dest)
      for (auto &[sym, off] : prev.reads)
        if (sym == next.dest && isShiftedOffset(off))
          return false; // rule 4
    if (auto red = dyn_cast<zpl::ReduceOp>(prev.op))
      for (Operation *user : red.getResult().getUsers())
        if (next.op->isAncestor(user))
          return false; // rule 5
  }
  return true;
}

void Lowering::planFusion() {
  if (!fuse)
    return;
  SmallVector<Block *> blocks;
  module.walk([&](Block *blk) { blocks.push_back(blk); });
  for (Block *blk : blocks) {
    SmallVector<Operation *> ops;
    for (Operation &op : *blk)
      ops.push_back(&op);
    size_t i = 0;
    while (i < ops.size()) {
      SmallVector<FusionInfo> run(1);
      if (!fusionCandidate(ops[i], run.front())) {
        ++i;
        continue;
      }
      Operation *first = ops[i];
      SmallVector<Operation *> hoisted, pending;
      llvm::SmallPtrSet<Operation *, 8> movable;
      // Defined before S1, or by an op that moves before the nest.
      auto definedBefore = [&](Value v) {
        Operation *def = v.getDefiningOp();
        if (!def || def->getBlock() != blk)
          return true; // a block argument or an enclosing block's op
        return def->isBeforeInBlock(first) || movable.contains(def);
      };
      size_t last = i;
      for (size_t j = i + 1; j < ops.size(); ++j) {
        Operation *o = ops[j];
        if (isa<zpl::AssignOp, zpl::ReduceOp>(o)) {
          FusionInfo next;
          if (!fusionCandidate(o, next) || !canJoinRun(run, next))
            break;
          run.push_back(std::move(next));
          llvm::append_range(hoisted, pending);
          pending.clear();
          last = j;
          continue;
        }
        if (o->getNumRegions() == 0 && isMemoryEffectFree(o) &&
            llvm::all_of(o->getOperands(), definedBefore)) {
          pending.push_back(o);
          movable.insert(o);
          continue;
        }
        break;
      }
      if (run.size() < 2) {
        ++i;
        continue;
      }
      FusedRun fr;
      for (const FusionInfo &info : run)
        fr.stmts.push_back(info.op);
      fr.hoisted = std::move(hoisted);
      for (Operation *member : ArrayRef<Operation *>(fr.stmts).drop_front())
        fusedMembers.insert(member);
      fusedRuns[first] = std::move(fr);
      i = last + 1;
    }
  }
}

LogicalResult Lowering::lowerRun(const FusedRun &run) {
  Operation *head = run.stmts.front();
  for (Operation *h : run.hoisted)
    h->moveBefore(head);
  for (Operation *stmt : run.stmts)
    if (failed(hoistBodyGets(stmt, head)))
      return failure();
  SmallVector<Location> locs;
  for (Operation *stmt : run.stmts)
    locs.push_back(stmt->getLoc());
  Location loc = FusedLoc::get(ctx, locs);

  auto regionOf = [](Operation *stmt) -> Value {
    if (auto a = dyn_cast<zpl::AssignOp>(stmt))
      return a.getRegion();
    return cast<zpl::ReduceOp>(stmt).getRegion();
  };
  Value zregion = regionOf(head);
  unsigned rank = cast<zpl::RegionType>(zregion.getType()).getRank();
  // Every statement with an array follows the same distribution (rule 7).
  Value distArray;
  for (Operation *stmt : run.stmts)
    if (!distArray)
      distArray = zpl::getStatementDistArray(stmt);
  SmallVector<int64_t, 3> zero(rank, 0);
  OpBuilder b(head);
  Value region = alignedRegion(b, loc, lookup(zregion), distArray);

  // Storage checks for every distinct shifted read of the run.
  SmallVector<SmallVector<std::pair<Value, SmallVector<int64_t, 3>>>> reads(
      run.stmts.size());
  SmallVector<std::pair<const void *, SmallVector<int64_t, 3>>> checked;
  for (auto [k, stmt] : llvm::enumerate(run.stmts)) {
    collectReads(stmt->getRegion(0).front(), reads[k], rank);
    for (auto &[arr, off] : reads[k]) {
      if (!isShiftedOffset(off))
        continue;
      std::pair<const void *, SmallVector<int64_t, 3>> id{arrayKeyOf(arr),
                                                          off};
      if (llvm::is_contained(checked, id))
        continue;
      checked.push_back(id);
      SmallVector<CArg> args{lookup(arr), region};
      llvm::append_range(args, dirArgs(off));
      call(b, loc, Type(), "zrt_array_check", args);
    }
    addMaskRead(maskOf(stmt).array, rank, reads[k]);
  }

  // One access per (array, offset) of the whole run: each destination at
  // offset 0, then the statement's reads.
  DenseMap<Value, ArrayParts> cache;
  SmallVector<Access> accesses;
  for (auto [k, stmt] : llvm::enumerate(run.stmts)) {
    if (auto a = dyn_cast<zpl::AssignOp>(stmt)) {
      const void *key = arrayKeyOf(a.getDest());
      Type elem = cast<zpl::ArrayType>(a.getDest().getType()).getElementType();
      if (!findAccess(accesses, key, zero))
        accesses.push_back(makeAccess(b, loc, key, lookup(a.getDest()), zero,
                                      elem, rank, cache));
    }
    for (auto &[arr, off] : reads[k]) {
      const void *key = arrayKeyOf(arr);
      if (findAccess(accesses, key, off))
        continue;
      Type relem = cast<zpl::ArrayType>(arr.getType()).getElementType();
      accesses.push_back(
          makeAccess(b, loc, key, lookup(arr), off, relem, rank, cache));
    }
  }

  // One accumulator per reduction, in statement order.
  SmallVector<Value> inits;
  for (Operation *stmt : run.stmts)
    if (auto red = dyn_cast<zpl::ReduceOp>(stmt)) {
      FailureOr<Value> init = reduceInit(b, loc, red);
      if (failed(init))
        return failure();
      inits.push_back(*init);
    }

  LogicalResult status = success();
  SmallVector<Value> res = buildNest(
      b, loc, region, rank, isUnitStep(zregion), accesses, inits,
      [&](OpBuilder &nb, Location nloc, ArrayRef<Value> ivs,
          ValueRange acc) -> SmallVector<Value> {
        // Values stored at this index so far, by array.
        DenseMap<const void *, Value> fresh;
        SmallVector<Value> next;
        for (Operation *stmt : run.stmts) {
          Mask mask = maskOf(stmt);
          // The body and the store (returns null) or the reduction step
          // (returns the new accumulator) of `stmt` at `sb`.
          auto evalStmt = [&](OpBuilder &sb, Location sloc,
                              const DenseMap<const void *, Value> *known)
              -> Value {
            FailureOr<Value> v = cloneBody(sb, stmt->getRegion(0).front(), ivs,
                                           accesses, known);
            if (failed(v)) {
              status = failure();
              return isa<zpl::ReduceOp>(stmt) ? acc[next.size()] : Value();
            }
            sb.setInsertionPointToEnd(sb.getInsertionBlock());
            if (auto a = dyn_cast<zpl::AssignOp>(stmt)) {
              const void *key = arrayKeyOf(a.getDest());
              Access *d = findAccess(accesses, key, zero);
              Type elem =
                  cast<zpl::ArrayType>(a.getDest().getType()).getElementType();
              Value lv = emitc::SubscriptOp::create(
                  sb, sloc, emitc::LValueType::get(elem), d->base,
                  ValueRange{d->index});
              emitc::AssignOp::create(sb, sloc, lv, *v);
              if (!mask.array)
                fresh[key] = *v;
              return Value();
            }
            auto red = cast<zpl::ReduceOp>(stmt);
            return reduceStep(sb, sloc, red.getKind(), red.getType(),
                              acc[next.size()], *v);
          };
          if (!mask.array) {
            Value step = evalStmt(nb, nloc, &fresh);
            if (isa<zpl::ReduceOp>(stmt))
              next.push_back(step);
            if (failed(status))
              return SmallVector<Value>(acc.begin(), acc.end());
            continue;
          }
          Value cond = maskCondition(nb, nloc, mask, accesses, &fresh);
          if (auto a = dyn_cast<zpl::AssignOp>(stmt)) {
            scf::IfOp::create(nb, nloc, cond,
                              [&](OpBuilder &tb, Location tloc) {
                                evalStmt(tb, tloc, &fresh);
                                scf::YieldOp::create(tb, tloc);
                              });
            // Stored only where the mask allows: reload it later.
            fresh.erase(arrayKeyOf(a.getDest()));
          } else {
            Value old = acc[next.size()];
            auto ifOp = scf::IfOp::create(
                nb, nloc, cond,
                [&](OpBuilder &tb, Location tloc) {
                  scf::YieldOp::create(tb, tloc, evalStmt(tb, tloc, &fresh));
                },
                [&](OpBuilder &eb, Location eloc) {
                  scf::YieldOp::create(eb, eloc, old);
                });
            next.push_back(ifOp.getResult(0));
          }
          if (failed(status))
            return SmallVector<Value>(acc.begin(), acc.end());
        }
        return next;
      });
  if (failed(status))
    return failure();

  // The allreduces after the nest, in statement order.
  unsigned k = 0;
  for (Operation *stmt : run.stmts)
    if (auto red = dyn_cast<zpl::ReduceOp>(stmt)) {
      Type t = red.getType();
      Value total =
          call(b, stmt->getLoc(), t, ("zrt_allreduce_" + typeSuffix(t)).str(),
               {intAttr(static_cast<int64_t>(red.getKind())), res[k++]});
      red.getResult().replaceAllUsesWith(total);
    }
  for (Operation *stmt : llvm::reverse(run.stmts))
    stmt->erase();
  return success();
}

//===----------------------------------------------------------------------===//
// IRONMAN
//===----------------------------------------------------------------------===//

Value Lowering::transferCall(OpBuilder &b, Location loc, int64_t id,
                             StringRef fn, Value array, Value region,
                             ArrayRef<int64_t> dir) {
  Value aligned = call(b, loc, regionTy, "zrt_region_align", {region, array});
  SmallVector<CArg> args{intAttr(id), array, aligned};
  llvm::append_range(args, dirArgs(dir));
  return handleCall(b, loc, id, fn, args);
}

Value Lowering::handleCall(OpBuilder &b, Location loc, int64_t id,
                           StringRef fn, ArrayRef<CArg> args) {
  std::string &gname = transferGlobals[id];
  if (gname.empty()) {
    gname = (kTransferPrefix + Twine(id)).str();
    OpBuilder gb(ctx);
    if (lastTransferGlobal)
      gb.setInsertionPointAfter(lastTransferGlobal);
    else
      gb.setInsertionPointToStart(module.getBody());
    lastTransferGlobal = emitc::GlobalOp::create(gb, loc, gname, transferTy,
                            emitc::OpaqueAttr::get(ctx, "NULL"),
                            /*extern=*/false, /*static=*/false,
                            /*const=*/false);
  }
  SmallVector<CArg> withCached{loadGlobal(b, loc, gname, transferTy)};
  llvm::append_range(withCached, args);
  Value h = call(b, loc, transferTy, fn, withCached);
  storeGlobal(b, loc, gname, transferTy, h);
  return h;
}

Value Lowering::remapCall(OpBuilder &b, Location loc, int64_t id, bool gather,
                          Value dst, Value region, Value src,
                          ValueRange indices,
                          std::optional<ArrayRef<int64_t>> permutation,
                          StringRef orientation) {
  // ironman.h: IM_GATHER 0, IM_SCATTER 1; IM_LOADS 0, IM_STORES 1.
  if (permutation) {
    SmallVector<CArg> args{intAttr(id), dst, region, src};
    for (unsigned k = 0; k < 3; ++k)
      args.push_back(intAttr(k < permutation->size() ? (*permutation)[k] : 0));
    args.push_back(intAttr(orientation == "stores" ? 1 : 0));
    return handleCall(b, loc, id, "im_transpose", args);
  }
  SmallVector<CArg> args{intAttr(id), intAttr(gather ? 0 : 1), dst, region,
                         src};
  for (unsigned k = 0; k < 3; ++k)
    args.push_back(k < indices.size()
                       ? indices[k]
                       : Value(emitc::LiteralOp::create(b, loc, arrayTy, "NULL")));
  return handleCall(b, loc, id, "im_remap", args);
}

LogicalResult Lowering::lowerTransfer(ironman::TransferOp op) {
  int64_t id;
  if (auto idAttr = op.getIdAttr())
    id = idAttr.getInt();
  else
    id = nextTransferId++;
  StringRef kind = op.getTransferKind();
  OpBuilder b(op);
  Value h;
  if (kind == "remap" || kind == "transpose") {
    SmallVector<Value> indices;
    for (Value index : op.getIndices())
      indices.push_back(lookup(index));
    h = remapCall(b, op.getLoc(), id, op.isGather(), lookup(op.getDst()),
                  lookup(op.getRegion()), lookup(op.getSrc()), indices,
                  op.getPermutation(), op.getOrientation().value_or("loads"));
  } else if (kind == "redist") {
    h = handleCall(b, op.getLoc(), id, "im_redist",
                   {intAttr(id), lookup(op.getDst()), lookup(op.getSrc()),
                    lookup(op.getRegion())});
  } else {
    StringRef fn = kind == "halo"      ? "im_halo"
                   : kind == "wrap"    ? "im_wrap"
                   : kind == "reflect" ? "im_reflect"
                                       : "";
    if (fn.empty())
      return op.emitError("unknown transfer kind '") << kind << "'";
    h = transferCall(b, op.getLoc(), id, fn, lookup(op.getSrc()),
                     lookup(op.getRegion()), op.getShift());
  }
  if (failed(strategyCall(b, op, op.getStrategy(), h)))
    return failure();
  return replaceOp(op, h);
}

LogicalResult Lowering::strategyCall(OpBuilder &b, Operation *op,
                                     std::optional<StringRef> strategy,
                                     Value h) {
  // The strategy chosen by zpl-select-strategy: the runtime moves the
  // transfer's messages that way (ironman.h: IM_PACKED 0, IM_CHAINED 1).
  if (!strategy)
    return success();
  if (*strategy != "packed" && *strategy != "chained")
    return op->emitError("unknown transfer strategy '") << *strategy << "'";
  call(b, op->getLoc(), Type(), "im_strategy",
       {h, intAttr(*strategy == "chained" ? 1 : 0)});
  return success();
}

/// `im_combine(cached, id, n, member handles...)` on the combine's own
/// static handle: the members (lowered before it) then travel as one.
LogicalResult Lowering::lowerCombine(ironman::CombineOp op) {
  int64_t id = op.getIdAttr() ? op.getIdAttr().getInt() : nextTransferId++;
  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<CArg> args{intAttr(id), intAttr(op.getMembers().size())};
  for (Value member : op.getMembers())
    args.push_back(lookup(member));
  Value h = handleCall(b, loc, id, "im_combine", args);
  if (failed(strategyCall(b, op, op.getStrategy(), h)))
    return failure();
  return replaceOp(op, h);
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

LogicalResult Lowering::lowerOp(Operation *op) {
  Location loc = op->getLoc();
  OpBuilder b(op);
  auto replace = [&](Value v) { return replaceOp(op, v); };

  if (auto get = dyn_cast<zpl::GetOp>(op)) {
    auto it = globals.find(get.getName());
    if (it == globals.end())
      return op->emitError("unknown global @") << get.getName();
    return replace(
        loadGlobal(b, loc, it->second.first, it->second.second));
  }
  if (auto set = dyn_cast<zpl::SetOp>(op)) {
    auto it = globals.find(set.getName());
    if (it == globals.end())
      return op->emitError("unknown global @") << set.getName();
    storeGlobal(b, loc, it->second.first, it->second.second, set.getValue());
    op->erase();
    return success();
  }
  if (auto alloca = dyn_cast<zpl::AllocaOp>(op)) {
    Type t = cast<zpl::RefType>(alloca.getType()).getElementType();
    return replace(emitc::VariableOp::create(
        b, loc, emitc::LValueType::get(t), zeroAttr(t)));
  }
  // A reference is an lvalue (a local, a global) or, for a `var`
  // parameter, a pointer: `p[0]`.
  auto refLValue = [&](Value ref) -> Value {
    Value v = lookup(ref);
    if (isa<emitc::LValueType>(v.getType()))
      return v;
    Type t = cast<zpl::RefType>(ref.getType()).getElementType();
    return emitc::SubscriptOp::create(b, loc, emitc::LValueType::get(t), v,
                                      ValueRange{constI(b, loc, 0)});
  };
  if (auto load = dyn_cast<zpl::LoadOp>(op))
    return replace(
        emitc::LoadOp::create(b, loc, load.getType(), refLValue(load.getRef())));
  if (auto store = dyn_cast<zpl::StoreOp>(op)) {
    emitc::AssignOp::create(b, loc, refLValue(store.getRef()),
                            store.getValue());
    op->erase();
    return success();
  }
  if (auto addr = dyn_cast<zpl::AddressOfOp>(op)) {
    // The global's lvalue; a call taking it passes its address.
    auto it = globals.find(addr.getName());
    if (it == globals.end())
      return op->emitError("unknown global @") << addr.getName();
    return replace(emitc::GetGlobalOp::create(
        b, loc, emitc::LValueType::get(it->second.second), it->second.first));
  }
  if (auto mk = dyn_cast<zpl::MakeRegionOp>(op)) {
    auto rt = cast<zpl::RegionType>(mk.getType());
    SmallVector<CArg> args{intAttr(rt.getRank())};
    for (unsigned d = 0; d < 3; ++d) {
      if (d < rt.getRank()) {
        args.push_back(mk.getLows()[d]);
        args.push_back(mk.getHighs()[d]);
      } else {
        args.push_back(intAttr(0));
        args.push_back(intAttr(0));
      }
    }
    Value r = call(b, loc, regionTy, "zrt_region_make", args);
    if (std::optional<ArrayRef<int64_t>> flood = mk.getFlood())
      for (int64_t d : *flood)
        r = call(b, loc, regionTy, "zrt_region_flood", {r, intAttr(d)});
    if (std::optional<StringRef> dist = mk.getDist()) {
      FailureOr<Value> bound = bindRegion(b, loc, r, *dist);
      if (failed(bound))
        return op->emitError("unknown distribution @") << *dist;
      r = *bound;
    }
    return replace(r);
  }
  if (auto der = dyn_cast<zpl::DeriveRegionOp>(op)) {
    StringRef fn;
    switch (der.getKind()) {
    case zpl::DeriveKind::of: fn = "zrt_region_of"; break;
    case zpl::DeriveKind::in: fn = "zrt_region_in"; break;
    case zpl::DeriveKind::at: fn = "zrt_region_at"; break;
    case zpl::DeriveKind::by: fn = "zrt_region_by"; break;
    }
    SmallVector<CArg> args{lookup(der.getBase())};
    llvm::append_range(args, dirArgs(der.getDirection()));
    return replace(call(b, loc, regionTy, fn, args));
  }
  if (auto expand = dyn_cast<zpl::ExpandRegionOp>(op)) {
    // zrt_region_make from the base's bounds, widened.
    Value base = lookup(expand.getBase());
    unsigned rank = expand.getType().getRank();
    ArrayRef<int64_t> widths = expand.getWidths();
    SmallVector<CArg> args{intAttr(rank)};
    for (unsigned d = 0; d < 3; ++d) {
      if (d >= rank) {
        args.append({intAttr(0), intAttr(0)});
        continue;
      }
      Value lo = call(b, loc, i64, "zrt_region_lo", {base, intAttr(d)});
      Value hi = call(b, loc, i64, "zrt_region_hi", {base, intAttr(d)});
      args.push_back(Value(emitc::SubOp::create(
          b, loc, i64, lo, constI(b, loc, widths[2 * d]))));
      args.push_back(addI(b, loc, hi, constI(b, loc, widths[2 * d + 1])));
    }
    return replace(call(b, loc, regionTy, "zrt_region_make", args));
  }
  if (auto assign = dyn_cast<zpl::AssignOp>(op))
    return lowerAssign(assign);
  if (auto red = dyn_cast<zpl::ReduceOp>(op))
    return lowerReduce(red);
  if (isa<zpl::PartialReduceOp, zpl::ScanOp, zpl::FloodOp>(op))
    return lowerCollect(op);
  if (auto bnd = dyn_cast<zpl::BoundaryOp>(op)) {
    // Without zpl-gen-comm: the transfer and its four state calls here.
    Value h = transferCall(
        b, loc, nextTransferId++,
        bnd.getKind() == zpl::BoundaryKind::wrap ? "im_wrap" : "im_reflect",
        lookup(bnd.getArray()), lookup(bnd.getRegion()), bnd.getDirection());
    for (StringRef fn : {"im_dr", "im_sr", "im_dn", "im_sv"})
      call(b, loc, Type(), fn, {h});
    op->erase();
    return success();
  }
  if (auto redist = dyn_cast<zpl::RedistributeOp>(op)) {
    // Without zpl-gen-comm: the transfer and its four state calls here.
    int64_t id = nextTransferId++;
    Value h = handleCall(b, loc, id, "im_redist",
                         {intAttr(id), lookup(redist.getDest()),
                          lookup(redist.getSource()),
                          lookup(redist.getRegion())});
    for (StringRef fn : {"im_dr", "im_sr", "im_dn", "im_sv"})
      call(b, loc, Type(), fn, {h});
    op->erase();
    return success();
  }
  if (auto remap = dyn_cast<zpl::RemapOp>(op)) {
    // Without zpl-gen-comm: the transfer and its four state calls here.
    SmallVector<Value> indices;
    for (Value index : remap.getIndices())
      indices.push_back(lookup(index));
    Value h = remapCall(b, loc, nextTransferId++,
                        remap.getKind() == zpl::RemapKind::gather,
                        lookup(remap.getDest()), lookup(remap.getRegion()),
                        lookup(remap.getSource()), indices,
                        remap.getPermutation(), "loads");
    for (StringRef fn : {"im_dr", "im_sr", "im_dn", "im_sv"})
      call(b, loc, Type(), fn, {h});
    op->erase();
    return success();
  }
  if (auto local = dyn_cast<zpl::LocalArrayOp>(op)) {
    auto at = cast<zpl::ArrayType>(local.getArray().getType());
    std::optional<ArrayRef<int64_t>> fluff = local.getFluff();
    Value region = lookup(local.getRegion());
    if (Value align = local.getAlign())
      region = call(b, loc, regionTy, "zrt_region_align",
                    {region, lookup(align)});
    SmallVector<CArg> args{strAttr(local.getVarName()), region,
                           intAttr(typeCode(at.getElementType()))};
    for (unsigned k = 0; k < 6; ++k)
      args.push_back(intAttr(fluff && k < fluff->size() ? (*fluff)[k] : 0));
    return replace(call(b, loc, arrayTy, "zrt_array_new", args));
  }
  if (auto fr = dyn_cast<zpl::FreeArrayOp>(op)) {
    call(b, loc, Type(), "zrt_array_free", {lookup(fr.getArray())});
    op->erase();
    return success();
  }
  if (auto ar = dyn_cast<zpl::ArrayRegionOp>(op))
    return replace(
        call(b, loc, regionTy, "zrt_array_region", {lookup(ar.getArray())}));
  if (auto w = dyn_cast<zpl::WriteOp>(op)) {
    Type t = w.getValue().getType();
    StringRef fmt = w.getFormat() ? *w.getFormat() : StringRef();
    call(b, loc, Type(), ("zrt_write_" + typeSuffix(t)).str(),
         {w.getValue(), strAttr(fmt)});
    op->erase();
    return success();
  }
  if (auto w = dyn_cast<zpl::WriteStrOp>(op)) {
    call(b, loc, Type(), "zrt_write_str", {strAttr(w.getText())});
    op->erase();
    return success();
  }
  if (auto w = dyn_cast<zpl::WriteArrayOp>(op)) {
    StringRef fmt = w.getFormat() ? *w.getFormat() : StringRef();
    call(b, loc, Type(), "zrt_write_array",
         {lookup(w.getArray()), lookup(w.getRegion()), strAttr(fmt)});
    op->erase();
    return success();
  }
  if (isa<zpl::WritelnOp>(op)) {
    call(b, loc, Type(), "zrt_writeln", {});
    op->erase();
    return success();
  }
  if (isa<zpl::HaltOp>(op)) {
    call(b, loc, Type(), "zrt_halt", {});
    op->erase();
    return success();
  }
  if (auto t = dyn_cast<ironman::TransferOp>(op))
    return lowerTransfer(t);
  if (auto c = dyn_cast<ironman::CombineOp>(op))
    return lowerCombine(c);
  StringRef stateFn =
      llvm::TypeSwitch<Operation *, StringRef>(op)
          .Case<ironman::DROp>([](auto) { return "im_dr"; })
          .Case<ironman::SROp>([](auto) { return "im_sr"; })
          .Case<ironman::DNOp>([](auto) { return "im_dn"; })
          .Case<ironman::SVOp>([](auto) { return "im_sv"; })
          .Default([](Operation *) { return StringRef(); });
  if (!stateFn.empty()) {
    call(b, loc, Type(), stateFn, {lookup(op->getOperand(0))});
    op->erase();
    return success();
  }
  return op->emitError("cannot lower this operation to loops");
}

void Lowering::chargeStatement(Operation *stmt, Value zregion, Operation *before) {
  auto counts = stmt->getAttrOfType<DictionaryAttr>("zpl.ops");
  if (!counts)
    return;
  OpBuilder b(before);
  SmallVector<CArg> args{lookup(zregion)};
  for (StringRef k : {"ops", "divs", "calls", "loads", "cached", "stores"}) {
    auto v = counts.getAs<IntegerAttr>(k);
    args.push_back(intAttr(v ? v.getInt() : 0));
  }
  call(b, stmt->getLoc(), Type(), "zrt_charge", args);
}

LogicalResult Lowering::lowerOps() {
  // Program order, outer statements first; statement bodies are lowered
  // with their statement.
  SmallVector<Operation *> ops;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isa<zpl::ZPLDialect, ironman::IronmanDialect>(op->getDialect()))
      return WalkResult::advance();
    ops.push_back(op);
    if (isa<zpl::AssignOp, zpl::ReduceOp, zpl::PartialReduceOp, zpl::ScanOp,
            zpl::FloodOp>(op))
      return WalkResult::skip();
    return WalkResult::advance();
  });
  // Transfers without an id are numbered after the largest given one.
  for (Operation *op : ops) {
    IntegerAttr id;
    if (auto t = dyn_cast<ironman::TransferOp>(op))
      id = t.getIdAttr();
    else if (auto c = dyn_cast<ironman::CombineOp>(op))
      id = c.getIdAttr();
    if (id)
      nextTransferId = std::max(nextTransferId, id.getInt() + 1);
  }
  // Fused runs (planned before the declarations were lowered) are lowered
  // at their first statement; the other statements are gone by the time
  // the walk list reaches them.
  for (Operation *op : ops) {
    if (fusedMembers.contains(op))
      continue;
    auto run = fusedRuns.find(op);
    if (run != fusedRuns.end()) {
      // a fused run's statements share the head's region
      Value headRegion = isa<zpl::AssignOp>(op) ? cast<zpl::AssignOp>(op).getRegion()
                                                : cast<zpl::ReduceOp>(op).getRegion();
      for (Operation *stmt : run->second.stmts)
        chargeStatement(stmt, headRegion, op);
      if (failed(lowerRun(run->second)))
        return failure();
      continue;
    }
    if (auto assign = dyn_cast<zpl::AssignOp>(op))
      chargeStatement(op, assign.getRegion(), op);
    else if (auto reduce = dyn_cast<zpl::ReduceOp>(op))
      chargeStatement(op, reduce.getRegion(), op);
    else if (auto scan = dyn_cast<zpl::ScanOp>(op))
      chargeStatement(op, scan.getRegion(), op);
    else if (auto pr = dyn_cast<zpl::PartialReduceOp>(op))
      chargeStatement(op, pr.getSource(), op);
    else if (auto flood = dyn_cast<zpl::FloodOp>(op))
      chargeStatement(op, flood.getSource(), op);
    if (failed(lowerOp(op)))
      return failure();
  }
  passReferencesByAddress();
  return success();
}

void Lowering::passReferencesByAddress() {
  module.walk([&](func::CallOp c) {
    for (OpOperand &o : c->getOpOperands()) {
      auto ref = dyn_cast<zpl::RefType>(o.get().getType());
      if (!ref)
        continue;
      Value v = lookup(o.get());
      if (!isa<emitc::LValueType>(v.getType()))
        continue; // a `var` parameter passed on: already a pointer
      OpBuilder b(c);
      o.set(emitc::ApplyOp::create(
          b, c.getLoc(), emitc::PointerType::get(ref.getElementType()), "&", v));
    }
  });
}

/// Replaces the zpl-typed values by their lowered values and erases the ops
/// that defined them.
void Lowering::finish() {
  for (Operation *op : deferred)
    op->getResult(0).replaceAllUsesWith(vmap.lookup(op->getResult(0)));
  for (Operation *op : llvm::reverse(deferred))
    op->erase();
  deferred.clear();
}

/// Values whose type is still a zpl/ironman type (results of scf ops and
/// calls that carry regions or arrays) get the converted type.
void Lowering::fixRemainingTypes() {
  auto fix = [&](Value v) {
    Type t = convertType(v.getType());
    if (t != v.getType())
      v.setType(t);
  };
  module.walk([&](Operation *op) {
    for (Value r : op->getResults())
      fix(r);
    for (Region &region : op->getRegions())
      for (Block &blk : region)
        for (BlockArgument a : blk.getArguments())
          fix(a);
  });
}

LogicalResult Lowering::run() {
  if (failed(renameProcedures()))
    return failure();
  if (failed(createGlobals()))
    return failure();
  // Fusion looks at the declarations (the distributions of arrays), which
  // buildMain lowers.
  planFusion();
  if (failed(buildMain()))
    return failure();
  if (failed(lowerOps()))
    return failure();
  finish();
  convertSignatures();
  fixRemainingTypes();
  orderFunctions();
  return success();
}

struct LowerToLoopsPass
    : zpl::impl::LowerToLoopsBase<LowerToLoopsPass> {
  using LowerToLoopsBase::LowerToLoopsBase;
  void runOnOperation() override {
    Lowering lowering(getOperation(), fuse);
    if (failed(lowering.run()))
      signalPassFailure();
  }
};

} // namespace
