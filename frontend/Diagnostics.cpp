//===- Diagnostics.cpp ----------------------------------------------------===//
#include "frontend/Diagnostics.h"

#include <algorithm>

using namespace zpl;

void DiagnosticEngine::error(const llvm::Twine &msg) {
  ++numErrors;
  os << "zplc: error: " << msg << "\n";
  os.flush();
}

/// Past the error limit, errors and the notes attached to them are counted
/// but not printed; the first one left out says so.
bool DiagnosticEngine::suppressed(Severity sev) {
  if (sev == Severity::Error) {
    quiet = errorLimit != 0 && numErrors > errorLimit;
    if (quiet && numErrors == errorLimit + 1) {
      os << "zplc: error: too many errors; stopped reporting after "
         << errorLimit << "\n";
      os.flush();
    }
  } else if (sev == Severity::Warning) {
    quiet = false;
  }
  return quiet;
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
  if (sev == Severity::Error) {
    ++numErrors;
    if (loc.isValid())
      ++numLocatedErrors;
  } else if (sev == Severity::Warning) {
    ++numWarnings;
  }
  if (suppressed(sev))
    return;
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
  if (loc.isValid() && !line.empty())
    quoteLine(line, loc.col);
  os.flush();
}

/// Prints the source line and a caret under column `col`. A line longer
/// than `maxQuoted` bytes is cut to a window around the caret, with "..."
/// where text was left out.
void DiagnosticEngine::quoteLine(llvm::StringRef line, unsigned col) {
  constexpr size_t maxQuoted = 160;
  size_t caretAt = col > 0 ? col - 1 : 0; // byte offset in `line`
  std::string prefix, suffix;
  if (line.size() > maxQuoted) {
    size_t start = caretAt > maxQuoted / 2 ? caretAt - maxQuoted / 2 : 0;
    start = std::min(start, line.size() - std::min(line.size(), maxQuoted));
    size_t end = std::min(line.size(), start + maxQuoted);
    // Do not cut a UTF-8 character in two.
    auto isContinuation = [&](size_t i) {
      return i < line.size() && (line[i] & 0xC0) == 0x80;
    };
    while (start > 0 && isContinuation(start))
      --start;
    while (isContinuation(end))
      ++end;
    if (start > 0)
      prefix = "...";
    if (end < line.size())
      suffix = "...";
    caretAt = caretAt >= start ? caretAt - start + prefix.size() : 0;
    line = line.slice(start, end);
  }
  os << prefix << line << suffix << "\n";
  // Keep tabs in the caret line so the caret lines up with the source.
  std::string caret(prefix.size(), ' ');
  for (size_t i = prefix.size(); i < caretAt; ++i) {
    size_t inLine = i - prefix.size();
    caret += inLine < line.size() && line[inLine] == '\t' ? '\t' : ' ';
  }
  caret += '^';
  os << caret << "\n";
}
