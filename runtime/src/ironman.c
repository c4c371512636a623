/* ironman.c — transfer handles (built once per static transfer) and the
 * four IRONMAN calls, timed and counted, delegated to the back end. */
#include "zplrt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool same_region(const zrt_region *a, const zrt_region *b) {
  if (a->rank != b->rank || a->flood != b->flood || a->dist != b->dist)
    return false;
  for (int64_t k = 0; k < a->rank; ++k)
    if (a->lo[k] != b->lo[k] || a->hi[k] != b->hi[k])
      return false;
  return true;
}

static void free_msgs(zrt_msg *v, int n) {
  for (int i = 0; i < n; ++i) {
    free(v[i].buf);
    free(v[i].pieces);
  }
  free(v);
}

void zrt_transfer_release(im_transfer *t) {
  if (t->alt)
    zrt_transfer_release(t->alt);
  if (zrt_g.be->transfer_release)
    zrt_g.be->transfer_release(t);
  if (t->kind_release)
    t->kind_release(t);
  free_msgs(t->send, t->nsend);
  free_msgs(t->recv, t->nrecv);
  for (int i = 0; i < t->nlocal; ++i)
    free(t->local[i].buf);
  free(t->local);
  free(t);
}

static void *xcalloc(size_t n, size_t size, const zrt_array *a) {
  void *p = calloc(n ? n : 1, size);
  if (!p)
    zrt_failf("out of memory for a transfer of array %s", a->name);
  return p;
}

/* ---- messages from sections ------------------------------------------------------------------
 * A computation (zrt_halo_compute, zrt_boundary_compute,
 * zrt_redist_compute) lists the sections this PE sends, receives and
 * copies, grouped by peer in the same order on both sides. One peer's
 * sections travel as one message: a box message when there is one (always
 * so under block distributions), else a message of pieces, one per
 * section, packed one after another. */

/* Points m at global box `box` in tile `tile` of arr (the transfer's a:
 * arr NULL in the message). False if the box is not in that tile's storage. */
static bool place(zrt_msg *m, const zrt_region *box, const int64_t tile[ZRT_MAX_RANK],
                  zrt_array *arr, const im_transfer *t) {
  m->box = *box;
  if (!zrt_array_tile_box(arr, tile, box, &m->lbox))
    return false;
  m->elem_off = 0;
  for (int64_t k = 0; k < box->rank; ++k)
    m->elem_off += m->lbox.lo[k] * arr->layout.stride[k];
  m->bytes = (size_t)zrt_box_points(box) * arr->esz;
  m->contiguous = zrt_box_contiguous(&arr->layout, &m->lbox);
  m->ptr = zrt_box_ptr(arr->base, &arr->layout, &m->lbox);
  m->pattern = m->contiguous ? ZRT_PAT_CONTIGUOUS : ZRT_PAT_STRIDED;
  m->arr = arr == t->a ? NULL : arr;
  return true;
}

/* One message to/from sec[0].peer made of sections sec[0..n-1] of arr. */
static bool make_message(im_transfer *t, zrt_msg *m, const zrt_bsection *sec, int n,
                         zrt_array *arr, zrt_build_error *err) {
  bool receiving = sec[0].role == ZRT_BSEC_RECV;
  m->peer = sec[0].peer;
  m->tag = sec[0].tag;
  if (n == 1) {
    err->sec = &sec[0];
    if (!place(m, &sec[0].box, sec[0].tile, arr, t))
      return false;
    if (receiving && sec[0].mirror) { /* mirrored: always through the buffer */
      m->mirror = sec[0].mirror;
      m->contiguous = false;
    }
  } else {
    m->pieces = xcalloc((size_t)n, sizeof *m->pieces, arr);
    m->npieces = n;
    m->box = sec[0].box;
    for (int i = 0; i < n; ++i) {
      zrt_msg *p = &m->pieces[i];
      err->sec = &sec[i];
      if (!place(p, &sec[i].box, sec[i].tile, arr, t))
        return false;
      p->peer = m->peer;
      p->tag = m->tag;
      p->mirror = receiving ? sec[i].mirror : 0;
      m->bytes += p->bytes;
      for (int64_t k = 0; k < p->box.rank; ++k) { /* the bounding box, for messages */
        m->box.lo[k] = p->box.lo[k] < m->box.lo[k] ? p->box.lo[k] : m->box.lo[k];
        m->box.hi[k] = p->box.hi[k] > m->box.hi[k] ? p->box.hi[k] : m->box.hi[k];
      }
    }
    m->contiguous = false;
    m->ptr = NULL;
    m->pattern = ZRT_PAT_STRIDED;
    m->arr = arr == t->a ? NULL : arr;
  }
  if (!m->contiguous)
    m->buf = xcalloc(m->bytes, 1, arr);
  return true;
}

