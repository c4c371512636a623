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

/* PE q's part of the printed region r: r ∩ q's extended block on r's
 * lattice; a flood dimension of r (one index) belongs to the PE whose block
 * holds that index. */
static zrt_region print_part(const zrt_region *r, const zrt_region *ext) {
  zrt_region b = zrt_lattice_part(r, ext);
  for (int k = 0; k < r->rank; ++k)
    if (zrt_is_flood(r, k) && (r->lo[k] < ext->lo[k] || r->lo[k] > ext->hi[k]))
      b.hi[k] = b.lo[k] - 1;
  return b;
}

/* Visits the lattice points of box in row-major order. */
#define FOR_LATTICE(box, idx)                                                                \
  for (int64_t idx##0 = (box).lo[0]; idx##0 <= (box).hi[0]; idx##0 += zrt_step(&(box), 0))   \
    for (int64_t idx##1 = (box).lo[1]; idx##1 <= (box).hi[1]; idx##1 += zrt_step(&(box), 1)) \
      for (int64_t idx##2 = (box).lo[2]; idx##2 <= (box).hi[2]; idx##2 += zrt_step(&(box), 2))

/* Dense row-major copy of a's elements over the lattice points of box
 * (flood dimensions of a read their single element at any index). */
static size_t pack_points(char *buf, const zrt_array *a, const zrt_region *box) {
  size_t n = 0;
  zrt_region b = *box;
  for (int k = b.rank; k < ZRT_MAX_RANK; ++k)
    b.lo[k] = b.hi[k] = 0;
  FOR_LATTICE(b, i) {
    int64_t idx[ZRT_MAX_RANK] = {i0, i1, i2};
    memcpy(buf + n, (const char *)a->base + (size_t)zrt_array_elem(a, idx) * a->esz, a->esz);
    n += a->esz;
  }
  return n;
}

void zrt_write_array(zrt_array *a, zrt_region r, const char *fmt) {
  if (r.rank != a->rank)
    zrt_failf("write of array %s over a region of rank %lld (array has rank %d)", a->name,
              (long long)r.rank, a->rank);
  const zrt_decomp *D = zrt_dist_get((int)r.rank);
  for (int k = 0; k < r.rank; ++k)
    if (zrt_is_flood(&r, k))
      r.hi[k] = r.lo[k];
  if (zrt_box_empty(&r))
    return;
  zrt_region mine = print_part(&r, &zrt_g.ext_block[r.rank - 1]);
  if (!zrt_array_holds(a, &mine))
    zrt_failf("write of array %s outside its storage", a->name);
  size_t esz = a->esz;
  int64_t cnt[ZRT_MAX_RANK] = {1, 1, 1};
  int64_t n = 1;
  for (int k = 0; k < r.rank; ++k) {
    cnt[k] = zrt_lattice_count(&r, k);
    n *= cnt[k];
  }
  if (zrt_g.me != 0) {
    if (!zrt_box_empty(&mine)) {
      size_t bytes = (size_t)zrt_box_count(&mine) * esz; /* >= the lattice points */
      char *buf = malloc(bytes);
      if (!buf)
        zrt_failf("out of memory writing array %s", a->name);
      size_t used = pack_points(buf, a, &mine);
      zrt_g.be->send(0, GATHER_TAG, buf, used);
      free(buf);
    }
    return;
  }
  size_t total = (size_t)n * esz;
  char *all = malloc(total);
  char *tmp = malloc(total);
  if (!all || !tmp)
    zrt_failf("out of memory writing array %s", a->name);
  int64_t np = zrt_decomp_npes(D);
  for (int64_t q = 0; q < np; ++q) {
    zrt_region eq = zrt_decomp_block(D, q, true);
    zrt_region box = print_part(&r, &eq);
    if (zrt_box_empty(&box))
      continue;
    int64_t m = 1;
    for (int k = 0; k < r.rank; ++k)
      m *= zrt_lattice_count(&box, k);
    size_t bytes = (size_t)m * esz;
    if (q == 0)
      pack_points(tmp, a, &box);
    else
      zrt_g.be->recv((int)q, GATHER_TAG, tmp, bytes);
    for (int k = box.rank; k < ZRT_MAX_RANK; ++k)
      box.lo[k] = box.hi[k] = 0;
    size_t off = 0;
    FOR_LATTICE(box, i) {
      int64_t idx[ZRT_MAX_RANK] = {i0, i1, i2};
      int64_t pos = 0;
      for (int k = 0; k < r.rank; ++k)
        pos = pos * cnt[k] + (idx[k] - r.lo[k]) / zrt_step(&r, k);
      memcpy(all + (size_t)pos * esz, tmp + off, esz);
      off += esz;
    }
  }
  int64_t rowlen = cnt[r.rank - 1];
  /* Rows are separated, not terminated: `writeln(A)` ends the last row,
   * and `write(A)` leaves the line open like any other argument. */
  for (int64_t e = 0; e < n; ++e) {
    if (e > 0)
      putchar(e % rowlen == 0 ? '\n' : ' ');
    put_elem(a->type, all + (size_t)e * esz, fmt);
  }
  free(all);
  free(tmp);
}
