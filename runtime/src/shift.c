/* shift.c — shifts by directions known only at run time (`A@d`, `A@^d`
 * with d from config vars, parameters or locals): the array's ghost cells
 * grown to reach d, the lattice and storage checks the compiler could not
 * make, and the halo or wrap transfer run in place (its handle kept by
 * the call site, rebuilt when d changes). */
#include "ironman.h"
#include "zplrt_internal.h"

/* A transfer's four calls, one after the other. */
static void run_now(im_transfer *t) {
  im_dr(t);
  im_sr(t);
  im_dn(t);
  im_sv(t);
}

im_transfer *zrt_shift(im_transfer *cached, int64_t id, zrt_array *a, zrt_region r, int64_t d0,
                       int64_t d1, int64_t d2, const char *where) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  r = zrt_region_align(r, a);
  /* Off the lattice of a strided array the read would hold no element
   * (a compact array would read a neighbouring one). */
  zrt_array_check_lattice(a, r, d0, d1, d2, where);
  zrt_array_reach(a, d);
  zrt_array_check(a, r, d0, d1, d2);
  im_transfer *t = im_halo(cached, id, a, r, d0, d1, d2);
  run_now(t);
  return t;
}

im_transfer *zrt_shift_wrap(im_transfer *cached, int64_t id, zrt_array *a, int64_t d0,
                            int64_t d1, int64_t d2, const char *where) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  if (!d0 && !d1 && !d2) /* no band */
    return cached;
  zrt_region decl = zrt_region_align(a->decl, a);
  zrt_array_check_lattice(a, decl, d0, d1, d2, where);
  zrt_array_reach(a, d);
  im_transfer *t = im_wrap(cached, id, a, decl, d0, d1, d2);
  run_now(t);
  return t;
}

im_transfer *zrt_shift_boundary(im_transfer *cached, int64_t id, int64_t reflect, zrt_array *a,
                                zrt_region r, int64_t d0, int64_t d1, int64_t d2,
                                const char *where) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  if (!d0 && !d1 && !d2) /* no band */
    return cached;
  r = zrt_region_align(r, a);
  /* The band d of r holds the points of r moved by d nearest the edge: on
   * a's lattice and within its storage as those are. */
  zrt_array_check_lattice(a, r, d0, d1, d2, where);
  zrt_array_reach(a, d);
  zrt_array_check(a, r, d0, d1, d2);
  im_transfer *t = reflect ? im_reflect(cached, id, a, r, d0, d1, d2)
                           : im_wrap(cached, id, a, r, d0, d1, d2);
  run_now(t);
  return t;
}
