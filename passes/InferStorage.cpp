// Placeholder so the library links while the pass is written; replaced by its implementation.
#include "passes/Passes.h"
namespace zpl {
#define GEN_PASS_DEF_INFERSTORAGE
#include "passes/Passes.h.inc"
namespace {
struct InferStoragePass : impl::InferStorageBase<InferStoragePass> {
  void runOnOperation() override {}
};
} // namespace
} // namespace zpl
