//===- Transfer.cpp - the simulator's view of a runtime transfer -----------===//

#include "backends/sim/Sim.h"

#include <algorithm>

namespace zsim {

namespace {
/// How one section lies in its storage, as a pattern of the copy-transfer
/// model (64-bit words): contiguous, `b` words every `n` words (the
/// innermost run and the pitch between runs), or indexed.
model::Pattern sectionPattern(const zrt_piece &s) {
  if (s.idx)
    return model::Pattern::indexed();
  if (s.contiguous)
    return model::Pattern::contiguous();
  // A box with steps (an array over a strided region) holds its lattice
  // points only: the pattern of their dense shape in a layout skipping
  // the indices between them.
  zrt_layout L;
  zrt_region box = zrt_lattice_shape(&s.layout, &s.box, &L);
  int64_t count[ZRT_MAX_RANK], stride[ZRT_MAX_RANK];
  int n = 0;
  for (int k = 0; k < L.rank; ++k) {
    int64_t e = box.hi[k] - box.lo[k] + 1;
    if (e > 1) {
      count[n] = e;
      stride[n] = L.stride[k];
      ++n;
    }
  }
  int64_t run = 1; // elements of the innermost contiguous run
  while (n > 0 && stride[n - 1] == run) {
    run *= count[n - 1];
    --n;
  }
  if (n == 0)
    return model::Pattern::contiguous();
  int64_t esz = int64_t(L.esz);
  int64_t runWords = std::max<int64_t>(1, run * esz / 8);
  int64_t pitchWords = std::max<int64_t>(2, (stride[n - 1] * esz + 7) / 8);
  return model::Pattern::blocked(pitchWords, runWords);
}

/// The pattern of parts [first, last) of message m: their sections'
/// common pattern, or indexed when they differ (irregular: several
/// layouts).
model::Pattern partsPattern(const zrt_xfer *t, const zrt_xmsg *m, int first, int last) {
  model::Pattern p = sectionPattern(zrt_xmsg_section(t, m, first, 0));
  for (int j = first; j < last; ++j)
    for (int i = 0; i < zrt_xmsg_sections(t, m, j); ++i)
      if (sectionPattern(zrt_xmsg_section(t, m, j, i)) != p)
        return model::Pattern::indexed();
  return p;
}

Msg makeMsg(zrt_xmsg *m, const zrt_xfer *t, const Network &net, int me) {
  Msg x;
  x.m = m;
  x.peer = zrt_xmsg_peer(m);
  x.tag = zrt_xmsg_tag(m);
  x.bytes = zrt_xmsg_bytes(m);
  int parts = zrt_xmsg_parts(t, m);
  x.pattern = partsPattern(t, m, 0, parts);
  x.hops = net.hops(me, x.peer);
  if (parts > 1) // a chained binding may move them one by one
    for (int j = 0; j < parts; ++j)
      x.pieces.push_back({zrt_xmsg_part_bytes(t, m, j), partsPattern(t, m, j, j + 1)});
  return x;
}
} // namespace

void staggerSends(std::vector<Msg> &sends, int me) {
  if (sends.size() > 1)
    std::rotate(sends.begin(), sends.begin() + ptrdiff_t(size_t(me) % sends.size()),
                sends.end());
}

std::unique_ptr<Transfer> makeTransfer(zrt_xfer *t, const Network &net, int me) {
  auto x = std::make_unique<Transfer>();
  x->t = t;
  x->label = "transfer " + std::to_string(zrt_xfer_id(t)) + " (array " +
             std::string(zrt_xfer_array_name(t)) + ")";
  for (int i = 0; i < zrt_xfer_send_count(t); ++i)
    x->sends.push_back(makeMsg(zrt_xfer_send(t, i), t, net, me));
  if (zrt_xfer_all_to_all(t))
    staggerSends(x->sends, me); // many PEs may send to the same peers
  for (int i = 0; i < zrt_xfer_recv_count(t); ++i)
    x->recvs.push_back(makeMsg(zrt_xfer_recv(t, i), t, net, me));
  x->sendDone.assign(x->sends.size(), 0);
  x->posted.assign(x->recvs.size(), 0);
  return x;
}

} // namespace zsim
