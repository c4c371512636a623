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

void zrt_transfer_release(im_transfer *t) {
  if (zrt_g.be->transfer_release)
    zrt_g.be->transfer_release(t);
  if (t->kind_release)
    t->kind_release(t);
  for (int i = 0; i < t->nsend; ++i)
    free(t->send[i].buf);
  for (int i = 0; i < t->nrecv; ++i)
    free(t->recv[i].buf);
  for (int i = 0; i < t->nlocal; ++i)
    free(t->local[i].buf);
  free(t->local);
  free(t->send);
  free(t->recv);
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
  m->mirror = 0;
  m->contiguous = zrt_box_contiguous(&a->layout, &s->box);
  m->ptr = zrt_box_ptr(a->base, &a->layout, &s->box);
  m->buf = NULL;
  m->pattern = m->contiguous ? ZRT_PAT_CONTIGUOUS : ZRT_PAT_STRIDED;
  if (!m->contiguous) {
    m->buf = malloc(m->bytes);
    if (!m->buf)
      zrt_failf("out of memory for a transfer of array %s", a->name);
  }
}

im_transfer *im_halo(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r, int64_t d0,
                     int64_t d1, int64_t d2) {
  if (cached && cached->kind == ZRT_XFER_HALO && cached->a == a && cached->serial == a->serial && cached->id == id &&
      cached->d[0] == d0 && cached->d[1] == d1 && cached->d[2] == d2 &&
      same_region(&cached->r, &r))
    return cached;
  if (cached)
    zrt_transfer_release(cached);
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
  zrt_section *rs = NULL, *ss = NULL;
  int nr = 0, ns = 0;
  char err[400];
  /* A flood dimension of the array never moves data: every PE along it
   * holds the same values, at its one stored index (zrt_halo_compute keeps
   * the sections of each grid slice within the slice). */
  zrt_region rr = r;
  int64_t flood = 0;
  for (int k = 0; k < a->rank; ++k) {
    if (zrt_is_flood(&r, k)) /* the statement's own flood dimension: one index */
      rr.hi[k] = rr.lo[k];
    if (!zrt_is_flood(&a->decl, k))
      continue;
    t->d[k] = 0;
    rr.lo[k] = rr.hi[k] = a->storage.lo[k];
    flood |= (int64_t)1 << k;
  }
  rr.flood = 0;
  if (zrt_halo_compute(D, zrt_g.me, rr, t->d, flood, id, &a->storage, &rs, &nr, &ss, &ns, err,
                       sizeof err) != 0)
    zrt_failf("array %s: %s", a->name, err);
  /* keep the caller's d for the cache comparison */
  t->d[0] = d0;
  t->d[1] = d1;
  t->d[2] = d2;
  t->recv = calloc((size_t)(nr ? nr : 1), sizeof *t->recv);
  t->send = calloc((size_t)(ns ? ns : 1), sizeof *t->send);
  if (!t->recv || !t->send)
    zrt_failf("out of memory for a transfer of array %s", a->name);
  for (int i = 0; i < nr; ++i)
    make_msg(&t->recv[i], &rs[i], a);
  for (int i = 0; i < ns; ++i) {
    make_msg(&t->send[i], &ss[i], a);
    t->send_bytes += (int64_t)t->send[i].bytes;
  }
  free(rs);
  free(ss);
  t->nrecv = nr;
  t->nsend = ns;
  if (zrt_g.be->transfer_setup)
    zrt_g.be->transfer_setup(t);
  return t;
}

void im_strategy(im_transfer *t, int64_t strategy) {
  if (t->strategy == strategy)
    return;
  if (strategy != IM_PACKED && strategy != IM_CHAINED)
    zrt_failf("im_strategy: unknown strategy %lld (expected %d packed or %d chained)",
              (long long)strategy, IM_PACKED, IM_CHAINED);
  /* A combined transfer receiving overlapping pieces stays packed. */
  if (strategy == IM_CHAINED && !zrt_combine_can_chain(t))
    strategy = IM_PACKED;
  if (t->strategy == strategy)
    return;
  t->strategy = (int)strategy;
  if (zrt_g.be->transfer_strategy)
    zrt_g.be->transfer_strategy(t);
}

void im_dr(im_transfer *t) {
  double t0 = zrt_g.be->clock();
  ++zrt_g.n_transfers;
  zrt_g.be->dr(t);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
}

void zrt_transfer_copy_locals(im_transfer *t) {
  if (t->kind == ZRT_XFER_COMBINED) {
    zrt_combine_copy_locals(t);
    return;
  }
  zrt_array *a = t->a;
  for (int i = 0; i < t->nlocal; ++i) {
    zrt_local_copy *c = &t->local[i];
    zrt_pack(c->buf, a->base, &a->layout, &c->sbox);
    zrt_unpack_mirror(a->base, &a->layout, &c->dbox, c->buf, c->mirror);
  }
}

