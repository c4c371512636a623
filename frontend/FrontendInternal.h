//===- FrontendInternal.h - pieces shared inside the front end -------------===//
//
// Not a public header: it names ANTLR parse-tree types.
//===----------------------------------------------------------------------===//
#ifndef ZPL_FRONTEND_FRONTENDINTERNAL_H
#define ZPL_FRONTEND_FRONTENDINTERNAL_H

#include "frontend/AST.h"
#include "frontend/Diagnostics.h"

#include <memory>
#include <string>

namespace zplgen {
class ZPLParser;
}

namespace zpl {

/// Builds the AST from a successful parse of `program`. Reports (rare)
/// lexical-value errors such as an integer literal that does not fit.
std::unique_ptr<ast::Program>
buildAST(void *programContext, const std::string &file,
         DiagnosticEngine &diags);

/// Runs semantic analysis; returns false if any error was reported.
bool runSema(ast::Program &program, DiagnosticEngine &diags);

} // namespace zpl

#endif
