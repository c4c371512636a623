//===- Frontend.cpp - parse (ANTLR), build the AST, run Sema ---------------===//
//
// The ANTLR parser runs with exceptions; they never leave this file. The
// first syntax error is reported in clang style and parsing stops.
//===----------------------------------------------------------------------===//
#include "frontend/Frontend.h"
#include "frontend/FrontendInternal.h"

#include "ZPLLexer.h"
#include "ZPLParser.h"
#include "antlr4-runtime.h"

#include <fstream>
#include <sstream>

using namespace zpl;
using P = zplgen::ZPLParser;

namespace {

/// Thrown to stop parsing after the first syntax error has been reported.
struct SyntaxAbort {};

class ZPLErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
  ZPLErrorStrategy(const std::string &file, DiagnosticEngine &diags)
      : file(file), diags(diags) {}

  void reportError(antlr4::Parser *p,
                   const antlr4::RecognitionException &e) override {
    antlr4::misc::IntervalSet expected;
    try {
      expected = e.getExpectedTokens();
    } catch (...) {
      expected = p->getExpectedTokens();
    }
    report(p, e.getOffendingToken() ? e.getOffendingToken() : p->getCurrentToken(),
           expected);
  }
  void recover(antlr4::Parser *, std::exception_ptr) override {
    throw SyntaxAbort();
  }
  antlr4::Token *recoverInline(antlr4::Parser *p) override {
    report(p, p->getCurrentToken(), p->getExpectedTokens());
    return nullptr; // not reached
  }

protected:
  void reportUnwantedToken(antlr4::Parser *p) override {
    report(p, p->getCurrentToken(), p->getExpectedTokens());
  }
  void reportMissingToken(antlr4::Parser *p) override {
    report(p, p->getCurrentToken(), p->getExpectedTokens());
  }

private:
  [[noreturn]] void report(antlr4::Parser *p, antlr4::Token *tok,
                           const antlr4::misc::IntervalSet &expected);
  std::string tokenName(const antlr4::dfa::Vocabulary &voc, size_t t) const;
  std::string found(antlr4::Token *tok) const;

  const std::string &file;
  DiagnosticEngine &diags;
};

std::string ZPLErrorStrategy::tokenName(const antlr4::dfa::Vocabulary &voc,
                                        size_t t) const {
  switch (t) {
  case antlr4::Token::EOF: return "end of file";
  case P::ID: return "identifier";
  case P::INT: return "integer literal";
  case P::REAL: return "real literal";
  case P::STRING: return "string literal";
  default: break;
  }
  std::string lit = voc.getLiteralName(t);
  if (!lit.empty())
    return lit;
  return voc.getDisplayName(t);
}

std::string ZPLErrorStrategy::found(antlr4::Token *tok) const {
  if (tok->getType() == antlr4::Token::EOF)
    return "end of file";
  return "'" + tok->getText() + "'";
}

void ZPLErrorStrategy::report(antlr4::Parser *p, antlr4::Token *tok,
                              const antlr4::misc::IntervalSet &expected) {
  const antlr4::dfa::Vocabulary &voc = p->getVocabulary();
  SourceLoc at(file, tok->getLine(), tok->getCharPositionInLine() + 1);
  if (tok->getType() == antlr4::Token::EOF) {
    // ANTLR puts EOF after the last character; point there.
    at.col = tok->getCharPositionInLine() + 1;
  }
  auto has = [&](size_t t) { return expected.contains(t); };
  std::string msg;

  if (has(P::SEMI)) {
    // clang style: the missing ';' goes right after the previous token.
    msg = "expected ';'";
    auto *stream = p->getTokenStream();
    size_t idx = tok->getTokenIndex();
    if (idx > 0 && idx != INVALID_INDEX) {
      antlr4::Token *prev = stream->get(idx - 1);
      std::string text = prev->getText();
      if (text.find('\n') == std::string::npos) {
        at.line = prev->getLine();
        at.col = prev->getCharPositionInLine() + 1 + text.size();
      }
    }
    if (tok->getType() != antlr4::Token::EOF &&
        at.line == tok->getLine() &&
        at.col == tok->getCharPositionInLine() + 1)
      msg += " before " + found(tok);
  } else if (has(P::INT) && has(P::ID) && has(P::LPAREN)) {
    msg = "expected expression, found " + found(tok);
  } else if (has(P::IF) && has(P::WHILE)) {
    msg = has(P::END) ? "expected statement or 'end', found " + found(tok)
          : has(P::UNTIL) ? "expected statement or 'until', found " + found(tok)
                          : "expected statement, found " + found(tok);
  } else if (has(P::PROCEDURE) && has(P::REGION)) {
    msg = "expected declaration, found " + found(tok);
  } else {
    std::vector<std::string> names;
    for (const auto &iv : expected.getIntervals())
      for (ssize_t t = iv.a; t <= iv.b; ++t)
        names.push_back(tokenName(voc, static_cast<size_t>(t)));
    if (names.empty() || names.size() > 4) {
      msg = "unexpected " + found(tok);
    } else {
      msg = "expected ";
      for (size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
          msg += i + 1 == names.size() ? " or " : ", ";
        msg += names[i];
      }
      msg += ", found " + found(tok);
    }
  }
  diags.error(at, msg);
  throw SyntaxAbort();
}

