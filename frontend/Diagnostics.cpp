//===- Diagnostics.cpp ----------------------------------------------------===//
#include "frontend/Diagnostics.h"

using namespace zpl;

void DiagnosticEngine::error(const llvm::Twine &msg) {
  ++numErrors;
  os << "zplc: error: " << msg << "\n";
  os.flush();
}

llvm::StringRef DiagnosticEngine::getLine(const std::string &file,
                                          unsigned line) const {
  auto it = sources.find(file);
  if (it == sources.end() || line == 0)
    return {};
  llvm::StringRef text = it->second;
  for (unsigned l = 1; l < line; ++l) {
    size_t nl = text.find('\n');
    if (nl == llvm::StringRef::npos)
      return {};
    text = text.drop_front(nl + 1);
  }
  size_t end = text.find_first_of("\r\n");
  return text.substr(0, end);
}

void DiagnosticEngine::report(Severity sev, const SourceLoc &loc,
                              const llvm::Twine &msg) {
  if (sev == Severity::Error)
    ++numErrors;
  else if (sev == Severity::Warning)
    ++numWarnings;
  if (loc.isValid())
    os << loc.file << ":" << loc.line << ":" << loc.col << ": ";
  else if (!loc.file.empty())
    os << loc.file << ": ";
  switch (sev) {
  case Severity::Error: os << "error: "; break;
  case Severity::Warning: os << "warning: "; break;
  case Severity::Note: os << "note: "; break;
  }
  os << msg << "\n";
  llvm::StringRef line = getLine(loc.file, loc.line);
  if (loc.isValid() && !line.empty()) {
    os << line << "\n";
    // Keep tabs in the caret line so the caret lines up with the source.
    std::string caret;
    for (unsigned i = 1; i < loc.col && i - 1 < line.size(); ++i)
      caret += line[i - 1] == '\t' ? '\t' : ' ';
    for (unsigned i = line.size() + 1; i < loc.col; ++i)
      caret += ' ';
    caret += '^';
    os << caret << "\n";
  }
  os.flush();
}
