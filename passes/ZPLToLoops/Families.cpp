//===- Families.cpp - elements of families selected at run time -----------===//
//
// `U{j}` with `j` known only at run time is a zpl.family_element of the
// family's element declarations. Each family so selected gets a C table
// of its elements' values, `zs_<family>[]` (`zrt_array *` or `zrt_region`),
// filled in zpl_main once the elements exist (an array's `zrt_array *`
// never changes: renames exchange storage inside it). A selection is then
// `zs_U[zrt_family_slot(j, first, last, "U", "file:line:col")]`: the
// runtime checks the index (one line, status 2, when it is outside the
// family) and gives its slot, so the C of a statement does not grow with
// the number of elements.
//
//===----------------------------------------------------------------------===//

#include "passes/ZPLToLoops/Lowering.h"

#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace zpl::loops {

/// The family's name: the element `U{0}`'s up to its brace.
static StringRef familyName(ArrayAttr elements) {
  StringRef first = cast<FlatSymbolRefAttr>(elements[0]).getValue();
  return first.take_until([](char c) { return c == '{'; });
}

void createFamilyTables(ModuleOp module, ModuleFacts &facts) {
  OpBuilder b(module.getContext());
  module.walk([&](zpl::FamilyElementOp op) {
    ArrayAttr elements = op.getElements();
    if (facts.familyTables.count(elements))
      return;
    auto last = cast<FlatSymbolRefAttr>(elements[elements.size() - 1]);
    const ModuleFacts::Global *element = facts.lookupGlobal(last.getValue());
    Operation *decl = SymbolTable::lookupSymbolIn(module, last.getAttr());
    if (!element || !decl)
      return; // the op's verifier reports it
    std::string cname = ("zs_" + familyName(elements)).str();
    auto type = emitc::ArrayType::get({int64_t(elements.size())}, element->type);
    b.setInsertionPointAfter(decl);
    emitc::GlobalOp::create(b, op.getLoc(), cname, type, Attribute(),
                            /*extern=*/false, /*static=*/false,
                            /*const=*/false);
    facts.familyTables[elements] = ModuleFacts::Global{cname, type};
  });
}

void fillFamilyTables(OpBuilder &b, Location loc, const ModuleFacts &facts) {
  for (auto &[attr, table] : facts.familyTables) {
    auto elements = cast<ArrayAttr>(attr);
    auto type = cast<emitc::ArrayType>(table.type);
    Value array = emitc::GetGlobalOp::create(b, loc, type, table.cname);
    for (auto [slot, name] : llvm::enumerate(elements)) {
      const ModuleFacts::Global &element =
          *facts.lookupGlobal(cast<FlatSymbolRefAttr>(name).getValue());
      Value lv = emitc::SubscriptOp::create(
          b, loc, emitc::LValueType::get(type.getElementType()), array,
          ValueRange{constI64(b, loc, int64_t(slot))});
      emitc::AssignOp::create(b, loc, lv, loadGlobal(b, loc, element));
    }
  }
}

namespace {

struct FamilyElementLowering : LoweringPattern<zpl::FamilyElementOp> {
  using LoweringPattern::LoweringPattern;
  LogicalResult
  matchAndRewrite(zpl::FamilyElementOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto it = facts.familyTables.find(op.getElements());
    if (it == facts.familyTables.end())
      return op.emitError("no table of the family's elements");
    const ModuleFacts::Global &table = it->second;
    auto type = cast<emitc::ArrayType>(table.type);
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    int64_t first = op.getFirst();
    int64_t last = first + int64_t(op.getElements().size()) - 1;
    // Static inline in zplrt.h (so not in RuntimeCalls.def, whose check
    // redeclares its entries as external functions).
    ArrayAttr args = rewriter.getArrayAttr(
        {rewriter.getIndexAttr(0), intArg(ctx, first), intArg(ctx, last),
         strArg(ctx, familyName(op.getElements())),
         strArg(ctx, sourcePosition(loc))});
    Value slot = emitc::CallOpaqueOp::create(
                     rewriter, loc, TypeRange(rewriter.getI64Type()),
                     "zrt_family_slot", ValueRange{adaptor.getIndex()}, args)
                     .getResult(0);
    Value array = emitc::GetGlobalOp::create(rewriter, loc, type, table.cname);
    Value lv = emitc::SubscriptOp::create(
        rewriter, loc, emitc::LValueType::get(type.getElementType()), array,
        ValueRange{slot});
    rewriter.replaceOp(
        op, emitc::LoadOp::create(rewriter, loc, type.getElementType(), lv));
    return success();
  }
};

} // namespace

void populateFamilyPatterns(const ZPLTypeConverter &types,
                            const ModuleFacts &facts,
                            RewritePatternSet &patterns) {
  patterns.add<FamilyElementLowering>(types, facts);
}

} // namespace zpl::loops
