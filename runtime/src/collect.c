/* collect.c — collection buffers (partial reductions, scans, floods) and
 * remap (gather, scatter).
 *
 * The collection buffers are the general implementation: each PE's buffer
 * covers the whole result shape; the PEs' contributions are combined with
 * one allreduce (non-owners contribute the operator's identity, or, where
 * values are only moved, zero bits so that an integer sum transports them
 * exactly), and every PE then computes what it needs. Scans compute the
 * prefix sequentially in the same order on every PE, so their result does
 * not depend on the number of PEs, not even in floating point. */
#include "zplrt_internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K_PREDUCE, K_SCAN, K_FLOOD };

struct zrt_collect {
  int kind;
  zrt_array *dst;
  zrt_region dr, sr; /* destination region; source region (scan: both r) */
  int op, dim;
  int type;
  size_t esz;
  zrt_region box; /* buffer index box (collapsed dimensions: [0, 0]) */
  int collapsed;  /* preduce: bit k when dimension k collapses */
  int64_t stride[ZRT_MAX_RANK];
  int64_t offset;
  int64_t count;
  void *buf;
};

/* ---- element operations ------------------------------------------------------------------ */
static void set_identity(int type, int op, void *p) {
  switch (type) {
  case ZRT_I64: {
    int64_t v = op == ZRT_PROD || op == ZRT_AND ? 1
                : op == ZRT_MAX                 ? INT64_MIN
                : op == ZRT_MIN                 ? INT64_MAX
                                                : 0;
    memcpy(p, &v, sizeof v);
    break;
  }
  case ZRT_F64: {
    double v = op == ZRT_PROD || op == ZRT_AND ? 1.0
               : op == ZRT_MAX                 ? -INFINITY
               : op == ZRT_MIN                 ? INFINITY
                                               : 0.0;
    memcpy(p, &v, sizeof v);
    break;
  }
  case ZRT_F32: {
    float v = op == ZRT_PROD || op == ZRT_AND ? 1.0f
              : op == ZRT_MAX                 ? -INFINITY
              : op == ZRT_MIN                 ? INFINITY
                                              : 0.0f;
    memcpy(p, &v, sizeof v);
    break;
  }
  default: {
    bool v = op == ZRT_PROD || op == ZRT_AND || op == ZRT_MIN;
    memcpy(p, &v, sizeof v);
    break;
  }
  }
}

#define APPLY(T)                                                                             \
  do {                                                                                       \
    T a, b;                                                                                  \
    memcpy(&a, acc, sizeof a);                                                               \
    memcpy(&b, v, sizeof b);                                                                 \
    switch (op) {                                                                            \
    case ZRT_SUM:                                                                            \
      a = a + b;                                                                             \
      break;                                                                                 \
    case ZRT_PROD:                                                                           \
      a = a * b;                                                                             \
      break;                                                                                 \
    case ZRT_MAX:                                                                            \
      a = b > a ? b : a;                                                                     \
      break;                                                                                 \
    case ZRT_MIN:                                                                            \
      a = b < a ? b : a;                                                                     \
      break;                                                                                 \
    case ZRT_AND:                                                                            \
      a = (a != 0) && (b != 0);                                                              \
      break;                                                                                 \
    default:                                                                                 \
      a = (a != 0) || (b != 0);                                                              \
      break;                                                                                 \
    }                                                                                        \
    memcpy(acc, &a, sizeof a);                                                               \
  } while (0)

/* *acc = *acc op *v */
static void apply_op(int type, int op, void *acc, const void *v) {
  switch (type) {
  case ZRT_I64:
    APPLY(int64_t);
    break;
  case ZRT_F64:
    APPLY(double);
    break;
  case ZRT_F32:
    APPLY(float);
    break;
  default: {
    bool a, b;
    memcpy(&a, acc, sizeof a);
    memcpy(&b, v, sizeof b);
    if (op == ZRT_AND || op == ZRT_PROD || op == ZRT_MIN)
      a = a && b;
    else
      a = a || b;
    memcpy(acc, &a, sizeof a);
    break;
  }
  }
}

