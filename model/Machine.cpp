//===- Machine.cpp - reading and checking machine descriptions ------------===//
//
// toml++ 3.3 throws toml::parse_error; it is caught here and turned into an
// error string, so nothing throws across Model.h.
//===----------------------------------------------------------------------===//

#include "model/Model.h"

#include <toml++/toml.h>

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

  bool figures(const toml::table &root, const char *tname) {
    const toml::table *t = table(root, tname, true);
    if (!t)
      return false;
    for (auto &&kv : *t) {
      std::string k(kv.first.str());
      std::string key = std::string(tname) + "." + k;
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
      m.figures_[k] = v;
    }
    return true;
  }

  bool network(const toml::table &root) {
    const toml::table *t = table(root, "network", true);
    if (!t || !onlyKeys(*t, "network", {"congestion", "Nd", "Nadp"}))
      return false;
    const toml::node *c = t->get("congestion");
    if (!c)
      return fail("network.congestion",
                  "missing (the congestion column to use, 2 in MACHINES.md)");
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
  bool uses(const char *key, const Expr &e, bool contiguousOnly) {
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
      }
    return true;
  }

  bool check(const toml::table &root) {
    if (!onlyKeys(root, "",
                  {"machine", "copy", "send", "receive", "network", "memory",
                   "message", "strategies"}))
      return false;
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
    if (!figures(root, "copy") || !figures(root, "send") ||
        !figures(root, "receive") || !network(root))
      return false;
    const toml::table *mem = table(root, "memory", true);
    if (!mem || !onlyKeys(*mem, "memory", {"copy_mbps"}) ||
        !requiredNumber(*mem, "memory", "copy_mbps", m.memoryCopy_, false))
      return false;
    const toml::table *msg = table(root, "message", true);
    if (!msg || !onlyKeys(*msg, "message", {"startup_us", "latency_us"}) ||
        !requiredNumber(*msg, "message", "startup_us", m.startupUs_, true) ||
        !requiredNumber(*msg, "message", "latency_us", m.latencyUs_, true))
      return false;
    const toml::table *st = table(root, "strategies", true);
    if (!st ||
        !onlyKeys(*st, "strategies", {"packed", "chained", "chained_contiguous"}))
      return false;
    if (!expr(*st, "packed", true, m.packed_) ||
        !expr(*st, "chained", true, m.chained_) ||
        !expr(*st, "chained_contiguous", false, m.chainedContig_))
      return false;
    if (!uses("packed", *m.packed_, false) ||
        !uses("chained", *m.chained_, false) ||
        (m.chainedContig_ &&
         !uses("chained_contiguous", *m.chainedContig_, true)))
      return false;
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

bool Machine::lookup(const BasicTransfer &t, double &mbps,
                     std::string &error) const {
  if (t.kind == BasicTransfer::NetData) {
    mbps = nd_;
    return true;
  }
  if (t.kind == BasicTransfer::NetAddrData) {
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
  // Which side varies with the stride?
  bool srcVaries;
  switch (t.kind) {
  case BasicTransfer::Copy:
    if (t.src.kind == Pattern::Strided && t.dst.kind != Pattern::Strided)
      srcVaries = true;
    else if (t.dst.kind == Pattern::Strided && t.src.kind != Pattern::Strided)
      srcVaries = false;
    else {
      error = "no figure for " + name + " (key '" + key + "' is missing)";
      return false;
    }
    break;
  case BasicTransfer::LoadSend:
  case BasicTransfer::FetchSend:
    srcVaries = true;
    break;
  default:
    srcVaries = false;
    break;
  }
  const Pattern &var = srcVaries ? t.src : t.dst;
  if (var.kind != Pattern::Strided) {
    error = "no figure for " + name + " (key '" + key + "' is missing)";
    return false;
  }
  std::vector<std::pair<int64_t, double>> pts;
  bool anyStrided = false;
  for (auto &f : figures_) {
    BasicTransfer b;
    std::string e;
    if (!BasicTransfer::parse(f.first, b, e) || b.kind != t.kind)
      continue;
    const Pattern &bv = srcVaries ? b.src : b.dst;
    const Pattern &bf = srcVaries ? b.dst : b.src;
    const Pattern &tf = srcVaries ? t.dst : t.src;
    if (bf != tf)
      continue;
    if (bv.kind == Pattern::Contiguous)
      pts.push_back({1, f.second});
    else if (bv.kind == Pattern::Strided) {
      pts.push_back({bv.stride, f.second});
      anyStrided = true;
    }
  }
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

BasicLookup Machine::lookupFn() const {
  return [this](const BasicTransfer &t, double &v, std::string &e) {
    return lookup(t, v, e);
  };
}

} // namespace model
} // namespace zpl
