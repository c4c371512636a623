//===- Frontend.h - public entry point of the ZPL front end ---------------===//
//
// No ANTLR and no exception types here: usable from -fno-exceptions code.
//
//   zpl::DiagnosticEngine diags;            // prints to stderr
//   auto prog = zpl::parseAndCheck(path, diags);
//   if (!prog) return 1;                     // errors already printed
//   zpl::dumpAST(*prog, llvm::outs());
//===----------------------------------------------------------------------===//
#ifndef ZPL_FRONTEND_FRONTEND_H
#define ZPL_FRONTEND_FRONTEND_H

#include "frontend/AST.h"
#include "frontend/Diagnostics.h"

#include <memory>
#include <string>

namespace zpl {

/// Reads, parses and semantically checks the program in `path`. Returns
/// nullptr if anything went wrong (the diagnostics are already printed and
/// counted in `diags`). On success every Sema annotation of AST.h is set.
std::unique_ptr<ast::Program> parseAndCheck(const std::string &path,
                                            DiagnosticEngine &diags);

/// Same, for program text already in memory; `path` names it in messages.
std::unique_ptr<ast::Program> parseAndCheckString(const std::string &text,
                                                  const std::string &path,
                                                  DiagnosticEngine &diags);

} // namespace zpl

#endif // ZPL_FRONTEND_FRONTEND_H