/* Element-wise allreduce of a typed buffer with a zrt_op. */
static void allreduce_buf(void *buf, int64_t count, int type, int op) {
  if (zrt_g.npes == 1 || count == 0)
    return;
  if (count > INT_MAX)
    zrt_failf("collection buffer of %lld elements is too large", (long long)count);
  double t0 = zrt_g.be->clock();
  size_t esz = type == ZRT_I64 || type == ZRT_F64 ? 8 : type == ZRT_F32 ? 4 : sizeof(bool);
  if (type == ZRT_BOOL || op == ZRT_AND || op == ZRT_OR) {
    /* logical: 0/1 integers under MIN (and) or MAX (or) */
    bool is_and = op == ZRT_AND || (type == ZRT_BOOL && (op == ZRT_PROD || op == ZRT_MIN));
    int64_t *w = malloc((size_t)count * sizeof *w);
    if (!w)
      zrt_failf("out of memory in a reduction");
    for (int64_t i = 0; i < count; ++i)
      w[i] = zrt_elem_get_f64(type, (char *)buf + (size_t)i * esz) != 0.0;
    zrt_g.be->allreduce(w, (int)count, ZRT_I64, is_and ? ZRT_MIN : ZRT_MAX);
    for (int64_t i = 0; i < count; ++i)
      zrt_elem_convert(type, (char *)buf + (size_t)i * esz, ZRT_I64, &w[i]);
    free(w);
  } else {
    zrt_g.be->allreduce(buf, (int)count, type, op);
  }
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
}

/* This PE's part of r in r's distribution, tile by tile (none for an empty
 * region of a rank without distribution); with owner_only, a flood
 * dimension of r belongs to the PEs whose coordinate owns its index. */
static void my_parts(zrt_parts *P, const zrt_region *r, bool owner_only) {
  zrt_distrib *d = zrt_distrib_for(r);
  if (d) {
    zrt_parts_make(P, &d->D, d->coord, r, owner_only);
    return;
  }
  memset(P, 0, sizeof *P);
  P->rank = (int)r->rank;
}

/* Copies the bits of the buffer elements at the lattice points of box into
 * `bits` (one 64-bit word per element). */
static void take_bits(const zrt_collect *h, const zrt_region *box, int64_t *bits) {
  int64_t n[ZRT_MAX_RANK], s[ZRT_MAX_RANK];
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    n[k] = k < box->rank ? zrt_lattice_count(box, k) : 1;
    s[k] = k < box->rank ? zrt_step(box, k) : 1;
  }
  size_t esz = h->esz;
  for (int64_t i0 = 0; i0 < n[0]; ++i0)
    for (int64_t i1 = 0; i1 < n[1]; ++i1)
      for (int64_t i2 = 0; i2 < n[2]; ++i2) {
        int64_t idx[ZRT_MAX_RANK] = {box->lo[0] + i0 * s[0], box->lo[1] + i1 * s[1],
                                     box->lo[2] + i2 * s[2]};
        int64_t o = h->offset;
        for (int k = 0; k < box->rank; ++k)
          o += idx[k] * h->stride[k];
        uint64_t b = 0;
        if (esz == 8) {
          memcpy(&b, (char *)h->buf + (size_t)o * esz, 8);
        } else if (esz == 4) {
          uint32_t x;
          memcpy(&x, (char *)h->buf + (size_t)o * esz, 4);
          b = x;
        } else {
          uint8_t x;
          memcpy(&x, (char *)h->buf + (size_t)o * esz, 1);
          b = x;
        }
        memcpy(&bits[o], &b, 8);
      }
}

/* Every PE gets every element of the buffer exactly, where each element was
 * written by the PE whose tile holds its index in `w` (the written region;
 * a flood dimension of w: the PE owning its index): the others contribute
 * zero bits to an integer sum. */
static void exact_combine(zrt_collect *h, const zrt_region *w) {
  zrt_distrib_for(w);
  if (h->count == 0 || zrt_g.npes == 1)
    return;
  if (h->count > INT_MAX)
    zrt_failf("collection buffer of %lld elements is too large", (long long)h->count);
  int64_t *bits = calloc((size_t)h->count, sizeof *bits);
  if (!bits)
    zrt_failf("out of memory in a collection buffer");
  zrt_parts P;
  my_parts(&P, w, true);
  for (int64_t t = 0; t < P.count; ++t) {
    zrt_region box = zrt_parts_box(&P, w, t);
    take_bits(h, &box, bits);
  }
  zrt_parts_free(&P);
  double t0 = zrt_g.be->clock();
  zrt_g.be->allreduce(bits, (int)h->count, ZRT_I64, ZRT_SUM);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
  size_t esz = h->esz;
  for (int64_t i = 0; i < h->count; ++i) {
    uint64_t b;
    memcpy(&b, &bits[i], 8);
    char *p = (char *)h->buf + (size_t)i * esz;
    if (esz == 8) {
      memcpy(p, &b, 8);
    } else if (esz == 4) {
      uint32_t x = (uint32_t)b;
      memcpy(p, &x, 4);
    } else {
      uint8_t x = (uint8_t)b;
      memcpy(p, &x, 1);
    }
  }
  free(bits);
}

