//===- TypeConverter.cpp - zpl types as C types, module facts -------------===//

#include "passes/ZPLToLoops/Lowering.h"

using namespace mlir;

namespace zpl::loops {

ZPLTypeConverter::ZPLTypeConverter(MLIRContext *ctx) {
  regionType = emitc::OpaqueType::get(ctx, "zrt_region");
  arrayType = emitc::PointerType::get(emitc::OpaqueType::get(ctx, "zrt_array"));
  transferType =
      emitc::PointerType::get(emitc::OpaqueType::get(ctx, "im_transfer"));
  collectType =
      emitc::PointerType::get(emitc::OpaqueType::get(ctx, "zrt_collect"));
  // Conversions are tried last added first: the zpl types, then the rest
  // as they are.
  addConversion([](Type t) { return t; });
  addConversion([this](zpl::RegionType) { return regionType; });
  addConversion([this](zpl::ArrayType) { return arrayType; });
  addConversion([this](ironman::TransferType) { return transferType; });
  addConversion([ctx](zpl::IndexedType) -> Type {
    return emitc::PointerType::get(emitc::OpaqueType::get(ctx, "zrt_indexed"));
  });
  addConversion([](zpl::RefType ref) -> Type {
    return emitc::PointerType::get(ref.getElementType());
  });
}

LoopSteps ModuleFacts::stepsOf(Value region, unsigned depth) const {
  unsigned rank = cast<zpl::RegionType>(region.getType()).getRank();
  if (depth > 64)
    return {};
  if (auto get = region.getDefiningOp<zpl::GetOp>()) {
    auto it = regionSteps.find(get.getName());
    return it == regionSteps.end() ? LoopSteps{} : LoopSteps{it->second};
  }
  if (isa_and_nonnull<zpl::MakeRegionOp, zpl::ExpandRegionOp>(
          region.getDefiningOp()))
    return LoopSteps::unit(rank);
  auto der = region.getDefiningOp<zpl::DeriveRegionOp>();
  if (!der)
    return {};
  LoopSteps base = stepsOf(der.getBase(), depth + 1);
  if (der.getKind() != zpl::DeriveKind::by || !base.known)
    return base; // of, in and at keep the base's lattice
  if (!der.getRunTimeDirection().empty() ||
      llvm::any_of(der.getDirection(), [](int64_t s) { return s < 1; }))
    return {}; // a run-time stride, or one the runtime rejects
  for (auto [step, by] : llvm::zip(*base.known, der.getDirection()))
    step *= by;
  return base;
}

bool ModuleFacts::regionInnerUnit(Value region, unsigned depth) const {
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

bool ModuleFacts::regionFloodFree(Value region, unsigned depth) const {
  if (depth > 64)
    return false;
  if (auto get = region.getDefiningOp<zpl::GetOp>())
    return floodFreeRegions.contains(get.getName());
  if (auto mk = region.getDefiningOp<zpl::MakeRegionOp>()) {
    std::optional<ArrayRef<int64_t>> flood = mk.getFlood();
    return !flood || flood->empty();
  }
  if (auto der = region.getDefiningOp<zpl::DeriveRegionOp>())
    return regionFloodFree(der.getBase(), depth + 1);
  return region.getDefiningOp<zpl::ExpandRegionOp>() != nullptr;
}

bool ModuleFacts::arrayFloodFree(Value array) const {
  if (auto get = array.getDefiningOp<zpl::GetOp>())
    return floodFreeArrays.contains(get.getName());
  if (auto local = array.getDefiningOp<zpl::LocalArrayOp>())
    return regionFloodFree(local.getRegion());
  return false;
}

bool ModuleFacts::arrayInnerUnit(Value array) const {
  if (auto get = array.getDefiningOp<zpl::GetOp>())
    return innerUnitArrays.contains(get.getName());
  if (auto local = array.getDefiningOp<zpl::LocalArrayOp>())
    return regionInnerUnit(local.getRegion());
  return false;
}

/// Whether `array` is an entry block argument of a procedure that marks it
/// zpl.may_be_compact (after the conversion of the procedure's signature,
/// the new argument, behind a cast).
static bool isMayBeCompactArg(Value array) {
  if (auto cast = array.getDefiningOp<UnrealizedConversionCastOp>())
    if (cast->getNumOperands() == 1)
      array = cast->getOperand(0);
  auto arg = dyn_cast<BlockArgument>(array);
  if (!arg || !arg.getOwner()->getParent() || !arg.getOwner()->isEntryBlock())
    return false;
  auto func = dyn_cast_or_null<func::FuncOp>(arg.getOwner()->getParentOp());
  return func && func.getArgAttr(arg.getArgNumber(), zpl::kMayBeCompactAttr);
}

bool ModuleFacts::arrayCompact(Value array) const {
  if (auto local = array.getDefiningOp<zpl::LocalArrayOp>())
    return local->hasAttr(zpl::kCompactAttr);
  if (auto get = array.getDefiningOp<zpl::GetOp>())
    return compactArrays.contains(get.getName());
  if (auto element = array.getDefiningOp<zpl::FamilyElementOp>())
    return element->hasAttr(zpl::kMayBeCompactAttr);
  return mayBeCompactParams.contains(array) || isMayBeCompactArg(array);
}

Value constI64(OpBuilder &b, Location loc, int64_t v) {
  Type i64 = b.getI64Type();
  return arith::ConstantOp::create(b, loc, i64, b.getIntegerAttr(i64, v));
}

Value addI64(OpBuilder &b, Location loc, Value x, Value y) {
  return emitc::AddOp::create(b, loc, b.getI64Type(), x, y);
}

Value mulI64(OpBuilder &b, Location loc, Value x, Value y) {
  return emitc::MulOp::create(b, loc, b.getI64Type(), x, y);
}

Value loadGlobal(OpBuilder &b, Location loc, const ModuleFacts::Global &g) {
  Value lv = emitc::GetGlobalOp::create(
      b, loc, emitc::LValueType::get(g.type), g.cname);
  return emitc::LoadOp::create(b, loc, g.type, lv);
}

void storeGlobal(OpBuilder &b, Location loc, const ModuleFacts::Global &g,
                 Value v) {
  Value lv = emitc::GetGlobalOp::create(
      b, loc, emitc::LValueType::get(g.type), g.cname);
  emitc::AssignOp::create(b, loc, lv, v);
}

Attribute zeroAttr(Type t) {
  if (auto ft = dyn_cast<FloatType>(t))
    return FloatAttr::get(ft, 0.0);
  return IntegerAttr::get(t, 0);
}

} // namespace zpl::loops
