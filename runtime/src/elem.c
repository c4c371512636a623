/* elem.c — element types: sizes, and reading and converting one element
 * of any type (remaps, collections). */
#include "zplrt_internal.h"

#include <string.h>

size_t zrt_elem_size(int64_t type) {
  switch (type) {
  case ZRT_I64:
    return sizeof(int64_t);
  case ZRT_I32:
    return sizeof(int32_t);
  case ZRT_F64:
    return sizeof(double);
  case ZRT_F32:
    return sizeof(float);
  case ZRT_BOOL:
    return sizeof(bool);
  default:
    zrt_failf("internal: unknown element type %lld", (long long)type);
  }
}


double zrt_elem_get_f64(int type, const void *p) {
  switch (type) {
  case ZRT_I64: {
    int64_t x;
    memcpy(&x, p, sizeof x);
    return (double)x;
  }
  case ZRT_I32: {
    int32_t x;
    memcpy(&x, p, sizeof x);
    return (double)x;
  }
  case ZRT_F64: {
    double x;
    memcpy(&x, p, sizeof x);
    return x;
  }
  case ZRT_F32: {
    float x;
    memcpy(&x, p, sizeof x);
    return (double)x;
  }
  default: {
    bool x;
    memcpy(&x, p, sizeof x);
    return x ? 1.0 : 0.0;
  }
  }
}

int64_t zrt_elem_get_i64(int type, const void *p) {
  if (type == ZRT_I64) {
    int64_t x;
    memcpy(&x, p, sizeof x);
    return x;
  }
  if (type == ZRT_I32) {
    int32_t x;
    memcpy(&x, p, sizeof x);
    return x;
  }
  if (type == ZRT_BOOL) {
    bool x;
    memcpy(&x, p, sizeof x);
    return x ? 1 : 0;
  }
  return (int64_t)zrt_elem_get_f64(type, p);
}

void zrt_elem_convert(int dtype, void *d, int stype, const void *s) {
  if (dtype == stype) {
    memcpy(d, s, zrt_elem_size(dtype));
    return;
  }
  switch (dtype) {
  case ZRT_I64: {
    int64_t x = zrt_elem_get_i64(stype, s);
    memcpy(d, &x, sizeof x);
    break;
  }
  case ZRT_I32: { /* the low 32 bits, as C's conversion keeps them */
    int32_t x = (int32_t)(uint32_t)zrt_elem_get_i64(stype, s);
    memcpy(d, &x, sizeof x);
    break;
  }
  case ZRT_F64: {
    double x = zrt_elem_get_f64(stype, s);
    memcpy(d, &x, sizeof x);
    break;
  }
  case ZRT_F32: {
    float x = (float)zrt_elem_get_f64(stype, s);
    memcpy(d, &x, sizeof x);
    break;
  }
  default: {
    bool x = zrt_elem_get_f64(stype, s) != 0.0;
    memcpy(d, &x, sizeof x);
    break;
  }
  }
}

