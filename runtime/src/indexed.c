/* indexed.c — indexed arrays (`var T : array [lo..hi] of integer;`): plain
 * storage that every PE holds whole, reached from scalar code through
 * zplrt.h's zrt_indexed_at_<type>, which checks the index. */
#include "zplrt_internal.h"

#include <stdlib.h>

static size_t element_size(int64_t type) {
  switch (type) {
  case ZRT_F64: return sizeof(double);
  case ZRT_F32: return sizeof(float);
  case ZRT_BOOL: return sizeof(bool);
  default: return sizeof(int64_t);
  }
}

zrt_indexed *zrt_indexed_new(const char *name, int64_t type, int64_t lo, int64_t hi) {
  /* Every PE evaluates the bounds with the same config values. */
  if (zrt_index_too_large(lo) || zrt_index_too_large(hi))
    zrt_fail_all("the bounds %lld..%lld of indexed array '%s' are too large", (long long)lo,
                 (long long)hi, name);
  zrt_indexed *a = malloc(sizeof *a);
  size_t count = hi < lo ? 0 : (size_t)(hi - lo) + 1;
  void *data = calloc(count ? count : 1, element_size(type));
  if (!a || !data)
    zrt_fail_all("out of memory for indexed array '%s' (%lld elements)", name,
                 (long long)count);
  a->lo = lo;
  a->hi = hi;
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

void zrt_fail_index(const char *where, const zrt_indexed *a, int64_t i) {
  if (a->hi < a->lo)
    zrt_failf("%s: index %lld of the empty indexed array '%s' (bounds %lld..%lld)", where,
              (long long)i, a->name, (long long)a->lo, (long long)a->hi);
  zrt_failf("%s: index %lld is outside the bounds %lld..%lld of '%s'", where, (long long)i,
            (long long)a->lo, (long long)a->hi, a->name);
}
