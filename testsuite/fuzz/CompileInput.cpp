//===- CompileInput.cpp - the front end to C emission as a fuzz target ----===//
//
// LLVMFuzzerTestOneInput compiles one input the way `zplc --emit=c` does
// (front end, MLIRGen, the -O2 pipeline with strategy selection on the
// T3D description, EmitC to C), in memory, with every diagnostic swallowed.
// Bad input must be rejected by the front end with a located error;
// anything else (a crash, a sanitizer report, a rejection that printed
// nothing, an internal error, a program the front end accepted that the
// passes or C emission then reject) is a finding.
//
// The same file links into two programs: zplc-fuzz (libFuzzer, clang with
// -fsanitize=fuzzer) and zplc-fuzz-replay (any compiler; ReplayMain.cpp
// feeds it files, which is how make check keeps fixed crashes fixed).
// Set ZPLC_FUZZ_VERBOSE=1 to see the diagnostics of an input.
//===----------------------------------------------------------------------===//

#include "frontend/Frontend.h"
#include "frontend/MLIRGen.h"
#include "passes/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/Cpp/CppEmitter.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

bool verbose() {
  static const bool on = std::getenv("ZPLC_FUZZ_VERBOSE") != nullptr;
  return on;
}

/// The first error MLIR reports (with its location), if any.
struct MLIRFirstError {
  bool seen = false;
  std::string text;
};

/// A rejection must say where: the front end's errors carry file:line:col,
/// and so must the errors of MLIRGen. An input that fails without any
/// located error is reported as a finding.
void requireLocatedError(bool located, const char *stage) {
  if (located)
    return;
  std::fprintf(stderr, "zplc-fuzz: %s rejected the input without a located "
                       "error\n", stage);
  std::abort();
}

/// Once the front end and MLIRGen accepted a program, the passes and C
/// emission must compile it: their errors are for malformed IR (zpl-opt
/// input), so one here means a check the front end lacks or a pass bug.
[[noreturn]] void rejectedAfterFrontEnd(const char *stage,
                                        const std::string &firstError) {
  std::fprintf(stderr, "zplc-fuzz: %s rejected a program the front end "
                       "accepted: %s\n", stage,
               firstError.empty() ? "(no error reported)" : firstError.c_str());
  std::abort();
}

/// An internal error is the compiler catching its own bug (MLIRGen built
/// a module that does not verify, an exception inside the parser): the
/// input should have been rejected earlier or compiled, so it is a finding
/// too, located or not.
void forbidInternalError(const zpl::DiagnosticEngine &diags, const char *stage) {
  if (diags.getNumInternalErrors() == 0)
    return;
  std::fprintf(stderr, "zplc-fuzz: %s reported an internal error\n", stage);
  std::abort();
}

int compileToC(const std::string &text) {
  llvm::raw_null_ostream nullStream;
  llvm::raw_ostream &diagStream =
      verbose() ? static_cast<llvm::raw_ostream &>(llvm::errs()) : nullStream;
  zpl::DiagnosticEngine diags(diagStream);
  std::unique_ptr<zpl::ast::Program> program =
      zpl::parseAndCheckString(text, "fuzz.zpl", diags);
  forbidInternalError(diags, "the front end");
  if (!program) {
    requireLocatedError(diags.getNumLocatedErrors() > 0, "the front end");
    return 0;
  }

  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  zpl::loadDialects(context);
  MLIRFirstError mlirError;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error && !mlirError.seen) {
      mlirError.seen = true;
      llvm::raw_string_ostream os(mlirError.text);
      os << d.getLocation() << ": " << d;
    }
    if (verbose())
      llvm::errs() << d.getLocation() << ": " << d << "\n";
    return mlir::success();
  });

  mlir::OwningOpRef<mlir::ModuleOp> module =
      zpl::buildModule(context, *program, diags);
  forbidInternalError(diags, "MLIRGen");
  if (!module) {
    requireLocatedError(diags.getNumLocatedErrors() > 0, "MLIRGen");
    return 0;
  }

  zpl::SelectStrategyOptions strategyOpts;
  strategyOpts.machine = ZPLC_FUZZ_MACHINE;
  strategyOpts.strategy = "auto";
  mlir::PassManager pm(&context);
  zpl::buildPipeline(pm, zpl::Stage::EmitC, /*optLevel=*/2, strategyOpts);
  if (mlir::failed(pm.run(*module)))
    rejectedAfterFrontEnd("the pass pipeline", mlirError.text);

  std::string c;
  llvm::raw_string_ostream os(c);
  if (mlir::failed(mlir::emitc::translateToCpp(*module, os)))
    rejectedAfterFrontEnd("C emission", mlirError.text);
  return 0;
}

} // namespace

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
// LLVM's headers poison memory in their allocators when they see ASan; the
// uninstrumented LLVM/MLIR libraries then touch it and ASan reports a false
// use-after-poison. Leaks are reported as usual.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}
#endif
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return compileToC(std::string(reinterpret_cast<const char *>(data), size));
}
