// sim_util.cpp - see sim_util.h.
#include "sim_util.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace simtest {

namespace {
[[noreturn]] void die(const std::string &msg) {
  fprintf(stderr, "sim test: %s\n", msg.c_str());
  exit(3);
}

std::unique_ptr<model::Machine> loadMachine(const std::string &name) {
  std::string err;
  auto m = model::Machine::load(std::string(ZPL_MACHINES_DIR) + "/" + name + ".toml", err);
  if (!m)
    die(err);
  return m;
}

model::TransferPattern parseQ(const std::string &q) {
  model::TransferPattern tp;
  std::string err;
  if (!model::TransferPattern::parse(q, tp, err))
    die(err);
  return tp;
}
} // namespace

std::unique_ptr<zsim::Simulator> makeSim(const std::string &machine, int pes,
                                         const std::string &binding,
                                         const std::function<void(model::SimBinding &)> &tweak) {
  std::string err;
  auto m = loadMachine(machine);
  model::SimFigures f;
  model::SimBinding b;
  if (!model::readSimFigures(*m, f, err) || !model::readSimBinding(*m, binding, b, err))
    die(err);
  if (tweak)
    tweak(b);
  zsim::Options o;
  o.pes = pes;
  o.binding = b.name;
  o.tracePath = "(in memory)";
  return std::make_unique<zsim::Simulator>(std::move(m), f, b, o, "sim-test");
}

OneMessage::OneMessage(zsim::Simulator &sim, int me, int sender, int receiver, size_t bytes,
                       const model::Pattern &pattern, bool chained, int tag)
    : sim(sim), buffer(bytes) {
  bool sending = me == sender;
  if (sending)
    for (size_t i = 0; i < bytes; ++i)
      buffer[i] = char(i * 7 + 3);
  t.strategy = chained ? IM_CHAINED : IM_PACKED;
  t.id = tag;
  msg.peer = sending ? receiver : sender;
  msg.tag = tag;
  msg.bytes = bytes;
  msg.contiguous = true; // the image is the buffer itself
  msg.ptr = buffer.data();
  zsim::Msg m;
  m.m = &msg;
  m.peer = int(msg.peer);
  m.tag = tag;
  m.bytes = bytes;
  m.pattern = pattern;
  m.hops = sim.network().hops(me, m.peer);
  x.t = &t;
  x.label = "test transfer";
  (sending ? x.sends : x.recvs).push_back(m);
  x.sendDone.assign(x.sends.size(), 0);
  x.posted.assign(x.recvs.size(), 0);
}

void OneMessage::exchange() {
  zsim::Binding &b = sim.binding();
  b.dr(x);
  b.sr(x);
  b.dn(x);
  b.sv(x);
}

double modelMBps(const std::string &machine, const std::string &q, bool chained) {
  auto m = loadMachine(machine);
  model::Answer a;
  std::string err;
  if (!model::estimate(*m, parseQ(q), a, err))
    die(err);
  return chained ? a.chained.mbps : a.packed.mbps;
}

double simulatedMBps(const std::string &machine, const std::string &q, bool chained,
                     size_t bytes) {
  model::TransferPattern tp = parseQ(q);
  auto sim = makeSim(machine, 2);
  double end = 0;
  bool same = true;
  sim->run(
      [&](int me) {
        OneMessage one(*sim, me, 0, 1, bytes, me == 0 ? tp.src : tp.dst, chained);
        one.exchange();
        if (me == 1) {
          end = sim->self().now;
          std::vector<char> expect(bytes);
          for (size_t i = 0; i < bytes; ++i)
            expect[i] = char(i * 7 + 3);
          same = one.data() == expect;
        }
      },
      false);
  if (!same)
    die("the data did not arrive intact");
  return double(bytes) / end;
}

namespace {
/// The span of the receiver's Get: from its "get start-up" to the end of
/// its "get" (processor track).
double getSpanUs(zsim::Pe &pe) {
  double start = -1, end = -1;
  for (const zsim::TraceEvent &e : pe.trace) {
    if (e.track != zsim::Track::Cpu)
      continue;
    if (e.name == "get start-up")
      start = e.start;
    if (e.name == "get")
      end = e.start + e.dur;
  }
  if (start < 0 || end < 0)
    die("no Get in the receiver's trace");
  return end - start;
}

/// Runs one chained T3E transfer from PE 0 (read with `source`) to
/// `receiver` (written contiguously) on `pes` PEs and returns the
/// receiver's Get span.
double eregTransferUs(int pes, int receiver, size_t bytes, int registers,
                      const model::Pattern &source) {
  auto sim = makeSim("t3e", pes, "eregs", [&](model::SimBinding &b) {
    if (registers > 0)
      b.figures["registers"] = registers;
  });
  double span = 0;
  model::Pattern one = model::Pattern::contiguous();
  sim->run(
      [&](int me) {
        if (me != 0 && me != receiver)
          return;
        OneMessage msg(*sim, me, 0, receiver, bytes, me == 0 ? source : one, true);
        msg.exchange();
        if (me == receiver)
          span = getSpanUs(sim->self());
      },
      false);
  return span;
}
} // namespace

double eregGetMBps(int registers, int hops, size_t bytes) {
  // 27 PEs form a 3x3x3 torus: PE 0 at (0,0,0); (1,1,1) is 3 hops away,
  // (0,0,1) one.
  int receiver = hops == 3 ? 13 : hops == 2 ? 4 : 1;
  return double(bytes) / eregTransferUs(27, receiver, bytes, registers,
                                        model::Pattern::contiguous());
}

double eregGetUs(size_t bytes, int stride) {
  model::Pattern source =
      stride == 1 ? model::Pattern::contiguous() : model::Pattern::strided(stride);
  return eregTransferUs(2, 1, bytes, 0, source);
}

} // namespace simtest
