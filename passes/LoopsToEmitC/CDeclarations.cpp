//===- CDeclarations.cpp - the includes and prototypes of the C file ------===//
//
// zpl-c-declarations, the last step before the C file is printed: the
// module gets `#include "zplrt.h"` and `#include "ironman.h"` (and
// string.h where row copies use memmove), every function a prototype
// after the globals (so procedures may call each other in any order,
// recursively too), and zpl_main, the program's entry (declared in
// zplrt.h), comes first.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "llvm/ADT/StringSet.h"

namespace zpl {
#define GEN_PASS_DEF_CDECLARATIONS
#include "passes/LoopsToEmitC/Passes.h.inc"
} // namespace zpl

using namespace mlir;

namespace {

void addIncludes(ModuleOp module) {
  llvm::StringSet<> have;
  for (auto inc : module.getOps<emitc::IncludeOp>())
    have.insert(inc.getInclude());
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  for (StringRef h : {"zplrt.h", "ironman.h"})
    if (!have.contains(h))
      emitc::IncludeOp::create(b, module.getLoc(), h, /*is_standard_include=*/false);
  bool usesMemmove = false;
  module.walk([&](emitc::CallOpaqueOp c) { usesMemmove |= c.getCallee() == "memmove"; });
  if (usesMemmove && !have.contains("string.h"))
    emitc::IncludeOp::create(b, module.getLoc(), "string.h", /*is_standard_include=*/true);
}

void declareFunctions(ModuleOp module) {
  SmallVector<emitc::FuncOp> funcs(module.getOps<emitc::FuncOp>());
  if (funcs.empty())
    return;
  OpBuilder b(funcs.front());
  for (emitc::FuncOp f : funcs)
    if (f.getSymName() != "zpl_main" && !f.isExternal())
      emitc::DeclareFuncOp::create(b, f.getLoc(), f.getSymName());
  for (emitc::FuncOp f : funcs)
    if (f.getSymName() == "zpl_main")
      f->moveBefore(funcs.front());
}

struct CDeclarationsPass : zpl::impl::CDeclarationsBase<CDeclarationsPass> {
  void runOnOperation() override {
    addIncludes(getOperation());
    declareFunctions(getOperation());
  }
};

} // namespace
