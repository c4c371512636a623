//===- Machine.cpp - reading and checking machine descriptions ------------===//
//
// toml++ 3.3 throws toml::parse_error; it is caught here and turned into an
// error string, so nothing throws across Model.h.
//===----------------------------------------------------------------------===//

#include "model/Model.h"

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

namespace zpl {
namespace model {

namespace {

const char *describe(const toml::node &n) {
  switch (n.type()) {
  case toml::node_type::string:
    return "a string";
  case toml::node_type::integer:
    return "an integer";
  case toml::node_type::floating_point:
    return "a number";
  case toml::node_type::boolean:
    return "a boolean";
  case toml::node_type::table:
    return "a table";
  case toml::node_type::array:
    return "an array";
  case toml::node_type::date:
    return "a date";
  case toml::node_type::time:
    return "a time";
  case toml::node_type::date_time:
    return "a date-time";
  default:
    return "nothing";
  }
}

// Which table a pattern-carrying basic transfer belongs in.
const char *tableOf(BasicTransfer::Kind k) {
  switch (k) {
  case BasicTransfer::Copy:
    return "copy";
  case BasicTransfer::LoadSend:
  case BasicTransfer::FetchSend:
    return "send";
  case BasicTransfer::ReceiveStore:
  case BasicTransfer::Deposit:
    return "receive";
  case BasicTransfer::MpiMessage:
    return "mpi";
  default:
    return "network";
  }
}

struct LoadError {
  std::string msg;
};

} // namespace

class MachineLoader {
public:
  MachineLoader(Machine &m, const std::string &path) : m(m), path(path) {}

  bool run(const toml::table &root, std::string &error) {
    if (!check(root)) {
      error = path + ": " + err;
      return false;
    }
    return true;
  }

private:
  Machine &m;
  const std::string &path;
  std::string err;

  bool fail(const std::string &key, const std::string &what) {
    if (err.empty())
      err = "key '" + key + "': " + what;
    return false;
  }

  const toml::table *table(const toml::table &root, const std::string &key,
                           bool required) {
    const toml::node *n = root.get(key);
    if (!n) {
      if (required)
        fail(key, "missing table [" + key + "]");
      return nullptr;
    }
    if (!n->is_table()) {
      fail(key, std::string("expected a table, got ") + describe(*n));
      return nullptr;
    }
    return n->as_table();
  }

  bool number(const toml::node &n, const std::string &key, double &out,
              bool allowZero) {
    if (auto i = n.as_integer())
      out = double(i->get());
    else if (auto f = n.as_floating_point())
      out = f->get();
    else
      return fail(key, std::string("expected a number, got ") + describe(n));
    if (!(out > 0) && !(allowZero && out == 0))
      return fail(key, std::string("expected a ") +
                           (allowZero ? "non-negative" : "positive") +
                           " number, got " + formatFigure(out));
    return true;
  }

  bool requiredNumber(const toml::table &t, const std::string &tname,
                      const std::string &key, double &out, bool allowZero) {
    const toml::node *n = t.get(key);
    if (!n)
      return fail(tname + "." + key, "missing");
    return number(*n, tname + "." + key, out, allowZero);
  }

  bool onlyKeys(const toml::table &t, const std::string &tname,
                std::initializer_list<const char *> keys) {
    for (auto &&kv : t) {
      std::string k(kv.first.str());
      bool ok = false;
      for (const char *a : keys)
        ok = ok || k == a;
      if (!ok) {
        std::string list;
        for (const char *a : keys)
          list += std::string(list.empty() ? "" : ", ") + a;
        return fail(tname.empty() ? k : tname + "." + k,
                    "unknown key (expected one of: " + list + ")");
      }
    }
    return true;
  }

