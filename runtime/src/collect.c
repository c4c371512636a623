/* collect.c — collection buffers (partial reductions, scans, floods).
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
  case ZRT_I32: {
    int32_t v = op == ZRT_PROD || op == ZRT_AND ? 1
                : op == ZRT_MAX                 ? INT32_MIN
                : op == ZRT_MIN                 ? INT32_MAX
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

#define ZRT_IMAX(a, b) ((b) > (a) ? (b) : (a))
#define ZRT_IMIN(a, b) ((b) < (a) ? (b) : (a))
/* max and min of int32 values kept as uint32_t (APPLY's sums then wrap) */
#define ZRT_IMAX_S32(a, b) ((int32_t)(b) > (int32_t)(a) ? (b) : (a))
#define ZRT_IMIN_S32(a, b) ((int32_t)(b) < (int32_t)(a) ? (b) : (a))
/* Floating-point max and min as zplrt.h defines them (order keys). */
#define APPLY(T, MAX, MIN)                                                                   \
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
      a = MAX(a, b);                                                                         \
      break;                                                                                 \
    case ZRT_MIN:                                                                            \
      a = MIN(a, b);                                                                         \
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
    APPLY(int64_t, ZRT_IMAX, ZRT_IMIN);
    break;
  case ZRT_I32: /* wraps, as int32 arithmetic does: computed unsigned */
    APPLY(uint32_t, ZRT_IMAX_S32, ZRT_IMIN_S32);
    break;
  case ZRT_F64:
    APPLY(double, zrt_max_f64, zrt_min_f64);
    break;
  case ZRT_F32:
    APPLY(float, zrt_max_f32, zrt_min_f32);
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
  size_t esz = zrt_elem_size(type);
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
  } else if ((type == ZRT_F64 || type == ZRT_F32) && (op == ZRT_MAX || op == ZRT_MIN)) {
    /* order keys as integers, as zrt_allreduce_f64 */
    int64_t *w = malloc((size_t)count * sizeof *w);
    if (!w)
      zrt_failf("out of memory in a reduction");
    for (int64_t i = 0; i < count; ++i) {
      double d;
      float f;
      if (type == ZRT_F64) {
        memcpy(&d, (char *)buf + (size_t)i * 8, 8);
        w[i] = op == ZRT_MAX ? zrt_max_key_f64(d) : zrt_min_key_f64(d);
      } else {
        memcpy(&f, (char *)buf + (size_t)i * 4, 4);
        w[i] = op == ZRT_MAX ? zrt_max_key_f32(f) : zrt_min_key_f32(f);
      }
    }
    zrt_g.be->allreduce(w, (int)count, ZRT_I64, op);
    for (int64_t i = 0; i < count; ++i) {
      if (type == ZRT_F64) {
        double d = zrt_key_f64(w[i]);
        memcpy((char *)buf + (size_t)i * 8, &d, 8);
      } else {
        float f = zrt_key_f32((int32_t)w[i]);
        memcpy((char *)buf + (size_t)i * 4, &f, 4);
      }
    }
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

/* The buffer box of a region: its bounds, an empty dimension as extent 0. */
static zrt_region buffer_box(zrt_region r) {
  for (int k = 0; k < r.rank; ++k)
    if (r.hi[k] < r.lo[k])
      r.hi[k] = r.lo[k] - 1;
  return r;
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
int32_t *zrt_collect_i32(zrt_collect *h) { return (int32_t *)h->buf; }
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
  zrt_array_wrote(a);
  int rank = a->rank;
  zrt_region w = zrt_region_align(h->dr, a);
  for (int k = 0; k < rank; ++k) {
    if (zrt_is_flood(&a->decl, k)) {
      w.lo[k] = w.hi[k] = a->storage.lo[k];
      w.flood |= (int64_t)1 << k;
    } else if (zrt_is_flood(&h->dr, k)) {
      /* every point of dst's lattice (a compact dst stores no others) */
      w.lo[k] = a->decl.lo[k];
      w.hi[k] = a->decl.hi[k];
      w.step[k] = a->decl.step[k];
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
/* The buffer of `[dr] dst := op<< [sr] ...`: the destination's shape, its
 * collapsed dimensions (a single index or a flood dimension of dr) of
 * extent 1. */
static zrt_collect *preduce_buffer(zrt_array *dst, zrt_region dr, zrt_region sr, int op) {
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
  return collect_new(K_PREDUCE, dst, dr, sr, op, -1, &box, collapsed);
}

zrt_collect *zrt_preduce_begin(zrt_array *dst, zrt_region dr, zrt_region sr, int64_t op) {
  check_rank("partial reduction", dst, &dr, &sr);
  zrt_collect *h = preduce_buffer(dst, dr, sr, (int)op);
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

/* ---- user-defined partial reductions -------------------------------------------------------
 * A user's operator has no identity to start from: the body's values are
 * stored over the source region, every PE gets them all (as for a scan),
 * and the end folds them per destination element in row-major order of
 * the source, so the result is the same on any number of PEs. */
zrt_collect *zrt_preduce_user_begin(zrt_array *dst, zrt_region dr, zrt_region sr) {
  check_rank("partial reduction", dst, &dr, &sr);
  zrt_region box = buffer_box(sr);
  return collect_new(K_PREDUCE, dst, dr, sr, ZRT_SUM, -1, &box, 0);
}

/* acc = f(acc, v) for a user's function f. */
typedef void (*fold_step)(char *acc, const char *v, void *f);

/* The offset in h's buffer of the lattice point i (counted from r's lower
 * bound) of region r; vmap chooses the buffer index per dimension. */
static int64_t lattice_offset(const zrt_collect *h, const zrt_region *r, const int64_t *i,
                              vmap_fn vmap) {
  int64_t o = h->offset;
  for (int k = 0; k < r->rank; ++k) {
    int64_t x = r->lo[k] + i[k] * (zrt_is_flood(r, k) ? 0 : zrt_step(r, k));
    o += (vmap ? vmap(h, k, x) : x) * h->stride[k];
  }
  return o;
}

/* The number of lattice points of r in dimension k (1 for a flood one). */
static int64_t lattice_extent(const zrt_region *r, int k) {
  if (k >= r->rank)
    return 1;
  return zrt_is_flood(r, k) ? 1 : zrt_lattice_count(r, k);
}

/* Folds the source values of h into d's elements in row-major order of
 * the source; has[o] marks the elements of d that got a value. */
static void fold_source(const zrt_collect *h, zrt_collect *d, bool *has, fold_step step,
                        void *f) {
  const zrt_region *r = &h->sr;
  if (zrt_box_empty(r))
    return;
  size_t esz = h->esz;
  for (int64_t i0 = 0; i0 < lattice_extent(r, 0); ++i0)
    for (int64_t i1 = 0; i1 < lattice_extent(r, 1); ++i1)
      for (int64_t i2 = 0; i2 < lattice_extent(r, 2); ++i2) {
        int64_t i[ZRT_MAX_RANK] = {i0, i1, i2};
        const char *v = (const char *)h->buf + (size_t)lattice_offset(h, r, i, NULL) * esz;
        int64_t o = lattice_offset(d, r, i, vmap_preduce);
        char *acc = (char *)d->buf + (size_t)o * esz;
        if (has[o])
          step(acc, v, f);
        else
          memcpy(acc, v, esz);
        has[o] = true;
      }
}

/* Stops the program unless every element of the destination region got a
 * value (every PE decides alike: each holds every value). */
static void require_values(zrt_collect *d, const bool *has, const char *op) {
  const zrt_region *r = &d->dr;
  if (zrt_box_empty(r))
    return;
  for (int64_t i0 = 0; i0 < lattice_extent(r, 0); ++i0)
    for (int64_t i1 = 0; i1 < lattice_extent(r, 1); ++i1)
      for (int64_t i2 = 0; i2 < lattice_extent(r, 2); ++i2) {
        int64_t i[ZRT_MAX_RANK] = {i0, i1, i2};
        if (!has[lattice_offset(d, r, i, vmap_preduce)])
          zrt_failf("the reduction '%s<<' has no value at some index of its destination: its "
                    "region selects no index there",
                    op);
      }
}

static void preduce_fold(zrt_collect *h, fold_step step, void *f, const char *op) {
  exact_combine(h, &h->sr);
  zrt_collect *d = preduce_buffer(h->dst, h->dr, h->sr, h->op);
  bool *has = calloc((size_t)(d->count ? d->count : 1), sizeof *has);
  if (!has)
    zrt_failf("out of memory in the reduction '%s<<'", op);
  fold_source(h, d, has, step, f);
  require_values(d, has, op);
  free(has);
  store_result(d, vmap_preduce);
  collect_free(d);
  collect_free(h);
}

/* A user's function travels as a pointer to its pointer (a function
 * pointer is not a void *). */
#define ZRT_PREDUCE_USER(suffix, T)                                                        \
  static void fold_step_##suffix(char *acc, const char *v, void *f) {                      \
    T a, b;                                                                                \
    memcpy(&a, acc, sizeof a);                                                             \
    memcpy(&b, v, sizeof b);                                                               \
    a = (*(T(**)(T, T))f)(a, b);                                                           \
    memcpy(acc, &a, sizeof a);                                                             \
  }                                                                                        \
  void zrt_preduce_end_user_##suffix(zrt_collect *h, T (*f)(T, T), const char *op) {       \
    preduce_fold(h, fold_step_##suffix, (void *)&f, op);                                   \
  }
ZRT_PREDUCE_USER(i64, int64_t)
ZRT_PREDUCE_USER(f64, double)
ZRT_PREDUCE_USER(f32, float)
ZRT_PREDUCE_USER(i32, int32_t)
ZRT_PREDUCE_USER(bool, bool)

/* ---- scans --------------------------------------------------------------------------------- */
zrt_collect *zrt_scan_begin(zrt_array *dst, zrt_region r, int64_t op, int64_t dim) {
  check_rank("scan", dst, &r, &r);
  if (dim < -1 || dim >= r.rank)
    zrt_failf("scan of array %s along dimension %lld (rank %lld)", dst->name,
              (long long)dim + 1, (long long)r.rank);
  zrt_region box = buffer_box(r);
  return collect_new(K_SCAN, dst, r, r, (int)op, (int)dim, &box, 0);
}

static int64_t vmap_scan(const zrt_collect *h, int k, int64_t x) {
  if (zrt_is_flood(&h->dst->decl, k) || zrt_is_flood(&h->dr, k))
    return h->dr.lo[k];
  return x;
}

/* Walks a scan's buffer (every PE holds every value) in the scan's order
 * and lets `step` combine each element with the one before it. */
typedef void (*scan_step)(zrt_collect *h, char *cur, const char *prev, void *f);

static void scan_walk(zrt_collect *h, scan_step step, void *f) {
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
              step(h, buf + (size_t)o * esz, buf + (size_t)prev * esz, f);
            prev = o;
          } else if (i[h->dim] > 0) {
            int64_t p = o - s[h->dim] * h->stride[h->dim];
            step(h, buf + (size_t)o * esz, buf + (size_t)p * esz, f);
          }
        }
  }
  store_result(h, vmap_scan);
  collect_free(h);
}

static void builtin_step(zrt_collect *h, char *cur, const char *prev, void *f) {
  (void)f;
  apply_op(h->type, h->op, cur, prev);
}

/* Whether op gives the same result however its values are grouped and
 * ordered, so that a scan may combine per PE first. */
static bool exact_op(int type, int op) {
  if (op == ZRT_MAX || op == ZRT_MIN || op == ZRT_AND || op == ZRT_OR || type == ZRT_BOOL)
    return true;
  return (type == ZRT_I64 || type == ZRT_I32) && (op == ZRT_SUM || op == ZRT_PROD);
}

/* This PE's one block of a rank-1 scan h: its box in `box`; false when the
 * block is not one interval this PE both computed and stores. */
static bool own_block(const zrt_collect *h, zrt_region *box, bool *empty) {
  zrt_parts P, Q;
  my_parts(&P, &h->sr, true);
  zrt_array *a = h->dst;
  zrt_region w = zrt_region_align(h->dr, a);
  zrt_parts_make(&Q, &a->dist->D, a->dist->coord, &w, false);
  *empty = P.count == 0 && Q.count == 0;
  bool one = P.count == 1 && Q.count == 1;
  if (one) {
    *box = zrt_parts_box(&P, &h->sr, 0);
    zrt_region stored = zrt_parts_box(&Q, &w, 0);
    one = box->lo[0] == stored.lo[0] && box->hi[0] == stored.hi[0];
    *empty = zrt_box_empty(box);
  }
  zrt_parts_free(&P);
  zrt_parts_free(&Q);
  return one || *empty;
}

/* *acc = *acc op *v, or *v itself when *acc holds no value yet. */
static void fold_value(const zrt_collect *h, char *acc, bool *has, const char *v) {
  if (*has)
    apply_op(h->type, h->op, acc, v);
  else
    memcpy(acc, v, h->esz);
  *has = true;
}

/* fold_block for the commonest scan, an integer sum (NAS IS's prefix sum
 * of its histogram), in one loop without a call per element; the sum
 * wraps as apply_op's does. */
static void fold_block_sum(zrt_collect *h, const zrt_region *box, char *acc, bool *has,
                           bool scan) {
  if (zrt_box_empty(box))
    return;
  int64_t s = zrt_step(box, 0), stride = h->stride[0];
  uint64_t sum = 0, *buf = (uint64_t *)h->buf + h->offset;
  if (*has)
    memcpy(&sum, acc, sizeof sum);
  for (int64_t x = box->lo[0]; x <= box->hi[0]; x += s) {
    sum += buf[x * stride];
    if (scan)
      buf[x * stride] = sum;
  }
  memcpy(acc, &sum, sizeof sum);
  *has = true;
}

/* Combines the values of `box` (lattice order) into *acc, or, with
 * `scan`, turns each into the running result, starting from *acc when
 * `has` (the operator is exact: the operands' order does not matter). */
static void fold_block(zrt_collect *h, const zrt_region *box, char *acc, bool *has, bool scan) {
  if (h->type == ZRT_I64 && h->op == ZRT_SUM) {
    fold_block_sum(h, box, acc, has, scan);
    return;
  }
  int64_t s = zrt_step(box, 0);
  char *buf = (char *)h->buf;
  for (int64_t x = box->lo[0]; x <= box->hi[0]; x += s) {
    char *v = buf + (size_t)(h->offset + x * h->stride[0]) * h->esz;
    fold_value(h, acc, has, v);
    if (scan)
      memcpy(v, acc, h->esz);
  }
}

/* A rank-1 scan whose PEs each hold one block of the region (or none)
 * with an exact operator: each PE folds its block, one allreduce of three
 * words per PE shares the blocks' first indices and totals, and each PE
 * scans its block from the totals of the blocks before it. The whole
 * buffer (scan_walk's allreduce) never travels. False, with nothing done,
 * when some PE's part is not such a block. */
static bool scan_by_blocks(zrt_collect *h) {
  if (zrt_g.npes == 1 || h->sr.rank != 1 || zrt_is_flood(&h->sr, 0) ||
      zrt_is_flood(&h->dst->decl, 0) || !exact_op(h->type, h->op))
    return false;
  zrt_region box;
  bool empty, has = false;
  int64_t total = 0;
  bool usable = own_block(h, &box, &empty);
  if (usable && !empty)
    fold_block(h, &box, (char *)&total, &has, false);
  int64_t *all = calloc((size_t)zrt_g.npes * 3, sizeof *all);
  if (!all)
    zrt_failf("out of memory in a scan");
  int64_t *mine = all + 3 * zrt_g.me;
  mine[0] = !usable ? 2 : has ? 1 : 0;
  mine[1] = has ? box.lo[0] : 0;
  mine[2] = total;
  double t0 = zrt_g.be->clock();
  zrt_g.be->allreduce(all, zrt_g.npes * 3, ZRT_I64, ZRT_SUM);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
  bool ok = true;
  int64_t before = 0;
  bool any = false;
  for (int p = 0; p < zrt_g.npes; ++p) {
    const int64_t *e = all + 3 * p;
    ok = ok && e[0] != 2;
    if (e[0] == 1 && has && e[1] < box.lo[0]) /* exact: any order will do */
      fold_value(h, (char *)&before, &any, (const char *)&e[2]);
  }
  free(all);
  if (!ok)
    return false;
  if (has)
    fold_block(h, &box, (char *)&before, &any, true);
  store_result(h, vmap_scan);
  collect_free(h);
  return true;
}

void zrt_scan_end(zrt_collect *h) {
  if (!scan_by_blocks(h))
    scan_walk(h, builtin_step, NULL);
}

/* A user's function travels as a pointer to its pointer (a function
 * pointer is not a void *). */
#define ZRT_SCAN_USER(suffix, T)                                                  \
  static void user_step_##suffix(zrt_collect *h, char *cur, const char *prev, void *f) { \
    (void)h;                                                                      \
    T a, b;                                                                       \
    memcpy(&a, prev, sizeof a);                                                   \
    memcpy(&b, cur, sizeof b);                                                    \
    b = (*(T(**)(T, T))f)(a, b);                                                  \
    memcpy(cur, &b, sizeof b);                                                    \
  }                                                                               \
  void zrt_scan_end_user_##suffix(zrt_collect *h, T (*f)(T, T)) {                 \
    scan_walk(h, user_step_##suffix, (void *)&f);                                 \
  }
ZRT_SCAN_USER(i64, int64_t)
ZRT_SCAN_USER(f64, double)
ZRT_SCAN_USER(f32, float)
ZRT_SCAN_USER(i32, int32_t)
ZRT_SCAN_USER(bool, bool)

/* ---- floods --------------------------------------------------------------------------------- */
zrt_collect *zrt_flood_begin(zrt_array *dst, zrt_region dr, zrt_region sr) {
  check_rank("flood", dst, &dr, &sr);
  zrt_region box = buffer_box(sr);
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