static bool make_local_copy(im_transfer *t, zrt_local_copy *c, const zrt_bsection *x,
                            zrt_array *src, zrt_build_error *err) {
  err->sec = x;
  err->other = false;
  if (!zrt_array_tile_box(t->a, x->tile, &x->box, &c->dbox))
    return false;
  err->other = true;
  if (!zrt_array_tile_box(src, x->other_tile, &x->other, &c->sbox))
    return false;
  c->src = src == t->a ? NULL : src;
  c->mirror = x->mirror;
  c->bytes = (size_t)zrt_box_points(&x->box) * t->a->esz;
  c->buf = xcalloc(c->bytes, 1, t->a);
  return true;
}

static bool same_group(const zrt_bsection *a, const zrt_bsection *b) {
  return a->role == b->role && a->peer == b->peer;
}

/* Turns the sections (grouped by role and peer) into t's messages and
 * local copies: sends from src, receives and copies into t->a. Returns
 * false with *err naming the section whose cells lie outside storage. */
bool zrt_build_messages(im_transfer *t, const zrt_bsection *sec, int n, zrt_array *src,
                        zrt_build_error *err) {
  int groups[3] = {0, 0, 0};
  for (int i = 0; i < n; ++i)
    if (sec[i].role == ZRT_BSEC_LOCAL || i == 0 || !same_group(&sec[i - 1], &sec[i]))
      ++groups[sec[i].role];
  t->send = xcalloc((size_t)groups[ZRT_BSEC_SEND], sizeof *t->send, t->a);
  t->recv = xcalloc((size_t)groups[ZRT_BSEC_RECV], sizeof *t->recv, t->a);
  if (groups[ZRT_BSEC_LOCAL])
    t->local = xcalloc((size_t)groups[ZRT_BSEC_LOCAL], sizeof *t->local, t->a);
  err->other = false;
  for (int i = 0; i < n;) {
    int j = i + 1;
    while (j < n && same_group(&sec[i], &sec[j]))
      ++j;
    if (sec[i].role == ZRT_BSEC_LOCAL) {
      for (; i < j; ++i)
        if (!make_local_copy(t, &t->local[t->nlocal++], &sec[i], src, err))
          return false;
      continue;
    }
    bool sending = sec[i].role == ZRT_BSEC_SEND;
    zrt_msg *m = sending ? &t->send[t->nsend++] : &t->recv[t->nrecv++];
    if (!make_message(t, m, &sec[i], j - i, sending ? src : t->a, err))
      return false;
    if (sending)
      t->send_bytes += (int64_t)m->bytes;
    i = j;
  }
  return true;
}

im_transfer *zrt_transfer_new(int kind, int64_t id, zrt_array *a, zrt_region r,
                                 int64_t d0, int64_t d1, int64_t d2) {
  im_transfer *t = xcalloc(1, sizeof *t, a);
  t->kind = kind;
  t->id = id;
  t->a = a;
  t->serial = a->serial;
  t->r = r;
  t->d[0] = d0;
  t->d[1] = d1;
  t->d[2] = d2;
  return t;
}

static bool cache_hit(const im_transfer *c, int kind, int64_t id, const zrt_array *a,
                      const zrt_region *r, int64_t d0, int64_t d1, int64_t d2) {
  return c && c->kind == kind && c->a == a && c->serial == a->serial && c->id == id &&
         c->d[0] == d0 && c->d[1] == d1 && c->d[2] == d2 && same_region(&c->r, r);
}

