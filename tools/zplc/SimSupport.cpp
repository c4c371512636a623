//===- SimSupport.cpp - what zplc does for --backend=sim -------------------===//

#include "tools/zplc/SimSupport.h"

#include "backends/sim/SimFigures.h"
#include "passes/Passes.h"

#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace zplc {

namespace {
/// The name a one-line file-scope definition declares (`T name = v;`,
/// `T *name;`, `T name[4];`), or "" for anything else (prototypes,
/// preprocessor lines, lines inside functions).
llvm::StringRef declaredName(llvm::StringRef line) {
  if (line.empty() || llvm::isSpace(line.front()) || line.front() == '#' ||
      !line.ends_with(";"))
    return "";
  llvm::StringRef decl = line.drop_back().split(" = ").first.rtrim();
  if (decl.contains('('))
    return "";
  if (decl.ends_with("]")) // a table (Families.cpp in the lowering)
    decl = decl.take_until([](char c) { return c == '['; }).rtrim();
  size_t start = decl.find_last_not_of(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
  return start == llvm::StringRef::npos ? decl : decl.drop_front(start + 1);
}
} // namespace

bool makeGlobalsPeLocal(mlir::ModuleOp module, std::string &cText, std::string &error) {
  llvm::StringSet<> globals;
  for (auto g : module.getOps<mlir::emitc::GlobalOp>())
    globals.insert(g.getSymName());
  std::string out;
  size_t found = 0;
  for (llvm::StringRef rest = cText; !rest.empty();) {
    auto [line, tail] = rest.split('\n');
    rest = tail;
    llvm::StringRef name = declaredName(line);
    if (!name.empty() && globals.contains(name)) {
      ++found;
      for (llvm::StringRef spec : {"static ", "extern "})
        if (line.starts_with(spec)) {
          out += spec.str();
          line = line.drop_front(spec.size());
        }
      out += "_Thread_local ";
    }
    out += line.str();
    out += "\n";
  }
  if (found != globals.size()) {
    error = "internal: found " + std::to_string(found) + " of the " +
            std::to_string(globals.size()) +
            " global definitions to make thread-local in the generated C";
    return false;
  }
  cText = out;
  return true;
}

bool checkSimMachine(const std::string &path, const std::string &binding,
                     std::string &error) {
  std::unique_ptr<zpl::model::Machine> m = zpl::model::Machine::load(path, error);
  if (!m)
    return false;
  zpl::model::SimBinding b;
  if (!zpl::model::readSimBinding(*m, binding, b, error)) {
    if (error.rfind(path, 0) != 0 && error.find("has no binding") == std::string::npos)
      error = path + ": " + error;
    return false;
  }
  return true;
}

bool simConfigSource(const std::string &path, const std::string &binding, std::string &out,
                     std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot open the machine description";
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  out = "/* The simulated machine of this program (zplc --backend=sim). */\n"
        "const char zsim_description[] =\n" +
        zpl::cStringLiteral(text.str()) + ";\nconst char zsim_description_path[] = " + zpl::cStringLiteral(path) +
        ";\nconst char zsim_binding[] = " + zpl::cStringLiteral(binding) + ";\n";
  return true;
}

} // namespace zplc
