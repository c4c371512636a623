//===- Backend.cpp - the runtime's back-end interface on the simulator -----===//
//
// Every function runs on the calling PE's thread (the running PE). The
// runtime's own collectives and messages (reductions, output gathers,
// remap exchanges) move their data directly between the PEs' buffers and
// are charged as trees of the binding's messages (Binding::stepUs), or the
// machine's hardware barrier.
//===----------------------------------------------------------------------===//

#include "backends/sim/Sim.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace zsim;

namespace {

Time treeSteps(int npes) { return npes > 1 ? std::ceil(std::log2(double(npes))) : 0; }

Transfer &simTransfer(zrt_xfer *t) { return *static_cast<Transfer *>(zrt_xfer_state(t)); }

/// Runs one IRONMAN call of the binding and records its span.
template <typename Call> void ironmanCall(zrt_xfer *t, const char *name, Call call) {
  Time start = g_sim->self().now;
  Transfer &x = simTransfer(t);
  // Every binding's call classifies this PE for the transfer and runs the
  // layer's code for its role (IRONMAN 3.2, Fig. 5).
  const zpl::model::SimIronman &ironman = g_sim->figures().ironman;
  bool sends = !x.sends.empty(), receives = !x.recvs.empty();
  g_sim->self().ironmanLayer += ironman.layerUs(sends, receives) / 4;
  g_sim->busy(ironman.perCallUs(sends, receives), Activity::Comm, "IRONMAN call");
  call(x);
  g_sim->traceCall(name, start, [&] { return "\"transfer\": \"" + x.label + "\""; });
}

void simInit(int *, char ***) {}

/// The program ran to its end: the simulator's statistics may be printed.
void simProgramEnd() { g_sim->self().normalEnd = true; }

void simFinalize() {
  fflush(stdout);
  if (g_sim->finish())
    g_sim->report();
}

int simPeId() { return g_sim->self().id; }
int simPeCount() { return g_sim->npes(); }

void simBarrier() {
  g_sim->collective("barrier", nullptr, [](std::vector<void *> &) {
    Time hw = g_sim->figures().barrierUs;
    return hw > 0 ? hw : treeSteps(g_sim->npes()) * g_sim->binding().stepUs(0);
  });
}

template <typename T> T combine(T a, T b, int op) {
  switch (op) {
  case ZRT_SUM:
    return a + b;
  case ZRT_PROD:
    return a * b;
  case ZRT_MAX:
    return a > b ? a : b;
  default:
    return a < b ? a : b;
  }
}

/// int32 sums and products wrap (computed unsigned), as int32 arithmetic
/// does.
template <> int32_t combine(int32_t a, int32_t b, int op) {
  if (op == ZRT_SUM)
    return int32_t(uint32_t(a) + uint32_t(b));
  if (op == ZRT_PROD)
    return int32_t(uint32_t(a) * uint32_t(b));
  return op == ZRT_MAX ? std::max(a, b) : std::min(a, b);
}

/// Reduces every PE's buffer in PE order (the same result on every run)
/// and copies the result into every buffer.
template <typename T> void reduceAll(std::vector<void *> &bufs, int count, int op) {
  std::vector<T> acc(static_cast<T *>(bufs[0]), static_cast<T *>(bufs[0]) + count);
  for (size_t p = 1; p < bufs.size(); ++p)
    for (int i = 0; i < count; ++i)
      acc[size_t(i)] = combine(acc[size_t(i)], static_cast<T *>(bufs[p])[i], op);
  for (void *b : bufs)
    memcpy(b, acc.data(), acc.size() * sizeof(T));
}

void simAllreduce(void *inout, int count, int type, int op) {
  g_sim->collective("allreduce", inout, [&](std::vector<void *> &bufs) {
    size_t esz = type == ZRT_F32 || type == ZRT_I32 ? 4 : 8;
    if (type == ZRT_I64)
      reduceAll<int64_t>(bufs, count, op);
    else if (type == ZRT_I32)
      reduceAll<int32_t>(bufs, count, op);
    else if (type == ZRT_F64)
      reduceAll<double>(bufs, count, op);
    else
      reduceAll<float>(bufs, count, op);
    return 2 * treeSteps(g_sim->npes()) * g_sim->binding().stepUs(esz * size_t(count));
  });
}

void simBroadcast(void *buf, size_t bytes, int root) {
  g_sim->collective("broadcast", buf, [&](std::vector<void *> &bufs) {
    for (size_t p = 0; p < bufs.size(); ++p)
      if (int(p) != root)
        memcpy(bufs[p], bufs[size_t(root)], bytes);
    return treeSteps(g_sim->npes()) * g_sim->binding().stepUs(bytes);
  });
}

struct Exchange {
  const void *sendbuf;
  const size_t *sendbytes;
  void *recvbuf;
  const size_t *recvbytes;
};

void simAlltoallv(const void *sendbuf, const size_t *sendbytes, void *recvbuf,
                  const size_t *recvbytes) {
  Exchange mine{sendbuf, sendbytes, recvbuf, recvbytes};
  g_sim->collective("all-to-all", &mine, [](std::vector<void *> &all) {
    size_t n = all.size();
    Time longest = 0;
    for (size_t p = 0; p < n; ++p) {
      const Exchange &from = *static_cast<Exchange *>(all[p]);
      size_t offset = 0;
      Time own = 0;
      for (size_t q = 0; q < n; ++q) {
        const Exchange &to = *static_cast<Exchange *>(all[q]);
        if (from.sendbytes[q] != to.recvbytes[p])
          zrt_failf("internal: all-to-all: PE %zu sends %zu bytes to PE %zu, which expects %zu",
                    p, from.sendbytes[q], q, to.recvbytes[p]);
        size_t at = 0;
        for (size_t k = 0; k < p; ++k)
          at += to.recvbytes[k];
        if (from.sendbytes[q])
          memcpy(static_cast<char *>(to.recvbuf) + at,
                 static_cast<const char *>(from.sendbuf) + offset, from.sendbytes[q]);
        offset += from.sendbytes[q];
        if (q != p)
          own += g_sim->binding().stepUs(from.sendbytes[q]);
      }
      longest = std::max(longest, own);
    }
    return longest;
  });
}

void simSend(int dest, int tag, const void *buf, size_t bytes) {
  Pe &me = g_sim->self();
  Time step = g_sim->binding().stepUs(bytes);
  g_sim->busy(step / 2, Activity::Comm, "send");
  Mail m;
  m.arrival = me.now + step / 2;
  m.payload.assign(static_cast<const char *>(buf), static_cast<const char *>(buf) + bytes);
  g_sim->post(dest, {MailKind::Direct, me.id, tag}, std::move(m));
}

void simRecv(int src, int tag, void *buf, size_t bytes) {
  auto who = [&] { return "a message of the runtime from PE " + std::to_string(src); };
  Mail m = g_sim->take({MailKind::Direct, src, tag}, who);
  g_sim->waitUntil(m.arrival, who);
  if (m.payload.size() != bytes)
    zrt_failf("internal: PE %d expects %zu bytes from PE %d, which sent %zu",
              g_sim->self().id, bytes, src, m.payload.size());
  if (bytes)
    memcpy(buf, m.payload.data(), bytes);
}

void simTransferSetup(zrt_xfer *t) {
  zrt_xfer_set_state(t, makeTransfer(t, g_sim->network(), g_sim->self().id).release());
}

void simTransferRelease(zrt_xfer *t) {
  delete &simTransfer(t);
  zrt_xfer_set_state(t, nullptr);
}

void simDr(zrt_xfer *t) {
  g_sim->chooseStrategy(simTransfer(t));
  ironmanCall(t, "DR", [](Transfer &x) { g_sim->binding().dr(x); });
}

void simSr(zrt_xfer *t) {
  zrt_xfer_pack_sends(t, true); // the bytes to move; the strategy decides the time
  ironmanCall(t, "SR", [](Transfer &x) {
    g_sim->binding().sr(x);
    x.srEnd = g_sim->self().now;
  });
}

void simDn(zrt_xfer *t) {
  ironmanCall(t, "DN", [](Transfer &x) {
    x.overlapUs = std::max(0.0, g_sim->self().now - x.srEnd);
    g_sim->binding().dn(x);
  });
  zrt_xfer_unpack_recvs(t, true); // an accumulating scatter's combines
}

void simSv(zrt_xfer *t) {
  ironmanCall(t, "SV", [](Transfer &x) { g_sim->binding().sv(x); });
}

void *simAlloc(size_t bytes) { return calloc(1, bytes); }
void simFree(void *p) { free(p); }
void *simGrow(void *p, size_t bytes) { return realloc(p, bytes); }
double simClock() { return g_sim->self().now * 1e-6; }

void simAbort(int status) {
  fflush(stdout);
  fflush(stderr);
  exit(status);
}

int simAcceptsOption(const char *arg) {
  return strncmp(arg, "--pes=", 6) == 0 || strncmp(arg, "--binding=", 10) == 0 ||
         strncmp(arg, "--trace=", 8) == 0 || strncmp(arg, "--set=", 6) == 0 ||
         strncmp(arg, "--strategy=", 11) == 0;
}

void simCompute(int64_t elements, int strided, const zrt_op_counts *c) {
  const model::SimCompute &k = g_sim->figures().compute;
  Time perElement = double(c->ops) * k.opUs + double(c->divs) * k.divUs +
                    double(c->calls) * k.callUs +
                    double(c->loads) * (strided ? k.loadStridedUs : k.loadUs) +
                    double(c->cached) * k.cachedUs +
                    double(c->stores) * (strided ? k.storeStridedUs : k.storeUs);
  g_sim->busy(k.statementUs + double(elements) * perElement, Activity::Compute, "compute",
              [&] { return "\"elements\": " + std::to_string(elements); });
}

const zrt_backend simBackend = {
    /*name=*/"sim",
    /*init=*/simInit,
    /*finalize=*/simFinalize,
    /*pe_id=*/simPeId,
    /*pe_count=*/simPeCount,
    /*barrier=*/simBarrier,
    /*allreduce=*/simAllreduce,
    /*broadcast=*/simBroadcast,
    /*alltoallv=*/simAlltoallv,
    /*send=*/simSend,
    /*recv=*/simRecv,
    /*transfer_setup=*/simTransferSetup,
    /*transfer_release=*/simTransferRelease,
    /*dr=*/simDr,
    /*sr=*/simSr,
    /*dn=*/simDn,
    /*sv=*/simSv,
    /*transfer_strategy=*/nullptr, // the strategy is read at every call
    /*sym_alloc=*/simAlloc,
    /*sym_free=*/simFree,
    /*clock=*/simClock,
    /*abort=*/simAbort,
    /*accepts_option=*/simAcceptsOption,
    /*help=*/"  --pes=N           the number of simulated PEs (default 1)\n"
             "  --binding=NAME    how IRONMAN runs on the machine (default: as compiled)\n"
             "  --trace=FILE.json a Chrome trace of every PE's virtual time line (default: none)\n"
             "  --set=SECTION.KEY=VALUE  change a figure of the machine description for\n"
             "                    this run (repeatable; e.g. --set=message.latency_us=5.5;\n"
             "                    default: the figures as compiled)\n"
             "  --strategy=chained|packed|model  how every transfer moves: all chained,\n"
             "                    all packed, or as the cost model chooses on this run's\n"
             "                    machine (--set included; default: as compiled)\n",
    /*compute=*/simCompute,
    /*launch=*/launchProgram,
    /*program_end=*/simProgramEnd,
    /*sym_grow=*/simGrow,
};

} // namespace

extern "C" const zrt_backend *zrt_backend_get(void) { return &simBackend; }
