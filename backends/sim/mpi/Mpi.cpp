//===- Mpi.cpp - a message-passing library's binding of IRONMAN ------------===//
//
// An MPI-style library on the simulated machine (docs/machines.md sections 5-6):
//   DR  MPI_Irecv per message;   SR  MPI_Isend per message;
//   DN  MPI_Wait on the receives; SV  MPI_Wait on the sends.
// What the library costs over a native binding:
//   - the library's own work per message, which IRONMAN's Fig. 5 stubbed
//     out: its transport's send (library_send_us) and the posting,
//     matching and completion of a receive (library_recv_us), half in
//     each of the side's two calls. The code around the calls that Fig. 5
//     did time is not the library's: classifying the PE runs in every
//     binding ([ironman], Backend.cpp), and the marshalling in its sender
//     and receiver figures is charged here per byte (`pack`, `unpack`), so
//     it is not counted twice;
//   - it packs every non-contiguous message (`pack`, `unpack`): the chained
//     strategy chosen by the compiler cannot be executed, so messages move
//     as packed bytes over the library's transport (`wire`);
//   - buffering: a message of at most eager_bytes is sent at once into a
//     library buffer at the destination, and DN copies it out
//     (buffer_copy);
//   - matching: a larger message waits for its receive. DR sends the
//     source a clear-to-send; the library makes progress only inside its
//     calls, so the data leaves in the source's next call, DN, once the
//     clear-to-send has arrived.
//===----------------------------------------------------------------------===//

#include "backends/sim/Sim.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace zsim {

namespace {

class Mpi : public Binding {
public:
  Mpi(Simulator &sim, const model::SimBinding &b)
      : sim(sim), librarySendUs(b.figure("library_send_us")),
        libraryRecvUs(b.figure("library_recv_us")),
        eagerBytes(size_t(b.figure("eager_bytes"))),
        bufferCopy(b.expr("buffer_copy")) {
    std::string pack = "(" + b.expr("pack").str() + ")";
    std::string wire = "(" + b.expr("wire").str() + ")";
    std::string unpack = "(" + b.expr("unpack").str() + ")";
    variant[1][1] = parse(pack + " o " + wire + " o " + unpack);
    variant[1][0] = parse(pack + " o " + wire);
    variant[0][1] = parse(wire + " o " + unpack);
    variant[0][0] = parse(wire);
  }

  void dr(Transfer &t) override {
    Pe &me = sim.self();
    sim.busy(callUs(t, false), Activity::Comm, "MPI_Irecv");
    for (size_t i = 0; i < t.recvs.size(); ++i) {
      Msg &r = t.recvs[i];
      t.posted[i] = me.now;
      if (r.bytes > eagerBytes) {
        Mail cts;
        cts.arrival = me.now + sim.network().latency(r.hops);
        sim.post(r.peer, {MailKind::Cts, me.id, r.tag}, std::move(cts));
      }
    }
  }

  void sr(Transfer &t) override {
    sim.yieldIfBehind();
    Pe &me = sim.self();
    sim.busy(callUs(t, true), Activity::Comm, "MPI_Isend");
    for (size_t i = 0; i < t.sends.size(); ++i) {
      Msg &s = t.sends[i];
      const Phases &ph = phases(s.pattern, s.pattern);
      Time start = me.now;
      if (ph.packMBps > 0)
        sim.busy(double(s.bytes) / ph.packMBps, Activity::Comm, "pack",
                 [&] { return messageArgs(t.label, s.peer, s.bytes, s.pattern, false); });
      if (s.bytes <= eagerBytes) {
        send(t, i, start, false);
      } else {
        Mail pending;
        pending.index = i;
        pending.start = start;
        t.pending.push_back(std::move(pending));
      }
    }
  }

