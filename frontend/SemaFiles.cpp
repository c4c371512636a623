//===- SemaFiles.cpp - file I/O -------------------------------------------===//
//
// `var f : file;` `f := open("name", "r");` (or "w", "a"), `write(f, ...)`
// and `writeln(f, ...)`, `read(f, x, A, ...)` into scalar variables and
// (under a region scope) parallel arrays, `close(f);` (docs/language.md
// section 12). open, read and close are built-ins unless a procedure takes
// the name.
//===----------------------------------------------------------------------===//
#include "frontend/SemaInternal.h"

namespace zpl {
namespace sema {

void Sema::checkFileArg(Expr &e, const ExprCtx &ctx, const std::string &what) {
  checkExpr(e, ctx);
  if (e.type != ScalarType::Invalid && e.type != ScalarType::File)
    error(e.loc, what + " must be a file (have " + toString(e.type) + ")");
}

void Sema::checkReadTarget(Expr &e, const ExprCtx &ctx) {
  auto *n = dyn_cast<NameExpr>(&e);
  if (!n) {
    error(e.loc, "'read' stores into variables: this argument is not a variable name");
    return;
  }
  Decl *d = lookupName(*n, ctx);
  if (!d)
    return;
  n->decl = d;
  auto *v = dyn_cast<VarDecl>(d);
  if (!v || v->kind == Decl::Constant || v->kind == Decl::ConfigVar) {
    error(n->loc, std::string("cannot read into ") + d->kindName() + " '" + n->name +
                      "'");
    return;
  }
  checkExpr(e, ctx);
  if (e.type == ScalarType::File)
    error(n->loc, "cannot read into file '" + n->name + "'");
}

void Sema::checkFileBuiltin(CallExpr &e, const ExprCtx &ctx, bool asStatement) {
  std::string name = "'" + e.callee + "'";
  e.type = ScalarType::Void;
  if (e.builtin == Builtin::Open) {
    if (asStatement)
      error(e.loc, "the file 'open' returns is unused (write f := open(...))");
    if (e.args.size() != 2) {
      error(e.loc, "'open' takes 2 arguments: a file name and a mode (\"r\", \"w\" or \"a\")");
      e.type = ScalarType::Invalid; // reported: no "cannot assign a void value"
      return;
    }
    for (auto &a : e.args)
      if (!isa<StringLitExpr>(a.get()))
        error(a->loc, "the arguments of 'open' are string literals");
    if (auto *mode = dyn_cast<StringLitExpr>(e.args[1].get()))
      if (mode->value != "r" && mode->value != "w" && mode->value != "a")
        error(mode->loc, "unknown file mode \"" + mode->value +
                             "\" (expected \"r\", \"w\" or \"a\")");
    for (auto &a : e.args)
      a->type = ScalarType::String;
    e.type = ScalarType::File;
    return;
  }
  if (!asStatement) {
    error(e.loc, name + " is a statement; it has no value");
    e.type = ScalarType::Invalid;
    return;
  }
  size_t least = e.builtin == Builtin::Read ? 2 : 1;
  if (e.args.size() < least || (e.builtin == Builtin::Close && e.args.size() != 1)) {
    error(e.loc, e.builtin == Builtin::Read
                     ? "'read' takes a file and the variables to read into"
                     : "'close' takes one argument, the file");
    return;
  }
  checkFileArg(*e.args[0], ctx, "the first argument of " + name);
  for (size_t i = 1; i < e.args.size(); ++i)
    checkReadTarget(*e.args[i], ctx);
}

void Sema::checkWriteFile(WriteStmt &ws, const ExprCtx &ctx) {
  if (ws.args.empty() || ws.args[0].value->kind != Expr::Name)
    return;
  auto *n = cast<NameExpr>(ws.args[0].value.get());
  auto *v = dyn_cast_or_null<VarDecl>(lookup(n->name));
  if (!v || v->elemType != ScalarType::File || v->isArray)
    return;
  checkExpr(*n, ctx);
  if (ws.args[0].hasFormat)
    error(n->loc, "a format applies to a number or a boolean, not a file");
  ws.file = std::move(ws.args[0].value);
  ws.args.erase(ws.args.begin());
}

} // namespace sema
} // namespace zpl
