/* ironman.c — transfer handles (built once per static transfer) and the
 * four IRONMAN calls, timed and counted, delegated to the back end. */
#include "zplrt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool same_region(const zrt_region *a, const zrt_region *b) {
  if (a->rank != b->rank)
    return false;
  for (int64_t k = 0; k < a->rank; ++k)
    if (a->lo[k] != b->lo[k] || a->hi[k] != b->hi[k])
      return false;
  return true;
}

static void release(im_transfer *t) {
  if (zrt_g.be->transfer_release)
    zrt_g.be->transfer_release(t);
  for (int i = 0; i < t->nsend; ++i)
    free(t->send[i].buf);
  for (int i = 0; i < t->nrecv; ++i)
    free(t->recv[i].buf);
  free(t);
}

static void make_msg(zrt_msg *m, const zrt_section *s, zrt_array *a) {
  m->peer = s->peer;
  m->tag = s->tag;
  m->box = s->box;
  m->lbox = s->box;
  m->elem_off = 0;
  for (int64_t k = 0; k < s->box.rank; ++k) {
    m->lbox.lo[k] -= a->storage.lo[k];
    m->lbox.hi[k] -= a->storage.lo[k];
    m->elem_off += m->lbox.lo[k] * a->layout.stride[k];
  }
  m->bytes = (size_t)zrt_box_count(&s->box) * a->esz;
  m->contiguous = zrt_box_contiguous(&a->layout, &s->box);
  m->ptr = zrt_box_ptr(a->base, &a->layout, &s->box);
  m->buf = NULL;
  if (!m->contiguous) {
    m->buf = malloc(m->bytes);
    if (!m->buf)
      zrt_failf("out of memory for a transfer of array %s", a->name);
  }
}

im_transfer *im_halo(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r, int64_t d0,
                     int64_t d1, int64_t d2) {
  if (cached && cached->a == a && cached->serial == a->serial && cached->id == id &&
      cached->d[0] == d0 && cached->d[1] == d1 && cached->d[2] == d2 &&
      same_region(&cached->r, &r))
    return cached;
  if (cached)
    release(cached);
  if (r.rank != a->rank)
    zrt_failf("transfer of array %s over a region of rank %lld (array has rank %d)", a->name,
              (long long)r.rank, a->rank);
  const zrt_decomp *D = zrt_dist_get((int)r.rank);
  im_transfer *t = calloc(1, sizeof *t);
  if (!t)
    zrt_failf("out of memory for a transfer of array %s", a->name);
  t->id = id;
  t->a = a;
  t->serial = a->serial;
  t->r = r;
  t->d[0] = d0;
  t->d[1] = r.rank > 1 ? d1 : 0;
  t->d[2] = r.rank > 2 ? d2 : 0;
  zrt_section rs[ZRT_MAX_NEIGHBOURS], ss[ZRT_MAX_NEIGHBOURS];
  int nr = 0, ns = 0;
  char err[400];
  if (zrt_halo_compute(D, zrt_g.me, r, t->d, id, &a->storage, rs, &nr, ss, &ns, err,
                       sizeof err) != 0)
    zrt_failf("array %s: %s", a->name, err);
  /* keep the caller's d for the cache comparison */
  t->d[1] = d1;
  t->d[2] = d2;
  for (int i = 0; i < nr; ++i)
    make_msg(&t->recv[i], &rs[i], a);
  for (int i = 0; i < ns; ++i) {
    make_msg(&t->send[i], &ss[i], a);
    t->send_bytes += (int64_t)t->send[i].bytes;
  }
  t->nrecv = nr;
  t->nsend = ns;
  if (zrt_g.be->transfer_setup)
    zrt_g.be->transfer_setup(t);
  return t;
}

void im_dr(im_transfer *t) {
  double t0 = zrt_g.be->clock();
  ++zrt_g.n_transfers;
  zrt_g.be->dr(t);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
}

void im_sr(im_transfer *t) {
  double t0 = zrt_g.be->clock();
  zrt_g.n_messages += t->nsend;
  zrt_g.n_bytes += t->send_bytes;
  zrt_g.be->sr(t);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
}

void im_dn(im_transfer *t) {
  double t0 = zrt_g.be->clock();
  zrt_g.be->dn(t);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
}

void im_sv(im_transfer *t) {
  double t0 = zrt_g.be->clock();
  zrt_g.be->sv(t);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
}
