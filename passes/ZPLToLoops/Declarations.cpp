//===- Declarations.cpp - globals, locals, references, local arrays -------===//
//
// zpl.get/zpl.set of a global read and write its `zg_` variable; a scalar
// local (zpl.alloca) is a C variable. A reference is an lvalue (a local, a
// global) or, for a `var` parameter (!zpl.ref<T>, a `T *`), `p[0]`; a
// call passes a local or a global for a `var` parameter by address. A
// local array is allocated over its region (aligned with the array it is
// `align`ed to) and freed by zpl.free_array. An indexed array is a
// `zrt_indexed *` whose elements are reached through zrt_indexed_at_<type>
// (zrt_indexed_at2_<type> for two dimensions), which checks the indices
// against its bounds.
//
//===----------------------------------------------------------------------===//

#include "passes/ZPLToLoops/Lowering.h"

using namespace mlir;

namespace zpl::loops {
namespace {

/// The lvalue a converted reference stands for, when it is one (a local
/// or a global, seen through the cast to the pointer type of references);
/// null for a `var` parameter's pointer.
Value referencedLValue(Value ref) {
  if (auto cast = ref.getDefiningOp<UnrealizedConversionCastOp>())
    if (cast.getInputs().size() == 1 &&
        isa<emitc::LValueType>(cast.getInputs()[0].getType()))
      return cast.getInputs()[0];
  return isa<emitc::LValueType>(ref.getType()) ? ref : Value();
}

/// The lvalue of a converted reference: itself, or `p[0]`.
Value refLValue(OpBuilder &b, Location loc, Value ref, Type elem) {
  if (Value lv = referencedLValue(ref))
    return lv;
  return emitc::SubscriptOp::create(b, loc, emitc::LValueType::get(elem), ref,
                                    ValueRange{constI64(b, loc, 0)});
}

LogicalResult unknownGlobal(Operation *op, StringRef name) {
  return op->emitError("unknown global @") << name;
}

struct GetLowering : LoweringPattern<zpl::GetOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::GetOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const ModuleFacts::Global *g = facts.lookupGlobal(op.getName());
    if (!g)
      return unknownGlobal(op, op.getName());
    rewriter.replaceOp(op, loadGlobal(rewriter, op.getLoc(), *g));
    return success();
  }
};

struct SetLowering : LoweringPattern<zpl::SetOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::SetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const ModuleFacts::Global *g = facts.lookupGlobal(op.getName());
    if (!g)
      return unknownGlobal(op, op.getName());
    storeGlobal(rewriter, op.getLoc(), *g, adaptor.getValue());
    rewriter.eraseOp(op);
    return success();
  }
};

struct AddressOfLowering : LoweringPattern<zpl::AddressOfOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::AddressOfOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The global's lvalue; a call taking it passes its address.
    const ModuleFacts::Global *g = facts.lookupGlobal(op.getName());
    if (!g)
      return unknownGlobal(op, op.getName());
    rewriter.replaceOp(op, emitc::GetGlobalOp::create(
                               rewriter, op.getLoc(),
                               emitc::LValueType::get(g->type), g->cname));
    return success();
  }
};

struct AllocaLowering : LoweringPattern<zpl::AllocaOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::AllocaOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type t = cast<zpl::RefType>(op.getType()).getElementType();
    rewriter.replaceOp(op, emitc::VariableOp::create(
                               rewriter, op.getLoc(),
                               emitc::LValueType::get(t), zeroAttr(t)));
    return success();
  }
};

struct LoadLowering : LoweringPattern<zpl::LoadOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value lv = refLValue(rewriter, op.getLoc(), adaptor.getRef(), op.getType());
    rewriter.replaceOp(op, emitc::LoadOp::create(rewriter, op.getLoc(),
                                                 op.getType(), lv));
    return success();
  }
};

struct StoreLowering : LoweringPattern<zpl::StoreOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value lv = refLValue(rewriter, op.getLoc(), adaptor.getRef(),
                         op.getValue().getType());
    emitc::AssignOp::create(rewriter, op.getLoc(), lv, adaptor.getValue());
    rewriter.eraseOp(op);
    return success();
  }
};

/// func.call with converted types; a local or a global passed for a `var`
/// parameter is passed by address.
struct CallLowering : LoweringPattern<func::CallOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(func::CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands;
    for (Value v : adaptor.getOperands()) {
      Value lv = referencedLValue(v);
      operands.push_back(
          lv ? emitc::ApplyOp::create(rewriter, op.getLoc(), v.getType(), "&",
                                      lv)
             : v);
    }
    SmallVector<Type> results;
    if (failed(types.convertTypes(op.getResultTypes(), results)))
      return failure();
    rewriter.replaceOpWithNewOp<func::CallOp>(op, op.getCallee(), results,
                                              operands);
    return success();
  }
};