/* ---- buffers --------------------------------------------------------------------------------- */
static zrt_collect *collect_new(int kind, zrt_array *dst, zrt_region dr, zrt_region sr, int op,
                                int dim, const zrt_region *box, int collapsed) {
  zrt_collect *h = calloc(1, sizeof *h);
  if (!h)
    zrt_failf("out of memory in a collection buffer");
  h->kind = kind;
  h->dst = dst;
  h->dr = dr;
  h->sr = sr;
  h->op = op;
  h->dim = dim;
  h->type = dst->type;
  h->esz = dst->esz;
  h->box = *box;
  h->collapsed = collapsed;
  int64_t s = 1;
  h->offset = 0;
  for (int k = ZRT_MAX_RANK - 1; k >= 0; --k) {
    if (k >= box->rank || ((collapsed >> k) & 1)) {
      h->stride[k] = 0;
      continue;
    }
    int64_t e = box->hi[k] - box->lo[k] + 1;
    if (e < 0)
      e = 0;
    h->stride[k] = s;
    h->offset -= box->lo[k] * s;
    s *= e;
  }
  h->count = s;
  if (s < 0 || (uint64_t)s > SIZE_MAX / 16)
    zrt_failf("collection buffer for array %s is too large for memory", dst->name);
  h->buf = calloc((size_t)(s ? s : 1), h->esz);
  if (!h->buf)
    zrt_failf("out of memory: collection buffer for array %s (%lld elements)", dst->name,
              (long long)s);
  return h;
}

static void collect_free(zrt_collect *h) {
  free(h->buf);
  free(h);
}

double *zrt_collect_f64(zrt_collect *h) { return (double *)h->buf; }
float *zrt_collect_f32(zrt_collect *h) { return (float *)h->buf; }
int64_t *zrt_collect_i64(zrt_collect *h) { return (int64_t *)h->buf; }
bool *zrt_collect_bool(zrt_collect *h) { return (bool *)h->buf; }
int64_t zrt_collect_offset(zrt_collect *h) { return h->offset; }
int64_t zrt_collect_stride(zrt_collect *h, int64_t dim) {
  return dim >= 0 && dim < ZRT_MAX_RANK ? h->stride[dim] : 0;
}

static void check_rank(const char *what, zrt_array *dst, const zrt_region *a, const zrt_region *b) {
  if (a->rank != dst->rank || b->rank != dst->rank)
    zrt_failf("%s into array %s: region rank differs from the array's rank %d", what, dst->name,
              dst->rank);
}

/* Stores the buffer into every element of dst this PE stores over dr:
 * dst's flood dimensions at their single index on every PE; dr's flood
 * dimensions (dst ordinary) at every index of dst's declared region this PE
 * owns; other dimensions over dr ∩ this PE's tiles (dst's distribution).
 * The buffer index of each element is chosen per dimension by `vmap`. */
typedef int64_t (*vmap_fn)(const zrt_collect *h, int k, int64_t x);

static void store_result(zrt_collect *h, vmap_fn vmap) {
  zrt_array *a = h->dst;
  int rank = a->rank;
  zrt_region w = zrt_region_align(h->dr, a);
  for (int k = 0; k < rank; ++k) {
    if (zrt_is_flood(&a->decl, k)) {
      w.lo[k] = w.hi[k] = a->storage.lo[k];
      w.flood |= (int64_t)1 << k;
    } else if (zrt_is_flood(&h->dr, k)) {
      w.lo[k] = a->decl.lo[k];
      w.hi[k] = a->decl.hi[k];
      w.step[k] = 0;
      w.flood &= ~((int64_t)1 << k);
    }
  }
  zrt_parts P;
  zrt_parts_make(&P, &a->dist->D, a->dist->coord, &w, false);
  char *base = (char *)a->base;
  const char *buf = (const char *)h->buf;
  for (int64_t t = 0; t < P.count; ++t) {
    zrt_region box = zrt_parts_box(&P, &w, t);
    int64_t st[ZRT_MAX_RANK] = {1, 1, 1};
    for (int k = 0; k < ZRT_MAX_RANK; ++k) {
      if (k >= rank)
        box.lo[k] = box.hi[k] = 0;
      else
        st[k] = zrt_is_flood(&w, k) ? 1 : zrt_step(&w, k);
    }
    if (!zrt_array_holds(a, &box))
      zrt_failf("result of a reduction, scan or flood: part of the region lies outside the "
                "storage of array %s",
                a->name);
    for (int64_t i0 = box.lo[0]; i0 <= box.hi[0]; i0 += st[0])
      for (int64_t i1 = box.lo[1]; i1 <= box.hi[1]; i1 += st[1])
        for (int64_t i2 = box.lo[2]; i2 <= box.hi[2]; i2 += st[2]) {
          int64_t idx[ZRT_MAX_RANK] = {i0, i1, i2};
          int64_t o = h->offset;
          for (int k = 0; k < rank; ++k)
            o += vmap(h, k, idx[k]) * h->stride[k];
          memcpy(base + (size_t)zrt_array_elem(a, idx) * a->esz, buf + (size_t)o * h->esz,
                 h->esz);
        }
  }
  zrt_parts_free(&P);
}

