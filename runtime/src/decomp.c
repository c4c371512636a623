/* decomp.c — PE grids, block decomposition, halo section computation.
 * Pure functions: every PE can compute every other PE's block, so both
 * sides of a message agree on its section without talking. */
#include "zplrt_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void zrt_block_range(int64_t L, int64_t H, int64_t P, int64_t p, int64_t *lo, int64_t *hi) {
  int64_t n = H - L + 1;
  if (n < 0)
    n = 0;
  int64_t q = n / P, rem = n % P;
  int64_t start = L + p * q + (p < rem ? p : rem);
  int64_t size = q + (p < rem ? 1 : 0);
  *lo = start;
  *hi = start + size - 1;
}

void zrt_default_grid(int64_t npes, int rank, int64_t dims[ZRT_MAX_RANK]) {
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    dims[k] = 1;
  if (rank <= 1) {
    dims[0] = npes;
    return;
  }
  if (rank == 2) {
    int64_t best = 1;
    for (int64_t a = 1; a * a <= npes; ++a)
      if (npes % a == 0)
        best = a;
    dims[0] = best;
    dims[1] = npes / best;
    return;
  }
  int64_t bs = INT64_MAX;
  for (int64_t a = 1; a * a * a <= npes; ++a) {
    if (npes % a)
      continue;
    int64_t m = npes / a;
    for (int64_t b = a; b * b <= m; ++b) {
      if (m % b)
        continue;
      int64_t c = m / b;
      if (a + b + c < bs) {
        bs = a + b + c;
        dims[0] = a;
        dims[1] = b;
        dims[2] = c;
      }
    }
  }
}

int zrt_parse_grid(const char *s, int64_t dims[ZRT_MAX_RANK]) {
  int n = 0;
  const char *p = s;
  for (;;) {
    if (!isdigit((unsigned char)*p))
      return 0;
    char *end;
    long long v = strtoll(p, &end, 10);
    if (v < 1 || n == ZRT_MAX_RANK)
      return 0;
    dims[n++] = v;
    p = end;
    if (*p == '\0')
      break;
    if (*p != 'x' && *p != 'X')
      return 0;
    ++p;
  }
  for (int k = n; k < ZRT_MAX_RANK; ++k)
    dims[k] = 1;
  return n;
}

int64_t zrt_decomp_npes(const zrt_decomp *D) {
  int64_t n = 1;
  for (int k = 0; k < D->rank; ++k)
    n *= D->grid[k];
  return n;
}

void zrt_decomp_coords(const zrt_decomp *D, int64_t pe, int64_t c[ZRT_MAX_RANK]) {
  for (int k = ZRT_MAX_RANK - 1; k >= 0; --k) {
    if (k >= D->rank) {
      c[k] = 0;
      continue;
    }
    c[k] = pe % D->grid[k];
    pe /= D->grid[k];
  }
}

int64_t zrt_decomp_pe(const zrt_decomp *D, const int64_t c[ZRT_MAX_RANK]) {
  int64_t pe = 0;
  for (int k = 0; k < D->rank; ++k) {
    if (c[k] < 0 || c[k] >= D->grid[k])
      return -1;
    pe = pe * D->grid[k] + c[k];
  }
  return pe;
}

/* ---- ownership along one dimension ------------------------------------------------------
 * Block distribution of the bounding box [L..H] (n indices) over P grid
 * coordinates: coordinate c owns zrt_block_range's block c. With n < P only
 * the first n coordinates own an index (one each); the others own nothing,
 * not even outside the box. Indices outside the box belong to the first and
 * the last coordinate that own something (their extended blocks run to
 * -/+ infinity), so every index has exactly one owner. Everything else
 * (blocks, owners of indices, halo sections) is derived from these three
 * functions, so another distribution only has to replace them. */
int64_t zrt_dim_owners(const zrt_decomp *D, int k) {
  int64_t n = D->bbox.hi[k] - D->bbox.lo[k] + 1;
  int64_t P = D->grid[k];
  if (n < 1) /* nothing spread: coordinate 0 holds everything */
    return 1;
  return n < P ? n : P;
}