  bool figures(const toml::table &root, const char *tname,
               std::map<std::string, double> *into = nullptr,
               const std::string &prefix = "") {
    if (!into)
      into = &m.figures_;
    const toml::node *tn = root.get(tname);
    if (!tn)
      return fail(prefix + tname, "missing table [" + prefix + tname + "]");
    if (!tn->is_table())
      return fail(prefix + tname,
                  std::string("expected a table, got ") + describe(*tn));
    const toml::table *t = tn->as_table();
    for (auto &&kv : *t) {
      std::string k(kv.first.str());
      std::string key = prefix + tname + "." + k;
      BasicTransfer bt;
      std::string e;
      if (!BasicTransfer::parse(k, bt, e))
        return fail(key, e);
      if (bt.kind == BasicTransfer::NetData ||
          bt.kind == BasicTransfer::NetAddrData)
        return fail(key, k + " belongs in [network]");
      if (std::string(tableOf(bt.kind)) != tname)
        return fail(key, k + " belongs in [" + tableOf(bt.kind) + "]");
      if (bt.str() != k)
        return fail(key, "write the transfer as '" + bt.str() + "'");
      double v;
      if (!number(kv.second, key, v, false))
        return false;
      (*into)[k] = v;
    }
    return true;
  }

  // A size tier: [llc] (messages whose data stays in the last-level
  // cache), [cache] (in the core's caches) or [eager] (messages the MPI
  // library sends in one fragment): figures for messages
  // of at most `bytes` bytes in [NAME.copy] and [NAME.mpi]; they replace
  // the figures of the same name for such messages.
  bool tier(const toml::table &root, const char *name) {
    const toml::node *n = root.get(name);
    if (!n)
      return true;
    if (!n->is_table())
      return fail(name, std::string("expected a table, got ") + describe(*n));
    const toml::table &c = *n->as_table();
    Machine::Tier t;
    t.name = name;
    if (!onlyKeys(c, name, {"bytes", "copy", "mpi"}) ||
        !requiredNumber(c, name, "bytes", t.bytes, false))
      return false;
    for (const char *sub : {"copy", "mpi"})
      if (c.get(sub) && !figures(c, sub, &t.figures, std::string(name) + "."))
        return false;
    for (const Machine::Tier &other : m.tiers_)
      if (other.bytes == t.bytes)
        return fail(std::string(name) + ".bytes",
                    "the same size as " + other.name + ".bytes (" +
                        formatFigure(t.bytes) + "): each tier needs its own size");
    m.tiers_.push_back(std::move(t));
    return true;
  }

  bool network(const toml::table &root) {
    const toml::table *t = table(root, "network", true);
    if (!t || !onlyKeys(*t, "network", {"congestion", "Nd", "Nadp"}))
      return false;
    const toml::node *c = t->get("congestion");
    if (!c)
      return fail("network.congestion",
                  "missing (the congestion column to use; the published machines use 2, "
                  "docs/machines.md table 4)");
    auto ci = c->as_integer();
    if (!ci)
      return fail("network.congestion",
                  std::string("expected an integer, got ") + describe(*c));
    if (ci->get() < 1 || ci->get() > 1024)
      return fail("network.congestion",
                  "expected a congestion factor >= 1, got " +
                      std::to_string(ci->get()));
    m.congestion_ = int(ci->get());
    std::string col = "c" + std::to_string(m.congestion_);
    for (const char *net : {"Nd", "Nadp"}) {
      std::string tn = std::string("network.") + net;
      const toml::node *n = t->get(net);
      if (!n)
        return fail(tn, "missing table [" + tn + "]");
      if (!n->is_table())
        return fail(tn, std::string("expected a table, got ") + describe(*n));
      const toml::table &nt = *n->as_table();
      for (auto &&kv : nt) {
        std::string k(kv.first.str());
        bool ok = k.size() > 1 && k[0] == 'c' &&
                  k.find_first_not_of("0123456789", 1) == std::string::npos;
        if (!ok)
          return fail(tn + "." + k,
                      "unknown key (expected cN, the figure at congestion N)");
        double v;
        if (!number(kv.second, tn + "." + k, v, false))
          return false;
        m.networkColumns_[std::string(net) + "." + k] = v;
      }
      const toml::node *f = nt.get(col);
      if (!f)
        return fail(tn + "." + col,
                    "missing: 'network.congestion' = " +
                        std::to_string(m.congestion_) + " selects this column");
      double v;
      if (!number(*f, tn + "." + col, v, false))
        return false;
      (std::string(net) == "Nd" ? m.nd_ : m.nadp_) = v;
    }
    return true;
  }

