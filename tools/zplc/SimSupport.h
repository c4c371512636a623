//===- SimSupport.h - what zplc does for --backend=sim ---------*- C++ -*-===//
#ifndef ZPLC_SIMSUPPORT_H
#define ZPLC_SIMSUPPORT_H

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace zplc {

/// Every simulated PE runs in a thread of one process, so each needs its
/// own copy of the program's globals: prefixes each definition of a global
/// of `module` (emitc.global) in the C text with `_Thread_local`. EmitC has
/// no thread-local globals, and the definitions are one line each at file
/// scope; a definition that cannot be found is an error (so a change in
/// the emitter's output cannot silently share a global between PEs).
bool makeGlobalsPeLocal(mlir::ModuleOp module, std::string &cText, std::string &error);

/// Checks that the description at `path` describes a simulated machine
/// and `binding` ("" = its native one) on it.
bool checkSimMachine(const std::string &path, const std::string &binding,
                     std::string &error);

/// The C source zplc compiles with a simulated program: the machine
/// description's text, where it came from, and the binding.
bool simConfigSource(const std::string &path, const std::string &binding, std::string &out,
                     std::string &error);

} // namespace zplc

#endif // ZPLC_SIMSUPPORT_H
