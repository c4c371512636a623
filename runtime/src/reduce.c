/* reduce.c — scalar reductions over all PEs, timed as communication. */
#include "zplrt_internal.h"

#include <stdlib.h>

/* An integer allreduce in place: `&&` and `||` reduce 0/1 values as min
 * and max. */
static void allreduce_int(void *v, int type, int64_t op) {
  double t0 = zrt_g.be->clock();
  int o = (int)op;
  if (o == ZRT_AND)
    o = ZRT_MIN;
  else if (o == ZRT_OR)
    o = ZRT_MAX;
  zrt_g.be->allreduce(v, 1, type, o);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
}

int64_t zrt_allreduce_i64(int64_t op, int64_t v) {
  allreduce_int(&v, ZRT_I64, op);
  return v;
}

int32_t zrt_allreduce_i32(int64_t op, int32_t v) {
  allreduce_int(&v, ZRT_I32, op);
  return v;
}

/* Floating-point max and min combine order keys (zplrt.h) as integers: the
 * result does not depend on the back end's or MPI's handling of NaN and
 * signed zeros, nor on the order the PEs' values meet in. */
double zrt_allreduce_f64(int64_t op, double v) {
  double t0 = zrt_g.be->clock();
  if (op == ZRT_MAX || op == ZRT_MIN) {
    int64_t k = op == ZRT_MAX ? zrt_max_key_f64(v) : zrt_min_key_f64(v);
    zrt_g.be->allreduce(&k, 1, ZRT_I64, (int)op);
    v = zrt_key_f64(k);
  } else {
    zrt_g.be->allreduce(&v, 1, ZRT_F64, (int)op);
  }
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
  return v;
}

float zrt_allreduce_f32(int64_t op, float v) {
  double t0 = zrt_g.be->clock();
  if (op == ZRT_MAX || op == ZRT_MIN) {
    int64_t k = op == ZRT_MAX ? zrt_max_key_f32(v) : zrt_min_key_f32(v);
    zrt_g.be->allreduce(&k, 1, ZRT_I64, (int)op);
    v = zrt_key_f32((int32_t)k);
  } else {
    zrt_g.be->allreduce(&v, 1, ZRT_F32, (int)op);
  }
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
  return v;
}

bool zrt_allreduce_bool(int64_t op, bool v) {
  double t0 = zrt_g.be->clock();
  int64_t x = v ? 1 : 0;
  int o = (op == ZRT_AND || op == ZRT_MIN || op == ZRT_PROD) ? ZRT_MIN : ZRT_MAX;
  zrt_g.be->allreduce(&x, 1, ZRT_I64, o);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
  return x != 0;
}

/* A user-defined reduction's partial results, gathered on every PE: one
 * allreduce (sum) over a word per PE and a flag per PE in which every PE
 * fills only its own slots, so the sum of 64-bit integers moves each PE's
 * value bit for bit. */
static ZRT_PE_LOCAL int64_t *partial_bits;
static ZRT_PE_LOCAL int64_t partial_count;

static int64_t gather_partials(bool has, int64_t bits, const char *op) {
  double t0 = zrt_g.be->clock();
  int np = zrt_g.npes;
  int64_t *slots = calloc((size_t)np * 2, sizeof *slots);
  int64_t *kept = realloc(partial_bits, (size_t)np * sizeof *kept);
  if (!slots || !kept)
    zrt_failf("out of memory in the reduction '%s<<'", op);
  partial_bits = kept;
  slots[zrt_g.me] = has;
  slots[np + zrt_g.me] = has ? bits : 0;
  zrt_g.be->allreduce(slots, np * 2, ZRT_I64, ZRT_SUM);
  partial_count = 0;
  for (int p = 0; p < np; ++p)
    if (slots[p])
      partial_bits[partial_count++] = slots[np + p];
  free(slots);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
  if (partial_count == 0)
    zrt_failf("the reduction '%s<<' has no value: its region (or mask) selects no index",
              op);
  return partial_count;
}

static int64_t partial_at(int64_t k) {
  if (k < 0 || k >= partial_count)
    zrt_failf("internal: partial result %lld of %lld", (long long)k, (long long)partial_count);
  return partial_bits[k];
}

#define ZRT_PARTIALS(suffix, T)                                                  \
  int64_t zrt_partials_##suffix(bool has, T v, const char *op) {                 \
    int64_t bits = 0;                                                            \
    memcpy(&bits, &v, sizeof v);                                                 \
    return gather_partials(has, bits, op);                                       \
  }                                                                              \
  T zrt_partial_##suffix(int64_t k) {                                            \
    int64_t bits = partial_at(k);                                                \
    T v;                                                                         \
    memcpy(&v, &bits, sizeof v);                                                 \
    return v;                                                                    \
  }
ZRT_PARTIALS(i64, int64_t)
ZRT_PARTIALS(f64, double)
ZRT_PARTIALS(f32, float)
ZRT_PARTIALS(i32, int32_t)
ZRT_PARTIALS(bool, bool)
