//===- Nx.cpp - the Paragon's NX bindings of IRONMAN -----------------------===//
//
// docs/machines.md section 5:
//   nx-isend: DR irecv, SR isend, DN msgwait(recv), SV msgwait(send);
//   nx-csend: SR csend (blocking until the data has left), DN crecv.
// A packed message (aligned contiguous bytes) leaves by DMA: the processor
// packs it and starts the DMA (send_us), and with isend goes on computing
// while the DMA streams it; the DMA at the destination deposits it. A
// chained message is sent by the processor itself, word by word with its
// addresses, and the destination's co-processor stores it (the
// description's [strategies]). NX keeps a message whose receive was not
// posted when it began to arrive in a system buffer, and the receive
// copies it out (buffer_copy): with csend/crecv that is every message that
// arrives before the receiver reaches DN.
//
// A chained message is address-data pairs: the sender computes where each
// word goes, so it streams at the rate of both sides' patterns (Stricker &
// Gross 5.1.4, xQ'y = xS0 || Nadp || 0Ry). The simulated sender learns the
// receiver's layout from its irecv (DR posts it, at no cost); a message
// sent before its receive is posted (csend, or an irecv that comes later)
// streams at the rate of the sender's own pattern on both sides, and the
// receiver corrects the arrival for its real pattern (dataReady).
//===----------------------------------------------------------------------===//

#include "backends/sim/Sim.h"

#include <algorithm>
#include <cstring>

namespace zsim {

namespace {

class Nx : public Binding {
public:
  Nx(Simulator &sim, const model::SimBinding &b, bool blocking)
      : sim(sim), blocking(blocking), sendUs(b.figure("send_us")), recvUs(b.figure("recv_us")),
        waitUs(b.figure("wait_us")), bufferCopy(b.expr("buffer_copy")) {}

  void dr(Transfer &t) override {
    if (blocking)
      return;
    Pe &me = sim.self();
    for (size_t i = 0; i < t.recvs.size(); ++i) {
      sim.busy(recvUs, Activity::Comm, "irecv");
      t.posted[i] = me.now;
      const Msg &r = t.recvs[i];
      if (t.chained() && r.pieces.empty()) {
        Mail layout;
        layout.arrival = me.now;
        layout.pattern = r.pattern;
        sim.post(r.peer, {MailKind::Posted, me.id, r.tag}, std::move(layout));
      }
    }
  }

  void sr(Transfer &t) override {
    sim.yieldIfBehind();
    Pe &me = sim.self();
    for (size_t i = 0; i < t.sends.size(); ++i) {
      Msg &s = t.sends[i];
      auto args = [&] { return messageArgs(t.label, s.peer, s.bytes, s.pattern, t.chained()); };
      sim.busy(sendUs, Activity::Comm, blocking ? "csend" : "isend", args);
      Phases ph = messagePhases(sim, t.chained(), s, receiverLayout(t, s));
      Time start = me.now;
      if (ph.packMBps > 0)
        sim.busy(double(s.bytes) / ph.packMBps, Activity::Comm, "pack", args);
      Time streamStart = ph.sendByCpu ? me.now : std::max(me.now, me.sendEngineFree);
      Time end = sim.network().stream(me.id, s.peer, streamStart, s.bytes, ph.sendMBps,
                                      ph.addrData);
      sim.traceTransfer(ph.sendByCpu ? "send" : "DMA", streamStart, end, args);
      if (ph.sendByCpu)
        sim.busy(end - me.now, Activity::Comm, "send", args);
      else {
        me.sendEngineFree = end;
        if (blocking) // csend returns when the buffer may be reused
          sim.waitUntil(end, [&] { return "csend of " + t.label + ": the DMA"; });
      }
      t.sendDone[i] = end;
      Mail msg;
      msg.start = start;
      msg.streamStart = streamStart;
      msg.streamEnd = end;
      msg.arrival = end + sim.network().latency(s.hops);
      msg.bytes = s.bytes;
      msg.pattern = s.pattern;
      msg.chained = t.chained();
      msg.hops = s.hops;
      msg.flow = sim.flowFrom(streamStart, Track::Network);
      msg.payload.assign(static_cast<const char *>(s.image()),
                         static_cast<const char *>(s.image()) + s.bytes);
      sim.post(s.peer, {MailKind::Message, me.id, s.tag}, std::move(msg));
    }
  }

  void dn(Transfer &t) override {
    Pe &me = sim.self();
    const model::Machine &m = sim.machine();
    for (size_t i = 0; i < t.recvs.size(); ++i) {
      Msg &r = t.recvs[i];
      auto args = [&] { return messageArgs(t.label, r.peer, r.bytes, r.pattern, t.chained()); };
      if (blocking)
        sim.busy(recvUs, Activity::Comm, "crecv", args);
      Time posted = blocking ? me.now : t.posted[i];
      auto who = [&] {
        return std::string(blocking ? "crecv" : "msgwait") + " of " + t.label +
               ": the message of PE " + std::to_string(r.peer);
      };
      Mail msg = sim.take({MailKind::Message, r.peer, r.tag}, who);
      // a chained combined message: its pieces at the receiver's layout
      Phases ph = msg.chained && !r.pieces.empty()
                      ? messagePhases(sim, true, r, r)
                      : sim.rates().phases(nativeExpr(m, msg.chained, msg.pattern, r.pattern),
                                           msg.pattern, r.pattern);
      Time unpack = ph.unpackMBps > 0 ? double(r.bytes) / ph.unpackMBps : 0;
      sim.waitUntil(dataReady(sim, msg, ph, unpack), who);
      sim.flowTo(msg.flow);
      memcpy(r.image(), msg.payload.data(), r.bytes);
      if (posted > msg.streamStart + sim.network().latency(msg.hops)) {
        double copy = sim.rates().value(bufferCopy, r.pattern, r.pattern);
        sim.busy(double(r.bytes) / copy, Activity::Comm, "copy from the system buffer", args);
      }
      sim.busy(unpack, Activity::Comm, "unpack", args);
      if (!blocking)
        sim.busy(waitUs, Activity::Comm, "msgwait");
    }
  }

  void sv(Transfer &t) override {
    if (blocking)
      return;
    for (size_t i = 0; i < t.sends.size(); ++i) {
      sim.busy(waitUs, Activity::Comm, "msgwait");
      sim.waitUntil(t.sendDone[i], [&] { return "msgwait(send) of " + t.label + ": the DMA"; });
    }
  }

  /// The receiver's side of chained message `s` as its posted irecv gave
  /// it, else the sender's own (see the top of the file).
  Msg receiverLayout(const Transfer &t, const Msg &s) {
    Msg r = s;
    Mail layout;
    if (t.chained() && s.pieces.empty() &&
        sim.tryTake({MailKind::Posted, s.peer, s.tag}, layout))
      r.pattern = layout.pattern;
    return r;
  }

  Time stepUs(size_t bytes) override {
    model::Pattern one = model::Pattern::contiguous();
    const Phases &ph = sim.rates().phases(nativeExpr(sim.machine(), true, one, one), one, one);
    return sendUs + recvUs + sim.network().latency(1) + double(bytes) / ph.sendMBps;
  }

private:
  Simulator &sim;
  bool blocking;
  Time sendUs, recvUs, waitUs;
  const model::Expr &bufferCopy;
};

} // namespace

std::unique_ptr<Binding> makeNx(Simulator &sim, const model::SimBinding &b, bool blocking) {
  return std::make_unique<Nx>(sim, b, blocking);
}

} // namespace zsim
