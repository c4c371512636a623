//===- Diagnostics.h - clang-style diagnostics for the ZPL front end ------===//
//
// Messages print as
//   file:line:col: error: message
//   <the source line>
//        ^
// on an llvm::raw_ostream (stderr by default). Usable without exceptions.
//===----------------------------------------------------------------------===//
#ifndef ZPL_FRONTEND_DIAGNOSTICS_H
#define ZPL_FRONTEND_DIAGNOSTICS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>

namespace zpl {

/// A position in a source file; line and column are 1-based (0 = unknown).
struct SourceLoc {
  std::string file;
  unsigned line = 0;
  unsigned col = 0;

  SourceLoc() = default;
  SourceLoc(std::string f, unsigned l, unsigned c)
      : file(std::move(f)), line(l), col(c) {}
  bool isValid() const { return line != 0; }
};

class DiagnosticEngine {
public:
  enum class Severity { Error, Warning, Note };

  explicit DiagnosticEngine(llvm::raw_ostream &os = llvm::errs()) : os(os) {}

  /// Registers the text of a file so diagnostics can quote its lines.
  void addSource(const std::string &file, const std::string &text) {
    sources[file] = text;
  }

  void error(const SourceLoc &loc, const llvm::Twine &msg) {
    report(Severity::Error, loc, msg);
  }
  void warning(const SourceLoc &loc, const llvm::Twine &msg) {
    report(Severity::Warning, loc, msg);
  }
  void note(const SourceLoc &loc, const llvm::Twine &msg) {
    report(Severity::Note, loc, msg);
  }
  /// An error that has no location (e.g. a file that cannot be read).
  void error(const llvm::Twine &msg);
  /// An error that is the compiler's own bug, not the program's: printed as
  /// "internal error: MSG" and counted apart (the fuzz target checks it).
  void internalError(const SourceLoc &loc, const llvm::Twine &msg) {
    ++numInternalErrors;
    report(Severity::Error, loc, "internal error: " + msg);
  }

  void report(Severity sev, const SourceLoc &loc, const llvm::Twine &msg);

  unsigned getNumErrors() const { return numErrors; }
  /// Errors reported with a file:line:col (every rejection of a program
  /// should have at least one).
  unsigned getNumLocatedErrors() const { return numLocatedErrors; }
  unsigned getNumWarnings() const { return numWarnings; }
  unsigned getNumInternalErrors() const { return numInternalErrors; }
  bool hasErrors() const { return numErrors != 0; }

  /// Errors after this many are counted but not printed (0 = no limit);
  /// the first one left out prints "too many errors".
  void setErrorLimit(unsigned n) { errorLimit = n; }
  bool reachedErrorLimit() const {
    return errorLimit != 0 && numErrors >= errorLimit;
  }

private:
  llvm::StringRef getLine(const std::string &file, unsigned line) const;
  void quoteLine(llvm::StringRef line, unsigned col);
  bool suppressed(Severity sev);

  llvm::raw_ostream &os;
  std::map<std::string, std::string> sources;
  unsigned numErrors = 0;
  unsigned numLocatedErrors = 0;
  unsigned numWarnings = 0;
  unsigned numInternalErrors = 0;
  unsigned errorLimit = 20;
  bool quiet = false; // the last error was over the limit (and its notes)
};

} // namespace zpl

#endif // ZPL_FRONTEND_DIAGNOSTICS_H