/// Reports the first malformed token (bad character, bad string, open
/// comment). Returns false if there was one.
bool checkTokens(antlr4::CommonTokenStream &tokens, const std::string &file,
                 DiagnosticEngine &diags) {
  for (antlr4::Token *t : tokens.getTokens()) {
    SourceLoc at(file, t->getLine(), t->getCharPositionInLine() + 1);
    switch (t->getType()) {
    case zplgen::ZPLLexer::BAD_CHAR:
      diags.error(at, "invalid character '" + t->getText() + "'");
      return false;
    case zplgen::ZPLLexer::UNTERMINATED_COMMENT:
      diags.error(at, "unterminated /* comment");
      return false;
    case zplgen::ZPLLexer::BAD_STRING: {
      std::string text = t->getText();
      for (size_t i = 1; i < text.size(); ++i) {
        if (text[i] == '\\') {
          if (i + 1 < text.size() && std::string("nt\"\\").find(text[i + 1]) ==
                                         std::string::npos) {
            at.col += i;
            diags.error(at, "invalid escape sequence '\\" +
                                std::string(1, text[i + 1]) + "' in string");
            return false;
          }
          ++i;
        }
      }
      diags.error(at, "unterminated string literal");
      return false;
    }
    default:
      break;
    }
  }
  return true;
}

} // namespace

std::unique_ptr<ast::Program>
zpl::parseAndCheckString(const std::string &text, const std::string &path,
                         DiagnosticEngine &diags) {
  diags.addSource(path, text);
  std::unique_ptr<ast::Program> program;
  try {
    antlr4::ANTLRInputStream input(text);
    zplgen::ZPLLexer lexer(&input);
    lexer.removeErrorListeners();
    antlr4::CommonTokenStream tokens(&lexer);
    tokens.fill();
    if (!checkTokens(tokens, path, diags))
      return nullptr;

    zplgen::ZPLParser parser(&tokens);
    parser.removeErrorListeners();
    parser.setErrorHandler(std::make_shared<ZPLErrorStrategy>(path, diags));
    P::ProgramContext *tree = nullptr;
    try {
      tree = parser.program();
    } catch (const SyntaxAbort &) {
      return nullptr;
    }
    if (diags.hasErrors())
      return nullptr;
    program = buildAST(tree, path, diags);
  } catch (const SyntaxAbort &) {
    return nullptr;
  } catch (const std::exception &e) {
    diags.error(SourceLoc(path, 0, 0),
                std::string("internal error while parsing: ") + e.what());
    return nullptr;
  }
  if (!program)
    return nullptr;
  if (!runSema(*program, diags))
    return nullptr;
  return program;
}

std::unique_ptr<ast::Program> zpl::parseAndCheck(const std::string &path,
                                                 DiagnosticEngine &diags) {
  std::ifstream in(path, std::ios::in | std::ios::binary);
  if (!in) {
    diags.error("cannot open '" + path + "'");
    return nullptr;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return parseAndCheckString(ss.str(), path, diags);
}