void zrt_dim_block(const zrt_decomp *D, int k, int64_t c, bool extended, int64_t *lo,
                   int64_t *hi) {
  zrt_block_range(D->bbox.lo[k], D->bbox.hi[k], D->grid[k], c, lo, hi);
  if (!extended)
    return;
  int64_t last = zrt_dim_owners(D, k) - 1;
  if (c > last)
    return; /* owns nothing: stays empty (lo > hi) */
  if (c == 0)
    *lo = -ZRT_INF;
  if (c == last)
    *hi = ZRT_INF;
}

int64_t zrt_dim_owner(const zrt_decomp *D, int k, int64_t x) {
  int64_t L = D->bbox.lo[k], H = D->bbox.hi[k], P = D->grid[k];
  if (x <= L)
    return 0;
  if (x >= H)
    return zrt_dim_owners(D, k) - 1;
  int64_t n = H - L + 1, q = n / P, rem = n % P, off = x - L;
  if (off < rem * (q + 1)) /* with n < P: q = 0, rem = n, always here */
    return off / (q + 1);
  return rem + (off - rem * (q + 1)) / q;
}

int zrt_dim_split(const zrt_decomp *D, int k, int64_t lo, int64_t hi, zrt_run *out, int cap) {
  int n = 0;
  for (int64_t x = lo; x <= hi;) {
    int64_t c = zrt_dim_owner(D, k, x), blo, bhi;
    zrt_dim_block(D, k, c, true, &blo, &bhi);
    int64_t e = bhi < hi ? bhi : hi;
    if (e < x) /* cannot happen: the owner's extended block holds x */
      e = x;
    if (out && n < cap)
      out[n] = (zrt_run){c, x, e};
    ++n;
    if (e >= hi)
      break;
    x = e + 1;
  }
  return n;
}

zrt_region zrt_decomp_block(const zrt_decomp *D, int64_t pe, bool extended) {
  int64_t c[ZRT_MAX_RANK];
  zrt_decomp_coords(D, pe, c);
  zrt_region b;
  memset(&b, 0, sizeof b);
  b.rank = D->rank;
  for (int k = 0; k < D->rank; ++k)
    zrt_dim_block(D, k, c[k], extended, &b.lo[k], &b.hi[k]);
  return b;
}

int64_t zrt_decomp_owner(const zrt_decomp *D, const int64_t idx[ZRT_MAX_RANK]) {
  int64_t c[ZRT_MAX_RANK] = {0, 0, 0};
  for (int k = 0; k < D->rank; ++k)
    c[k] = zrt_dim_owner(D, k, idx[k]);
  return zrt_decomp_pe(D, c);
}

static int fmt_box(char *buf, size_t n, const zrt_region *b) {
  int w = snprintf(buf, n, "[");
  for (int k = 0; k < b->rank; ++k)
    w += snprintf(buf + w, n > (size_t)w ? n - (size_t)w : 0, "%s%lld..%lld", k ? ", " : "",
                  (long long)b->lo[k], (long long)b->hi[k]);
  w += snprintf(buf + w, n > (size_t)w ? n - (size_t)w : 0, "]");
  return w;
}

static int fmt_dir(char *buf, size_t n, int rank, const int64_t d[ZRT_MAX_RANK]) {
  int w = snprintf(buf, n, "[");
  for (int k = 0; k < rank; ++k)
    w += snprintf(buf + w, n > (size_t)w ? n - (size_t)w : 0, "%s%lld", k ? ", " : "",
                  (long long)d[k]);
  w += snprintf(buf + w, n > (size_t)w ? n - (size_t)w : 0, "]");
  return w;
}

static int tag_of(int64_t id, const int64_t off[ZRT_MAX_RANK]) {
  int64_t code = 0;
  for (int k = ZRT_MAX_RANK - 1; k >= 0; --k)
    code = code * 3 + (off[k] + 1);
  int64_t t = id * 27 + code;
  if (t < 0)
    t = -t;
  return (int)(t % 0x3fffffff);
}

