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

/* Visits the lattice points of box in row-major order. */
#define FOR_LATTICE(box, idx)                                                                \
  for (int64_t idx##0 = (box).lo[0]; idx##0 <= (box).hi[0]; idx##0 += zrt_step(&(box), 0))   \
    for (int64_t idx##1 = (box).lo[1]; idx##1 <= (box).hi[1]; idx##1 += zrt_step(&(box), 1)) \
      for (int64_t idx##2 = (box).lo[2]; idx##2 <= (box).hi[2]; idx##2 += zrt_step(&(box), 2))

/* Tile t of P as a box over all ZRT_MAX_RANK dimensions (unused ones 0). */
static zrt_region tile_box(const zrt_parts *P, const zrt_region *r, int64_t t) {
  zrt_region b = zrt_parts_box(P, r, t);
  for (int k = b.rank; k < ZRT_MAX_RANK; ++k)
    b.lo[k] = b.hi[k] = 0;
  return b;
}

static int64_t lattice_points(const zrt_region *b) {
  int64_t m = 1;
  for (int k = 0; k < b->rank; ++k)
    m *= zrt_lattice_count(b, k);
  return m;
}

/* Dense row-major copy of a's elements over the lattice points of P's
 * tiles, one tile after another (flood dimensions of a read their single
 * element at any index). */
static size_t pack_points(char *buf, const zrt_array *a, const zrt_parts *P, const zrt_region *r) {
  size_t n = 0;
  for (int64_t t = 0; t < P->count; ++t) {
    zrt_region b = tile_box(P, r, t);
    FOR_LATTICE(b, i) {
      int64_t idx[ZRT_MAX_RANK] = {i0, i1, i2};
      memcpy(buf + n, (const char *)a->base + (size_t)zrt_array_elem(a, idx) * a->esz, a->esz);
      n += a->esz;
    }
  }
  return n;
}

/* Each PE's part of the printed region r: its tiles of r in a's
 * distribution, where a flood dimension of r (one index) belongs to the
 * PEs whose coordinate owns that index. */
static void print_parts(zrt_parts *P, const zrt_array *a, int64_t pe, const zrt_region *r) {
  int64_t c[ZRT_MAX_RANK];
  zrt_decomp_coords(&a->dist->D, pe, c);
  zrt_parts_make(P, &a->dist->D, c, r, true);
}

static void send_part(const zrt_array *a, const zrt_region *r) {
  zrt_parts P;
  print_parts(&P, a, zrt_g.me, r);
  int64_t m = 0;
  for (int64_t t = 0; t < P.count; ++t) {
    zrt_region b = tile_box(&P, r, t);
    if (!zrt_array_holds(a, &b))
      zrt_failf("write of array %s outside its storage", a->name);
    m += lattice_points(&b);
  }
  if (m > 0) {
    char *buf = malloc((size_t)m * a->esz);
    if (!buf)
      zrt_failf("out of memory writing array %s", a->name);
    size_t used = pack_points(buf, a, &P, r);
    zrt_g.be->send(0, GATHER_TAG, buf, used);
    free(buf);
  }
  zrt_parts_free(&P);
}

/* PE 0: every PE's part into `all` (row-major over r's lattice). */
static void gather_parts(const zrt_array *a, const zrt_region *r, const int64_t cnt[ZRT_MAX_RANK],
                         char *all) {
  size_t esz = a->esz;
  int64_t np = zrt_decomp_npes(&a->dist->D);
  for (int64_t q = 0; q < np; ++q) {
    zrt_parts P;
    print_parts(&P, a, q, r);
    int64_t m = 0;
    for (int64_t t = 0; t < P.count; ++t) {
      zrt_region b = tile_box(&P, r, t);
      if (q == 0 && !zrt_array_holds(a, &b))
        zrt_failf("write of array %s outside its storage", a->name);
      m += lattice_points(&b);
    }
    char *tmp = m > 0 ? malloc((size_t)m * esz) : NULL;
    if (m > 0 && !tmp)
      zrt_failf("out of memory writing array %s", a->name);
    if (m > 0 && q == 0)
      pack_points(tmp, a, &P, r);
    else if (m > 0)
      zrt_g.be->recv((int)q, GATHER_TAG, tmp, (size_t)m * esz);
    size_t off = 0;
    for (int64_t t = 0; t < P.count; ++t) {
      zrt_region b = tile_box(&P, r, t);
      FOR_LATTICE(b, i) {
        int64_t idx[ZRT_MAX_RANK] = {i0, i1, i2};
        int64_t pos = 0;
        for (int k = 0; k < r->rank; ++k)
          pos = pos * cnt[k] + (idx[k] - r->lo[k]) / zrt_step(r, k);
        memcpy(all + (size_t)pos * esz, tmp + off, esz);
        off += esz;
      }
    }
    free(tmp);
    zrt_parts_free(&P);
  }
}

void zrt_write_array(zrt_array *a, zrt_region r, const char *fmt) {
  if (r.rank != a->rank)
    zrt_failf("write of array %s over a region of rank %lld (array has rank %d)", a->name,
              (long long)r.rank, a->rank);
  r = zrt_region_align(r, a);
  for (int k = 0; k < r.rank; ++k)
    if (zrt_is_flood(&r, k))
      r.hi[k] = r.lo[k];
  if (zrt_box_empty(&r))
    return;
  if (zrt_g.me != 0) {
    send_part(a, &r);
    return;
  }
  size_t esz = a->esz;
  int64_t cnt[ZRT_MAX_RANK] = {1, 1, 1};
  int64_t n = 1;
  for (int k = 0; k < r.rank; ++k) {
    cnt[k] = zrt_lattice_count(&r, k);
    n *= cnt[k];
  }
  char *all = malloc((size_t)n * esz);
  if (!all)
    zrt_failf("out of memory writing array %s", a->name);
  gather_parts(a, &r, cnt, all);
  int64_t rowlen = cnt[r.rank - 1];
  /* Rows are separated, not terminated: `writeln(A)` ends the last row,
   * and `write(A)` leaves the line open like any other argument. */
  for (int64_t e = 0; e < n; ++e) {
    if (e > 0)
      putchar(e % rowlen == 0 ? '\n' : ' ');
    put_elem(a->type, all + (size_t)e * esz, fmt);
  }
  free(all);
}