  bool expr(const toml::table &t, const char *key, bool required,
            std::unique_ptr<Expr> &out) {
    std::string full = std::string("strategies.") + key;
    const toml::node *n = t.get(key);
    if (!n) {
      if (required)
        return fail(full, "missing");
      return true;
    }
    auto s = n->as_string();
    if (!s)
      return fail(full, std::string("expected a composition expression "
                                    "(a string), got ") +
                            describe(*n));
    std::string e;
    out = Expr::parse(s->get(), e);
    if (!out)
      return fail(full, e);
    return true;
  }

  // Every basic transfer an expression uses must have a figure, for every
  // kind of pattern it may be applied to.
  bool uses(const char *key, const Expr &e, const Constraint &c,
            bool contiguousOnly) {
    std::vector<Pattern> sides = {Pattern::contiguous(), Pattern::strided(2),
                                  Pattern::indexed()};
    if (contiguousOnly)
      sides.resize(1);
    for (const Pattern &a : sides)
      for (const Pattern &b : sides) {
        TransferPattern q{a, b};
        double v;
        std::string text, er;
        if (!e.evaluate(q, m.lookupFn(), v, text, er))
          return fail(std::string("strategies.") + key,
                      "'" + e.str() + "' for " + q.str() + ": " + er);
        if (!c.bound(q, m.lookupFn(), v, text, er))
          return fail(std::string("strategies.") + key + "_constraint",
                      "'" + c.str() + "' for " + q.str() + ": " + er);
      }
    return true;
  }

  // The simulator's tables: numbers and strings, nested tables for
  // [binding.NAME]; which keys must exist is the simulator's business.
  bool simTable(const toml::table &t, const std::string &prefix) {
    for (auto &&kv : t) {
      std::string key = prefix + "." + std::string(kv.first.str());
      if (const toml::table *sub = kv.second.as_table()) {
        if (!simTable(*sub, key))
          return false;
      } else if (auto s = kv.second.as_string()) {
        m.simTexts_[key] = s->get();
      } else {
        double v;
        if (!number(kv.second, key, v, true))
          return false;
        m.simFigures_[key] = v;
      }
    }
    return true;
  }

  bool simTables(const toml::table &root) {
    for (const char *name : {"topology", "compute", "collective", "ironman", "binding"}) {
      const toml::node *n = root.get(name);
      if (!n)
        continue;
      if (!n->is_table())
        return fail(name, std::string("expected a table, got ") + describe(*n));
      if (!simTable(*n->as_table(), name))
        return false;
    }
    return true;
  }

  bool check(const toml::table &root) {
    if (!onlyKeys(root, "",
                  {"machine", "copy", "send", "receive", "network", "memory",
                   "message", "strategies", "mpi", "llc", "cache", "eager", "topology",
                   "compute", "collective", "ironman", "binding"}))
      return false;
    return simTables(root) && machineTable(root) && figureTables(root) &&
           memoryTable(root) && messageTable(root) && strategiesTable(root);
  }

  // [machine]: name (required) and description.
  bool machineTable(const toml::table &root) {
    const toml::table *mt = table(root, "machine", true);
    if (!mt || !onlyKeys(*mt, "machine", {"name", "description"}))
      return false;
    const toml::node *nm = mt->get("name");
    if (!nm)
      return fail("machine.name", "missing");
    if (!nm->as_string())
      return fail("machine.name",
                  std::string("expected a string, got ") + describe(*nm));
    m.name_ = nm->as_string()->get();
    if (const toml::node *d = mt->get("description"))
      if (!d->as_string())
        return fail("machine.description",
                    std::string("expected a string, got ") + describe(*d));
    return true;
  }