  void dn(Transfer &t) override {
    sim.busy(callUs(t, false), Activity::Comm, "MPI_Wait");
    for (Mail &p : t.pending) { // progress: sends waiting for their receive
      Msg &s = t.sends[p.index];
      auto who = [&] {
        return "DN of " + t.label + ": the clear-to-send of PE " + std::to_string(s.peer);
      };
      Mail cts = sim.take({MailKind::Cts, s.peer, s.tag}, who);
      sim.waitUntil(cts.arrival, who);
      send(t, p.index, p.start, true);
    }
    t.pending.clear();
    for (size_t i = 0; i < t.recvs.size(); ++i) {
      Msg &r = t.recvs[i];
      auto who = [&] {
        return "DN of " + t.label + ": the message of PE " + std::to_string(r.peer);
      };
      Mail msg = sim.take({MailKind::Message, r.peer, r.tag}, who);
      const Phases &ph = phases(msg.pattern, r.pattern);
      Time unpack = ph.unpackMBps > 0 ? double(r.bytes) / ph.unpackMBps : 0;
      sim.waitUntil(dataReady(sim, msg, ph, unpack), who);
      sim.flowTo(msg.flow);
      memcpy(r.image(), msg.payload.data(), r.bytes);
      auto args = [&] { return messageArgs(t.label, r.peer, r.bytes, r.pattern, false); };
      if (!msg.rendezvous) {
        double copy = sim.rates().value(bufferCopy, r.pattern, r.pattern);
        sim.busy(double(r.bytes) / copy, Activity::Comm, "copy from the library buffer", args);
      }
      sim.busy(unpack, Activity::Comm, "unpack", args);
    }
  }

  void sv(Transfer &t) override {
    sim.busy(callUs(t, true), Activity::Comm, "MPI_Wait");
    for (size_t i = 0; i < t.sends.size(); ++i)
      sim.waitUntil(t.sendDone[i], [&] {
        return "SV of " + t.label + ": the send to PE " + std::to_string(t.sends[i].peer);
      });
  }

  Time stepUs(size_t bytes) override {
    model::Pattern one = model::Pattern::contiguous();
    return librarySendUs + libraryRecvUs + sim.network().latency(1) +
           double(bytes) / phases(one, one).sendMBps;
  }

private:
  Simulator &sim;
  Time librarySendUs, libraryRecvUs;
  size_t eagerBytes;
  const model::Expr &bufferCopy;
  std::unique_ptr<model::Expr> variant[2][2]; // [packs][unpacks]

  std::unique_ptr<model::Expr> parse(const std::string &text) {
    std::string err;
    auto e = model::Expr::parse(text, err);
    if (!e) {
      fprintf(stderr, "error: %s: [binding.mpi]: %s\n", sim.machine().path().c_str(), err.c_str());
      exit(2);
    }
    return e;
  }

  /// The library's expression for x -> y: contiguous data is neither
  /// packed nor unpacked.
  const Phases &phases(const model::Pattern &x, const model::Pattern &y) {
    bool packs = x.kind != model::Pattern::Contiguous;
    bool unpacks = y.kind != model::Pattern::Contiguous;
    return sim.rates().phases(*variant[packs][unpacks], x, y);
  }

  /// The library's processor time in one of the four calls: half of its
  /// work for the messages sent (SR, SV) or received (DR, DN).
  Time callUs(const Transfer &t, bool sending) const {
    double library = sending ? double(t.sends.size()) * librarySendUs
                             : double(t.recvs.size()) * libraryRecvUs;
    return library / 2;
  }

  /// The data of send i leaves (through the library's transport).
  void send(Transfer &t, size_t i, Time start, bool rendezvous) {
    Pe &me = sim.self();
    Msg &s = t.sends[i];
    const Phases &ph = phases(s.pattern, s.pattern);
    auto args = [&] { return messageArgs(t.label, s.peer, s.bytes, s.pattern, false); };
    Time streamStart = ph.sendByCpu ? me.now : std::max(me.now, me.sendEngineFree);
    Time end =
        sim.network().stream(me.id, s.peer, streamStart, s.bytes, ph.sendMBps, ph.addrData);
    sim.traceTransfer("send", streamStart, end, args);
    if (ph.sendByCpu)
      sim.busy(end - me.now, Activity::Comm, "send", args);
    else
      me.sendEngineFree = end;
    t.sendDone[i] = end;
    Mail msg;
    msg.start = start;
    msg.streamStart = streamStart;
    msg.streamEnd = end;
    msg.arrival = end + sim.network().latency(s.hops);
    msg.bytes = s.bytes;
    msg.pattern = s.pattern;
    msg.hops = s.hops;
    msg.rendezvous = rendezvous;
    msg.flow = sim.flowFrom(streamStart, Track::Network);
    msg.payload.assign(static_cast<const char *>(s.image()),
                       static_cast<const char *>(s.image()) + s.bytes);
    sim.post(s.peer, {MailKind::Message, me.id, s.tag}, std::move(msg));
  }
};

} // namespace

std::unique_ptr<Binding> makeMpi(Simulator &sim, const model::SimBinding &b) {
  return std::make_unique<Mpi>(sim, b);
}

} // namespace zsim
