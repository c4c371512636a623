/* output.c — write/writeln (PE 0 only) and gathered array output. */
#include "zplrt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { V_INT, V_REAL, V_BOOL };

typedef struct value {
  int kind;
  int64_t i;
  double r;
  bool b;
} value;

/* Prints text with "%%" turned into "%". */
static void put_text(const char *s, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (s[i] == '%' && i + 1 < n && s[i + 1] == '%')
      ++i;
    putchar(s[i]);
  }
}

static void put_default(const value *v) {
  switch (v->kind) {
  case V_INT:
    printf("%lld", (long long)v->i);
    break;
  case V_REAL:
    printf("%g", v->r);
    break;
  default:
    fputs(v->b ? "true" : "false", stdout);
    break;
  }
}

/* Prints one value with a user printf format for one value; the length
 * modifier is chosen from the value, so "%d" and "%8.3f" work for any
 * numeric type. */
static void put_value(const char *fmt, const value *v) {
  if (!fmt || !*fmt) {
    put_default(v);
    return;
  }
  const char *p = fmt;
  while (*p && !(p[0] == '%' && p[1] != '%'))
    p += (p[0] == '%' && p[1] == '%') ? 2 : 1;
  if (!*p) { /* no conversion: the format is plain text */
    put_text(fmt, strlen(fmt));
    return;
  }
  put_text(fmt, (size_t)(p - fmt));
  char spec[64];
  size_t n = 0;
  spec[n++] = '%';
  const char *q = p + 1;
  while (*q && strchr("-+ #0'", *q) && n < 40)
    spec[n++] = *q++;
  while (*q && ((*q >= '0' && *q <= '9') || *q == '.') && n < 40)
    spec[n++] = *q++;
  while (*q && strchr("hlLqjzt", *q))
    ++q;
  char conv = *q;
  const char *rest = *q ? q + 1 : q;
  spec[n] = '\0';
  char full[80];
  if (conv && strchr("di", conv)) {
    snprintf(full, sizeof full, "%sll%c", spec, conv);
    long long x = v->kind == V_INT ? (long long)v->i : v->kind == V_REAL ? (long long)v->r : v->b;
    printf(full, x);
  } else if (conv && strchr("uoxX", conv)) {
    snprintf(full, sizeof full, "%sll%c", spec, conv);
    unsigned long long x = v->kind == V_INT    ? (unsigned long long)v->i
                           : v->kind == V_REAL ? (unsigned long long)(long long)v->r
                                               : (unsigned long long)v->b;
    printf(full, x);
  } else if (conv && strchr("fFeEgGaA", conv)) {
    snprintf(full, sizeof full, "%s%c", spec, conv);
    double x = v->kind == V_INT ? (double)v->i : v->kind == V_REAL ? v->r : (double)v->b;
    printf(full, x);
  } else if (conv == 's') {
    char tmp[64];
    if (v->kind == V_INT)
      snprintf(tmp, sizeof tmp, "%lld", (long long)v->i);
    else if (v->kind == V_REAL)
      snprintf(tmp, sizeof tmp, "%g", v->r);
    else
      snprintf(tmp, sizeof tmp, "%s", v->b ? "true" : "false");
    snprintf(full, sizeof full, "%ss", spec);
    printf(full, tmp);
  } else if (conv == 'c') {
    snprintf(full, sizeof full, "%sc", spec);
    printf(full, (int)(v->kind == V_INT ? v->i : v->kind == V_REAL ? (int64_t)v->r : v->b));
  } else {
    put_default(v);
  }
  put_text(rest, strlen(rest));
}

void zrt_write_str(const char *s) {
  if (zrt_g.me == 0)
    fputs(s, stdout);
}

void zrt_write_i64(int64_t v, const char *fmt) {
  if (zrt_g.me != 0)
    return;
  value x = {V_INT, v, 0, false};
  put_value(fmt, &x);
}

