// Placeholder so the library links while the pass is written; replaced by its implementation.
#include "passes/Passes.h"
namespace zpl {
#define GEN_PASS_DEF_GENERATECOMMUNICATION
#include "passes/Passes.h.inc"
namespace {
struct GenerateCommunicationPass : impl::GenerateCommunicationBase<GenerateCommunicationPass> {
  void runOnOperation() override {}
};
} // namespace
} // namespace zpl