/* ---- partial reductions ------------------------------------------------------------------- */
zrt_collect *zrt_preduce_begin(zrt_array *dst, zrt_region dr, zrt_region sr, int64_t op) {
  check_rank("partial reduction", dst, &dr, &sr);
  zrt_region box = dr;
  int collapsed = 0;
  for (int k = 0; k < dr.rank; ++k) {
    if (zrt_is_flood(&dr, k) || dr.lo[k] == dr.hi[k]) {
      collapsed |= 1 << k;
      box.lo[k] = box.hi[k] = 0;
    } else if (!zrt_is_flood(&sr, k)) { /* cover the source too, to be safe */
      if (sr.lo[k] < box.lo[k])
        box.lo[k] = sr.lo[k];
      if (sr.hi[k] > box.hi[k])
        box.hi[k] = sr.hi[k];
    }
  }
  zrt_collect *h = collect_new(K_PREDUCE, dst, dr, sr, (int)op, -1, &box, collapsed);
  for (int64_t i = 0; i < h->count; ++i)
    set_identity(h->type, h->op, (char *)h->buf + (size_t)i * h->esz);
  return h;
}

static int64_t vmap_preduce(const zrt_collect *h, int k, int64_t x) {
  if ((h->collapsed >> k) & 1)
    return 0;
  if (zrt_is_flood(&h->dst->decl, k))
    return h->dr.lo[k];
  return x;
}

void zrt_preduce_end(zrt_collect *h) {
  /* where the source has flood dimensions every PE along them computed
   * the same contribution: only the owner of the flood index keeps it */
  zrt_distrib *d = zrt_distrib_for(&h->sr);
  for (int k = 0; k < h->sr.rank && d; ++k)
    if (zrt_is_flood(&h->sr, k) &&
        zrt_dim_coord(&d->D, k, zrt_dim_owner(&d->D, k, h->sr.lo[k])) != d->coord[k]) {
      for (int64_t i = 0; i < h->count; ++i)
        set_identity(h->type, h->op, (char *)h->buf + (size_t)i * h->esz);
      break;
    }
  allreduce_buf(h->buf, h->count, h->type, h->op);
  store_result(h, vmap_preduce);
  collect_free(h);
}

/* ---- scans --------------------------------------------------------------------------------- */
zrt_collect *zrt_scan_begin(zrt_array *dst, zrt_region r, int64_t op, int64_t dim) {
  check_rank("scan", dst, &r, &r);
  if (dim < -1 || dim >= r.rank)
    zrt_failf("scan of array %s along dimension %lld (rank %lld)", dst->name,
              (long long)dim + 1, (long long)r.rank);
  zrt_region box = r;
  for (int k = 0; k < r.rank; ++k)
    if (box.hi[k] < box.lo[k])
      box.hi[k] = box.lo[k] - 1;
  return collect_new(K_SCAN, dst, r, r, (int)op, (int)dim, &box, 0);
}

static int64_t vmap_scan(const zrt_collect *h, int k, int64_t x) {
  if (zrt_is_flood(&h->dst->decl, k) || zrt_is_flood(&h->dr, k))
    return h->dr.lo[k];
  return x;
}

void zrt_scan_end(zrt_collect *h) {
  const zrt_region *r = &h->sr;
  exact_combine(h, r);
  if (!zrt_box_empty(r)) {
    int64_t n[ZRT_MAX_RANK], s[ZRT_MAX_RANK];
    for (int k = 0; k < ZRT_MAX_RANK; ++k) {
      n[k] = k < r->rank ? zrt_lattice_count(r, k) : 1;
      s[k] = k < r->rank ? zrt_step(r, k) : 1;
    }
    char *buf = (char *)h->buf;
    size_t esz = h->esz;
    int64_t prev = -1;
    for (int64_t i0 = 0; i0 < n[0]; ++i0)
      for (int64_t i1 = 0; i1 < n[1]; ++i1)
        for (int64_t i2 = 0; i2 < n[2]; ++i2) {
          int64_t i[ZRT_MAX_RANK] = {i0, i1, i2};
          int64_t o = h->offset;
          for (int k = 0; k < r->rank; ++k)
            o += (r->lo[k] + i[k] * s[k]) * h->stride[k];
          if (h->dim < 0) {
            if (prev >= 0)
              apply_op(h->type, h->op, buf + (size_t)o * esz, buf + (size_t)prev * esz);
            prev = o;
          } else if (i[h->dim] > 0) {
            int64_t p = o - s[h->dim] * h->stride[h->dim];
            apply_op(h->type, h->op, buf + (size_t)o * esz, buf + (size_t)p * esz);
          }
        }
  }
  store_result(h, vmap_scan);
  collect_free(h);
}