/* The cached handle to use, if any: `cached`, or the one it keeps for the
 * array's other storage. Renaming (zrt_array_rename) swaps the storage of
 * two arrays, serials included, every time it runs, so a transfer of
 * either alternates between two storages: the handle of the storage not in
 * use is kept as `alt` rather than released, and its messages, buffers
 * and back-end state follow the storage. On a miss, *keep is what the new
 * handle should keep as its alt (the old handle when only the storage
 * changed), and anything else cached is released. */
static im_transfer *cached_handle(im_transfer *cached, int kind, int64_t id, const zrt_array *a,
                                  const zrt_region *r, int64_t d0, int64_t d1, int64_t d2,
                                  im_transfer **keep) {
  *keep = NULL;
  if (cache_hit(cached, kind, id, a, r, d0, d1, d2))
    return cached;
  if (!cached)
    return NULL;
  im_transfer *other = cached->alt;
  if (other && cache_hit(other, kind, id, a, r, d0, d1, d2)) {
    cached->alt = NULL;
    other->alt = cached;
    return other;
  }
  cached->alt = NULL;
  if (other)
    zrt_transfer_release(other);
  if (cached->kind == kind && cached->a == a && cached->serial != a->serial &&
      cached->id == id && cached->d[0] == d0 && cached->d[1] == d1 && cached->d[2] == d2 &&
      same_region(&cached->r, r))
    *keep = cached;
  else
    zrt_transfer_release(cached);
  return NULL;
}

/* ---- halo transfers ---------------------------------------------------------------------- */
/* The halo sections as boundary-style sections: receives from this PE
 * itself become local copies between its tiles. */
static zrt_bsection *halo_sections(const zrt_section *rs, int nr, const zrt_section *ss, int ns,
                                   const zrt_array *a) {
  zrt_bsection *v = xcalloc((size_t)(nr + ns), sizeof *v, a);
  for (int i = 0; i < ns; ++i) {
    v[i].role = ZRT_BSEC_SEND;
    v[i].peer = ss[i].peer;
    v[i].tag = ss[i].tag;
    v[i].box = v[i].other = ss[i].box;
    memcpy(v[i].tile, ss[i].tile, sizeof v[i].tile);
  }
  for (int i = 0; i < nr; ++i) {
    zrt_bsection *x = &v[ns + i];
    x->role = rs[i].peer == zrt_g.me ? ZRT_BSEC_LOCAL : ZRT_BSEC_RECV;
    x->peer = rs[i].peer;
    x->tag = rs[i].tag;
    x->box = x->other = rs[i].box;
    memcpy(x->tile, rs[i].tile, sizeof x->tile);
    memcpy(x->other_tile, rs[i].src_tile, sizeof x->other_tile);
  }
  return v;
}

zrt_bsection *zrt_halo_bsections(const zrt_array *a, zrt_region r,
                                 const int64_t d_in[ZRT_MAX_RANK], int64_t id, int *n) {
  int64_t d[ZRT_MAX_RANK] = {d_in[0], r.rank > 1 ? d_in[1] : 0, r.rank > 2 ? d_in[2] : 0};
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
    d[k] = 0;
    rr.lo[k] = rr.hi[k] = a->storage.lo[k];
    flood |= (int64_t)1 << k;
  }
  rr.flood = 0;
  zrt_section *rs = NULL, *ss = NULL;
  int nr = 0, ns = 0;
  char err[400];
  /* A compact array read off its lattice has no cells there: the handle
   * moves nothing, and the statement's zrt_array_check_lattice, which
   * communication optimisation may leave after this call, reports the
   * access. */
  bool cells = !a->compact || zrt_array_access_on_lattice(a, &r, d);
  if (cells && zrt_halo_compute(&a->dist->D, zrt_g.me, rr, d, flood, id, &a->storage, &rs, &nr,
                                &ss, &ns, err, sizeof err) != 0)
    zrt_failf("array %s: %s", a->name, err);
  zrt_bsection *sec = halo_sections(rs, nr, ss, ns, a);
  free(rs);
  free(ss);
  *n = nr + ns;
  return sec;
}

