//===- Network.cpp - topology, latency by hops, shared ports ---------------===//

#include "backends/sim/Sim.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace zsim {

namespace {
/// The largest congestion column a description may give.
constexpr int kMaxCongestion = 64;

/// A port's capacity for `net`: the most payload the description's
/// columns show through one link, max over c of c x (the figure at
/// congestion c). Congestion c means c streams share the link (Stricker &
/// Gross section 4.3), each at the column's figure; the T3D's address-data
/// pairs get 62 MB/s alone but 2 x 38 = 76 and 4 x 20 = 80 shared (table
/// 4), so the link carries 80, and two PEs of a node fit at the c=2 rate.
/// Without columns, the description's own figure.
double portFigure(const model::Machine &m, const char *net) {
  double v = 0, most = 0;
  for (int c = 1; c <= kMaxCongestion; ++c)
    if (m.networkFigure(net, c, v))
      most = std::max(most, c * v);
  if (most > 0)
    return most;
  model::BasicTransfer bt;
  bt.kind = std::string(net) == "Nd" ? model::BasicTransfer::NetData
                                     : model::BasicTransfer::NetAddrData;
  std::string err;
  if (!m.lookup(bt, v, err)) {
    fprintf(stderr, "error: %s: %s\n", m.path().c_str(), err.c_str());
    exit(2);
  }
  return v;
}
} // namespace

Network::Network(const model::SimTopology &t, const model::Machine &m, int npes)
    : kind(t.kind), perNode(t.pesPerNode), hopUs(t.hopUs), latencyUs(m.latencyUs()),
      portData(portFigure(m, "Nd")), portAddrData(portFigure(m, "Nadp")) {
  int nodes = (npes + perNode - 1) / perNode;
  int rank = kind == model::SimTopology::Torus3D ? 3 : 2;
  int64_t d[ZRT_MAX_RANK] = {1, 1, 1};
  zrt_default_grid(nodes, rank, d);
  // The machine's torus or mesh keeps its extents non-decreasing (a 2x4x4
  // torus for 32 nodes), whatever order the default grid of arrays uses.
  std::sort(d, d + rank);
  for (int k = 0; k < rank; ++k)
    dims[k] = int(d[k]);
  inject.assign(size_t(nodes), Port());
  eject.assign(size_t(nodes), Port());
}

std::map<Time, Time>::iterator Port::occupy(Time s, Time e) {
  auto next = busy.lower_bound(s);
  if (next != busy.end() && next->first == e) { // touches the next one
    e = next->second;
    next = busy.erase(next);
  }
  if (next != busy.begin()) {
    auto prev = std::prev(next);
    if (prev->second == s) { // touches the previous one
      prev->second = e;
      return prev;
    }
  }
  return busy.emplace_hint(next, s, e);
}

Time Port::reserve(Time start, Time work) {
  Time t = start, left = work;
  auto next = busy.upper_bound(t);
  if (next != busy.begin() && std::prev(next)->second > t)
    t = std::prev(next)->second; // inside a busy interval: from its end
  while (true) {
    if (next == busy.end() || next->first - t >= left) {
      occupy(t, t + left);
      return t + left;
    }
    left -= next->first - t; // the whole gap, up to the next busy interval
    auto merged = occupy(t, next->first);
    t = merged->second;
    next = std::next(merged);
  }
}

void Port::forgetBefore(Time t) {
  auto it = busy.begin();
  while (it != busy.end() && it->second <= t)
    it = busy.erase(it);
  limit = std::max<size_t>(64, 2 * busy.size());
}

Time Network::reserve(Port &p, Time start, Time work) {
  // Forgetting costs a pass over the PEs: only when the port remembers much.
  if (horizon && p.crowded())
    p.forgetBefore(horizon());
  return p.reserve(start, work);
}

int Network::hops(int a, int b) const {
  int na = node(a), nb = node(b), h = 0;
  for (int k = 2; k >= 0; --k) {
    int ca = na % dims[k], cb = nb % dims[k];
    na /= dims[k];
    nb /= dims[k];
    int d = std::abs(ca - cb);
    h += kind == model::SimTopology::Torus3D ? std::min(d, dims[k] - d) : d;
  }
  return h;
}

Time Network::latency(int h) const { return latencyUs + std::max(0, h - 1) * hopUs; }

Time Network::stream(int a, int b, Time start, size_t bytes, double mbps, bool addrData) {
  Time end = start + double(bytes) / mbps;
  if (a == b)
    return end; // a copy within the PE: no port
  double work = double(bytes) / (addrData ? portAddrData : portData);
  Time in = reserve(inject[size_t(node(a))], start, work);
  Time out = reserve(eject[size_t(node(b))], start, work);
  return std::max(end, std::max(in, out));
}

std::string Network::describe() const {
  char b[96];
  if (kind == model::SimTopology::Torus3D)
    snprintf(b, sizeof b, "torus %dx%dx%d, %d PE%s per node", dims[0], dims[1], dims[2],
             perNode, perNode == 1 ? "" : "s");
  else
    snprintf(b, sizeof b, "mesh %dx%d, %d PE%s per node", dims[0], dims[1], perNode,
             perNode == 1 ? "" : "s");
  return b;
}

} // namespace zsim