/* ---- halo sections ------------------------------------------------------------------------
 * PE me reads the cells N = (r ∩ ext(me)) + d. Those it does not own are
 * split by owner: along each dimension into runs of one owner
 * (zrt_dim_split), and the product of the runs gives boxes of one owner
 * each, however far away that owner is. The owner p of such a box computes
 * it from its side: the cells of r whose reads land in ext(p) are
 * S = r ∩ (ext(p) - d); split by owner, the piece owned by q, shifted by d,
 * is N(q) ∩ ext(p) -- the very box q computed, since both are the product
 * over the dimensions of the same intervals. So both sides list the same
 * (sender, receiver, box) triples, in the same row-major order of runs, one
 * message per PE pair; the tag carries the sign of the grid offset. */

typedef struct sec_list {
  zrt_section *v;
  int n, cap;
} sec_list;

static bool sec_push(sec_list *l, zrt_section s) {
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 8;
    zrt_section *nv = realloc(l->v, (size_t)cap * sizeof *nv);
    if (!nv)
      return false;
    l->v = nv;
    l->cap = cap;
  }
  l->v[l->n++] = s;
  return true;
}

/* Lists the pieces of box b (split by owner; along the flood dimensions in
 * `flood`, the one piece is owned by coordinate mec[k]) that PEs other than
 * me own, moved by `move`, into l: receives (sending = false) from the
 * owner, or sends (sending = true) to it. Returns 0, or -1 with err set. */
static int split_sections(const zrt_decomp *D, int64_t me, const int64_t mec[ZRT_MAX_RANK],
                          const zrt_region *b, int64_t flood, const int64_t move[ZRT_MAX_RANK],
                          bool sending, int64_t id, const zrt_region *storage_me,
                          const int64_t d[ZRT_MAX_RANK], sec_list *l, char *err,
                          size_t errlen) {
  if (zrt_box_empty(b))
    return 0;
  int rank = D->rank;
  zrt_run *runs[ZRT_MAX_RANK] = {NULL, NULL, NULL};
  int nr[ZRT_MAX_RANK] = {1, 1, 1};
  int rc = 0;
  for (int k = 0; k < rank; ++k) {
    if ((flood >> k) & 1) {
      runs[k] = malloc(sizeof(zrt_run));
      if (runs[k])
        runs[k][0] = (zrt_run){mec[k], b->lo[k], b->hi[k]};
    } else {
      nr[k] = zrt_dim_split(D, k, b->lo[k], b->hi[k], NULL, 0);
      runs[k] = malloc((size_t)nr[k] * sizeof(zrt_run));
      if (runs[k])
        zrt_dim_split(D, k, b->lo[k], b->hi[k], runs[k], nr[k]);
    }
    if (!runs[k]) {
      snprintf(err, errlen, "out of memory");
      rc = -1;
      goto done;
    }
  }
  int i[ZRT_MAX_RANK] = {0, 0, 0};
  for (;;) {
    int64_t c[ZRT_MAX_RANK] = {0, 0, 0}, off[ZRT_MAX_RANK] = {0, 0, 0};
    zrt_region box = *b;
    for (int k = 0; k < rank; ++k) {
      const zrt_run *u = &runs[k][i[k]];
      c[k] = u->c;
      box.lo[k] = u->lo + move[k];
      box.hi[k] = u->hi + move[k];
      int64_t from = sending ? mec[k] : c[k], to = sending ? c[k] : mec[k];
      off[k] = from > to ? 1 : from < to ? -1 : 0;
    }
    int64_t q = zrt_decomp_pe(D, c);
    if (q >= 0 && q != me) {
      if (!zrt_box_contains(storage_me, &box)) {
        char b1[160], b2[64];
        fmt_box(b1, sizeof b1, &box);
        fmt_dir(b2, sizeof b2, rank, d);
        snprintf(err, errlen,
                 sending ? "cells %s to send for shift %s lie outside the array's storage"
                         : "ghost cells %s needed for shift %s lie outside the array's storage",
                 b1, b2);
        rc = -1;
        goto done;
      }
      if (!sec_push(l, (zrt_section){q, tag_of(id, off), box})) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
        goto done;
      }
    }
    int k = rank - 1; /* next run, last dimension fastest */
    while (k >= 0 && ++i[k] == nr[k])
      i[k--] = 0;
    if (k < 0)
      break;
  }