void zrt_halo_build(im_transfer *t, const zrt_bsection *sec, int n) {
  zrt_build_error be;
  if (!zrt_build_messages(t, sec, n, t->a, &be)) {
    char b1[128], b2[64];
    snprintf(b2, sizeof b2, "[%lld, %lld, %lld]", (long long)t->d[0], (long long)t->d[1],
             (long long)t->d[2]);
    zrt_failf(be.sec->role == ZRT_BSEC_SEND
                  ? "array %s: cells %s to send for shift %s lie outside the array's storage"
                  : "array %s: ghost cells %s needed for shift %s lie outside the array's storage",
              t->a->name, zrt_box_text(b1, sizeof b1, &be.sec->box), b2);
  }
  if (zrt_g.be->transfer_setup)
    zrt_g.be->transfer_setup(t);
}

im_transfer *im_halo(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r, int64_t d0,
                     int64_t d1, int64_t d2) {
  im_transfer *keep;
  im_transfer *hit = cached_handle(cached, ZRT_XFER_HALO, id, a, &r, d0, d1, d2, &keep);
  if (hit)
    return hit;
  if (r.rank != a->rank)
    zrt_failf("transfer of array %s over a region of rank %lld (array has rank %d)", a->name,
              (long long)r.rank, a->rank);
  im_transfer *t = zrt_transfer_new(ZRT_XFER_HALO, id, a, r, d0, d1, d2);
  t->alt = keep;
  int n;
  zrt_bsection *sec = zrt_halo_bsections(a, r, t->d, id, &n);
  zrt_halo_build(t, sec, n);
  free(sec);
  return t;
}

void im_strategy(im_transfer *t, int64_t strategy) {
  if (strategy != IM_PACKED && strategy != IM_CHAINED)
    zrt_failf("im_strategy: unknown strategy %lld (expected %d packed or %d chained)",
              (long long)strategy, IM_PACKED, IM_CHAINED);
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
  zrt_array *a = t->a;
  for (int i = 0; i < t->nlocal; ++i) {
    zrt_local_copy *c = &t->local[i];
    zrt_array *s = c->src ? c->src : a;
    if (c->bytes == a->esz) { /* one element (tiles of cyclic distributions) */
      memcpy(zrt_box_ptr(a->base, &a->layout, &c->dbox), zrt_box_ptr(s->base, &s->layout, &c->sbox),
             a->esz);
      continue;
    }
    zrt_layout Ls, Ld;
    zrt_region ss = zrt_lattice_shape(&s->layout, &c->sbox, &Ls);
    zrt_region ds = zrt_lattice_shape(&a->layout, &c->dbox, &Ld);
    zrt_pack(c->buf, zrt_box_ptr(s->base, &s->layout, &c->sbox), &Ls, &ss);
    zrt_unpack_mirror(zrt_box_ptr(a->base, &a->layout, &c->dbox), &Ld, &ds, c->buf, c->mirror);
  }
  if (t->kind_local_copies)
    t->kind_local_copies(t);
}

void im_sr(im_transfer *t) {
  double t0 = zrt_g.be->clock();
  if (t->a) /* a combined transfer's members write ghost cells only */
    zrt_array_wrote(t->a);
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
  if (t->a) /* a combined transfer's members write ghost cells only */
    zrt_array_wrote(t->a);
  zrt_g.be->dn(t);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
}

void im_sv(im_transfer *t) {
  double t0 = zrt_g.be->clock();
  if (t->a) /* a combined transfer's members write ghost cells only */
    zrt_array_wrote(t->a);
  zrt_g.be->sv(t);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
}

/* ---- boundary transfers: wrap and reflect (sections: zrt_boundary_compute) ---- */
static const char *boundary_name(int kind) { return kind == ZRT_XFER_WRAP ? "wrap" : "reflect"; }

zrt_bsection *zrt_boundary_bsections(int kind, const zrt_array *a, zrt_region r,
                                     const int64_t d[ZRT_MAX_RANK], int64_t id, int *n) {
  zrt_bsection *sec = NULL;
  char err[400];
  *n = 0;
  if (zrt_boundary_compute(&a->dist->D, zrt_g.me, kind, r, d, a->decl.flood, a->storage.lo, id,
                           &sec, n, err, sizeof err) != 0)
    zrt_failf("%s of array %s: %s", boundary_name(kind), a->name, err);
  return sec;
}

