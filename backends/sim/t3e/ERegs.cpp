//===- ERegs.cpp - the T3E's E-register binding of IRONMAN -----------------===//
//
// All remote access on the T3E goes through E-registers (docs/machines.md
// section 3): Gets (remote memory -> E-register -> local memory) of vectors
// of 8 words at any stride, a bounded number in flight. The binding reads
// where the data is:
//   DR  nothing: the destination writes its own memory, in DN;
//   SR  (packs a packed message, then) sends the destination a 64-byte
//       message into its queue: "the source data is ready";
//   DN  takes that message, Gets the data with `registers` E-registers in
//       flight (a chained message at its own strides on both sides, a
//       packed one contiguous, then unpacks it), and sends the source a
//       64-byte "done" message;
//   SV  waits for the "done" message: only then may the source change.
//
// A Get stream is timed by Little's law on a closed queue (mean-value
// analysis): k E-registers circulate between the network (round trip
// round_trip_us at reference_hops, hop_us per hop more or less) and the
// E-register logic and memory banks, which serve one word in 8 B / rate:
// rate = min(logic_mbps, bank_mbps x banks hit / banks) on each side, where
// a stride that is a multiple of 8 hits one of the 8 banks and a multiple
// of 4 two (indexed words: indexed_mbps, one command each). With 8
// E-registers in flight that gives 8 words per round trip, about 33 MB/s;
// from about 128 the logic is saturated.
//===----------------------------------------------------------------------===//

#include "backends/sim/Sim.h"

#include <algorithm>
#include <cstring>
#include <numeric>

namespace zsim {

/// The throughput (MB/s) of a Get stream with `k` E-registers in flight,
/// round trip `roundTripUs` and `serviceUs` per 8-byte word at the
/// E-register logic and banks: exact mean-value analysis of k customers
/// cycling through a delay (the network) and one queue (the logic).
double eregStreamMBps(int k, Time roundTripUs, Time serviceUs) {
  Time delay = std::max(0.0, roundTripUs - serviceUs);
  double queue = 0, throughput = 0;
  for (int n = 1; n <= k; ++n) {
    Time residence = serviceUs * (1 + queue);
    throughput = n / (delay + residence); // words per us
    queue = throughput * residence;
  }
  return 8 * throughput;
}

namespace {

class ERegs : public Binding {
public:
  ERegs(Simulator &sim, const model::SimBinding &b)
      : sim(sim), registers(int(b.figure("registers"))), roundTripUs(b.figure("round_trip_us")),
        referenceHops(int(b.figure("reference_hops"))), logicMBps(b.figure("logic_mbps")),
        bankMBps(b.figure("bank_mbps")), banks(int(b.figure("banks"))),
        indexedMBps(b.figure("indexed_mbps")), queueSendUs(b.figure("queue_send_us")),
        queueLatencyUs(b.figure("queue_latency_us")),
        queueOccupancyUs(b.figure("queue_occupancy_us")),
        hopUs(sim.figures().topology.hopUs) {}

  void dr(Transfer &) override {}

  /// Each receiver Gets its messages one after another (dn), so a node's
  /// port carries one stream per PE of the node at a time.
  int streamsPerPort(int pesPerNode) const override { return pesPerNode; }

  void sr(Transfer &t) override {
    Pe &me = sim.self();
    for (Msg &s : t.sends) {
      auto args = [&] { return messageArgs(t.label, s.peer, s.bytes, s.pattern, t.chained()); };
      if (!t.chained() && s.pattern.kind != model::Pattern::Contiguous)
        sim.busy(double(s.bytes) / packMBps(s.pattern), Activity::Comm, "pack", args);
      sim.busy(queueSendUs, Activity::Comm, "queue message", args);
      Mail n;
      n.arrival = me.now + queueLatency(s.hops);
      n.ref = &s;
      n.bytes = s.bytes;
      n.pattern = t.chained() ? s.pattern : model::Pattern::contiguous();
      n.chained = t.chained();
      n.hops = s.hops;
      n.flow = sim.flowFrom(me.now, Track::Cpu); // the notice; DN Gets the data
      sim.post(s.peer, {MailKind::Notice, me.id, s.tag}, std::move(n));
    }
  }

