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

bool ModuleFacts::isUnitStep(Value region, unsigned depth) const {
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

bool ModuleFacts::arrayInnerUnit(Value array) const {
  if (auto get = array.getDefiningOp<zpl::GetOp>())
    return innerUnitArrays.contains(get.getName());
  if (auto local = array.getDefiningOp<zpl::LocalArrayOp>())
    return regionInnerUnit(local.getRegion());
  return false;
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
