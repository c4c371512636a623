// Placeholder so the library links while the pass is written; replaced by its implementation.
#include "passes/Passes.h"
namespace zpl {
#define GEN_PASS_DEF_LEGALIZEFOREMITC
#include "passes/Passes.h.inc"
namespace {
struct LegalizeForEmitCPass : impl::LegalizeForEmitCBase<LegalizeForEmitCPass> {
  void runOnOperation() override {}
};
} // namespace
} // namespace zpl
