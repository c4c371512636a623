//===- Shmem.cpp - the T3D's SHMEM binding of IRONMAN ----------------------===//
//
// docs/machines.md section 5:
//   DR  puts a ready flag at the source (one remote store per message);
//   SR  waits for the ready flag, puts the data through the annex (the
//       processor's remote stores, start-up [message] startup_us) and the
//       deposit engine at the destination - contiguous, or address-data
//       pairs for any other pattern - then puts a done flag;
//   DN  waits for the done flag (and unpacks a packed message);
//   SV  is empty: the data left with the processor's stores in SR.
// Every put to another PE first sets up a DTB Annex entry for it
// (annex_us): the ready flag in DR, the data and its done flag in SR
// (Krishnamurthy et al. 1.1 and footnote 1: without global information an
// entry is set up at every use).
// The data goes straight into the destination's message image; the ready
// flag tells the source where that is (and how it is laid out). A chained
// combined message is one put per piece (messagePhases).
//===----------------------------------------------------------------------===//

#include "backends/sim/Sim.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace zsim {

namespace {

class Shmem : public Binding {
public:
  Shmem(Simulator &sim, const model::SimBinding &b)
      : sim(sim), flagUs(b.figure("flag_us")), annexUs(b.figure("annex_us")) {}

  void dr(Transfer &t) override {
    Pe &me = sim.self();
    for (Msg &r : t.recvs) {
      sim.busy(annexUs, Activity::Comm, "annex set-up");
      sim.busy(flagUs, Activity::Comm, "put ready flag");
      Mail flag;
      flag.arrival = me.now + sim.network().latency(r.hops);
      flag.ref = &r;
      sim.post(r.peer, {MailKind::Ready, me.id, r.tag}, std::move(flag));
    }
  }

  void sr(Transfer &t) override {
    sim.yieldIfBehind();
    Pe &me = sim.self();
    const model::Machine &m = sim.machine();
    for (Msg &s : t.sends) {
      auto who = [&] {
        return "SR of " + t.label + ": the ready flag of PE " + std::to_string(s.peer);
      };
      Mail flag = sim.take({MailKind::Ready, s.peer, s.tag}, who);
      sim.waitUntil(flag.arrival, who);
      const Msg &r = *static_cast<const Msg *>(flag.ref);
      if (r.bytes != s.bytes) {
        fprintf(stderr, "%s: error: internal: %s: PE %d sends %zu bytes, PE %d expects %zu\n",
                sim.program().c_str(), t.label.c_str(), me.id, s.bytes, s.peer, r.bytes);
        exit(2);
      }
      memcpy(r.image(), s.image(), s.bytes);
      Phases ph = messagePhases(sim, t.chained(), s, r);
      auto args = [&] { return messageArgs(t.label, s.peer, s.bytes, s.pattern, t.chained()); };
      sim.busy(annexUs, Activity::Comm, "annex set-up", args);
      sim.busy(m.startupUs(), Activity::Comm, "put start-up", args);
      Time start = me.now;
      if (ph.packMBps > 0)
        sim.busy(double(s.bytes) / ph.packMBps, Activity::Comm, "pack", args);
      Time streamStart = me.now;
      Time end = sim.network().stream(me.id, s.peer, streamStart, s.bytes, ph.sendMBps,
                                      ph.addrData);
      sim.traceTransfer("put", streamStart, end, args);
      sim.busy(end - me.now, Activity::Comm, "put", args); // the processor stores
      sim.busy(flagUs, Activity::Comm, "put done flag");
      Mail done;
      done.arrival = me.now + sim.network().latency(s.hops);
      done.start = start;
      done.streamStart = streamStart;
      done.streamEnd = end;
      done.bytes = s.bytes;
      done.pattern = s.pattern;
      done.chained = t.chained();
      done.hops = s.hops;
      if (t.chained())
        done.pieces = s.pieces; // the sender's transfer may be rebuilt before DN
      done.flow = sim.flowFrom(streamStart, Track::Network);
      sim.post(s.peer, {MailKind::Done, me.id, s.tag}, std::move(done));
    }
  }

  void dn(Transfer &t) override {
    for (Msg &r : t.recvs) {
      auto who = [&] {
        return "DN of " + t.label + ": the done flag of PE " + std::to_string(r.peer);
      };
      Mail done = sim.take({MailKind::Done, r.peer, r.tag}, who);
      Msg sent;
      sent.bytes = done.bytes;
      sent.pattern = done.pattern;
      sent.pieces = std::move(done.pieces);
      Phases ph = messagePhases(sim, done.chained, sent, r);
      Time unpack = ph.unpackMBps > 0 ? double(r.bytes) / ph.unpackMBps : 0;
      sim.waitUntil(std::max(done.arrival, dataReady(sim, done, ph, unpack)), who);
      sim.flowTo(done.flow);
      sim.busy(unpack, Activity::Comm, "unpack", [&] {
        return messageArgs(t.label, r.peer, r.bytes, r.pattern, done.chained);
      });
    }
  }

  void sv(Transfer &) override {}

  Time stepUs(size_t bytes) override {
    const model::Machine &m = sim.machine();
    model::Pattern one = model::Pattern::contiguous();
    const Phases &ph = sim.rates().phases(nativeExpr(m, true, one, one), one, one);
    return 2 * annexUs + m.startupUs() + 2 * flagUs + sim.network().latency(1) +
           double(bytes) / ph.sendMBps;
  }

private:
  Simulator &sim;
  double flagUs;
  double annexUs;
};

} // namespace

std::unique_ptr<Binding> makeShmem(Simulator &sim, const model::SimBinding &b) {
  return std::make_unique<Shmem>(sim, b);
}

} // namespace zsim
