//===- SimFigures.cpp - reading the simulator's tables --------------------===//

#include "backends/sim/SimFigures.h"

#include <algorithm>
#include <set>

namespace zpl {
namespace model {

namespace {

/// What one binding table must hold.
struct BindingSchema {
  const char *table;
  std::vector<const char *> numbers;
  std::vector<const char *> exprs;
};

const BindingSchema *schemaFor(const std::string &binding) {
  static const BindingSchema shmem{"shmem", {"flag_us", "annex_us"}, {}};
  static const BindingSchema eregs{
      "eregs",
      {"registers", "round_trip_us", "reference_hops", "logic_mbps",
       "bank_mbps", "banks", "indexed_mbps", "queue_send_us",
       "queue_latency_us", "queue_occupancy_us"},
      {}};
  static const BindingSchema nx{
      "nx", {"send_us", "recv_us", "wait_us"}, {"buffer_copy"}};
  static const BindingSchema mpi{
      "mpi",
      {"library_send_us", "library_recv_us", "eager_bytes"},
      {"pack", "wire", "unpack", "buffer_copy"}};
  if (binding == "shmem")
    return &shmem;
  if (binding == "eregs")
    return &eregs;
  if (binding == "nx-csend" || binding == "nx-isend")
    return &nx;
  if (binding == "mpi")
    return &mpi;
  return nullptr;
}

std::string join(const std::vector<std::string> &v) {
  std::string s;
  for (const std::string &x : v)
    s += (s.empty() ? "" : ", ") + x;
  return s;
}

/// Checks the keys of table `prefix` (dotted keys of the machine's sim
/// tables): every `required` key is there, nothing else is, except keys
/// under the sub-tables `subtables`.
class TableReader {
public:
  TableReader(const Machine &m, std::string &error) : m(m), error(error) {}

  bool only(const std::string &prefix, const std::vector<std::string> &allowed,
            const std::vector<std::string> &subtables = {}) {
    auto check = [&](const std::string &key) {
      if (key.compare(0, prefix.size() + 1, prefix + ".") != 0)
        return true;
      std::string rest = key.substr(prefix.size() + 1);
      std::string first = rest.substr(0, rest.find('.'));
      if (rest.find('.') != std::string::npos &&
          std::find(subtables.begin(), subtables.end(), first) != subtables.end())
        return true;
      if (std::find(allowed.begin(), allowed.end(), rest) != allowed.end())
        return true;
      return fail(key, "unknown key (expected one of: " + join(allowed) + ")");
    };
    for (auto &f : m.simFigures())
      if (!check(f.first))
        return false;
    for (auto &t : m.simTexts())
      if (!check(t.first))
        return false;
    return true;
  }

  bool number(const std::string &key, double &out) {
    auto it = m.simFigures().find(key);
    if (it == m.simFigures().end())
      return fail(key, m.simTexts().count(key) ? "expected a number, got a string"
                                              : "missing");
    out = it->second;
    return true;
  }

  bool text(const std::string &key, std::string &out) {
    auto it = m.simTexts().find(key);
    if (it == m.simTexts().end())
      return fail(key, m.simFigures().count(key) ? "expected a string, got a number"
                                                : "missing");
    out = it->second;
    return true;
  }

