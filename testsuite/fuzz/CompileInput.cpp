//===- CompileInput.cpp - the front end to C emission as a fuzz target ----===//
//
// LLVMFuzzerTestOneInput compiles one input the way `zplc --emit=c` does
// (front end, MLIRGen, the -O2 pipeline with strategy selection on the
// T3D description, EmitC to C), in memory, with every diagnostic swallowed.
// Bad input must be rejected with a located error; anything else (a crash,
// a sanitizer report, a rejection that printed nothing) is a finding.
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

/// Counts the errors MLIR reports and whether each had a source location.
struct MLIRErrorCount {
  unsigned errors = 0;
  unsigned unlocated = 0;
};

bool hasFileLocation(mlir::Location loc) {
  bool found = false;
  loc->walk([&](mlir::Location l) {
    if (mlir::isa<mlir::FileLineColLoc>(l))
      found = true;
    return found ? mlir::WalkResult::interrupt() : mlir::WalkResult::advance();
  });
  return found;
}

/// A rejection must say where: the front end's errors carry file:line:col,
/// and so must the errors of MLIRGen and the passes. An input that fails
/// without any located error is reported as a finding.
void requireLocatedError(bool located, const char *stage) {
  if (located)
    return;
  std::fprintf(stderr, "zplc-fuzz: %s rejected the input without a located "
                       "error\n", stage);
  std::abort();
}

int compileToC(const std::string &text) {
  llvm::raw_null_ostream nullStream;
  llvm::raw_ostream &diagStream =
      verbose() ? static_cast<llvm::raw_ostream &>(llvm::errs()) : nullStream;
  zpl::DiagnosticEngine diags(diagStream);
  std::unique_ptr<zpl::ast::Program> program =
      zpl::parseAndCheckString(text, "fuzz.zpl", diags);
  if (!program) {
    requireLocatedError(diags.getNumLocatedErrors() > 0, "the front end");
    return 0;
  }

  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  zpl::loadDialects(context);
  MLIRErrorCount mlirErrors;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error) {
      ++mlirErrors.errors;
      if (!hasFileLocation(d.getLocation()))
        ++mlirErrors.unlocated;
    }
    if (verbose())
      llvm::errs() << d.getLocation() << ": " << d << "\n";
    return mlir::success();
  });

  mlir::OwningOpRef<mlir::ModuleOp> module =
      zpl::buildModule(context, *program, diags);
  if (!module) {
    requireLocatedError(diags.getNumLocatedErrors() > 0, "MLIRGen");
    return 0;
  }

  zpl::SelectStrategyOptions strategyOpts;
  strategyOpts.machine = ZPLC_FUZZ_MACHINE;
  strategyOpts.strategy = "auto";
  mlir::PassManager pm(&context);
  zpl::buildPipeline(pm, zpl::Stage::EmitC, /*optLevel=*/2, strategyOpts);
  if (mlir::failed(pm.run(*module))) {
    requireLocatedError(mlirErrors.errors > mlirErrors.unlocated,
                        "the pass pipeline");
    return 0;
  }

  std::string c;
  llvm::raw_string_ostream os(c);
  if (mlir::failed(mlir::emitc::translateToCpp(*module, os)))
    requireLocatedError(mlirErrors.errors > mlirErrors.unlocated,
                        "C emission");
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