/* ---- floods --------------------------------------------------------------------------------- */
zrt_collect *zrt_flood_begin(zrt_array *dst, zrt_region dr, zrt_region sr) {
  check_rank("flood", dst, &dr, &sr);
  zrt_region box = sr;
  for (int k = 0; k < sr.rank; ++k)
    if (box.hi[k] < box.lo[k])
      box.hi[k] = box.lo[k] - 1;
  return collect_new(K_FLOOD, dst, dr, sr, ZRT_SUM, -1, &box, 0);
}

static int64_t vmap_flood(const zrt_collect *h, int k, int64_t x) {
  if (h->sr.lo[k] == h->sr.hi[k] || zrt_is_flood(&h->sr, k))
    return h->sr.lo[k];
  return x;
}

void zrt_flood_end(zrt_collect *h) {
  exact_combine(h, &h->sr);
  if (!zrt_box_empty(&h->sr))
    store_result(h, vmap_flood);
  collect_free(h);
}

/* ---- remap ------------------------------------------------------------------------------------ */
/* All PEs agree whether some PE found an error; the lowest such PE prints
 * its message, and every PE exits with status 2 (no PE is left waiting). */
static void agree_fail(bool bad, const char *msg) {
  int64_t first = bad ? zrt_g.me : zrt_g.npes;
  zrt_g.be->allreduce(&first, 1, ZRT_I64, ZRT_MIN);
  if (first >= zrt_g.npes)
    return;
  fflush(stdout);
  if (first == zrt_g.me) {
    fprintf(stderr, "%s: error: %s\n", zrt_g.prog ? zrt_g.prog : "zpl", msg);
    fflush(stderr);
  }
  zrt_g.be->finalize();
  exit(2);
}

#define REMAP_TAG 7101

/* The back end's all-to-all, or (for a back end without one) pairwise
 * blocking exchanges in one global order of PE pairs (a < b: a sends
 * first), which cannot deadlock. */
static void alltoallv(const void *sbuf, const size_t *sbytes, void *rbuf, const size_t *rbytes) {
  if (zrt_g.be->alltoallv) {
    zrt_g.be->alltoallv(sbuf, sbytes, rbuf, rbytes);
    return;
  }
  int np = zrt_g.npes, me = zrt_g.me;
  size_t so = 0, ro = 0;
  size_t *sd = calloc((size_t)np + 1, sizeof *sd), *rd = calloc((size_t)np + 1, sizeof *rd);
  if (!sd || !rd)
    zrt_failf("out of memory in a remap");
  for (int q = 0; q < np; ++q) {
    sd[q] = so;
    rd[q] = ro;
    so += sbytes[q];
    ro += rbytes[q];
  }
  memcpy((char *)rbuf + rd[me], (const char *)sbuf + sd[me], sbytes[me]);
  for (int a = 0; a < np; ++a)
    for (int b = a + 1; b < np; ++b) {
      if (me != a && me != b)
        continue;
      int q = me == a ? b : a;
      if (me == a) {
        zrt_g.be->send(q, REMAP_TAG, (const char *)sbuf + sd[q], sbytes[q]);
        zrt_g.be->recv(q, REMAP_TAG, (char *)rbuf + rd[q], rbytes[q]);
      } else {
        zrt_g.be->recv(q, REMAP_TAG, (char *)rbuf + rd[q], rbytes[q]);
        zrt_g.be->send(q, REMAP_TAG, (const char *)sbuf + sd[q], sbytes[q]);
      }
    }
  free(sd);
  free(rd);
}

/* Exchanges sbytes[q] bytes from sbuf (grouped by PE) and returns the
 * received bytes (grouped by PE) with their sizes in rbytes. */
static char *exchange(const char *sbuf, const size_t *sbytes, size_t *rbytes) {
  int np = zrt_g.npes;
  uint64_t *sc = calloc((size_t)np, sizeof *sc), *rc = calloc((size_t)np, sizeof *rc);
  size_t *eight = calloc((size_t)np, sizeof *eight);
  if (!sc || !rc || !eight)
    zrt_failf("out of memory in a remap");
  for (int q = 0; q < np; ++q) {
    sc[q] = sbytes[q];
    eight[q] = sizeof(uint64_t);
  }
  alltoallv(sc, eight, rc, eight);
  size_t total = 0;
  for (int q = 0; q < np; ++q) {
    rbytes[q] = (size_t)rc[q];
    total += rbytes[q];
  }
  char *rbuf = malloc(total ? total : 1);
  if (!rbuf)
    zrt_failf("out of memory in a remap");
  alltoallv(sbuf, sbytes, rbuf, rbytes);
  for (int q = 0; q < np; ++q)
    if (q != zrt_g.me) {
      ++zrt_g.n_messages;
      zrt_g.n_bytes += (int64_t)sbytes[q];
      ++zrt_g.n_msg_pattern[ZRT_PAT_INDEXED];
      zrt_g.n_bytes_pattern[ZRT_PAT_INDEXED] += (int64_t)sbytes[q];
    }
  free(sc);
  free(rc);
  free(eight);
  return rbuf;
}