  bool fail(const std::string &key, const std::string &what) {
    error = m.path() + ": key '" + key + "': " + what;
    return false;
  }

private:
  const Machine &m;
  std::string &error;
};

/// The binding tables the machine has: names of [binding.X] sub-tables.
std::set<std::string> bindingTables(const Machine &m) {
  std::set<std::string> out;
  auto add = [&](const std::string &key) {
    if (key.compare(0, 8, "binding.") != 0)
      return;
    std::string rest = key.substr(8);
    size_t dot = rest.find('.');
    if (dot != std::string::npos)
      out.insert(rest.substr(0, dot));
  };
  for (auto &f : m.simFigures())
    add(f.first);
  for (auto &t : m.simTexts())
    add(t.first);
  return out;
}

} // namespace

const std::vector<std::string> &allSimBindings() {
  static const std::vector<std::string> all = {"shmem", "eregs", "nx-csend",
                                               "nx-isend", "mpi"};
  return all;
}

double SimBinding::figure(const std::string &key) const {
  auto it = figures.find(key);
  return it == figures.end() ? 0 : it->second;
}

const Expr &SimBinding::expr(const std::string &key) const {
  return *exprs.at(key);
}

bool readSimFigures(const Machine &m, SimFigures &out, std::string &error) {
  TableReader r(m, error);
  std::string kind;
  double perNode = 0;
  if (!r.only("topology", {"kind", "pes_per_node", "hop_us"}) ||
      !r.text("topology.kind", kind) ||
      !r.number("topology.pes_per_node", perNode) ||
      !r.number("topology.hop_us", out.topology.hopUs))
    return false;
  if (kind == "torus3d")
    out.topology.kind = SimTopology::Torus3D;
  else if (kind == "mesh2d")
    out.topology.kind = SimTopology::Mesh2D;
  else
    return r.fail("topology.kind",
                  "expected \"torus3d\" or \"mesh2d\", got \"" + kind + "\"");
  if (perNode < 1 || perNode != double(int(perNode)))
    return r.fail("topology.pes_per_node", "expected a whole number >= 1");
  out.topology.pesPerNode = int(perNode);

  SimCompute &c = out.compute;
  const std::vector<std::pair<const char *, double *>> compute = {
      {"op_us", &c.opUs},           {"div_us", &c.divUs},
      {"call_us", &c.callUs},       {"load_us", &c.loadUs},
      {"load_strided_us", &c.loadStridedUs},
      {"cached_us", &c.cachedUs},   {"store_us", &c.storeUs},
      {"store_strided_us", &c.storeStridedUs},
      {"statement_us", &c.statementUs}};
  std::vector<std::string> computeKeys;
  for (auto &k : compute)
    computeKeys.push_back(k.first);
  if (!r.only("compute", computeKeys))
    return false;
  for (auto &k : compute)
    if (!r.number(std::string("compute.") + k.first, *k.second))
      return false;

  if (!r.only("collective", {"barrier_us"}) ||
      !r.number("collective.barrier_us", out.barrierUs))
    return false;

  SimIronman &ir = out.ironman;
  if (!r.only("ironman", {"classify_us", "layer_send_us", "layer_recv_us", "layer_both_us",
                          "layer_neither_us"}) ||
      !r.number("ironman.classify_us", ir.classifyUs) ||
      !r.number("ironman.layer_send_us", ir.layerSendUs) ||
      !r.number("ironman.layer_recv_us", ir.layerRecvUs) ||
      !r.number("ironman.layer_both_us", ir.layerBothUs) ||
      !r.number("ironman.layer_neither_us", ir.layerNeitherUs))
    return false;

  std::set<std::string> tables = bindingTables(m);
  std::vector<std::string> tableNames(tables.begin(), tables.end());
  if (!r.only("binding", {"native"}, tableNames) ||
      !r.text("binding.native", out.nativeBinding))
    return false;
  out.bindings.clear();
  for (const std::string &b : allSimBindings())
    if (tables.count(schemaFor(b)->table))
      out.bindings.push_back(b);
  for (const std::string &t : tables)
    if (t != "shmem" && t != "eregs" && t != "nx" && t != "mpi")
      return r.fail("binding." + t,
                    "unknown binding table (expected shmem, eregs, nx or mpi)");
  if (std::find(out.bindings.begin(), out.bindings.end(), out.nativeBinding) ==
      out.bindings.end())
    return r.fail("binding.native", "'" + out.nativeBinding +
                                        "' is not one of the described "
                                        "bindings (" +
                                        join(out.bindings) + ")");
  return true;
}

bool readSimBinding(const Machine &m, const std::string &name, SimBinding &out,
                    std::string &error) {
  SimFigures figs;
  if (!readSimFigures(m, figs, error))
    return false;
  std::string binding = name.empty() ? figs.nativeBinding : name;
  if (std::find(figs.bindings.begin(), figs.bindings.end(), binding) ==
      figs.bindings.end()) {
    error = "machine '" + m.name() + "' has no binding '" + binding +
            "' (its bindings: " + join(figs.bindings) + ")";
    return false;
  }
  const BindingSchema &s = *schemaFor(binding);
  out.name = binding;
  out.table = std::string("binding.") + s.table;
  TableReader r(m, error);
  std::vector<std::string> keys;
  for (const char *k : s.numbers)
    keys.push_back(k);
  for (const char *k : s.exprs)
    keys.push_back(k);
  if (!r.only(out.table, keys))
    return false;
  for (const char *k : s.numbers) {
    double v = 0; // set by number() when it succeeds
    if (!r.number(out.table + "." + k, v))
      return false;
    out.figures[k] = v;
  }
  for (const char *k : s.exprs) {
    std::string text, e;
    std::string key = out.table + "." + k;
    if (!r.text(key, text))
      return false;
    std::shared_ptr<Expr> ex(Expr::parse(text, e).release());
    if (!ex)
      return r.fail(key, e);
    // every figure it uses must exist, for every kind of pattern
    for (const char *q : {"1Q1", "2Q2", "wQw", "1Qw", "wQ1"}) {
      TransferPattern tp;
      std::string pe, txt;
      double v;
      TransferPattern::parse(q, tp, pe);
      if (!ex->evaluate(tp, m.lookupFn(), v, txt, e))
        return r.fail(key, "'" + ex->str() + "' for " + q + ": " + e);
    }
    out.exprs[k] = ex;
  }
  return true;
}

} // namespace model
} // namespace zpl