void im_sr(im_transfer *t) {
  double t0 = zrt_g.be->clock();
  zrt_g.n_messages += t->nsend;
  if (t->strategy == IM_CHAINED)
    zrt_g.n_msg_chained += t->nsend;
  else
    zrt_g.n_msg_packed += t->nsend;
  zrt_g.n_bytes += t->send_bytes;
  for (int i = 0; i < t->nsend; ++i) {
    ++zrt_g.n_msg_pattern[t->send[i].pattern];
    zrt_g.n_bytes_pattern[t->send[i].pattern] += (int64_t)t->send[i].bytes;
  }
  zrt_transfer_copy_locals(t);
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

static char *fmt_region(char *buf, size_t n, const zrt_region *b) {
  int w = snprintf(buf, n, "[");
  for (int k = 0; k < b->rank && (size_t)w < n; ++k)
    w += snprintf(buf + w, n - (size_t)w, "%s%lld..%lld", k ? ", " : "", (long long)b->lo[k],
                  (long long)b->hi[k]);
  if ((size_t)w < n)
    snprintf(buf + w, n - (size_t)w, "]");
  return buf;
}

/* ---- boundary transfers: wrap and reflect (sections: zrt_boundary_compute) ---- */
static im_transfer *boundary(im_transfer *cached, int kind, int64_t id, zrt_array *a,
                             zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  if (cached && cached->kind == kind && cached->a == a && cached->serial == a->serial &&
      cached->id == id && cached->d[0] == d0 && cached->d[1] == d1 && cached->d[2] == d2 &&
      same_region(&cached->r, &r))
    return cached;
  if (cached)
    zrt_transfer_release(cached);
  const char *what = kind == ZRT_XFER_WRAP ? "wrap" : "reflect";
  if (r.rank != a->rank)
    zrt_failf("%s of array %s over a region of rank %lld (array has rank %d)", what, a->name,
              (long long)r.rank, a->rank);
  const zrt_decomp *D = zrt_dist_get(a->rank);
  im_transfer *t = calloc(1, sizeof *t);
  if (!t)
    zrt_failf("out of memory for a transfer of array %s", a->name);
  t->kind = kind;
  t->id = id;
  t->a = a;
  t->serial = a->serial;
  t->r = r;
  t->d[0] = d0;
  t->d[1] = d1;
  t->d[2] = d2;
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  zrt_bsection *sec = NULL;
  int nsec = 0;
  char err[400];
  if (zrt_boundary_compute(D, zrt_g.me, kind, r, d, a->decl.flood, a->storage.lo, id, &sec,
                           &nsec, err, sizeof err) != 0)
    zrt_failf("%s of array %s: %s", what, a->name, err);
  char b1[128];
  for (int i = 0; i < nsec; ++i) {
    zrt_bsection *x = &sec[i];
    if (!zrt_array_holds(a, &x->box)) {
      free(sec);
      zrt_failf("%s of array %s: %s cells %s lie outside the array's storage", what, a->name,
                x->role == ZRT_BSEC_SEND ? "source" : "band",
                fmt_region(b1, sizeof b1, &x->box));
    }
    if (x->role == ZRT_BSEC_LOCAL && !zrt_array_holds(a, &x->other)) {
      free(sec);
      zrt_failf("%s of array %s: source cells %s lie outside the array's storage", what,
                a->name, fmt_region(b1, sizeof b1, &x->other));
    }
  }
  int nlocal = 0, nsendsec = 0, nrecvsec = 0;
  for (int i = 0; i < nsec; ++i) {
    nlocal += sec[i].role == ZRT_BSEC_LOCAL;
    nsendsec += sec[i].role == ZRT_BSEC_SEND;
    nrecvsec += sec[i].role == ZRT_BSEC_RECV;
  }
  t->send = calloc((size_t)(nsendsec ? nsendsec : 1), sizeof *t->send);
  t->recv = calloc((size_t)(nrecvsec ? nrecvsec : 1), sizeof *t->recv);
  if (!t->send || !t->recv)
    zrt_failf("out of memory for a transfer of array %s", a->name);
  if (nlocal) {
    t->local = calloc((size_t)nlocal, sizeof *t->local);
    if (!t->local)
      zrt_failf("out of memory for a transfer of array %s", a->name);
  }
  for (int i = 0; i < nsec; ++i) {
    zrt_bsection *x = &sec[i];
    if (x->role == ZRT_BSEC_LOCAL) {
      zrt_local_copy *c = &t->local[t->nlocal++];
      c->sbox = x->other;
      c->dbox = x->box;
      c->mirror = x->mirror;
      c->bytes = (size_t)zrt_box_count(&x->box) * a->esz;
      c->buf = malloc(c->bytes ? c->bytes : 1);
      if (!c->buf)
        zrt_failf("out of memory for a transfer of array %s", a->name);
      continue;
    }
    bool sending = x->role == ZRT_BSEC_SEND;
    int *n = sending ? &t->nsend : &t->nrecv;
    zrt_section s1 = {x->peer, x->tag, x->box};
    zrt_msg *m = sending ? &t->send[*n] : &t->recv[*n];
    make_msg(m, &s1, a);
    if (!sending && x->mirror) {
      m->mirror = x->mirror;
      if (m->contiguous) {
        m->contiguous = false;
        m->buf = malloc(m->bytes);
        if (!m->buf)
          zrt_failf("out of memory for a transfer of array %s", a->name);
      }
    }
    if (sending)
      t->send_bytes += (int64_t)m->bytes;
    ++*n;
  }
  free(sec);
  if (zrt_g.be->transfer_setup)
    zrt_g.be->transfer_setup(t);
  return t;
}

im_transfer *im_wrap(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r, int64_t d0,
                     int64_t d1, int64_t d2) {
  return boundary(cached, ZRT_XFER_WRAP, id, a, r, d0, d1, d2);
}

im_transfer *im_reflect(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r, int64_t d0,
                        int64_t d1, int64_t d2) {
  return boundary(cached, ZRT_XFER_REFLECT, id, a, r, d0, d1, d2);
}