  void dn(Transfer &t) override {
    sim.yieldIfBehind();
    Pe &me = sim.self();
    for (Msg &r : t.recvs) {
      auto who = [&] {
        return "DN of " + t.label + ": the message of PE " + std::to_string(r.peer);
      };
      Mail n = sim.take({MailKind::Notice, r.peer, r.tag}, who);
      sim.waitUntil(n.arrival, who);
      sim.flowTo(n.flow);
      sim.busy(queueOccupancyUs, Activity::Comm, "receive queue message");
      const Msg &s = *static_cast<const Msg *>(n.ref);
      memcpy(r.image(), s.image(), r.bytes);
      model::Pattern y = n.chained ? r.pattern : model::Pattern::contiguous();
      auto args = [&] { return messageArgs(t.label, r.peer, r.bytes, r.pattern, n.chained); };
      sim.busy(sim.machine().startupUs(), Activity::Comm, "get start-up", args);
      Time start = me.now;
      // a chained combined message: one Get stream per piece
      double rate = piecewiseMBps(
          n.chained, s, r,
          [&](const model::Pattern &px, const model::Pattern &py) {
            return streamMBps(n.chained ? px : n.pattern, n.chained ? py : y, r.hops);
          });
      // Words of a chained non-contiguous stream travel as single-word
      // packets with their addresses: the network's address-data rate
      // (Nadp), as the description's chained expression has it.
      bool addrData = n.chained && !(n.pattern.kind == model::Pattern::Contiguous &&
                                     r.pattern.kind == model::Pattern::Contiguous);
      Time end = sim.network().stream(r.peer, me.id, start, r.bytes, rate, addrData) +
                 roundTrip(r.hops);
      sim.traceTransfer("get", start, end, args);
      sim.busy(end - me.now, Activity::Comm, "get", args);
      if (!n.chained && r.pattern.kind != model::Pattern::Contiguous)
        sim.busy(double(r.bytes) / unpackMBps(r.pattern), Activity::Comm, "unpack", args);
      sim.busy(queueSendUs, Activity::Comm, "queue message");
      Mail done;
      done.arrival = me.now + queueLatency(r.hops);
      sim.post(r.peer, {MailKind::Done, me.id, r.tag}, std::move(done));
    }
  }

  void sv(Transfer &t) override {
    for (Msg &s : t.sends) {
      auto who = [&] {
        return "SV of " + t.label + ": the done message of PE " + std::to_string(s.peer);
      };
      Mail done = sim.take({MailKind::Done, s.peer, s.tag}, who);
      sim.waitUntil(done.arrival, who);
      sim.busy(queueOccupancyUs, Activity::Comm, "receive queue message");
    }
  }

  Time stepUs(size_t bytes) override {
    model::Pattern one = model::Pattern::contiguous();
    return queueSendUs + queueLatency(1) + queueOccupancyUs + sim.machine().startupUs() +
           roundTrip(1) + double(bytes) / streamMBps(one, one, 1);
  }

private:
  Simulator &sim;
  int registers;
  Time roundTripUs;
  int referenceHops;
  double logicMBps, bankMBps;
  int banks;
  double indexedMBps;
  Time queueSendUs, queueLatencyUs, queueOccupancyUs, hopUs;
  std::map<std::string, double> streamCache;

  Time roundTrip(int hops) const {
    return std::max(2 * sim.network().latency(hops),
                    roundTripUs + 2 * (hops - referenceHops) * hopUs);
  }
  Time queueLatency(int hops) const {
    return std::max(sim.network().latency(hops),
                    queueLatencyUs + (hops - referenceHops) * hopUs);
  }

  /// The rate one side's memory serves a word stream at: the E-register
  /// logic, or fewer banks for strides sharing factors with their number.
  double sideMBps(const model::Pattern &p) const {
    if (p.kind == model::Pattern::Indexed)
      return std::min(logicMBps, indexedMBps);
    int hit = banks;
    if (p.kind == model::Pattern::Strided) {
      hit = banks / std::gcd(int(p.stride % banks == 0 ? banks : p.stride % banks), banks);
      hit = int(std::min<int64_t>(banks, hit * p.block));
    }
    return std::min(logicMBps, bankMBps * hit / banks);
  }

  double streamMBps(const model::Pattern &x, const model::Pattern &y, int hops) {
    std::string key = x.str() + "|" + y.str() + "|" + std::to_string(hops);
    auto it = streamCache.find(key);
    if (it != streamCache.end())
      return it->second;
    Time serviceUs = 8 / std::min(sideMBps(x), sideMBps(y));
    return streamCache[key] = eregStreamMBps(registers, roundTrip(hops), serviceUs);
  }

  double packMBps(const model::Pattern &x) {
    return sim.rates().phases(sim.machine().packed(), x, x).packMBps;
  }
  double unpackMBps(const model::Pattern &y) {
    return sim.rates().phases(sim.machine().packed(), y, y).unpackMBps;
  }
};

} // namespace

std::unique_ptr<Binding> makeERegs(Simulator &sim, const model::SimBinding &b) {
  return std::make_unique<ERegs>(sim, b);
}

} // namespace zsim
