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
 * ghost cells twice, with the same values): when every member is a halo
 * of a block-distributed array, each piece is trimmed to the cells no
 * earlier piece of its message brings (a 27-point stencil's nine shifts
 * towards one neighbour then move one face with its edges, as NPB's comm3
 * does, not nine faces). Otherwise puts may store a cell twice, but no MPI
 * datatype may receive into one twice, so such a message has no chained
 * form (zrt_msg_chainable) and moves packed on MPI.
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

/* ---- trimming overlapping halo pieces ---------------------------------------------------
 * Both sides of a halo message list the same boxes in the same order, and
 * under block distributions each PE stores a cell in one place only, so
 * trimming every piece by the earlier pieces' boxes (the same arithmetic on
 * the same boxes) leaves both sides with the same pieces. Cyclic kinds give
 * a PE several tiles, where one cell may be a ghost of two of them: such
 * members keep their pieces whole. */

enum { MAX_FRAGMENTS = 64 }; /* more: the piece stays whole (still correct) */

/* Whether every member is a halo transfer of an array whose distribution
 * gives each PE at most one block per dimension. */
static bool trimmable(im_transfer **members, int n) {
  for (int i = 0; i < n; ++i) {
    const zrt_array *a = members[i]->a;
    if (members[i]->kind != ZRT_XFER_HALO)
      return false;
    for (int k = 0; k < a->rank; ++k) {
      int kind = a->dist->D.kind[k];
      if (kind == ZRT_DIST_CYCLIC || kind == ZRT_DIST_BLOCKCYCLIC)
        return false;
    }
  }
  return true;
}

/* The part of f outside e, as up to 2 x rank boxes written to out (the
 * count returned), or -1 when the two cannot be compared: lattices of
 * different steps. f itself (1 box) when they do not meet. */
static int box_minus(const zrt_region *f, const zrt_region *e, zrt_region *out) {
  zrt_region both = zrt_box_intersect(f, e);
  for (int k = 0; k < f->rank; ++k) {
    int64_t s = zrt_step(f, k);
    if (s != zrt_step(e, k))
      return -1;
    if (both.hi[k] < both.lo[k] || (f->lo[k] - e->lo[k]) % s != 0) {
      out[0] = *f; /* apart in dimension k (or on interleaved lattices) */
      return 1;
    }
  }
  int n = 0;
  zrt_region rest = *f; /* narrowed to e's range one dimension at a time */
  for (int k = 0; k < f->rank; ++k) {
    int64_t s = zrt_step(f, k);
    if (rest.lo[k] < both.lo[k]) {
      out[n] = rest;
      out[n++].hi[k] = both.lo[k] - s;
    }
    if (rest.hi[k] > both.hi[k]) {
      out[n] = rest;
      out[n++].lo[k] = both.hi[k] + s;
    }
    rest.lo[k] = both.lo[k];
    rest.hi[k] = both.hi[k];
  }
  return n;
}

/* Cuts every box of frags (n of them) by e; the new count, or -1 when
 * the result would not fit or the boxes cannot be compared. */
static int cut_fragments(zrt_region *frags, int n, const zrt_region *e) {
  zrt_region next[MAX_FRAGMENTS], parts[2 * ZRT_MAX_RANK];
  int m = 0;
  for (int i = 0; i < n; ++i) {
    int np = box_minus(&frags[i], e, parts);
    if (np < 0 || m + np > MAX_FRAGMENTS)
      return -1;
    for (int j = 0; j < np; ++j)
      next[m++] = parts[j];
  }
  memcpy(frags, next, (size_t)m * sizeof *frags);
  return m;
}

/* The cells of `piece` that no piece of `msg` already holds, as boxes in
 * frags: the piece's own box (1) when nothing overlaps or trimming fails. */
