//===- Model.cpp - patterns, basic transfers and composition --------------===//

#include "model/Model.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace zpl {
namespace model {

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

// Strides are counted in 64-bit words; anything beyond this is surely a typo.
static constexpr int64_t kMaxStride = int64_t(1) << 40;

bool Pattern::parse(const std::string &text, Pattern &out, std::string &error) {
  if (text == "0") {
    out = port();
    return true;
  }
  if (text == "w") {
    out = indexed();
    return true;
  }
  if (text.empty()) {
    error = "empty access pattern (expected 0, 1, a stride n >= 2 or w)";
    return false;
  }
  size_t bpos = text.find('b');
  if (bpos != std::string::npos) {
    // nbB: B words every n words
    Pattern n, b;
    std::string e;
    if (bpos == 0 || !parse(text.substr(0, bpos), n, e) ||
        !parse(text.substr(bpos + 1), b, e) || n.kind != Strided ||
        (b.kind != Strided && b.kind != Contiguous) || n.block != 1 ||
        b.block != 1) {
      error = "bad access pattern '" + text +
              "' (expected nbB: blocks of B words every n words)";
      return false;
    }
    if (b.stride >= n.stride) {
      error = "access pattern '" + text +
              "': the block must be shorter than the stride";
      return false;
    }
    out = blocked(n.stride, b.stride);
    return true;
  }
  for (char c : text)
    if (!std::isdigit(static_cast<unsigned char>(c))) {
      error = "bad access pattern '" + text +
              "' (expected 0, 1, a stride n >= 2 or w)";
      return false;
    }
  if (text[0] == '0') {
    error = "bad access pattern '" + text + "' (a stride has no leading zero)";
    return false;
  }
  if (text.size() > 13) {
    error = "access pattern '" + text + "': stride too large";
    return false;
  }
  int64_t n = std::stoll(text);
  if (n > kMaxStride) {
    error = "access pattern '" + text + "': stride too large";
    return false;
  }
  out = strided(n);
  return true;
}

std::string Pattern::str() const {
  switch (kind) {
  case Port:
    return "0";
  case Contiguous:
    return "1";
  case Indexed:
    return "w";
  case Strided:
    return std::to_string(stride) +
           (block > 1 ? "b" + std::to_string(block) : std::string());
  }
  return "?";
}

bool TransferPattern::parse(const std::string &text, TransferPattern &out,
                            std::string &error) {
  size_t q = text.find('Q');
  if (q == std::string::npos || text.find('Q', q + 1) != std::string::npos) {
    error = "bad transfer pattern '" + text +
            "': expected xQy with x, y in 1, n (a stride >= 2) or w, e.g. "
            "1Q64, 16Q1, wQw";
    return false;
  }
  std::string side[2] = {text.substr(0, q), text.substr(q + 1)};
  Pattern p[2];
  for (int i = 0; i < 2; ++i) {
    std::string err;
    if (!Pattern::parse(side[i], p[i], err)) {
      error = "bad transfer pattern '" + text + "': " +
              (i == 0 ? "source: " : "destination: ") + err;
      return false;
    }
    if (p[i].kind == Pattern::Port) {
      error = "bad transfer pattern '" + text + "': " +
              (i == 0 ? "source" : "destination") +
              " pattern 0 is a network port; a communication reads and "
              "writes memory (use 1, n or w)";
      return false;
    }
  }
  out.src = p[0];
  out.dst = p[1];
  return true;
}

std::string TransferPattern::str() const {
  return src.str() + "Q" + dst.str();
}

//===----------------------------------------------------------------------===//
// Basic transfers
//===----------------------------------------------------------------------===//

char BasicTransfer::letter(Kind k) {
  switch (k) {
  case Copy:
    return 'C';
  case LoadSend:
    return 'S';
  case FetchSend:
    return 'F';
  case ReceiveStore:
    return 'R';
  case Deposit:
    return 'D';
  case MpiMessage:
    return 'M';
  default:
    return 0;
  }
}

std::string BasicTransfer::str() const {
  if (kind == NetData)
    return "Nd";
  if (kind == NetAddrData)
    return "Nadp";
  return src.str() + letter(kind) + dst.str();
}

bool BasicTransfer::parse(const std::string &text, BasicTransfer &out,
                          std::string &error) {
  if (text == "Nd" || text == "Nadp") {
    out.kind = text == "Nd" ? NetData : NetAddrData;
    out.src = out.dst = Pattern::port();
    return true;
  }
  size_t pos = text.find_first_of("CSFRDM");
  if (pos == std::string::npos || pos == 0 || pos + 1 == text.size()) {
    error = "unknown basic transfer '" + text +
            "' (expected xCy, xS0, xF0, 0Ry, 0Dy, xMy, Nd or Nadp)";
    return false;
  }
  BasicTransfer t;
  switch (text[pos]) {
  case 'C':
    t.kind = Copy;
    break;
  case 'S':
    t.kind = LoadSend;
    break;
  case 'F':
    t.kind = FetchSend;
    break;
  case 'R':
    t.kind = ReceiveStore;
    break;
  case 'M':
    t.kind = MpiMessage;
    break;
  default:
    t.kind = Deposit;
    break;
  }
  std::string err;
  if (!Pattern::parse(text.substr(0, pos), t.src, err) ||
      !Pattern::parse(text.substr(pos + 1), t.dst, err)) {
    error = "basic transfer '" + text + "': " + err;
    return false;
  }
  bool srcPort = t.src.kind == Pattern::Port;
  bool dstPort = t.dst.kind == Pattern::Port;
  switch (t.kind) {
  case Copy:
  case MpiMessage:
    if (srcPort || dstPort) {
      error = "basic transfer '" + text + "': " +
              (t.kind == Copy ? "a local copy xCy" : "an MPI message xMy") +
              " reads and writes memory (no 0 side)";
      return false;
    }
    break;
  case LoadSend:
  case FetchSend:
    if (srcPort || !dstPort) {
      error = "basic transfer '" + text + "': a send x" +
              letter(t.kind) + "0 reads memory and writes the port 0";
      return false;
    }
    break;
  default:
    if (!srcPort || dstPort) {
      error = "basic transfer '" + text + "': a receive 0" +
              letter(t.kind) + "y reads the port 0 and writes memory";
      return false;
    }
    break;
  }
  out = t;
  return true;
}

bool interpolateLogStride(const std::vector<std::pair<int64_t, double>> &pts,
                          int64_t stride, double &mbps) {
  if (pts.empty())
    return false;
  std::vector<std::pair<int64_t, double>> p(pts);
  std::sort(p.begin(), p.end());
  if (stride < p.front().first)
    return false;
  if (stride >= p.back().first) {
    mbps = p.back().second;
    return true;
  }
  for (size_t i = 0; i + 1 < p.size(); ++i) {
    int64_t a = p[i].first, b = p[i + 1].first;
    if (stride == a) {
      mbps = p[i].second;
      return true;
    }
    if (stride > a && stride < b) {
      double t = (std::log(double(stride)) - std::log(double(a))) /
                 (std::log(double(b)) - std::log(double(a)));
      mbps = p[i].second + t * (p[i + 1].second - p[i].second);
      return true;
    }
  }
  mbps = p.back().second;
  return true;
}

//===----------------------------------------------------------------------===//
// Composition rules
//===----------------------------------------------------------------------===//

double parallel(double x, double y) { return std::min(x, y); }

double sequential(double x, double y) { return 1.0 / (1.0 / x + 1.0 / y); }

double messageTimeUs(double startupUs, double latencyUs, double mbps,
                     uint64_t bytes) {
  // MB/s = 10^6 bytes per second = bytes per microsecond.
  return startupUs + latencyUs + (mbps > 0 ? double(bytes) / mbps : 0.0);
}

std::string formatFigure(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s(buf);
  if (s.find('.') != std::string::npos) {
    while (!s.empty() && s.back() == '0')
      s.pop_back();
    if (!s.empty() && s.back() == '.')
      s.pop_back();
  }
  return s;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

// Grammar (`o` binds tighter than `||`):
//   par  := seq ('||' seq)*
//   seq  := atom ('o' atom)*
//   atom := '(' par ')' | NAME
//   NAME := [A-Za-z0-9]+ other than `o`, a basic transfer with x/y allowed
//           for a side
class ExprParser {
public:
  ExprParser(const std::string &text) : s(text) {}

  std::unique_ptr<Expr> run(std::string &error) {
    auto e = parsePar();
    if (e && (skip(), pos != s.size()))
      fail("unexpected '" + s.substr(pos, 1) + "'");
    if (!err.empty()) {
      error = err;
      return nullptr;
    }
    return e;
  }

private:
  const std::string &s;
  size_t pos = 0;
  std::string err;

  void fail(const std::string &msg) {
    if (err.empty())
      err = msg + " at column " + std::to_string(pos + 1) + " of '" + s + "'";
  }
  void skip() {
    while (pos < s.size() && std::isspace(static_cast<unsigned char>(s[pos])))
      ++pos;
  }
  static bool isWordChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0;
  }
  // Is the next token the sequential operator `o`?
  bool atSeqOp() {
    skip();
    return pos < s.size() && s[pos] == 'o' &&
           (pos + 1 == s.size() || !isWordChar(s[pos + 1]));
  }
  bool atParOp() {
    skip();
    return s.compare(pos, 2, "||") == 0;
  }

  static std::unique_ptr<Expr> make(Expr::Kind k) {
    std::unique_ptr<Expr> e(new Expr());
    e->kind_ = k;
    return e;
  }

  std::unique_ptr<Expr> parsePar() {
    auto first = parseSeq();
    if (!first)
      return nullptr;
    if (!atParOp())
      return first;
    auto e = make(Expr::Parallel);
    e->ops_.push_back(std::move(first));
    while (atParOp()) {
      pos += 2;
      auto next = parseSeq();
      if (!next)
        return nullptr;
      e->ops_.push_back(std::move(next));
    }
    return e;
  }

  std::unique_ptr<Expr> parseSeq() {
    auto first = parseAtom();
    if (!first)
      return nullptr;
    if (!atSeqOp())
      return first;
    auto e = make(Expr::Sequential);
    e->ops_.push_back(std::move(first));
    while (atSeqOp()) {
      pos += 1;
      auto next = parseAtom();
      if (!next)
        return nullptr;
      e->ops_.push_back(std::move(next));
    }
    return e;
  }

  std::unique_ptr<Expr> parseAtom() {
    skip();
    if (pos == s.size()) {
      fail("expected a basic transfer or '('");
      return nullptr;
    }
    if (s[pos] == '(') {
      ++pos;
      auto e = parsePar();
      if (!e)
        return nullptr;
      skip();
      if (pos == s.size() || s[pos] != ')') {
        fail("expected ')'");
        return nullptr;
      }
      ++pos;
      return e;
    }
    if (atSeqOp()) {
      fail("expected a basic transfer before 'o'");
      return nullptr;
    }
    size_t start = pos;
    while (pos < s.size() && isWordChar(s[pos]))
      ++pos;
    if (start == pos) {
      fail("expected a basic transfer or '('");
      return nullptr;
    }
    std::string name = s.substr(start, pos - start);
    // Check the name now, with x and y standing for a memory pattern.
    std::string probe = name;
    size_t k = probe.find_first_of("CSFRDM");
    if (k != std::string::npos && name != "Nd" && name != "Nadp") {
      std::string a = probe.substr(0, k), b = probe.substr(k + 1);
      if (a == "x" || a == "y")
        a = "1";
      if (b == "x" || b == "y")
        b = "1";
      probe = a + probe[k] + b;
    }
    BasicTransfer t;
    std::string e;
    if (!BasicTransfer::parse(probe, t, e)) {
      pos = start;
      if (probe != name)
        e = "basic transfer '" + name + "' is malformed";
      fail(e);
      return nullptr;
    }
    auto ex = make(Expr::Basic);
    ex->name_ = name;
    return ex;
  }
};

std::unique_ptr<Expr> Expr::parse(const std::string &text, std::string &error) {
  ExprParser p(text);
  return p.run(error);
}

std::string Expr::strImpl(bool inSequential) const {
  if (kind_ == Basic)
    return name_;
  std::string sep = kind_ == Parallel ? " || " : " o ";
  std::string r;
  for (size_t i = 0; i < ops_.size(); ++i) {
    if (i)
      r += sep;
    r += ops_[i]->strImpl(kind_ == Sequential);
  }
  return kind_ == Parallel && inSequential ? "(" + r + ")" : r;
}

std::string Expr::str() const { return strImpl(false); }

bool Expr::substitute(const TransferPattern &q, BasicTransfer &out,
                      std::string &error) const {
  if (name_ == "Nd" || name_ == "Nadp")
    return BasicTransfer::parse(name_, out, error);
  size_t k = name_.find_first_of("CSFRDM");
  std::string a = name_.substr(0, k), b = name_.substr(k + 1);
  auto sub = [&](std::string &side) {
    if (side == "x")
      side = q.src.str();
    else if (side == "y")
      side = q.dst.str();
  };
  sub(a);
  sub(b);
  return BasicTransfer::parse(a + name_[k] + b, out, error);
}

bool Expr::instantiate(const TransferPattern &q,
                       std::vector<BasicTransfer> &out,
                       std::string &error) const {
  if (kind_ == Basic) {
    BasicTransfer t;
    if (!substitute(q, t, error))
      return false;
    out.push_back(t);
    return true;
  }
  for (auto &op : ops_)
    if (!op->instantiate(q, out, error))
      return false;
  return true;
}

bool Expr::evalImpl(const TransferPattern &q, const BasicLookup &lookup,
                    bool inSequential, double &mbps, std::string &text,
                    std::string &error) const {
  if (kind_ == Basic) {
    BasicTransfer t;
    if (!substitute(q, t, error) || !lookup(t, mbps, error))
      return false;
    text = t.str() + "[" + formatFigure(mbps) + "]";
    return true;
  }
  std::string sep = kind_ == Parallel ? " || " : " o ";
  double acc = 0;
  text.clear();
  for (size_t i = 0; i < ops_.size(); ++i) {
    double v;
    std::string t;
    if (!ops_[i]->evalImpl(q, lookup, kind_ == Sequential, v, t, error))
      return false;
    if (i == 0)
      acc = v;
    else
      acc = kind_ == Parallel ? parallel(acc, v) : sequential(acc, v);
    if (i)
      text += sep;
    text += t;
  }
  if (kind_ == Parallel && inSequential)
    text = "(" + text + ")";
  mbps = acc;
  return true;
}

bool Expr::evaluate(const TransferPattern &q, const BasicLookup &lookup,
                    double &mbps, std::string &text, std::string &error) const {
  return evalImpl(q, lookup, false, mbps, text, error);
}

//===----------------------------------------------------------------------===//
// Resource constraints
//===----------------------------------------------------------------------===//

std::unique_ptr<Constraint> Constraint::parse(const std::string &text,
                                              std::string &error) {
  std::unique_ptr<Constraint> c(new Constraint());
  auto trim = [](std::string t) {
    size_t b = t.find_first_not_of(" \t"), e = t.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : t.substr(b, e - b + 1);
  };
  std::string t = trim(text);
  if (t == "none")
    return c;
  auto bad = [&](const std::string &why) {
    error = "'" + text + "': " + why +
            " (expected 'none' or 'K x Q <= BOUND', e.g. '2 x Q <= 1C1')";
    return nullptr;
  };
  size_t le = t.find("<=");
  if (le == std::string::npos)
    return bad("no '<='");
  std::string lhs = trim(t.substr(0, le)), rhs = trim(t.substr(le + 2));
  size_t xq = lhs.find(" x ");
  if (xq == std::string::npos || trim(lhs.substr(xq + 3)) != "Q")
    return bad("the left side must be 'K x Q'");
  std::string k = trim(lhs.substr(0, xq));
  char *end = nullptr;
  c->factor_ = std::strtod(k.c_str(), &end);
  if (k.empty() || *end || !(c->factor_ > 0))
    return bad("'" + k + "' is not a positive factor");
  if (rhs.empty())
    return bad("no bound");
  double v = std::strtod(rhs.c_str(), &end);
  if (!*end) {
    if (!(v > 0))
      return bad("the bound must be positive");
    c->boundMBps_ = v;
    return c;
  }
  std::string e;
  c->boundExpr_ = Expr::parse(rhs, e);
  if (!c->boundExpr_)
    return bad(e);
  return c;
}

std::string Constraint::str() const {
  if (isNone())
    return "none";
  return formatFigure(factor_) + " x Q <= " +
         (boundExpr_ ? boundExpr_->str() : formatFigure(boundMBps_));
}

bool Constraint::bound(const TransferPattern &q, const BasicLookup &lookup,
                       double &mbps, std::string &text,
                       std::string &error) const {
  if (!boundExpr_) {
    mbps = boundMBps_;
    text = formatFigure(boundMBps_);
    return true;
  }
  return boundExpr_->evaluate(q, lookup, mbps, text, error);
}

bool Constraint::apply(const TransferPattern &q, const BasicLookup &lookup,
                       double raw, double &mbps, std::string &text,
                       std::string &error) const {
  mbps = raw;
  if (isNone()) {
    text = "none";
    return true;
  }
  double b;
  std::string bt;
  if (!bound(q, lookup, b, bt, error))
    return false;
  std::string lhs = formatFigure(factor_) + " x " + formatFigure(raw);
  if (factor_ * raw <= b) {
    text = lhs + " <= " + bt;
    return true;
  }
  mbps = b / factor_;
  text = lhs + " > " + bt + " -> " + formatFigure(mbps);
  return true;
}

//===----------------------------------------------------------------------===//
// Estimates
//===----------------------------------------------------------------------===//

const char *strategyName(Strategy s) {
  return s == Strategy::Packed ? "packed" : "chained";
}

// The strategy's expression, then its own constraint; the text shows which
// constraint applied: `... ; constraint none`, `...; constraint 2 x 24.57 <=
// 1C1[67.6]` or `... = 69; constraint 2 x 69 > 93 -> 46.5`.
static bool estimateOne(const Machine &m, const Expr &e, const Constraint &c,
                        const TransferPattern &q, Estimate &out,
                        std::string &error) {
  double v;
  std::string text, derivation;
  if (!e.evaluate(q, m.lookupFn(), v, text, error) ||
      !c.apply(q, m.lookupFn(), v, out.mbps, derivation, error))
    return false;
  out.rawMBps = v;
  out.expression = e.str();
  out.constraint = c.str();
  out.constrained = out.mbps < v;
  out.text = text;
  if (out.constrained)
    out.text += " = " + formatFigure(v);
  out.text += "; constraint " + derivation;
  return true;
}

bool estimate(const Machine &m, const TransferPattern &q, Answer &out,
              std::string &error) {
  const Expr *chained = &m.chained();
  const Constraint *chainedC = &m.chainedConstraint();
  if (q.src.kind == Pattern::Contiguous && q.dst.kind == Pattern::Contiguous &&
      m.chainedContiguous()) {
    chained = m.chainedContiguous();
    chainedC = &m.chainedContiguousConstraint();
  }
  std::string err;
  if (!estimateOne(m, m.packed(), m.packedConstraint(), q, out.packed, err)) {
    error = m.path() + ": packed " + q.str() + ": " + err;
    return false;
  }
  if (!estimateOne(m, *chained, *chainedC, q, out.chained, err)) {
    error = m.path() + ": chained " + q.str() + ": " + err;
    return false;
  }
  out.startupUs = m.startupUs();
  out.packedStartupUs =
      m.packedStartupUs() +
      m.packSideUs() * ((q.src.kind != Pattern::Contiguous) +
                        (q.dst.kind != Pattern::Contiguous));
  out.chainedStartupUs = m.chainedStartupUs();
  out.latencyUs = m.latencyUs();
  // The faster; chained on a tie (no local copies).
  out.choice = out.packed.mbps > out.chained.mbps ? Strategy::Packed
                                                  : Strategy::Chained;
  return true;
}

bool estimate(const Machine &m, const TransferPattern &q, uint64_t bytes,
              Answer &out, std::string &error) {
  if (!estimate(m.forMessage(bytes), q, out, error))
    return false;
  out.choice = out.packedUs(bytes) < out.chainedUs(bytes) ? Strategy::Packed
                                                          : Strategy::Chained;
  return true;
}

} // namespace model
} // namespace zpl
