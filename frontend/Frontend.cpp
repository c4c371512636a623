//===- Frontend.cpp - parse (ANTLR), build the AST, run Sema ---------------===//
//
// The ANTLR parser runs with exceptions; they never leave this file. The
// first syntax error is reported in clang style and parsing stops; a
// reserved word where a name belongs is reported as such, with the kind of
// name it cannot be.
//===----------------------------------------------------------------------===//
#include "frontend/Frontend.h"
#include "frontend/FrontendInternal.h"

#include "ZPLLexer.h"
#include "ZPLParser.h"
#include "antlr4-runtime.h"

#include <cctype>
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
  std::string reservedWordUse(antlr4::Parser *p, antlr4::Token *tok,
                              const antlr4::misc::IntervalSet &expected) const;
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

/// True if `t` is a keyword token (its literal name is a quoted word).
static bool isReservedWord(const antlr4::dfa::Vocabulary &voc, size_t t) {
  std::string lit = voc.getLiteralName(t);
  return lit.size() > 2 && lit[0] == '\'' && std::isalpha(lit[1]);
}

/// What the name being parsed at a syntax error declares or names, from
/// the rules being parsed (innermost first) and the token before the name;
/// null where no single kind of name is expected (statements, expressions).
static const char *nameKind(antlr4::ParserRuleContext *ctx, size_t prev) {
  for (; ctx; ctx = dynamic_cast<antlr4::ParserRuleContext *>(ctx->parent)) {
    if (dynamic_cast<P::IdListContext *>(ctx))
      continue; // names of parameters, variables, constants, config vars
    if (dynamic_cast<P::ParamContext *>(ctx) ||
        dynamic_cast<P::ParamListContext *>(ctx))
      return "parameter";
    if (dynamic_cast<P::ProcedureDeclContext *>(ctx))
      return prev == P::PROCEDURE ? "procedure"
             : prev == P::LPAREN  ? "parameter"
                                  : nullptr;
    if (dynamic_cast<P::ConfigItemContext *>(ctx) ||
        dynamic_cast<P::ConfigDeclContext *>(ctx))
      return "config var";
    if (dynamic_cast<P::ConstItemContext *>(ctx) ||
        dynamic_cast<P::ConstantDeclContext *>(ctx))
      return "constant";
    if (dynamic_cast<P::VarItemContext *>(ctx) ||
        dynamic_cast<P::VarDeclContext *>(ctx) ||
        dynamic_cast<P::LocalVarsContext *>(ctx) ||
        dynamic_cast<P::ForStmtContext *>(ctx))
      return "variable";
    if (dynamic_cast<P::RegionItemContext *>(ctx) ||
        dynamic_cast<P::RegionDeclContext *>(ctx))
      return prev == P::COLON ? "distribution" : "region";
    if (dynamic_cast<P::DirectionItemContext *>(ctx) ||
        dynamic_cast<P::DirectionDeclContext *>(ctx) ||
        dynamic_cast<P::DirRefContext *>(ctx))
      return "direction";
    if (dynamic_cast<P::GridItemContext *>(ctx) ||
        dynamic_cast<P::GridDeclContext *>(ctx))
      return "grid";
    if (dynamic_cast<P::DistItemContext *>(ctx) ||
        dynamic_cast<P::DistributionDeclContext *>(ctx))
      return prev == P::COLON ? "grid" : "distribution";
    if (dynamic_cast<P::ProgramContext *>(ctx))
      return prev == P::PROGRAM ? "program" : nullptr;
    return nullptr;
  }
  return nullptr;
}

/// "'by' is a reserved word and cannot name a parameter" when `tok` is a
/// keyword used as a name; else empty. It is one where the parser expects
/// a name and no keyword, or a name or a keyword (another construct) but
/// what follows the keyword continues a name's declaration (`by : integer`,
/// `by, c`, `by = ...`, `by(`). After a declaration's `;` it may also be
/// the next item of that declaration (`var x : integer; by : double;`).
std::string
ZPLErrorStrategy::reservedWordUse(antlr4::Parser *p, antlr4::Token *tok,
                                  const antlr4::misc::IntervalSet &expected) const {
  const antlr4::dfa::Vocabulary &voc = p->getVocabulary();
  size_t idx = tok->getTokenIndex();
  if (!isReservedWord(voc, tok->getType()) || idx == INVALID_INDEX || idx == 0)
    return "";
  auto *stream = p->getTokenStream();
  size_t prev = stream->get(idx - 1)->getType();
  size_t next = stream->get(idx + 1)->getType();
  bool continuesName = next == P::COLON || next == P::COMMA ||
                       next == P::EQ || next == P::LPAREN;
  bool keywordExpected = false;
  for (const auto &iv : expected.getIntervals())
    for (ssize_t t = iv.a; t <= iv.b; ++t)
      keywordExpected |= t >= 0 && isReservedWord(voc, size_t(t));

  antlr4::ParserRuleContext *ctx = p->getContext();
  if (!expected.contains(size_t(P::ID))) {
    if (prev != P::SEMI || !continuesName || ctx->children.empty())
      return "";
    ctx = dynamic_cast<antlr4::ParserRuleContext *>(ctx->children.back());
  } else if (keywordExpected && !continuesName) {
    return "";
  }
  const char *kind = ctx ? nameKind(ctx, prev) : nullptr;
  if (!kind)
    return "";
  return "'" + tok->getText() + "' is a reserved word and cannot name a " +
         kind;
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
  std::string msg = reservedWordUse(p, tok, expected);

  if (!msg.empty()) {
    // A keyword where a name is expected: said so above.
  } else if (has(P::SEMI)) {
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