static int trim_piece(const zrt_msg *msg, const zrt_msg *piece, zrt_region *frags) {
  frags[0] = piece->box;
  int n = 1;
  for (int i = 0; i < msg->npieces && n > 0; ++i) {
    if (msg->pieces[i].arr != piece->arr)
      continue;
    n = cut_fragments(frags, n, &msg->pieces[i].box);
    if (n < 0) {
      frags[0] = piece->box;
      return 1;
    }
  }
  return n;
}

/* `whole` cut down to its cells in global box `box` (inside whole.box). */
static zrt_msg fragment_of(const zrt_msg *whole, const zrt_region *box) {
  const zrt_array *arr = whole->arr;
  zrt_msg p = *whole;
  p.box = *box;
  p.elem_off = 0;
  for (int k = 0; k < box->rank; ++k) {
    /* global to local rows (a compact array's rows are lattice points) */
    int64_t s = arr->lat_step[k];
    p.lbox.lo[k] = whole->lbox.lo[k] + (box->lo[k] - whole->box.lo[k]) / s;
    p.lbox.hi[k] = whole->lbox.lo[k] + (box->hi[k] - whole->box.lo[k]) / s;
    p.elem_off += p.lbox.lo[k] * arr->layout.stride[k];
  }
  p.bytes = (size_t)zrt_box_points(box) * arr->esz;
  p.contiguous = zrt_box_contiguous(&arr->layout, &p.lbox);
  p.ptr = zrt_box_ptr(arr->base, &arr->layout, &p.lbox);
  p.pattern = p.contiguous ? ZRT_PAT_CONTIGUOUS : ZRT_PAT_STRIDED;
  return p;
}

/* Appends `piece` (its arr set) to msg, whose room for *cap pieces grows
 * as needed: trimmed to the cells earlier pieces do not bring if `trim`. */
static void add_piece(zrt_msg *msg, int *cap, const zrt_msg *piece, bool trim) {
  zrt_region frags[MAX_FRAGMENTS];
  int n = trim ? trim_piece(msg, piece, frags) : 1;
  if (!trim)
    frags[0] = piece->box;
  for (int i = 0; i < n; ++i) {
    if (msg->npieces == *cap) {
      *cap *= 2;
      msg->pieces = realloc(msg->pieces, (size_t)*cap * sizeof *msg->pieces);
      if (!msg->pieces)
        zrt_fail("out of memory for a combined transfer");
    }
    zrt_msg *p = &msg->pieces[msg->npieces++];
    *p = memcmp(&frags[i], &piece->box, sizeof frags[i]) == 0 ? *piece
                                                              : fragment_of(piece, &frags[i]);
    msg->bytes += p->bytes;
  }
}

/* Groups the members' messages (sends or receives; `total` of them) by
 * peer: one combined message per peer, in order of first appearance,
 * written to out (room for `total`). Returns the number of combined
 * messages. */
static int group_by_peer(im_transfer **members, int n, bool sends, int total, int tag,
                         zrt_msg *out) {
  int nout = 0;
  int *caps = xmalloc((size_t)total * sizeof *caps);
  bool trim = trimmable(members, n);
  for (int i = 0; i < n; ++i) {
    im_transfer *m = members[i];
    int count = sends ? m->nsend : m->nrecv;
    for (int j = 0; j < count; ++j) {
      zrt_msg piece = sends ? m->send[j] : m->recv[j];
      int k = 0;
      while (k < nout && out[k].peer != piece.peer)
        ++k;
      if (k == nout) {
        memset(&out[k], 0, sizeof out[k]);
        out[k].peer = piece.peer;
        out[k].tag = tag;
        caps[k] = total;
        out[k].pieces = xmalloc((size_t)total * sizeof *out[k].pieces);
        ++nout;
      }
      piece.arr = piece.arr ? piece.arr : m->a;
      piece.buf = NULL; /* the member's buffer stays the member's */
      add_piece(&out[k], &caps[k], &piece, trim && piece.npieces == 0);
    }
  }
  free(caps);
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