/* This PE's points of r (aligned with array a), tile by tile. */
typedef struct remap_pts {
  zrt_region *tiles;
  int64_t ntiles;
  int64_t *start; /* number of points before each tile */
  int64_t count;
} remap_pts;

static remap_pts points_of(zrt_region r, zrt_array *a) {
  remap_pts P;
  const zrt_region *tiles;
  P.ntiles = zrt_local_tiles(zrt_region_align(r, a), &tiles);
  P.tiles = malloc((size_t)(P.ntiles ? P.ntiles : 1) * sizeof *P.tiles);
  P.start = malloc((size_t)(P.ntiles + 1) * sizeof *P.start);
  if (!P.tiles || !P.start)
    zrt_failf("out of memory in a remap");
  P.count = 0;
  for (int64_t t = 0; t < P.ntiles; ++t) {
    P.tiles[t] = tiles[t];
    P.start[t] = P.count;
    int64_t n = 1;
    for (int k = 0; k < r.rank; ++k)
      n *= zrt_lattice_count(&tiles[t], k);
    P.count += n;
  }
  P.start[P.ntiles] = P.count;
  return P;
}

static void points_free(remap_pts *P) {
  free(P->tiles);
  free(P->start);
}

static void point_at(const remap_pts *P, int64_t e, int64_t idx[ZRT_MAX_RANK]) {
  int64_t lo = 0, hi = P->ntiles - 1; /* the tile holding point e */
  while (lo < hi) {
    int64_t mid = lo + (hi - lo + 1) / 2;
    if (P->start[mid] <= e)
      lo = mid;
    else
      hi = mid - 1;
  }
  const zrt_region *b = &P->tiles[lo];
  e -= P->start[lo];
  for (int k = ZRT_MAX_RANK - 1; k >= 0; --k) {
    if (k >= b->rank) {
      idx[k] = 0;
      continue;
    }
    int64_t n = zrt_lattice_count(b, k);
    idx[k] = b->lo[k] + e % n * zrt_step(b, k);
    e /= n;
  }
}

/* Reads the index arrays at p, checks the index against X's declared
 * region; on error formats msg and returns false. */
static bool index_at(zrt_array *X, zrt_array *const ia[ZRT_MAX_RANK], const int64_t p[ZRT_MAX_RANK],
                     int64_t x[ZRT_MAX_RANK], char *msg, size_t n) {
  x[0] = x[1] = x[2] = 0;
  for (int k = 0; k < X->rank; ++k) {
    zrt_array *I = ia[k];
    x[k] = zrt_elem_get_i64(I->type, (char *)I->base + (size_t)zrt_array_elem(I, p) * I->esz);
    if (zrt_is_flood(&X->decl, k)) {
      x[k] = X->storage.lo[k];
      continue;
    }
    if (x[k] < X->decl.lo[k] || x[k] > X->decl.hi[k]) {
      snprintf(msg, n,
               "remap index %lld in dimension %d is outside the declared region %lld..%lld of "
               "array %s",
               (long long)x[k], k + 1, (long long)X->decl.lo[k], (long long)X->decl.hi[k],
               X->name);
      return false;
    }
  }
  return true;
}

static void check_remap(const char *what, zrt_array *X, zrt_array *const ia[ZRT_MAX_RANK],
                        zrt_array *other, zrt_region r) {
  for (int k = 0; k < X->rank; ++k)
    if (!ia[k])
      zrt_failf("%s of array %s: index array %d is missing", what, X->name, k + 1);
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    if (ia[k] && ia[k]->rank != r.rank)
      zrt_failf("%s of array %s: index array %s has rank %d, the region %lld", what, X->name,
                ia[k]->name, ia[k]->rank, (long long)r.rank);
  if (other->rank != r.rank)
    zrt_failf("%s: array %s has rank %d, the region %lld", what, other->name, other->rank,
              (long long)r.rank);
  zrt_distrib_for(&r);
}

