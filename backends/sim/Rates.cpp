//===- Rates.cpp - a message's phases from the machine description ---------===//
//
// The binding's composition expression (the description's [strategies], or
// the binding's own) is evaluated by the cost model for the message's
// access patterns, then split into the phases that run on different
// resources: `xC1 o (1S0 || Nd || 0D1) o 1Cy` is a pack on the sender's
// processor, a stream whose send side and network (1S0, Nd) are timed at
// the sender and whose receive side (0D1) at the receiver, and an unpack
// on the receiver's processor. A message alone therefore takes exactly the
// model's time; the model's figure (the strategy's own resource constraint
// applied; a binding's own expressions state none) is also kept as a floor
// that the receiver enforces.
//===----------------------------------------------------------------------===//

#include "backends/sim/Sim.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <tuple>

namespace zsim {

namespace {
[[noreturn]] void fatal(const model::Machine &m, const std::string &what) {
  fflush(stdout);
  fprintf(stderr, "error: %s: %s\n", m.path().c_str(), what.c_str());
  exit(2);
}
} // namespace

Rates::Key Rates::key(const model::Expr &e, const model::Pattern &x, const model::Pattern &y) {
  return {&e, int(x.kind), int(y.kind), x.stride, x.block, y.stride, y.block};
}

bool Rates::Key::operator<(const Key &o) const {
  return std::tie(expr, xKind, yKind, xStride, xBlock, yStride, yBlock) <
         std::tie(o.expr, o.xKind, o.yKind, o.xStride, o.xBlock, o.yStride, o.yBlock);
}

double Rates::leaf(const model::Expr &e, const model::TransferPattern &q,
                   model::BasicTransfer &bt) {
  std::vector<model::BasicTransfer> bts;
  std::string err;
  if (!e.instantiate(q, bts, err) || bts.size() != 1)
    fatal(machine, "'" + e.str() + "' for " + q.str() + ": " + err);
  bt = bts[0];
  double v = 0;
  if (!machine.lookup(bt, v, err))
    fatal(machine, err);
  return v;
}

double Rates::value(const model::Expr &e, const model::Pattern &x, const model::Pattern &y) {
  Key k = key(e, x, y);
  auto it = valueCache.find(k);
  if (it != valueCache.end())
    return it->second;
  model::TransferPattern q{x, y};
  double v = 0;
  std::string text, err;
  if (!e.evaluate(q, machine.lookupFn(), v, text, err))
    fatal(machine, "'" + e.str() + "' for " + q.str() + ": " + err);
  valueCache[k] = v;
  return v;
}

double Rates::basic(const std::string &name) {
  model::BasicTransfer bt;
  std::string err;
  double v = 0;
  if (!model::BasicTransfer::parse(name, bt, err) || !machine.lookup(bt, v, err))
    fatal(machine, err);
  return v;
}

// A side's rate: the slowest of the operations on it (0: none yet).
static void addRate(double &side, double v) { side = side > 0 ? std::min(side, v) : v; }

bool Rates::isCopy(const model::Expr &op, const model::TransferPattern &q) {
  if (op.kind() != model::Expr::Basic)
    return false;
  model::BasicTransfer bt;
  leaf(op, q, bt);
  return bt.kind == model::BasicTransfer::Copy;
}

std::vector<const model::Expr *> Rates::peelCopies(const model::Expr &e,
                                                   const model::TransferPattern &q, Phases &p) {
  std::vector<const model::Expr *> middle = {&e};
  if (e.kind() != model::Expr::Sequential)
    return middle;
  middle.clear();
  for (auto &op : e.operands())
    middle.push_back(op.get());
  if (middle.size() > 1 && isCopy(*middle.front(), q)) {
    p.packMBps = value(*middle.front(), q.src, q.dst);
    middle.erase(middle.begin());
  }
  if (middle.size() > 1 && isCopy(*middle.back(), q)) {
    p.unpackMBps = value(*middle.back(), q.src, q.dst);
    middle.pop_back();
  }
  return middle;
}

void Rates::classify(const model::Expr &op, const model::TransferPattern &q, Phases &p,
                     double &send, double &recv) {
  if (op.kind() != model::Expr::Basic) {
    addRate(send, value(op, q.src, q.dst));
    return;
  }
  model::BasicTransfer bt;
  double v = leaf(op, q, bt);
  switch (bt.kind) {
  case model::BasicTransfer::ReceiveStore:
  case model::BasicTransfer::Deposit:
    addRate(recv, v);
    break;
  case model::BasicTransfer::FetchSend:
    p.sendByCpu = false;
    addRate(send, v);
    break;
  case model::BasicTransfer::NetAddrData:
    p.addrData = true;
    addRate(send, v);
    break;
  default:
    addRate(send, v);
    break;
  }
}

void Rates::streamRates(const std::vector<const model::Expr *> &middle,
                        const model::TransferPattern &q, Phases &p, double &send,
                        double &recv) {
  if (middle.size() == 1 && middle[0]->kind() == model::Expr::Parallel) {
    for (auto &op : middle[0]->operands())
      classify(*op, q, p, send, recv);
  } else if (middle.size() == 1) {
    classify(*middle[0], q, p, send, recv);
  } else {
    // several sequential pieces between the copies: one send-side phase
    double inv = 0;
    for (const model::Expr *op : middle)
      inv += 1 / value(*op, q.src, q.dst);
    addRate(send, 1 / inv);
  }
}

const Phases &Rates::phases(const model::Expr &e, const model::Pattern &x,
                            const model::Pattern &y) {
  Key k = key(e, x, y);
  auto it = phaseCache.find(k);
  if (it != phaseCache.end())
    return it->second;
  model::TransferPattern q{x, y};
  Phases p;
  double raw = value(e, x, y);
  p.modelMBps = raw;
  if (const model::Constraint *c = machine.constraintOf(e)) {
    std::string text, err;
    if (!c->apply(q, machine.lookupFn(), raw, p.modelMBps, text, err))
      fatal(machine, "'" + c->str() + "' for " + q.str() + ": " + err);
  }
  // Leading and trailing copies of a sequential composition: pack, unpack.
  std::vector<const model::Expr *> middle = peelCopies(e, q, p);
  double send = 0, recv = 0;
  streamRates(middle, q, p, send, recv);
  // A transfer group alone is what the memory constraint caps (the model
  // scales the whole |Q|); with copies around it the floor does.
  if (p.packMBps == 0 && p.unpackMBps == 0) {
    send = std::min(send, p.modelMBps);
    if (recv > 0)
      recv = std::min(recv, p.modelMBps);
  }
  p.sendMBps = send;
  p.recvMBps = recv;
  return phaseCache[k] = p;
}

} // namespace zsim

