//===- MLIRGenFiles.cpp - open, read and close ----------------------------===//
//
// Files (docs/language.md section 12): `f := open("name", "r")` is
// zpl.file_open; `read(f, x, A)` reads each variable in turn: a scalar
// with zpl.file_read (stored like an assignment), an array over the
// statement's region scope with zpl.file_read_array; `close(f)` is
// zpl.file_close. `write(f, ...)` is generated with the other writes
// (genWrite), between zpl.file_output and zpl.file_output_end.
//===----------------------------------------------------------------------===//
#include "frontend/MLIRGenInternal.h"

namespace zpl {
namespace mlirgen {

Value Generator::genOpen(const CallExpr &e) {
  auto *name = dyn_cast<StringLitExpr>(e.args[0].get());
  auto *mode = dyn_cast<StringLitExpr>(e.args[1].get());
  if (!name || !mode) {
    internal(e.loc, "the arguments of 'open' are not string literals");
    return constInt(loc(e.loc), 0);
  }
  return FileOpenOp::create(b, loc(e.loc), b.getI64Type(),
                            b.getStringAttr(name->value),
                            b.getStringAttr(mode->value));
}

void Generator::genFileStmt(const CallStmt &s) {
  const CallExpr &e = *s.call;
  Location l = loc(e.loc);
  Value file = genExpr(*e.args[0]);
  if (e.builtin == Builtin::Close) {
    FileCloseOp::create(b, l, file);
    return;
  }
  for (size_t i = 1; i < e.args.size(); ++i) {
    auto *n = dyn_cast<NameExpr>(e.args[i].get());
    auto *v = n ? dyn_cast_or_null<VarDecl>(n->decl) : nullptr;
    if (!v) {
      internal(e.args[i]->loc, "'read' into something that is not a variable");
      return;
    }
    Location al = loc(n->loc);
    if (!v->isArray) {
      Value x = FileReadOp::create(b, al, typeOf(v->elemType), file,
                                   b.getStringAttr(v->name));
      storeVar(*v, x, n->loc);
      continue;
    }
    Value region = scopeRegion(s.scope, n->loc);
    Value arr = region ? arrayValue(*v, n->loc) : Value();
    if (arr)
      FileReadArrayOp::create(b, al, file, arr, region, b.getStringAttr(v->name));
  }
}

} // namespace mlirgen
} // namespace zpl