void zrt_gather(zrt_array *dst, zrt_region r, zrt_array *src, zrt_array *i1, zrt_array *i2,
                zrt_array *i3) {
  zrt_array *ia[ZRT_MAX_RANK] = {i1, i2, i3};
  check_remap("gather", src, ia, dst, r);
  double t0 = zrt_g.be->clock();
  int np = zrt_g.npes;
  remap_pts P = points_of(r, dst);
  int64_t *owner = malloc((size_t)(P.count ? P.count : 1) * sizeof *owner);
  int64_t *req = malloc((size_t)(P.count ? P.count : 1) * 3 * sizeof *req);
  size_t *sbytes = calloc((size_t)np, sizeof *sbytes), *rbytes = calloc((size_t)np, sizeof *rbytes);
  size_t *fill = calloc((size_t)np, sizeof *fill);
  int64_t *slot = malloc((size_t)(P.count ? P.count : 1) * sizeof *slot);
  if (!owner || !req || !sbytes || !rbytes || !fill || !slot)
    zrt_failf("out of memory in a gather");
  char msg[300] = "";
  bool bad = false;
  int64_t cnt_q_init = 0;
  (void)cnt_q_init;
  int64_t *cnt = calloc((size_t)np, sizeof *cnt);
  if (!cnt)
    zrt_failf("out of memory in a gather");
  for (int64_t e = 0; e < P.count && !bad; ++e) {
    int64_t p[ZRT_MAX_RANK], x[ZRT_MAX_RANK];
    point_at(&P, e, p);
    if (!index_at(src, ia, p, x, msg, sizeof msg)) {
      bad = true;
      break;
    }
    int64_t q = zrt_array_owner(src, x);
    owner[e] = q;
    slot[e] = cnt[q]++;
    memcpy(&req[e * 3], x, sizeof x);
  }
  agree_fail(bad, msg);
  /* requests grouped by PE */
  size_t *disp = calloc((size_t)np + 1, sizeof *disp);
  if (!disp)
    zrt_failf("out of memory in a gather");
  for (int q = 0; q < np; ++q) {
    sbytes[q] = (size_t)cnt[q] * 3 * sizeof(int64_t);
    disp[q + 1] = disp[q] + sbytes[q];
  }
  char *sreq = malloc(disp[np] ? disp[np] : 1);
  if (!sreq)
    zrt_failf("out of memory in a gather");
  for (int64_t e = 0; e < P.count; ++e) {
    int64_t q = owner[e];
    memcpy(sreq + disp[q] + (size_t)slot[e] * 3 * sizeof(int64_t), &req[e * 3],
           3 * sizeof(int64_t));
  }
  char *rreq = exchange(sreq, sbytes, rbytes);
  /* replies: src's value at each requested index, in src's type */
  size_t *rep_s = calloc((size_t)np, sizeof *rep_s), *rep_r = calloc((size_t)np, sizeof *rep_r);
  if (!rep_s || !rep_r)
    zrt_failf("out of memory in a gather");
  size_t total = 0;
  for (int q = 0; q < np; ++q) {
    rep_s[q] = rbytes[q] / (3 * sizeof(int64_t)) * src->esz;
    total += rep_s[q];
  }
  char *srep = malloc(total ? total : 1);
  if (!srep)
    zrt_failf("out of memory in a gather");
  {
    const char *in = rreq;
    char *out = srep;
    for (int q = 0; q < np; ++q)
      for (size_t i = 0; i < rbytes[q] / (3 * sizeof(int64_t)); ++i) {
        int64_t x[ZRT_MAX_RANK];
        memcpy(x, in, sizeof x);
        in += sizeof x;
        if (!zrt_array_holds(src, &(zrt_region){src->rank, {x[0], x[1], x[2]}, {x[0], x[1], x[2]},
                                                  {0, 0, 0}, 0}))
          zrt_failf("internal: gather index outside the storage of array %s", src->name);
        memcpy(out, (char *)src->base + (size_t)zrt_array_elem(src, x) * src->esz, src->esz);
        out += src->esz;
      }
  }
  char *rrep = exchange(srep, rep_s, rep_r);
  /* store */
  size_t *rdisp = calloc((size_t)np + 1, sizeof *rdisp);
  if (!rdisp)
    zrt_failf("out of memory in a gather");
  for (int q = 0; q < np; ++q)
    rdisp[q + 1] = rdisp[q] + rep_r[q];
  for (int64_t e = 0; e < P.count; ++e) {
    int64_t p[ZRT_MAX_RANK];
    point_at(&P, e, p);
    const char *v = rrep + rdisp[owner[e]] + (size_t)slot[e] * src->esz;
    zrt_elem_convert(dst->type, (char *)dst->base + (size_t)zrt_array_elem(dst, p) * dst->esz,
                     src->type, v);
  }
  free(owner);
  free(req);
  free(sbytes);
  free(rbytes);
  free(fill);
  free(slot);
  free(cnt);
  free(disp);
  free(sreq);
  free(rreq);
  free(rep_s);
  free(rep_r);
  free(srep);
  free(rrep);
  free(rdisp);
  points_free(&P);
  ++zrt_g.n_transfers;
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
}

/* One scatter write: the element index, the writer's row-major position in
 * the region (larger wins), and the value in the destination's type. */
typedef struct scat_rec {
  int64_t x[ZRT_MAX_RANK];
  int64_t key;
  unsigned char v[8];
} scat_rec;