namespace zsim {

const model::Expr &nativeExpr(const model::Machine &m, bool chained, const model::Pattern &x,
                              const model::Pattern &y) {
  if (!chained)
    return m.packed();
  if (x.kind == model::Pattern::Contiguous && y.kind == model::Pattern::Contiguous &&
      m.chainedContiguous())
    return *m.chainedContiguous();
  return m.chained();
}

namespace {
bool piecewise(bool chained, const Msg &x, const Msg &y) {
  return chained && x.pieces.size() > 1 && y.pieces.size() == x.pieces.size();
}

/// bytes / sum over the pieces of piece bytes / f(piece), 0 when some
/// piece gives 0 (the phase is absent).
double harmonic(const Msg &x, const std::function<double(size_t)> &f) {
  double us = 0;
  for (size_t i = 0; i < x.pieces.size(); ++i) {
    double v = f(i);
    if (v <= 0)
      return 0;
    us += double(x.pieces[i].bytes) / v;
  }
  return us > 0 ? double(x.bytes) / us : 0;
}
} // namespace

Phases messagePhases(Simulator &sim, bool chained, const Msg &x, const Msg &y) {
  const model::Machine &m = sim.machine();
  if (!piecewise(chained, x, y))
    return sim.rates().phases(nativeExpr(m, chained, x.pattern, y.pattern), x.pattern,
                              y.pattern);
  std::vector<Phases> ph;
  for (size_t i = 0; i < x.pieces.size(); ++i) {
    const model::Pattern &px = x.pieces[i].pattern, &py = y.pieces[i].pattern;
    ph.push_back(sim.rates().phases(nativeExpr(m, true, px, py), px, py));
  }
  Phases p;
  p.packMBps = harmonic(x, [&](size_t i) { return ph[i].packMBps; });
  p.sendMBps = harmonic(x, [&](size_t i) { return ph[i].sendMBps; });
  p.recvMBps = harmonic(x, [&](size_t i) { return ph[i].recvMBps; });
  p.unpackMBps = harmonic(x, [&](size_t i) { return ph[i].unpackMBps; });
  p.modelMBps = harmonic(x, [&](size_t i) { return ph[i].modelMBps; });
  for (const Phases &q : ph) {
    p.sendByCpu = p.sendByCpu && q.sendByCpu;
    p.addrData = p.addrData || q.addrData;
  }
  return p;
}

double piecewiseMBps(bool chained, const Msg &x, const Msg &y,
                     const std::function<double(const model::Pattern &,
                                                const model::Pattern &)> &rate) {
  if (!piecewise(chained, x, y))
    return rate(x.pattern, y.pattern);
  return harmonic(x, [&](size_t i) { return rate(x.pieces[i].pattern, y.pieces[i].pattern); });
}

Time dataReady(Simulator &sim, const Mail &m, const Phases &ph, Time unpackUs) {
  Time lat = sim.network().latency(m.hops);
  double bytes = double(m.bytes);
  Time t = m.streamEnd + lat;
  if (ph.recvMBps > 0)
    t = std::max(t, m.streamStart + bytes / ph.recvMBps + lat);
  if (ph.modelMBps > 0)
    t = std::max(t, m.start + bytes / ph.modelMBps + lat - unpackUs);
  return t;
}

std::string messageArgs(const std::string &label, int peer, size_t bytes,
                        const model::Pattern &p, bool chained) {
  return "\"transfer\": \"" + label + "\", \"peer\": " + std::to_string(peer) +
         ", \"bytes\": " + std::to_string(bytes) + ", \"pattern\": \"" + p.str() +
         "\", \"strategy\": \"" + (chained ? "chained" : "packed") + "\"";
}

} // namespace zsim