void zrt_write_f64(double v, const char *fmt) {
  if (zrt_g.me != 0)
    return;
  value x = {V_REAL, 0, v, false};
  put_value(fmt, &x);
}

void zrt_write_f32(float v, const char *fmt) {
  if (zrt_g.me != 0)
    return;
  value x = {V_REAL, 0, (double)v, false};
  put_value(fmt, &x);
}

void zrt_write_bool(bool v, const char *fmt) {
  if (zrt_g.me != 0)
    return;
  value x = {V_BOOL, 0, 0, v};
  put_value(fmt, &x);
}

void zrt_writeln(void) {
  if (zrt_g.me == 0)
    putchar('\n');
}

static void put_elem(int type, const char *p, const char *fmt) {
  value v = {V_INT, 0, 0, false};
  switch (type) {
  case ZRT_I64: {
    int64_t x;
    memcpy(&x, p, sizeof x);
    v.i = x;
    break;
  }
  case ZRT_F64: {
    double x;
    memcpy(&x, p, sizeof x);
    v.kind = V_REAL;
    v.r = x;
    break;
  }
  case ZRT_F32: {
    float x;
    memcpy(&x, p, sizeof x);
    v.kind = V_REAL;
    v.r = (double)x;
    break;
  }
  default: {
    bool x;
    memcpy(&x, p, sizeof x);
    v.kind = V_BOOL;
    v.b = x;
    break;
  }
  }
  put_value(fmt, &v);
}

#define GATHER_TAG 7001

void zrt_write_array(zrt_array *a, zrt_region r, const char *fmt) {
  if (r.rank != a->rank)
    zrt_failf("write of array %s over a region of rank %lld (array has rank %d)", a->name,
              (long long)r.rank, a->rank);
  const zrt_decomp *D = zrt_dist_get((int)r.rank);
  if (zrt_box_empty(&r))
    return;
  zrt_region mine = zrt_box_intersect(&r, &zrt_g.ext_block[r.rank - 1]);
  if (!zrt_box_contains(&a->storage, &mine))
    zrt_failf("write of array %s outside its storage", a->name);
  size_t esz = a->esz;
  if (zrt_g.me != 0) {
    if (!zrt_box_empty(&mine)) {
      size_t bytes = (size_t)zrt_box_count(&mine) * esz;
      void *buf = malloc(bytes);
      if (!buf)
        zrt_failf("out of memory writing array %s", a->name);
      zrt_pack(buf, a->base, &a->layout, &mine);
      zrt_g.be->send(0, GATHER_TAG, buf, bytes);
      free(buf);
    }
    return;
  }
  size_t total = (size_t)zrt_box_count(&r) * esz;
  char *all = malloc(total);
  char *tmp = malloc(total);
  if (!all || !tmp)
    zrt_failf("out of memory writing array %s", a->name);
  zrt_layout Lr = zrt_layout_make(&r, esz);
  int64_t np = zrt_decomp_npes(D);
  for (int64_t q = 0; q < np; ++q) {
    zrt_region eq = zrt_decomp_block(D, q, true);
    zrt_region box = zrt_box_intersect(&r, &eq);
    if (zrt_box_empty(&box))
      continue;
    size_t bytes = (size_t)zrt_box_count(&box) * esz;
    if (q == 0)
      zrt_pack(tmp, a->base, &a->layout, &box);
    else
      zrt_g.be->recv((int)q, GATHER_TAG, tmp, bytes);
    zrt_unpack(all, &Lr, &box, tmp);
  }
  int64_t rowlen = r.hi[r.rank - 1] - r.lo[r.rank - 1] + 1;
  int64_t n = zrt_box_count(&r);
  for (int64_t e = 0; e < n; ++e) {
    put_elem(a->type, all + (size_t)e * esz, fmt);
    putchar((e + 1) % rowlen == 0 ? '\n' : ' ');
  }
  free(all);
  free(tmp);
}
