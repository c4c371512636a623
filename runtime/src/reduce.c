/* reduce.c — scalar reductions over all PEs, timed as communication. */
#include "zplrt_internal.h"

int64_t zrt_allreduce_i64(int64_t op, int64_t v) {
  double t0 = zrt_g.be->clock();
  int o = (int)op;
  if (o == ZRT_AND)
    o = ZRT_MIN;
  else if (o == ZRT_OR)
    o = ZRT_MAX;
  zrt_g.be->allreduce(&v, 1, ZRT_I64, o);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
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

