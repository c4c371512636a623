/* deferred.c — combining scatters deferred over a loop (zplrt.h,
 * "deferred combining scatters"): each PE's partial results for the whole
 * target array, combined into its elements once, by zrt_scatter_settle. */
#include "zplrt_internal.h"

#include <stdlib.h>

static uint64_t identity_of(int64_t op) { return op == ZRT_SCATTER_MUL ? 1 : 0; }

/* Whether dst can be deferred: the same answer on every PE (it reads only
 * the declaration). */
static bool deferrable(const zrt_array *dst) {
  const zrt_region *decl = &dst->decl;
  return dst->rank == 1 && dst->type == ZRT_I64 && !zrt_is_flood(decl, 0) &&
         zrt_step(decl, 0) == 1 && decl->hi[0] >= decl->lo[0] &&
         decl->hi[0] - decl->lo[0] < ZRT_DEFER_MAX;
}

static void start(zrt_deferred *d, int64_t op) {
  uint64_t identity = identity_of(op);
  for (int64_t i = 0; i < d->count * ZRT_DEFER_WAYS; ++i)
    d->acc[i] = identity;
  d->op = op;
  d->pending = true;
}

zrt_deferred *zrt_scatter_defer(zrt_array *dst, int64_t op) {
  if (!deferrable(dst))
    return NULL;
  zrt_deferred *d = dst->deferred;
  if (d && d->pending && d->op != op)
    zrt_scatter_settle(dst); /* a different operator: the pending ones first */
  if (!d) {
    d = calloc(1, sizeof *d);
    int64_t count = dst->decl.hi[0] - dst->decl.lo[0] + 1;
    uint64_t *acc = malloc((size_t)count * ZRT_DEFER_WAYS * sizeof *acc);
    if (!d || !acc)
      zrt_fail_all("out of memory for the deferred scatters into array %s", dst->name);
    *d = (zrt_deferred){acc, dst->decl.lo[0], count, op, false, dst->name};
    dst->deferred = d;
  }
  if (!d->pending)
    start(d, op);
  return d;
}

void zrt_fail_deferred(const zrt_deferred *d, int64_t x) {
  zrt_failf("remap index %lld in dimension 1 is outside the declared region %lld..%lld of "
            "array %s",
            (long long)x, (long long)d->lo, (long long)(d->lo + d->count - 1), d->name);
}

void zrt_scatter_settle(zrt_array *dst) {
  zrt_deferred *d = dst->deferred;
  if (!d || !d->pending)
    return;
  bool mul = d->op == ZRT_SCATTER_MUL;
  for (int64_t i = 0; i < d->count; ++i) { /* each element's ways into acc[i] */
    const uint64_t *way = &d->acc[i * ZRT_DEFER_WAYS];
    uint64_t r = way[0];
    for (int w = 1; w < ZRT_DEFER_WAYS; ++w)
      r = mul ? r * way[w] : r + way[w];
    d->acc[i] = r;
  }
  if (zrt_g.npes > 1)
    zrt_g.be->allreduce(d->acc, (int)d->count, ZRT_I64,
                        d->op == ZRT_SCATTER_MUL ? ZRT_PROD : ZRT_SUM);
  uint64_t *elems = dst->base;
  for (int64_t i = 0; i < d->count; ++i) {
    int64_t x[ZRT_MAX_RANK] = {d->lo + i, 0, 0};
    if (zrt_array_owner(dst, x) != zrt_g.me)
      continue;
    uint64_t *e = elems + zrt_array_elem(dst, x);
    *e = d->op == ZRT_SCATTER_MUL ? *e * d->acc[i] : *e + d->acc[i];
  }
  d->pending = false;
  zrt_array_wrote(dst);
}
