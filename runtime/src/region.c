/* region.c — region values: construction, directions (of, in, at, by),
 * flood dimensions, the lattice of strided regions, and the check of a
 * declared region. Knows nothing of distributions. */
#include "zplrt_internal.h"

#include <string.h>

zrt_region zrt_region_make(int64_t rank, int64_t lo0, int64_t hi0, int64_t lo1, int64_t hi1,
                           int64_t lo2, int64_t hi2) {
  zrt_region r;
  memset(&r, 0, sizeof r);
  if (rank < 1 || rank > ZRT_MAX_RANK)
    zrt_failf("region of rank %lld (supported: 1 to %d)", (long long)rank, ZRT_MAX_RANK);
  r.rank = rank;
  int64_t lo[ZRT_MAX_RANK] = {lo0, lo1, lo2}, hi[ZRT_MAX_RANK] = {hi0, hi1, hi2};
  for (int64_t k = 0; k < rank; ++k) {
    r.lo[k] = lo[k];
    r.hi[k] = hi[k];
  }
  return r;
}

/* A band of a strided region is a whole number of its steps wide (the
 * front end checks directions known at compile time; this, those known
 * only at run time). */
static void check_band_on_lattice(const char *word, const zrt_region *r,
                                  const int64_t d[ZRT_MAX_RANK]) {
  for (int k = 0; k < r->rank; ++k)
    if (d[k] % zrt_step(r, k) != 0) {
      int64_t step[ZRT_MAX_RANK];
      for (int j = 0; j < ZRT_MAX_RANK; ++j)
        step[j] = zrt_step(r, j);
      char sb[64], db[64];
      zrt_failf("'%s' on a region of stride %s needs a direction whose components are "
                "multiples of the stride (have %s)",
                word, zrt_vector_text(sb, sizeof sb, (int)r->rank, step),
                zrt_vector_text(db, sizeof db, (int)r->rank, d));
    }
}

zrt_region zrt_region_of(zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  zrt_check_direction(r.rank, d);
  check_band_on_lattice("of", &r, d);
  /* The band keeps r's lattice: on a strided dimension it holds the
   * lattice points within |d| of the edge (d a multiple of the step gives
   * |d| / step of them, as many as a stride-1 band of width |d| / step). */
  zrt_region o = r;
  for (int64_t k = 0; k < r.rank; ++k) {
    int64_t s = zrt_step(&r, (int)k);
    if (d[k] > 0) {
      o.lo[k] = r.hi[k] + s;
      o.hi[k] = r.hi[k] + d[k] / s * s;
    } else if (d[k] < 0) {
      o.lo[k] = r.lo[k] - (-d[k]) / s * s;
      o.hi[k] = r.lo[k] - s;
    }
  }
  return o;
}

zrt_region zrt_region_in(zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  zrt_check_direction(r.rank, d);
  check_band_on_lattice("in", &r, d);
  zrt_region o = r; /* the lattice points within |d| inside the edge */
  for (int64_t k = 0; k < r.rank; ++k) {
    int64_t s = zrt_step(&r, (int)k);
    if (d[k] > 0) {
      o.lo[k] = r.hi[k] - (d[k] / s - 1) * s;
    } else if (d[k] < 0) {
      o.hi[k] = r.lo[k] + ((-d[k]) / s - 1) * s;
    }
  }
  return o;
}

zrt_region zrt_region_at(zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  zrt_check_direction(r.rank, d);
  return zrt_box_shift(&r, d);
}

zrt_region zrt_region_by(zrt_region r, int64_t s0, int64_t s1, int64_t s2) {
  int64_t s[ZRT_MAX_RANK] = {s0, s1, s2};
  zrt_check_direction(r.rank, s);
  zrt_region o = r;
  for (int k = 0; k < r.rank; ++k) {
    if (s[k] < 1)
      zrt_failf("region stride %lld in dimension %d must be at least 1", (long long)s[k], k + 1);
    o.step[k] = zrt_step(&r, k) * s[k];
    if (o.hi[k] >= o.lo[k])
      o.hi[k] = zrt_lattice_down(o.hi[k], o.lo[k], o.step[k]);
  }
  return o;
}

zrt_region zrt_region_flood(zrt_region r, int64_t dim) {
  if (dim < 0 || dim >= r.rank)
    zrt_failf("internal: flood dimension %lld of a region of rank %lld", (long long)dim,
              (long long)r.rank);
  r.flood |= (int64_t)1 << dim;
  r.hi[dim] = r.lo[dim];
  r.step[dim] = 0;
  return r;
}

int64_t zrt_region_step(zrt_region r, int64_t dim) {
  return dim >= 0 && dim < ZRT_MAX_RANK ? zrt_step(&r, (int)dim) : 1;
}

int64_t zrt_lattice_up(int64_t x, int64_t base, int64_t step) {
  if (step <= 1 || x <= base)
    return step <= 1 ? x : (x < base ? base : x);
  int64_t m = (x - base + step - 1) / step;
  return base + m * step;
}

int64_t zrt_lattice_down(int64_t x, int64_t base, int64_t step) {
  if (step <= 1)
    return x;
  if (x < base)
    return base - step; /* below the lattice: empty */
  return base + (x - base) / step * step;
}

int64_t zrt_lattice_count(const zrt_region *r, int k) {
  if (r->hi[k] < r->lo[k])
    return 0;
  return (r->hi[k] - r->lo[k]) / zrt_step(r, k) + 1;
}

zrt_region zrt_lattice_part(const zrt_region *r, const zrt_region *ext) {
  zrt_region o = *r;
  for (int k = 0; k < r->rank; ++k) {
    if (zrt_is_flood(r, k)) {
      o.hi[k] = o.lo[k];
      continue;
    }
    int64_t lo = r->lo[k] > ext->lo[k] ? r->lo[k] : ext->lo[k];
    int64_t hi = r->hi[k] < ext->hi[k] ? r->hi[k] : ext->hi[k];
    int64_t s = zrt_step(r, k);
    if (s > 1 && hi >= lo) {
      lo = zrt_lattice_up(lo, r->lo[k], s);
      hi = zrt_lattice_down(hi, r->lo[k], s);
      if (hi < lo) /* keep it visibly empty */
        hi = lo - 1;
    }
    o.lo[k] = lo;
    o.hi[k] = hi;
  }
  return o;
}

int64_t zrt_region_lo(zrt_region r, int64_t dim) {
  return dim >= 0 && dim < ZRT_MAX_RANK ? r.lo[dim] : 0;
}

int64_t zrt_region_hi(zrt_region r, int64_t dim) {
  return dim >= 0 && dim < ZRT_MAX_RANK ? r.hi[dim] : 0;
}


void zrt_region_check(const char *name, zrt_region r) {
  if (r.rank < 1 || r.rank > ZRT_MAX_RANK)
    zrt_fail_all("region %s has rank %lld (supported: 1 to %d)", name, (long long)r.rank,
                 ZRT_MAX_RANK);
  if (zrt_region_too_large(&r)) {
    char b[160];
    zrt_fail_all("region %s = %s is too large (bounds and sizes are limited to 2^60)", name,
                 zrt_box_text(b, sizeof b, &r));
  }
  for (int k = 0; k < r.rank; ++k) {
    if (!zrt_is_flood(&r, k) && r.hi[k] < r.lo[k]) {
      char b[128];
      zrt_fail_all("region %s = %s is empty (dimension %d)", name, zrt_box_text(b, sizeof b, &r),
                   k + 1);
    }
  }
}
