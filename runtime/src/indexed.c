/* indexed.c — indexed arrays (`var T : array [lo..hi] of integer;`, rank 1
 * or 2): plain storage that every PE holds whole, reached from scalar code
 * through zplrt.h's zrt_indexed_at_<type> and zrt_indexed_at2_<type>,
 * which check the indices. */
#include "zplrt_internal.h"

#include <stdio.h>
#include <stdlib.h>

static size_t element_size(int64_t type) {
  switch (type) {
  case ZRT_F64: return sizeof(double);
  case ZRT_F32: return sizeof(float);
  case ZRT_I32: return sizeof(int32_t);
  case ZRT_BOOL: return sizeof(bool);
  default: return sizeof(int64_t);
  }
}

zrt_indexed *zrt_indexed_new(const char *name, int64_t type, int64_t rank, int64_t lo0,
                             int64_t hi0, int64_t lo1, int64_t hi1) {
  if (rank != 2)
    lo1 = hi1 = 0;
  /* Every PE evaluates the bounds with the same config values: all fail
   * together. */
  uint64_t count = 1;
  int64_t lo[2] = {lo0, lo1}, hi[2] = {hi0, hi1};
  for (int k = 0; k < 2; ++k) {
    if (zrt_index_too_large(lo[k]) || zrt_index_too_large(hi[k]))
      zrt_fail_all("the bounds %lld..%lld of indexed array '%s' are too large",
                   (long long)lo[k], (long long)hi[k], name);
    uint64_t extent = hi[k] < lo[k] ? 0 : (uint64_t)(hi[k] - lo[k]) + 1;
    if (__builtin_mul_overflow(count, extent, &count) || count > (uint64_t)ZRT_INDEX_LIMIT)
      zrt_fail_all("indexed array '%s' is too large", name);
  }
  zrt_indexed *a = malloc(sizeof *a);
  void *data = calloc(count ? (size_t)count : 1, element_size(type));
  if (!a || !data)
    zrt_fail_all("out of memory for indexed array '%s' (%llu elements)", name,
                 (unsigned long long)count);
  a->rank = rank == 2 ? 2 : 1;
  for (int k = 0; k < 2; ++k) {
    a->lo[k] = lo[k];
    a->hi[k] = hi[k];
  }
  a->extent1 = hi1 < lo1 ? 0 : hi1 - lo1 + 1;
  a->data = data;
  a->name = name;
  return a;
}

void zrt_indexed_free(zrt_indexed *a) {
  if (!a)
    return;
  free(a->data);
  free(a);
}

void zrt_fail_index(const char *where, const zrt_indexed *a, int64_t i, int64_t j) {
  char index[64], bounds[96];
  bool empty = a->hi[0] < a->lo[0] || (a->rank == 2 && a->hi[1] < a->lo[1]);
  if (a->rank == 2) {
    snprintf(index, sizeof index, "[%lld, %lld]", (long long)i, (long long)j);
    snprintf(bounds, sizeof bounds, "%lld..%lld, %lld..%lld", (long long)a->lo[0],
             (long long)a->hi[0], (long long)a->lo[1], (long long)a->hi[1]);
  } else {
    snprintf(index, sizeof index, "%lld", (long long)i);
    snprintf(bounds, sizeof bounds, "%lld..%lld", (long long)a->lo[0], (long long)a->hi[0]);
  }
  if (empty)
    zrt_failf("%s: index %s of the empty indexed array '%s' (bounds %s)", where, index, a->name,
              bounds);
  zrt_failf("%s: index %s is outside the bounds %s of '%s'", where, index, bounds, a->name);
}