void zrt_boundary_build(im_transfer *t, const zrt_bsection *sec, int n) {
  zrt_build_error be;
  if (!zrt_build_messages(t, sec, n, t->a, &be)) {
    char b1[128];
    const zrt_bsection *x = be.sec;
    bool source = be.other || x->role == ZRT_BSEC_SEND;
    zrt_failf("%s of array %s: %s cells %s lie outside the array's storage",
              boundary_name(t->kind), t->a->name, source ? "source" : "band",
              zrt_box_text(b1, sizeof b1, be.other ? &x->other : &x->box));
  }
  if (zrt_g.be->transfer_setup)
    zrt_g.be->transfer_setup(t);
}

static im_transfer *boundary(im_transfer *cached, int kind, int64_t id, zrt_array *a,
                             zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  im_transfer *keep;
  im_transfer *hit = cached_handle(cached, kind, id, a, &r, d0, d1, d2, &keep);
  if (hit)
    return hit;
  if (r.rank != a->rank)
    zrt_failf("%s of array %s over a region of rank %lld (array has rank %d)",
              boundary_name(kind), a->name, (long long)r.rank, a->rank);
  im_transfer *t = zrt_transfer_new(kind, id, a, r, d0, d1, d2);
  t->alt = keep;
  int n;
  zrt_bsection *sec = zrt_boundary_bsections(kind, a, r, t->d, id, &n);
  zrt_boundary_build(t, sec, n);
  free(sec);
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

/* ---- redistribution (sections: zrt_redist_compute) ------------------------------------------ */
/* The source array of a redistribution handle (the destination is t->a). */
typedef struct redist_state {
  zrt_array *src;
  uint64_t serial;
} redist_state;

static void redist_release(im_transfer *t) { free(t->kind_state); }

static void redist_check(const zrt_array *dst, const zrt_array *src, const zrt_region *r) {
  if (r->rank != dst->rank || src->rank != dst->rank)
    zrt_failf("redistribution from array %s (rank %d) to array %s (rank %d) over a region of "
              "rank %lld",
              src->name, src->rank, dst->name, dst->rank, (long long)r->rank);
  if (src->type != dst->type)
    zrt_failf("redistribution from array %s to array %s: the element types differ", src->name,
              dst->name);
  if (src->decl.flood != dst->decl.flood)
    zrt_failf("redistribution from array %s to array %s: the flood dimensions differ",
              src->name, dst->name);
}

im_transfer *im_redist(im_transfer *cached, int64_t id, zrt_array *dst, zrt_array *src,
                       zrt_region r) {
  if (cache_hit(cached, ZRT_XFER_REDIST, id, dst, &r, 0, 0, 0)) {
    const redist_state *s = cached->kind_state;
    if (s->src == src && s->serial == src->serial)
      return cached;
  }
  if (cached)
    zrt_transfer_release(cached);
  redist_check(dst, src, &r);
  im_transfer *t = zrt_transfer_new(ZRT_XFER_REDIST, id, dst, r, 0, 0, 0);
  redist_state *s = xcalloc(1, sizeof *s, dst);
  s->src = src;
  s->serial = src->serial;
  t->kind_state = s;
  t->kind_release = redist_release;
  zrt_bsection *sec = NULL;
  int nsec = 0;
  char err[400];
  if (zrt_redist_compute(&dst->dist->D, &src->dist->D, zrt_g.me, r, dst->decl.flood,
                         dst->storage.lo, id, &sec, &nsec, err, sizeof err) != 0)
    zrt_failf("redistribution from array %s to array %s: %s", src->name, dst->name, err);
  zrt_build_error be;
  if (!zrt_build_messages(t, sec, nsec, src, &be)) {
    char b1[128];
    bool in_src = be.other || be.sec->role == ZRT_BSEC_SEND;
    zrt_failf("redistribution from array %s to array %s: cells %s lie outside the storage of "
              "array %s",
              src->name, dst->name, zrt_box_text(b1, sizeof b1, &be.sec->box),
              in_src ? src->name : dst->name);
  }
  free(sec);
  if (zrt_g.be->transfer_setup)
    zrt_g.be->transfer_setup(t);
  return t;
}
