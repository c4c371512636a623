//===- Transfer.cpp - the simulator's view of a runtime transfer -----------===//

#include "backends/sim/Sim.h"

#include <algorithm>

namespace zsim {

namespace {
/// How a message's section lies in its array's storage, as a pattern of
/// the copy-transfer model (64-bit words): contiguous, `b` words every `n`
/// words (the innermost run and the pitch between runs), or indexed.
model::Pattern patternOf(const zrt_msg &m, const zrt_array *a) {
  if (m.idx)
    return model::Pattern::indexed();
  if (m.npieces > 0) {
    model::Pattern p = patternOf(m.pieces[0], m.pieces[0].arr ? m.pieces[0].arr : a);
    for (int i = 1; i < m.npieces; ++i)
      if (patternOf(m.pieces[i], m.pieces[i].arr ? m.pieces[i].arr : a) != p)
        return model::Pattern::indexed(); // irregular: several layouts
    return p;
  }
  if (m.contiguous)
    return model::Pattern::contiguous();
  const zrt_layout &L = a->layout;
  int64_t count[ZRT_MAX_RANK], stride[ZRT_MAX_RANK];
  int n = 0;
  for (int k = 0; k < L.rank; ++k) {
    int64_t e = m.box.hi[k] - m.box.lo[k] + 1;
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
  int64_t esz = int64_t(a->esz);
  int64_t runWords = std::max<int64_t>(1, run * esz / 8);
  int64_t pitchWords = std::max<int64_t>(2, (stride[n - 1] * esz + 7) / 8);
  return model::Pattern::blocked(pitchWords, runWords);
}

Msg makeMsg(zrt_msg &m, const im_transfer *t, const Network &net, int me) {
  Msg x;
  x.m = &m;
  x.peer = int(m.peer);
  x.tag = m.tag;
  x.bytes = m.bytes;
  x.pattern = patternOf(m, m.arr ? m.arr : t->a);
  x.hops = net.hops(me, x.peer);
  if (t->kind == ZRT_XFER_COMBINED && m.npieces > 1)
    for (int i = 0; i < m.npieces; ++i) {
      const zrt_msg &p = m.pieces[i];
      x.pieces.push_back({p.bytes, patternOf(p, p.arr ? p.arr : t->a)});
    }
  return x;
}
} // namespace

void staggerSends(std::vector<Msg> &sends, int me) {
  if (sends.size() > 1)
    std::rotate(sends.begin(), sends.begin() + ptrdiff_t(size_t(me) % sends.size()),
                sends.end());
}

std::unique_ptr<Transfer> makeTransfer(im_transfer *t, const Network &net, int me) {
  auto x = std::make_unique<Transfer>();
  x->t = t;
  x->label = "transfer " + std::to_string(t->id) + " (array " +
             std::string(t->a && t->a->name ? t->a->name : "?") + ")";
  for (int i = 0; i < t->nsend; ++i)
    x->sends.push_back(makeMsg(t->send[i], t, net, me));
  if (t->kind == ZRT_XFER_TRANSPOSE || t->kind == ZRT_XFER_REMAP || t->kind == ZRT_XFER_REDIST)
    staggerSends(x->sends, me); // many PEs may send to the same peers
  for (int i = 0; i < t->nrecv; ++i)
    x->recvs.push_back(makeMsg(t->recv[i], t, net, me));
  x->sendDone.assign(x->sends.size(), 0);
  x->posted.assign(x->recvs.size(), 0);
  return x;
}

} // namespace zsim
