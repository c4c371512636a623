/* combine.c — combined transfers (im_combine): several member transfers
 * that travel as one message per peer PE.
 *
 * The combined handle lists, per peer, one send and one receive message
 * whose `pieces` are the members' messages to (from) that peer, in member
 * order and, within a member, in the member's own order. Both sides of a
 * message compute the same members' boxes in the same order, so the pieces
 * line up. A message of one contiguous piece moves in place; every other
 * one has a buffer of the pieces back to back (packed strategy), or, under
 * the chained strategy, one put per piece (simulated SHMEM) or one MPI
 * datatype over the pieces (backends/mpi). Pieces of one message may
 * overlap (several shifts of one array to one neighbour bring the same
 * ghost cells twice, with the same values): puts may store a cell twice,
 * but no MPI datatype may receive into one twice, so such a message has no
 * chained form (zrt_msg_chainable) and moves packed on MPI.
 * The members' own DR/SR/DN/SV are never called: their handles only
 * describe what moves, and their local copies run at the combined SR. */
#include "zplrt_internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* What a member handle was when the combined handle was built: while every
 * member is the same handle describing the same transfer, the combined
 * messages are still right. */
typedef struct member_key {
  im_transfer *t;
  int kind;
  int64_t id;
  zrt_array *a;
  uint64_t serial;
  zrt_region r;
  int64_t d[ZRT_MAX_RANK];
} member_key;

typedef struct combine_state {
  int n;
  member_key *members;
} combine_state;

static member_key key_of(im_transfer *t) {
  member_key k;
  memset(&k, 0, sizeof k);
  k.t = t;
  k.kind = t->kind;
  k.id = t->id;
  k.a = t->a;
  k.serial = t->serial;
  k.r = t->r;
  memcpy(k.d, t->d, sizeof k.d);
  return k;
}

static bool same_key(const member_key *x, const member_key *y) {
  return x->t == y->t && x->kind == y->kind && x->id == y->id && x->a == y->a &&
         x->serial == y->serial && memcmp(&x->r, &y->r, sizeof x->r) == 0 &&
         memcmp(x->d, y->d, sizeof x->d) == 0;
}

static bool still_valid(const im_transfer *cached, int64_t id, int n, im_transfer **members) {
  if (!cached || cached->kind != ZRT_XFER_COMBINED || cached->id != id)
    return false;
  const combine_state *st = cached->kind_state;
  if (st->n != n)
    return false;
  for (int i = 0; i < n; ++i) {
    member_key now = key_of(members[i]);
    if (!same_key(&st->members[i], &now))
      return false;
  }
  return true;
}

static void *xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p)
    zrt_fail("out of memory for a combined transfer");
  return p;
}

/* The messages and their pieces are freed with the handle. */
static void release_state(im_transfer *t) {
  combine_state *st = t->kind_state;
  free(st->members);
  free(st);
  t->kind_state = NULL;
}

/* Groups the members' messages (sends or receives; `total` of them) by
 * peer: one combined message per peer, in order of first appearance,
 * written to out (room for `total`). Returns the number of combined
 * messages. */
static int group_by_peer(im_transfer **members, int n, bool sends, int total, int tag,
                         zrt_msg *out) {
  int nout = 0;
  for (int i = 0; i < n; ++i) {
    im_transfer *m = members[i];
    int count = sends ? m->nsend : m->nrecv;
    for (int j = 0; j < count; ++j) {
      const zrt_msg *piece = sends ? &m->send[j] : &m->recv[j];
      int k = 0;
      while (k < nout && out[k].peer != piece->peer)
        ++k;
      if (k == nout) {
        memset(&out[k], 0, sizeof out[k]);
        out[k].peer = piece->peer;
        out[k].tag = tag;
        out[k].pieces = xmalloc((size_t)total * sizeof *out[k].pieces);
        ++nout;
      }
      zrt_msg *p = &out[k].pieces[out[k].npieces++];
      *p = *piece;
      p->arr = piece->arr ? piece->arr : m->a;
      p->buf = NULL; /* the member's buffer stays the member's */
      out[k].bytes += piece->bytes;
    }
  }
  return nout;
}

/* One contiguous piece moves in place; anything else through a buffer
 * (counted as strided for the statistics). */
static void finish_message(zrt_msg *m) {
  const zrt_msg *first = &m->pieces[0];
  m->contiguous = m->npieces == 1 && first->contiguous;
  m->pattern = m->contiguous ? ZRT_PAT_CONTIGUOUS : ZRT_PAT_STRIDED;
  if (m->npieces == 1) {
    m->box = first->box;
    m->lbox = first->lbox;
    m->elem_off = first->elem_off;
  }
  m->ptr = m->contiguous ? first->ptr : NULL;
  m->buf = m->contiguous ? NULL : xmalloc(m->bytes);
}

/* The members' copies within this PE, at the combined SR. */
static void copy_members_locals(im_transfer *t) {
  const combine_state *st = t->kind_state;
  for (int i = 0; i < st->n; ++i)
    zrt_transfer_copy_locals(st->members[i].t);
}

static im_transfer *build(int64_t id, int n, im_transfer **members) {
  im_transfer *t = calloc(1, sizeof *t);
  combine_state *st = calloc(1, sizeof *st);
  if (!t || !st)
    zrt_fail("out of memory for a combined transfer");
  int total_send = 0, total_recv = 0;
  st->n = n;
  st->members = xmalloc((size_t)n * sizeof *st->members);
  for (int i = 0; i < n; ++i) {
    st->members[i] = key_of(members[i]);
    total_send += members[i]->nsend;
    total_recv += members[i]->nrecv;
  }
  t->kind = ZRT_XFER_COMBINED;
  t->id = id;
  t->a = members[0]->a;
  t->kind_state = st;
  t->kind_release = release_state;
  t->kind_local_copies = copy_members_locals;
  t->send = xmalloc((size_t)total_send * sizeof *t->send);
  t->recv = xmalloc((size_t)total_recv * sizeof *t->recv);
  int tag = zrt_pair_tag(id); /* one message per peer */
  t->nsend = group_by_peer(members, n, true, total_send, tag, t->send);
  t->nrecv = group_by_peer(members, n, false, total_recv, tag, t->recv);
  for (int i = 0; i < t->nsend; ++i) {
    finish_message(&t->send[i]);
    t->send_bytes += (int64_t)t->send[i].bytes;
  }
  for (int i = 0; i < t->nrecv; ++i) {
    finish_message(&t->recv[i]);
  }
  if (zrt_g.be->transfer_setup)
    zrt_g.be->transfer_setup(t);
  return t;
}

im_transfer *im_combine(im_transfer *cached, int64_t id, int64_t n, ...) {
  if (n < 1)
    zrt_failf("im_combine: transfer %lld has %lld members", (long long)id, (long long)n);
  im_transfer **members = xmalloc((size_t)n * sizeof *members);
  va_list ap;
  va_start(ap, n);
  for (int64_t i = 0; i < n; ++i)
    members[i] = va_arg(ap, im_transfer *);
  va_end(ap);
  for (int64_t i = 0; i < n; ++i) {
    int kind = members[i]->kind;
    if (kind != ZRT_XFER_HALO && kind != ZRT_XFER_WRAP && kind != ZRT_XFER_REFLECT)
      zrt_failf("im_combine: member %lld of transfer %lld is not a halo, wrap or reflect "
                "transfer",
                (long long)i, (long long)id);
  }
  im_transfer *t = cached;
  if (!still_valid(cached, id, (int)n, members)) {
    if (cached)
      zrt_transfer_release(cached);
    t = build(id, (int)n, members);
  }
  free(members);
  return t;
}