done:
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    free(runs[k]);
  return rc;
}

int zrt_halo_compute(const zrt_decomp *D, int64_t me, zrt_region r, const int64_t d_in[ZRT_MAX_RANK],
                     int64_t flood, int64_t id, const zrt_region *storage_me, zrt_section **recv,
                     int *nrecv, zrt_section **send, int *nsend, char *err, size_t errlen) {
  *recv = *send = NULL;
  *nrecv = *nsend = 0;
  int rank = D->rank;
  int64_t mec[ZRT_MAX_RANK], d[ZRT_MAX_RANK] = {0, 0, 0}, none[ZRT_MAX_RANK] = {0, 0, 0};
  zrt_decomp_coords(D, me, mec);
  zrt_region ext_me = zrt_decomp_block(D, me, true);
  for (int k = 0; k < rank; ++k) {
    if ((flood >> k) & 1) { /* nothing moves; every PE of the slice holds it */
      ext_me.lo[k] = -ZRT_INF;
      ext_me.hi[k] = ZRT_INF;
      continue;
    }
    d[k] = d_in[k];
  }
  r.flood = 0;
  zrt_region mine = zrt_box_intersect(&r, &ext_me);
  zrt_region need = zrt_box_shift(&mine, d);
  int64_t back[ZRT_MAX_RANK] = {0, 0, 0};
  for (int k = 0; k < rank; ++k)
    back[k] = -d[k];
  zrt_region reach = zrt_box_shift(&ext_me, back);
  zrt_region src = zrt_box_intersect(&r, &reach);
  sec_list rl = {NULL, 0, 0}, sl = {NULL, 0, 0};
  if (split_sections(D, me, mec, &need, flood, none, false, id, storage_me, d, &rl, err,
                     errlen) != 0 ||
      split_sections(D, me, mec, &src, flood, d, true, id, storage_me, d, &sl, err, errlen) !=
          0) {
    free(rl.v);
    free(sl.v);
    return -1;
  }
  *recv = rl.v;
  *nrecv = rl.n;
  *send = sl.v;
  *nsend = sl.n;
  return 0;
}

/* ---- boundary transfers (wrap, reflect) -------------------------------------------------
 * Every PE enumerates the whole transfer in the same order: for each
 * destination PE q, its part of the band `d of r`; the cells those come
 * from; for each source PE p, the piece of those it owns. Each (q, p) pair
 * gives at most one section, so one tag per transfer suffices; the tag
 * space (id*27 + 13 + k*27*65536) is disjoint from the halo tags of
 * zrt_halo_compute (id*27 + code, code != 13). */

/* Maps a box between the band and its source: wrap translates by the
 * region's extent, reflect mirrors (an involution, so one map serves both
 * directions). */
static zrt_region bmap_box(int kind, const zrt_region *b, const int64_t d[ZRT_MAX_RANK],
                           const zrt_region *r, bool to_source) {
  zrt_region o = *b;
  for (int k = 0; k < b->rank; ++k) {
    if (d[k] == 0)
      continue;
    if (kind == ZRT_XFER_WRAP) {
      int64_t sh = r->hi[k] - r->lo[k] + 1;
      if ((d[k] > 0) == to_source)
        sh = -sh;
      o.lo[k] = b->lo[k] + sh;
      o.hi[k] = b->hi[k] + sh;
    } else {
      int64_t c = d[k] > 0 ? 2 * r->hi[k] + 1 : 2 * r->lo[k] - 1;
      o.lo[k] = c - b->hi[k];
      o.hi[k] = c - b->lo[k];
    }
  }
  return o;
}

static int boundary_tag(int64_t id) {
  int64_t t = id * 27 + 13;
  if (t < 0)
    t = -t;
  return (int)(t % 0x3fffffff);
}

static zrt_region slice_block(const zrt_decomp *D, int64_t pe, int64_t flood) {
  zrt_region e = zrt_decomp_block(D, pe, true);
  for (int k = 0; k < D->rank; ++k)
    if ((flood >> k) & 1) {
      e.lo[k] = -ZRT_INF;
      e.hi[k] = ZRT_INF;
    }
  return e;
}