  // The figure tables: [mpi], [copy], [send], [receive], [network] and the
  // size tiers.
  bool figureTables(const toml::table &root) {
    // A message-passing host (`zplc calibrate`) describes its messages in
    // [mpi] (xMy figures); there [send], [receive] and [network] are
    // optional, and an expression using their figures is reported missing.
    bool mpiHost = root.get("mpi") != nullptr;
    if (mpiHost && !figures(root, "mpi"))
      return false;
    if (!figures(root, "copy") ||
        ((!mpiHost || root.get("send")) && !figures(root, "send")) ||
        ((!mpiHost || root.get("receive")) && !figures(root, "receive")) ||
        ((!mpiHost || root.get("network")) && !network(root)))
      return false;
    return tier(root, "eager") && tier(root, "cache") && tier(root, "llc");
  }

  // [memory] copy_mbps (what `zplc calibrate` writes): the constraint of
  // every strategy that states none of its own.
  bool memoryTable(const toml::table &root) {
    if (!root.get("memory"))
      return true;
    const toml::table *mem = table(root, "memory", true);
    return mem && onlyKeys(*mem, "memory", {"copy_mbps"}) &&
           requiredNumber(*mem, "memory", "copy_mbps", m.memoryCopy_, false);
  }

  // [message]: the per-message costs, in general and per strategy.
  bool messageTable(const toml::table &root) {
    const toml::table *msg = table(root, "message", true);
    if (!msg ||
        !onlyKeys(*msg, "message",
                  {"startup_us", "latency_us", "packed_startup_us",
                   "chained_startup_us", "pack_side_us"}) ||
        !requiredNumber(*msg, "message", "startup_us", m.startupUs_, true) ||
        !requiredNumber(*msg, "message", "latency_us", m.latencyUs_, true))
      return false;
    if (msg->get("pack_side_us") &&
        !requiredNumber(*msg, "message", "pack_side_us", m.packSideUs_, true))
      return false;
    for (const char *k : {"packed_startup_us", "chained_startup_us"})
      if (msg->get(k) &&
          !requiredNumber(*msg, "message", k,
                          std::string(k)[0] == 'p' ? m.packedStartupUs_
                                                   : m.chainedStartupUs_,
                          true))
        return false;
    return true;
  }

  // [strategies]: each strategy's expression and constraint, and the
  // figures they use.
  bool strategiesTable(const toml::table &root) {
    const toml::table *st = table(root, "strategies", true);
    if (!st ||
        !onlyKeys(*st, "strategies",
                  {"packed", "chained", "chained_contiguous",
                   "packed_constraint", "chained_constraint",
                   "chained_contiguous_constraint"}))
      return false;
    if (!expr(*st, "packed", true, m.packed_) ||
        !expr(*st, "chained", true, m.chained_) ||
        !expr(*st, "chained_contiguous", false, m.chainedContig_))
      return false;
    if (!constraint(*st, "packed", m.packedC_) ||
        !constraint(*st, "chained", m.chainedC_) ||
        (m.chainedContig_ &&
         !constraint(*st, "chained_contiguous", m.chainedContigC_)))
      return false;
    if (!m.chainedContig_ && st->get("chained_contiguous_constraint"))
      return fail("strategies.chained_contiguous_constraint",
                  "given without 'strategies.chained_contiguous'");
    return uses("packed", *m.packed_, *m.packedC_, false) &&
           uses("chained", *m.chained_, *m.chainedC_, false) &&
           (!m.chainedContig_ ||
            uses("chained_contiguous", *m.chainedContig_, *m.chainedContigC_, true));
  }