static int rec_cmp(const void *a, const void *b) {
  int64_t ka = ((const scat_rec *)a)->key, kb = ((const scat_rec *)b)->key;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

void zrt_scatter(zrt_array *dst, zrt_region r, zrt_array *src, zrt_array *i1, zrt_array *i2,
                 zrt_array *i3) {
  zrt_array *ia[ZRT_MAX_RANK] = {i1, i2, i3};
  check_remap("scatter", dst, ia, src, r);
  double t0 = zrt_g.be->clock();
  const zrt_decomp *DX = &dst->dist->D;
  int np = zrt_g.npes;
  remap_pts P = points_of(r, src);
  bool has_flood = false;
  for (int k = 0; k < dst->rank; ++k)
    if (zrt_is_flood(&dst->decl, k))
      has_flood = true;
  int64_t rn[ZRT_MAX_RANK];
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    rn[k] = k < r.rank ? zrt_lattice_count(&r, k) : 1;
  /* two passes: count per PE, then fill */
  int64_t *cnt = calloc((size_t)np, sizeof *cnt);
  size_t *sbytes = calloc((size_t)np, sizeof *sbytes), *rbytes = calloc((size_t)np, sizeof *rbytes);
  size_t *disp = calloc((size_t)np + 1, sizeof *disp);
  int64_t *pcoord = malloc((size_t)np * ZRT_MAX_RANK * sizeof *pcoord);
  if (!cnt || !sbytes || !rbytes || !disp || !pcoord)
    zrt_failf("out of memory in a scatter");
  for (int q = 0; q < np; ++q)
    zrt_decomp_coords(DX, q, &pcoord[q * ZRT_MAX_RANK]);
  char msg[300] = "";
  bool bad = false;
  scat_rec *out = NULL;
  for (int pass = 0; pass < 2 && !bad; ++pass) {
    for (int64_t e = 0; e < P.count; ++e) {
      int64_t p[ZRT_MAX_RANK], x[ZRT_MAX_RANK];
      point_at(&P, e, p);
      if (!index_at(dst, ia, p, x, msg, sizeof msg)) {
        bad = true;
        break;
      }
      int64_t q0 = zrt_array_owner(dst, x);
      scat_rec rec;
      memset(&rec, 0, sizeof rec);
      if (pass == 1) {
        memcpy(rec.x, x, sizeof x);
        rec.key = 0;
        for (int k = 0; k < r.rank; ++k)
          rec.key = rec.key * rn[k] + (p[k] - r.lo[k]) / zrt_step(&r, k);
        zrt_elem_convert(dst->type, rec.v, src->type,
                         (char *)src->base + (size_t)zrt_array_elem(src, p) * src->esz);
      }
      for (int q = 0; q < np; ++q) {
        if (has_flood) {
          bool match = true;
          for (int k = 0; k < dst->rank; ++k)
            if (!zrt_is_flood(&dst->decl, k) &&
                pcoord[q * ZRT_MAX_RANK + k] != pcoord[q0 * ZRT_MAX_RANK + k])
              match = false;
          if (!match)
            continue;
        } else if (q != q0) {
          continue;
        }
        if (pass == 0)
          ++cnt[q];
        else
          out[disp[q] / sizeof(scat_rec) + (size_t)cnt[q]++] = rec;
      }
    }
    if (pass == 0) {
      agree_fail(bad, msg);
      for (int q = 0; q < np; ++q) {
        sbytes[q] = (size_t)cnt[q] * sizeof(scat_rec);
        disp[q + 1] = disp[q] + sbytes[q];
        cnt[q] = 0;
      }
      out = malloc(disp[np] ? disp[np] : 1);
      if (!out)
        zrt_failf("out of memory in a scatter");
    }
  }
  char *in = exchange((const char *)out, sbytes, rbytes);
  size_t total = 0;
  for (int q = 0; q < np; ++q)
    total += rbytes[q];
  size_t nrec = total / sizeof(scat_rec);
  scat_rec *recs = (scat_rec *)in;
  qsort(recs, nrec, sizeof *recs, rec_cmp);
  for (size_t i = 0; i < nrec; ++i) {
    zrt_region one = {dst->rank, {recs[i].x[0], recs[i].x[1], recs[i].x[2]},
                      {recs[i].x[0], recs[i].x[1], recs[i].x[2]}, {0, 0, 0}, 0};
    if (!zrt_array_holds(dst, &one))
      zrt_failf("internal: scatter index outside the storage of array %s", dst->name);
    memcpy((char *)dst->base + (size_t)zrt_array_elem(dst, recs[i].x) * dst->esz, recs[i].v,
           dst->esz);
  }
  free(cnt);
  free(sbytes);
  free(rbytes);
  free(disp);
  free(pcoord);
  free(out);
  free(in);
  points_free(&P);
  ++zrt_g.n_transfers;
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
}