int zrt_boundary_compute(const zrt_decomp *D, int64_t me, int kind, zrt_region r,
                         const int64_t d_in[ZRT_MAX_RANK], int64_t flood,
                         const int64_t flood_index[ZRT_MAX_RANK], int64_t id, zrt_bsection **out,
                         int *nout, char *err, size_t errlen) {
  *out = NULL;
  *nout = 0;
  int rank = D->rank;
  int64_t d[ZRT_MAX_RANK] = {0, 0, 0};
  int nz = 0;
  for (int k = 0; k < rank; ++k) {
    if (((flood >> k) & 1) || ((r.flood >> k) & 1))
      continue; /* nothing moves along a flood dimension */
    d[k] = d_in[k];
    int64_t ext = r.hi[k] - r.lo[k] + 1;
    if (d[k] != 0) {
      ++nz;
      if (d[k] > ext || -d[k] > ext) {
        snprintf(err, errlen,
                 "the band is %lld wide but the region has only %lld indices along dimension %d",
                 (long long)(d[k] > 0 ? d[k] : -d[k]), (long long)ext, k + 1);
        return -1;
      }
    }
  }
  zrt_region band = zrt_region_of(r, d[0], d[1], d[2]);
  band.flood = 0;
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    band.step[k] = 0;
    if (k < rank && ((flood >> k) & 1))
      band.lo[k] = band.hi[k] = flood_index[k];
  }
  zrt_region rr = r;
  rr.flood = 0;
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    rr.step[k] = 0;
  if (nz == 0 || zrt_box_empty(&band) || zrt_box_empty(&rr))
    return 0;
  int64_t np = zrt_decomp_npes(D);
  int cap = 0, n = 0;
  zrt_bsection *list = NULL;
  int tag = boundary_tag(id);
  int64_t cme[ZRT_MAX_RANK];
  zrt_decomp_coords(D, me, cme);
  for (int64_t q = 0; q < np; ++q) {
    int64_t cq[ZRT_MAX_RANK];
    zrt_decomp_coords(D, q, cq);
    zrt_region eq = slice_block(D, q, flood);
    zrt_region qpart = zrt_box_intersect(&band, &eq);
    if (zrt_box_empty(&qpart))
      continue;
    zrt_region src = bmap_box(kind, &qpart, d, &rr, true);
    for (int64_t p = 0; p < np; ++p) {
      if (p != me && q != me)
        continue;
      int64_t cp[ZRT_MAX_RANK];
      zrt_decomp_coords(D, p, cp);
      bool same_slice = true;
      for (int k = 0; k < rank; ++k)
        if (((flood >> k) & 1) && cp[k] != cq[k])
          same_slice = false;
      if (!same_slice)
        continue;
      zrt_region ep = slice_block(D, p, flood);
      zrt_region spart = zrt_box_intersect(&src, &ep);
      if (zrt_box_empty(&spart))
        continue;
      zrt_region dpart = bmap_box(kind, &spart, d, &rr, false);
      int mirror = 0;
      if (kind == ZRT_XFER_REFLECT)
        for (int k = 0; k < rank; ++k)
          if (d[k] != 0 && dpart.hi[k] > dpart.lo[k])
            mirror |= 1 << k;
      if (n == cap) {
        cap = cap ? 2 * cap : 8;
        zrt_bsection *nl = realloc(list, (size_t)cap * sizeof *nl);
        if (!nl) {
          free(list);
          snprintf(err, errlen, "out of memory");
          return -1;
        }
        list = nl;
      }
      zrt_bsection *x = &list[n++];
      x->tag = tag;
      x->mirror = mirror;
      if (p == me && q == me) {
        x->role = ZRT_BSEC_LOCAL;
        x->peer = me;
        x->box = dpart;
        x->other = spart;
      } else if (p == me) {
        x->role = ZRT_BSEC_SEND;
        x->peer = q;
        x->box = spart;
        x->other = dpart;
      } else {
        x->role = ZRT_BSEC_RECV;
        x->peer = p;
        x->box = dpart;
        x->other = spart;
      }
    }
  }
  (void)cme;
  *out = list;
  *nout = n;
  return 0;
}