struct LocalArrayLowering : LoweringPattern<zpl::LocalArrayOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::LocalArrayOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    auto at = cast<zpl::ArrayType>(op.getArray().getType());
    std::optional<ArrayRef<int64_t>> fluff = op.getFluff();
    Value region = adaptor.getRegion();
    if (Value align = adaptor.getAlign())
      region = callRuntime(rewriter, loc, RuntimeFn::RegionAlign,
                           {region, align});
    SmallVector<CArg> args{strArg(ctx, op.getVarName()), region,
                           intArg(ctx, typeCode(at.getElementType()))};
    for (unsigned k = 0; k < 6; ++k)
      args.push_back(intArg(ctx, fluff && k < fluff->size() ? (*fluff)[k] : 0));
    rewriter.replaceOp(op, callRuntime(rewriter, loc,
                                       op->hasAttr(zpl::kCompactAttr)
                                           ? RuntimeFn::ArrayNewCompact
                                           : RuntimeFn::ArrayNew,
                                       args));
    return success();
  }
};

struct IndexedNewLowering : LoweringPattern<zpl::IndexedNewOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::IndexedNewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = getContext();
    zpl::IndexedType t = op.getType();
    SmallVector<CArg> args{strArg(ctx, op.getVarName()),
                           intArg(ctx, typeCode(t.getElementType())),
                           intArg(ctx, t.getRank())};
    for (Value bound : adaptor.getBounds())
      args.push_back(bound);
    while (args.size() < 7) // lo1, hi1 of a rank-1 array
      args.push_back(intArg(ctx, 0));
    rewriter.replaceOp(op, callRuntime(rewriter, op.getLoc(),
                                       RuntimeFn::IndexedNew, args));
    return success();
  }
};

/// The lvalue of element `indices` of an indexed array:
/// `zrt_indexed_at_<type>(a, i, "file:line:col")[0]` (rank 1) or
/// `zrt_indexed_at2_<type>(a, i, j, "file:line:col")[0]` (rank 2).
Value indexedElement(OpBuilder &b, Location loc, Value array,
                     ValueRange indices, Type elem) {
  // Static inline in zplrt.h (so not in RuntimeCalls.def, whose check
  // redeclares its entries as external functions).
  MLIRContext *ctx = b.getContext();
  SmallVector<Value> operands{array};
  SmallVector<Attribute> args;
  for (Value i : indices)
    operands.push_back(i);
  for (size_t k = 0; k < operands.size(); ++k)
    args.push_back(b.getIndexAttr(k));
  args.push_back(strArg(ctx, sourcePosition(loc)));
  std::string callee = (indices.size() == 2 ? "zrt_indexed_at2_"
                                            : "zrt_indexed_at_") +
                       typeSuffix(elem).str();
  Value p = emitc::CallOpaqueOp::create(
                b, loc, TypeRange(emitc::PointerType::get(elem)), callee,
                operands, b.getArrayAttr(args))
                .getResult(0);
  return emitc::SubscriptOp::create(b, loc, emitc::LValueType::get(elem), p,
                                    ValueRange{constI64(b, loc, 0)});
}

struct IndexedLoadLowering : LoweringPattern<zpl::IndexedLoadOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::IndexedLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value lv = indexedElement(rewriter, op.getLoc(), adaptor.getArray(),
                              adaptor.getIndices(), op.getType());
    rewriter.replaceOp(op, emitc::LoadOp::create(rewriter, op.getLoc(),
                                                 op.getType(), lv));
    return success();
  }
};

struct IndexedStoreLowering : LoweringPattern<zpl::IndexedStoreOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::IndexedStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value lv = indexedElement(rewriter, op.getLoc(), adaptor.getArray(),
                              adaptor.getIndices(), op.getValue().getType());
    emitc::AssignOp::create(rewriter, op.getLoc(), lv, adaptor.getValue());
    rewriter.eraseOp(op);
    return success();
  }
};

/// `zrt_array_check_lattice(a, r, d0, d1, d2, "file:line:col")`.
struct CheckLatticeLowering : LoweringPattern<zpl::CheckLatticeOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::CheckLatticeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<CArg> args{adaptor.getArray(), adaptor.getRegion()};
    llvm::append_range(args, dirArgs(ctx, op.getOffset()));
    args.push_back(strArg(ctx, sourcePosition(op.getLoc())));
    callRuntime(rewriter, op.getLoc(), RuntimeFn::ArrayCheckLattice, args);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateDeclarationPatterns(const ZPLTypeConverter &types,
                                 const ModuleFacts &facts,
                                 RewritePatternSet &patterns) {
  patterns.add<GetLowering, SetLowering, AddressOfLowering, AllocaLowering,
               LoadLowering, StoreLowering, CallLowering, LocalArrayLowering,
               IndexedNewLowering, IndexedLoadLowering, IndexedStoreLowering,
               CheckLatticeLowering,
               OperandCallLowering<zpl::FreeArrayOp, RuntimeFn::ArrayFree>,
               OperandCallLowering<zpl::IndexedFreeOp, RuntimeFn::IndexedFree>>(
      types, facts);
}

} // namespace zpl::loops
