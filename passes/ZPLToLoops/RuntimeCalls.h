//===- RuntimeCalls.h - calls of the runtime's entry points -----*- C++ -*-===//
//
// The lowering calls the runtime only through `callRuntime`, which takes
// the callee, its result type and its arity from RuntimeCalls.def.
//
//===----------------------------------------------------------------------===//
#ifndef ZPLC_PASSES_ZPLTOLOOPS_RUNTIMECALLS_H
#define ZPLC_PASSES_ZPLTOLOOPS_RUNTIMECALLS_H

#include "mlir/IR/Builders.h"

#include <string>

namespace zpl::loops {

/// The entries of RuntimeCalls.def.
enum class RuntimeFn {
#define ZPL_RUNTIME_CALL(Id, name, result, params) Id,
#define ZPL_RUNTIME_CALL_TYPED(Id, name, result, params) Id,
#include "passes/ZPLToLoops/RuntimeCalls.def"
};

/// One argument of a runtime call: an SSA value or a constant printed
/// inline (an integer or a C string literal).
struct CArg {
  CArg(mlir::Value v) : value(v) {}
  CArg(mlir::Attribute a) : attr(a) {}
  mlir::Value value;
  mlir::Attribute attr;
};

/// `fn(args...)`; `elem` is the element type T of a typed entry (it picks
/// zrt_write_f64 for f64). Returns the call's result, or null for a
/// function returning void (or memmove's pointer, which is never used).
mlir::Value callRuntime(mlir::OpBuilder &b, mlir::Location loc, RuntimeFn fn,
                        llvm::ArrayRef<CArg> args, mlir::Type elem = {});

/// The C name of `fn` (with its type suffix for a typed entry).
std::string runtimeName(RuntimeFn fn, mlir::Type elem = {});

/// The runtime's name suffix for a scalar type: i64, f64, f32, bool.
llvm::StringRef typeSuffix(mlir::Type t);
/// enum zrt_type of zplrt.h for a scalar type.
int64_t typeCode(mlir::Type t);

/// Inline arguments: an int64_t literal, a C string literal.
mlir::Attribute intArg(mlir::MLIRContext *ctx, int64_t v);
mlir::Attribute strArg(mlir::MLIRContext *ctx, llvm::StringRef s);
/// (d0, d1, d2) padded with zeros.
llvm::SmallVector<CArg> dirArgs(mlir::MLIRContext *ctx,
                                llvm::ArrayRef<int64_t> d);

} // namespace zpl::loops

#endif // ZPLC_PASSES_ZPLTOLOOPS_RUNTIMECALLS_H