  // `strategies.<key>_constraint`, or the [memory] default.
  bool constraint(const toml::table &t, const std::string &key,
                  std::unique_ptr<Constraint> &out) {
    std::string ck = key + "_constraint", full = "strategies." + ck;
    const toml::node *n = t.get(ck);
    std::string e;
    if (!n) {
      if (!(m.memoryCopy_ > 0))
        return fail(full, "missing (the strategy's resource constraint, "
                          "e.g. '2 x Q <= 1C1', or 'none')");
      char bound[64];
      std::snprintf(bound, sizeof bound, "2 x Q <= %.17g", m.memoryCopy_);
      out = Constraint::parse(bound, e);
      return true;
    }
    auto s = n->as_string();
    if (!s)
      return fail(full, std::string("expected a constraint (a string), got ") +
                            describe(*n));
    out = Constraint::parse(s->get(), e);
    if (!out)
      return fail(full, e);
    return true;
  }
};

std::unique_ptr<Machine> Machine::parse(const std::string &text,
                                        const std::string &path,
                                        std::string &error) {
  std::unique_ptr<Machine> m(new Machine());
  m->path_ = path;
  try {
    toml::table root = toml::parse(text, path);
    MachineLoader loader(*m, path);
    if (!loader.run(root, error))
      return nullptr;
    m->buildTierViews();
  } catch (const toml::parse_error &e) {
    std::ostringstream os;
    os << path << ":" << e.source().begin.line << ":"
       << e.source().begin.column << ": " << e.description();
    error = os.str();
    return nullptr;
  } catch (const std::exception &e) {
    error = path + ": " + e.what();
    return nullptr;
  }
  return m;
}

namespace {
/// The number node at a dotted path, or null.
toml::node *figureAt(toml::table &root, const std::string &dotted) {
  toml::node *n = root.at_path(dotted).node();
  return n && (n->is_integer() || n->is_floating_point()) ? n : nullptr;
}

/// Whether a figure is a rate in MB/s, which must stay positive: `..._mbps`,
/// and the figures of the copy, send, receive, network and measured-MPI
/// tables (`copy.1C1`, `network.Nd.c2`, `llc.mpi.1M1`, ...).
bool isBandwidth(const std::string &key) {
  auto endsWith = [&](const char *tail) {
    size_t n = strlen(tail);
    return key.size() >= n && key.compare(key.size() - n, n, tail) == 0;
  };
  if (endsWith("_mbps"))
    return true;
  if (endsWith("_us") || endsWith("_bytes") || key == "network.congestion")
    return false; // times and sizes, and the congestion column
  std::istringstream parts(key);
  std::string part;
  while (std::getline(parts, part, '.'))
    if (part == "copy" || part == "send" || part == "receive" || part == "network" ||
        part == "mpi")
      return true;
  return false;
}

/// One `SECTION.KEY=VALUE` applied to root; false with error set if not.
bool applySetting(toml::table &root, const std::string &setting, std::string &error) {
  size_t eq = setting.find('=');
  std::string key = setting.substr(0, eq);
  if (eq == std::string::npos || key.empty() || key.find('.') == std::string::npos) {
    error = "bad --set '" + setting + "' (expected --set=SECTION.KEY=VALUE)";
    return false;
  }
  std::string text = setting.substr(eq + 1);
  toml::node *n = figureAt(root, key);
  if (!n) {
    error = "--set: the machine description has no figure '" + key + "'";
    return false;
  }
  char *end = nullptr;
  double v = text.empty() ? 0 : std::strtod(text.c_str(), &end);
  if (text.empty() || *end || !std::isfinite(v)) {
    error = "--set: bad value '" + text + "' for " + key + " (expected a number)";
    return false;
  }
  bool bandwidth = isBandwidth(key);
  if (v < 0 || (bandwidth && v == 0)) {
    error = "--set: value " + text + " for " + key + " is out of range (" +
            (bandwidth ? "a bandwidth must be positive" : "must not be negative") + ")";
    return false;
  }
  size_t dot = key.rfind('.');
  toml::table *parent = root.at_path(key.substr(0, dot)).as_table();
  if (!parent) {
    error = "--set: the machine description has no figure '" + key + "'";
    return false;
  }
  // A whole number written where one stood stays an integer (the reader
  // checks the figures that must be whole, such as network.congestion).
  if (n->is_integer() && v == std::floor(v) && v < 9.2e18)
    parent->insert_or_assign(key.substr(dot + 1), int64_t(v));
  else
    parent->insert_or_assign(key.substr(dot + 1), v);
  return true;
}
} // namespace

bool Machine::applySettings(std::string &text, const std::string &path,
                            const std::vector<std::string> &settings, std::string &error) {
  if (settings.empty())
    return true;
  try {
    toml::table root = toml::parse(text, path);
    for (const std::string &s : settings)
      if (!applySetting(root, s, error))
        return false;
    std::ostringstream os;
    os << root;
    text = os.str();
  } catch (const std::exception &e) {
    error = path + ": " + e.what();
    return false;
  }
  return true;
}

std::unique_ptr<Machine> Machine::load(const std::string &path,
                                       std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot open the machine description";
    return nullptr;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return parse(ss.str(), path, error);
}

// Each tier's view: this description with, for a message of at most the
// tier's size, the figures of every tier at least that large in place of
// the others (the smallest tier's last), so that a figure a small tier
// does not measure comes from the next larger one.
void Machine::buildTierViews() {
  std::sort(tiers_.begin(), tiers_.end(),
            [](const Tier &a, const Tier &b) { return a.bytes < b.bytes; });
  for (size_t i = 0; i < tiers_.size(); ++i) {
    tiers_[i].view.reset(new Machine());
    Machine &v = *tiers_[i].view;
    v.name_ = name_;
    v.path_ = path_;
    v.congestion_ = congestion_;
    v.memoryCopy_ = memoryCopy_;
    v.startupUs_ = startupUs_;
    v.latencyUs_ = latencyUs_;
    v.packedStartupUs_ = packedStartupUs_;
    v.chainedStartupUs_ = chainedStartupUs_;
    v.packSideUs_ = packSideUs_;
    v.nd_ = nd_;
    v.nadp_ = nadp_;
    v.networkColumns_ = networkColumns_;
    v.simFigures_ = simFigures_;
    v.simTexts_ = simTexts_;
    v.figures_ = figures_;
    for (size_t j = tiers_.size(); j-- > i;)
      for (auto &f : tiers_[j].figures)
        v.figures_[f.first] = f.second;
    std::string e;
    v.packed_ = Expr::parse(packed_->str(), e);
    v.chained_ = Expr::parse(chained_->str(), e);
    v.packedC_ = Constraint::parse(packedC_->str(), e);
    v.chainedC_ = Constraint::parse(chainedC_->str(), e);
    if (chainedContig_) {
      v.chainedContig_ = Expr::parse(chainedContig_->str(), e);
      v.chainedContigC_ = Constraint::parse(chainedContigC_->str(), e);
    }
  }
}

const Constraint *Machine::constraintOf(const Expr &e) const {
  if (&e == packed_.get())
    return packedC_.get();
  if (&e == chained_.get())
    return chainedC_.get();
  if (&e == chainedContig_.get())
    return chainedContigC_.get();
  return nullptr;
}

const Machine &Machine::forMessage(uint64_t bytes) const {
  for (const Tier &t : tiers_)
    if (double(bytes) <= t.bytes)
      return *t.view;
  return *this;
}

double Machine::tierBytes(const char *name) const {
  for (const Tier &t : tiers_)
    if (t.name == name)
      return t.bytes;
  return 0;
}

// Whether the figure of `t` comes from a family that varies with the stride
// of one side; `srcVaries` says which. False when neither side's stride
// can vary (no strided side, or strides on both).
static bool stridedSide(const BasicTransfer &t, bool &srcVaries) {
  switch (t.kind) {
  case BasicTransfer::MpiMessage:
  case BasicTransfer::Copy:
    if (t.src.kind == Pattern::Strided && t.dst.kind != Pattern::Strided)
      srcVaries = true;
    else if (t.dst.kind == Pattern::Strided && t.src.kind != Pattern::Strided)
      srcVaries = false;
    else
      return false;
    break;
  case BasicTransfer::LoadSend:
  case BasicTransfer::FetchSend:
    srcVaries = true;
    break;
  default:
    srcVaries = false;
    break;
  }
  return (srcVaries ? t.src : t.dst).kind == Pattern::Strided;
}

// The figures of t's family (same kind, same fixed side) as (stride,
// MB/s) points: blocks of t's length at their stride, and the contiguous
// figure at stride = block length. Returns whether any point is strided.
static bool stridePoints(const std::map<std::string, double> &figures, const BasicTransfer &t,
                         bool srcVaries, std::vector<std::pair<int64_t, double>> &pts) {
  const Pattern &var = srcVaries ? t.src : t.dst;
  bool anyStrided = false;
  for (auto &f : figures) {
    BasicTransfer b;
    std::string e;
    if (!BasicTransfer::parse(f.first, b, e) || b.kind != t.kind)
      continue;
    const Pattern &bv = srcVaries ? b.src : b.dst;
    const Pattern &bf = srcVaries ? b.dst : b.src;
    const Pattern &tf = srcVaries ? t.dst : t.src;
    if (bf != tf)
      continue;
    // blocks of b words: the contiguous figure is the point at stride b
    if (bv.kind == Pattern::Contiguous)
      pts.push_back({var.block, f.second});
    else if (bv.kind == Pattern::Strided && bv.block == var.block) {
      pts.push_back({bv.stride, f.second});
      anyStrided = true;
    }
  }
  return anyStrided;
}

bool Machine::lookup(const BasicTransfer &t, double &mbps,
                     std::string &error) const {
  if (t.kind == BasicTransfer::NetData) {
    if (!(nd_ > 0)) {
      error = "no figure for Nd (table [network] is missing)";
      return false;
    }
    mbps = nd_;
    return true;
  }
  if (t.kind == BasicTransfer::NetAddrData) {
    if (!(nadp_ > 0)) {
      error = "no figure for Nadp (table [network] is missing)";
      return false;
    }
    mbps = nadp_;
    return true;
  }
  std::string name = t.str();
  std::string key = std::string(tableOf(t.kind)) + "." + name;
  auto it = figures_.find(name);
  if (it != figures_.end()) {
    mbps = it->second;
    return true;
  }
  if (t.kind == BasicTransfer::MpiMessage &&
      t.src.kind != Pattern::Contiguous && t.dst.kind != Pattern::Contiguous)
    return lookupMpiBoth(t, mbps, error);
  bool srcVaries;
  if (!stridedSide(t, srcVaries)) {
    error = "no figure for " + name + " (key '" + key + "' is missing)";
    return false;
  }
  const Pattern &var = srcVaries ? t.src : t.dst;
  std::vector<std::pair<int64_t, double>> pts;
  bool anyStrided = stridePoints(figures_, t, srcVaries, pts);
  if (!anyStrided && var.block > 1)
    return lookup(densityEquivalent(t), mbps, error);
  BasicTransfer family = t;
  (srcVaries ? family.src : family.dst) = Pattern::contiguous();
  std::string fam = family.str();
  std::string famN = fam;
  famN[srcVaries ? 0 : famN.size() - 1] = 'n';
  if (!anyStrided) {
    error = "no figure for " + name + ": [" + tableOf(t.kind) +
            "] gives no strided " + famN + " figure (n >= 2)";
    return false;
  }
  if (!interpolateLogStride(pts, var.stride, mbps)) {
    error = "no figure for " + name + ": [" + tableOf(t.kind) + "] gives no " +
            fam + " or " + famN + " with n <= " + std::to_string(var.stride) +
            " to interpolate from";
    return false;
  }
  return true;
}

// Blocks of b words every n words without figures for that block length
// are costed as single words every n/b words (at least 2): the same share
// of useful words in the memory they touch.
BasicTransfer Machine::densityEquivalent(const BasicTransfer &t) {
  BasicTransfer d = t;
  for (Pattern *p : {&d.src, &d.dst})
    if (p->kind == Pattern::Strided && p->block > 1)
      *p = Pattern::strided(std::max<int64_t>(2, p->stride / p->block));
  return d;
}

// An MPI message with a datatype on both sides (`nMn`, `4M64`, `wMw`,
// `nMw`, ...). A measured figure is used as is; `nMn` between measured
// diagonal strides is interpolated in log(stride) like the one-sided
// families; any other pair combines the one-sided figures: the datatype
// costs of both ends add up and the message itself is counted once,
//   1/|xMy| = 1/|xM1| + 1/|1My| - 1/|1M1|.
bool Machine::lookupMpiBoth(const BasicTransfer &t, double &mbps,
                            std::string &error) const {
  std::string name = t.str();
  auto it = figures_.find(name);
  if (it != figures_.end()) {
    mbps = it->second;
    return true;
  }
  if (t.src == t.dst && t.src.kind == Pattern::Strided) {
    std::vector<std::pair<int64_t, double>> pts;
    bool anyStrided = false;
    for (auto &f : figures_) {
      BasicTransfer b;
      std::string e;
      if (!BasicTransfer::parse(f.first, b, e) ||
          b.kind != BasicTransfer::MpiMessage || b.src != b.dst)
        continue;
      if (b.src.kind == Pattern::Contiguous)
        pts.push_back({t.src.block, f.second});
      else if (b.src.kind == Pattern::Strided && b.src.block == t.src.block) {
        pts.push_back({b.src.stride, f.second});
        anyStrided = true;
      }
    }
    if (anyStrided && interpolateLogStride(pts, t.src.stride, mbps))
      return true;
    if (!anyStrided && t.src.block > 1)
      return lookup(densityEquivalent(t), mbps, error);
  }
  if ((t.src.kind == Pattern::Strided && t.src.block > 1) ||
      (t.dst.kind == Pattern::Strided && t.dst.block > 1)) {
    // mixed pairs with blocks: the single-word equivalents
    BasicTransfer d = densityEquivalent(t);
    if (d.str() != t.str())
      return lookup(d, mbps, error);
  }
  BasicTransfer a = t, b = t, c = t;
  a.dst = Pattern::contiguous();
  b.src = Pattern::contiguous();
  c.src = c.dst = Pattern::contiguous();
  double xa, yb, cc;
  std::string e;
  if (!lookup(a, xa, e) || !lookup(b, yb, e) || !lookup(c, cc, e)) {
    error = "no figure for " + name + " (key 'mpi." + name +
            "' is missing, and " + e + ")";
    return false;
  }
  double inv = 1 / xa + 1 / yb - 1 / cc;
  double lo = 1 / std::min(xa, yb); // never faster than the slower side
  mbps = 1 / std::max(inv, lo);
  return true;
}

bool Machine::networkFigure(const std::string &net, int c,
                            double &mbps) const {
  auto it = networkColumns_.find(net + ".c" + std::to_string(c));
  if (it == networkColumns_.end())
    return false;
  mbps = it->second;
  return true;
}

BasicLookup Machine::lookupFn() const {
  return [this](const BasicTransfer &t, double &v, std::string &e) {
    return lookup(t, v, e);
  };
}

} // namespace model
} // namespace zpl
