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
#include "llvm/Support/ConvertUTF.h"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>

using namespace zpl;
using P = zplgen::ZPLParser;

/// The deepest parse tree accepted (see NestingGuard). About half as many
/// nested parentheses or statements, as many `+` terms or unary signs.
static constexpr unsigned maxParseDepth = 1000;

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
  SourceLoc endOfPreviousToken(antlr4::Parser *p, antlr4::Token *tok,
                               SourceLoc fallback) const;
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
    if (dynamic_cast<P::IdListContext *>(ctx) ||
        dynamic_cast<P::FamilyIdListContext *>(ctx) ||
        dynamic_cast<P::FamilyIdContext *>(ctx))
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

/// Just after the token before `tok`, on that token's line: EOF sits after
/// the last (often empty) line, which has no source text to quote.
SourceLoc ZPLErrorStrategy::endOfPreviousToken(antlr4::Parser *p,
                                               antlr4::Token *tok,
                                               SourceLoc fallback) const {
  size_t idx = tok->getTokenIndex();
  if (idx == 0 || idx == INVALID_INDEX)
    return fallback;
  antlr4::Token *prev = p->getTokenStream()->get(idx - 1);
  std::string text = prev->getText();
  if (text.find('\n') != std::string::npos)
    return fallback;
  // Columns count characters: skip UTF-8 continuation bytes.
  unsigned chars = 0;
  for (unsigned char c : text)
    chars += (c & 0xC0) != 0x80;
  return SourceLoc(file, prev->getLine(),
                   prev->getCharPositionInLine() + 1 + chars);
}

void ZPLErrorStrategy::report(antlr4::Parser *p, antlr4::Token *tok,
                              const antlr4::misc::IntervalSet &expected) {
  const antlr4::dfa::Vocabulary &voc = p->getVocabulary();
  SourceLoc at(file, tok->getLine(), tok->getCharPositionInLine() + 1);
  if (tok->getType() == antlr4::Token::EOF)
    at = endOfPreviousToken(p, tok, at);
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

/// Thrown once the nesting limit has been reported: parsing stops.
struct NestingAbort {};

void reportNesting(const std::string &file, antlr4::Token *at,
                   DiagnosticEngine &diags) {
  diags.error(SourceLoc(file, at->getLine(), at->getCharPositionInLine() + 1),
              "nesting deeper than " + llvm::Twine(maxParseDepth) +
                  " levels of expressions, statements and scopes; split this "
                  "construct up");
}

/// Stops the parse where the rules the parser has entered nest deeper than
/// `maxParseDepth`: the parser recurses that deep (parentheses, unary
/// operators, statements, scopes). Left-recursive rules (`1+1+...+1`) are
/// parsed in a loop and build a deep tree without deep recursion; checkDepth
/// measures the finished tree. Everything after the parser (the AST
/// builder, Sema, MLIRGen, the passes) recurses at most as deep as the
/// parse tree, so the one limit keeps every stage within its stack, with
/// room for the larger frames of sanitizer builds.
class NestingGuard : public antlr4::tree::ParseTreeListener {
public:
  NestingGuard(const std::string &file, DiagnosticEngine &diags)
      : file(file), diags(diags) {}

  void enterEveryRule(antlr4::ParserRuleContext *ctx) override {
    if (++depth <= int(maxParseDepth))
      return;
    reportNesting(file, ctx->getStart(), diags);
    throw NestingAbort();
  }
  void exitEveryRule(antlr4::ParserRuleContext *) override { --depth; }
  void visitTerminal(antlr4::tree::TerminalNode *) override {}
  void visitErrorNode(antlr4::tree::ErrorNode *) override {}

private:
  const std::string &file;
  DiagnosticEngine &diags;
  int depth = 0;
};

/// Reports the first node of the parse tree (in source order) that is
/// deeper than `maxParseDepth`; iterative, since the tree may be too deep
/// to walk recursively.
bool checkDepth(antlr4::tree::ParseTree *root, const std::string &file,
                DiagnosticEngine &diags) {
  std::vector<std::pair<antlr4::tree::ParseTree *, unsigned>> work = {{root, 1}};
  while (!work.empty()) {
    auto [node, depth] = work.back();
    work.pop_back();
    if (depth > maxParseDepth) {
      auto *rule = dynamic_cast<antlr4::ParserRuleContext *>(node);
      auto *leaf = dynamic_cast<antlr4::tree::TerminalNode *>(node);
      reportNesting(file, rule ? rule->getStart() : leaf->getSymbol(), diags);
      return false;
    }
    for (auto it = node->children.rbegin(); it != node->children.rend(); ++it)
      work.push_back({*it, depth + 1});
  }
  return true;
}

/// Reports the first byte that is not valid UTF-8 (ANTLR would throw
/// without a position). Columns count characters, as ANTLR's do.
bool checkUTF8(const std::string &text, const std::string &file,
               DiagnosticEngine &diags) {
  const auto *bytes = reinterpret_cast<const llvm::UTF8 *>(text.data());
  size_t size = text.size();
  unsigned line = 1, col = 1;
  for (size_t i = 0; i < size;) {
    unsigned length = llvm::getNumBytesForUTF8(bytes[i]);
    if (!llvm::isLegalUTF8Sequence(bytes + i, bytes + size)) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", unsigned(bytes[i]));
      diags.error(SourceLoc(file, line, col),
                  llvm::Twine("invalid UTF-8 byte ") + hex +
                      " (source files must be UTF-8)");
      return false;
    }
    if (bytes[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
    i += length;
  }
  return true;
}

/// 'x' for a printable ASCII character, U+XXXX for any other.
std::string describeChar(const std::string &utf8) {
  if (utf8.size() == 1 && std::isprint(static_cast<unsigned char>(utf8[0])))
    return "'" + utf8 + "'";
  llvm::UTF32 cp = 0;
  const auto *src = reinterpret_cast<const llvm::UTF8 *>(utf8.data());
  llvm::UTF32 *dst = &cp;
  llvm::ConvertUTF8toUTF32(&src, src + utf8.size(), &dst, dst + 1,
                           llvm::strictConversion);
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", unsigned(cp));
  return buf;
}

/// Reports the first malformed token (bad character, bad string, open
/// comment). Returns false if there was one.
bool checkTokens(antlr4::CommonTokenStream &tokens, const std::string &file,
                 DiagnosticEngine &diags) {
  for (antlr4::Token *t : tokens.getTokens()) {
    SourceLoc at(file, t->getLine(), t->getCharPositionInLine() + 1);
    switch (t->getType()) {
    case zplgen::ZPLLexer::BAD_CHAR:
      diags.error(at, "invalid character " + describeChar(t->getText()));
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
  if (!checkUTF8(text, path, diags))
    return nullptr;
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
    NestingGuard nesting(path, diags);
    parser.addParseListener(&nesting);
    P::ProgramContext *tree = nullptr;
    try {
      tree = parser.program();
    } catch (const SyntaxAbort &) {
      return nullptr;
    } catch (const NestingAbort &) {
      return nullptr;
    }
    parser.removeParseListeners();
    if (!checkDepth(tree, path, diags))
      return nullptr;
    if (diags.hasErrors())
      return nullptr;
    program = buildAST(tree, path, diags);
  } catch (const SyntaxAbort &) {
    return nullptr;
  } catch (const std::exception &e) {
    diags.internalError(SourceLoc(path, 0, 0),
                        std::string("while parsing: ") + e.what());
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
