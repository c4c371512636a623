/* output.c — write/writeln (PE 0 only) and gathered array output, to
 * standard output or (zrt_output_to) to a file PE 0 writes. An array is
 * gathered on PE 0 in row blocks (io_block), never all of it at once. */
#include "zplrt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { V_INT, V_REAL, V_BOOL };

/* Where PE 0 prints (NULL: standard output), and how many values it
 * printed there (file output charges them as local time). */
static ZRT_PE_LOCAL FILE *out_file;
static ZRT_PE_LOCAL bool to_file; /* on every PE: output goes to a file */
static ZRT_PE_LOCAL int64_t out_values;

static FILE *out(void) { return out_file ? out_file : stdout; }

void zrt_output_to(FILE *f, bool file) {
  out_file = f;
  to_file = file;
}

int64_t zrt_output_values(void) {
  int64_t n = out_values;
  out_values = 0;
  return n;
}

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
    fputc(s[i], out());
  }
}

static void put_default(const value *v) {
  switch (v->kind) {
  case V_INT:
    fprintf(out(), "%lld", (long long)v->i);
    break;
  case V_REAL:
    fprintf(out(), "%g", v->r);
    break;
  default:
    fputs(v->b ? "true" : "false", out());
    break;
  }
}

/* Prints one value with a user printf format for one value; the length
 * modifier is chosen from the value, so "%d" and "%8.3f" work for any
 * numeric type. */
static void put_value(const char *fmt, const value *v) {
  ++out_values;
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
    fprintf(out(), full, x);
  } else if (conv && strchr("uoxX", conv)) {
    snprintf(full, sizeof full, "%sll%c", spec, conv);
    unsigned long long x = v->kind == V_INT    ? (unsigned long long)v->i
                           : v->kind == V_REAL ? (unsigned long long)(long long)v->r
                                               : (unsigned long long)v->b;
    fprintf(out(), full, x);
  } else if (conv && strchr("fFeEgGaA", conv)) {
    snprintf(full, sizeof full, "%s%c", spec, conv);
    double x = v->kind == V_INT ? (double)v->i : v->kind == V_REAL ? v->r : (double)v->b;
    fprintf(out(), full, x);
  } else if (conv == 's') {
    char tmp[64];
    if (v->kind == V_INT)
      snprintf(tmp, sizeof tmp, "%lld", (long long)v->i);
    else if (v->kind == V_REAL)
      snprintf(tmp, sizeof tmp, "%g", v->r);
    else
      snprintf(tmp, sizeof tmp, "%s", v->b ? "true" : "false");
    snprintf(full, sizeof full, "%ss", spec);
    fprintf(out(), full, tmp);
  } else if (conv == 'c') {
    snprintf(full, sizeof full, "%sc", spec);
    fprintf(out(), full, (int)(v->kind == V_INT ? v->i : v->kind == V_REAL ? (int64_t)v->r : v->b));
  } else {
    put_default(v);
  }
  put_text(rest, strlen(rest));
}

void zrt_write_str(const char *s) {
  if (zrt_g.me == 0)
    fputs(s, out());
}

void zrt_write_i64(int64_t v, const char *fmt) {
  if (zrt_g.me != 0)
    return;
  value x = {V_INT, v, 0, false};
  put_value(fmt, &x);
}

void zrt_write_i32(int32_t v, const char *fmt) {
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
    fputc('\n', out());
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
  case ZRT_I32: {
    int32_t x;
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

/* Copies between a's elements over the lattice points of P's tiles (one
 * tile after another, each in row-major order) and the dense buffer buf:
 * packing reads a and writes buf, unpacking the reverse. Flood dimensions
 * of a hold their single element at any index. Returns the bytes copied. */
static size_t copy_points(char *buf, zrt_array *a, const zrt_parts *P, const zrt_region *r,
                          bool packing) {
  size_t n = 0;
  for (int64_t t = 0; t < P->count; ++t) {
    zrt_region b = tile_box(P, r, t);
    FOR_LATTICE(b, i) {
      int64_t idx[ZRT_MAX_RANK] = {i0, i1, i2};
      char *elem = (char *)a->base + (size_t)zrt_array_elem(a, idx) * a->esz;
      if (packing)
        memcpy(buf + n, elem, a->esz);
      else
        memcpy(elem, buf + n, a->esz);
      n += a->esz;
    }
  }
  return n;
}

/* Each PE's part of the region r: its tiles of r in a's distribution,
 * where a flood dimension of r (one index) belongs to the PEs whose
 * coordinate owns that index. */
static void print_parts(zrt_parts *P, const zrt_array *a, int64_t pe, const zrt_region *r) {
  int64_t c[ZRT_MAX_RANK];
  zrt_decomp_coords(&a->dist->D, pe, c);
  zrt_parts_make(P, &a->dist->D, c, r, true);
}

/* The lattice points of P's tiles of r; `mine`: P is this PE's part,
 * checked against a's storage. */
static int64_t part_points(const zrt_parts *P, const zrt_array *a, const zrt_region *r,
                           bool mine) {
  int64_t m = 0;
  for (int64_t t = 0; t < P->count; ++t) {
    zrt_region b = tile_box(P, r, t);
    if (mine && !zrt_array_holds(a, &b))
      zrt_failf("array %s: a transfer to or from PE 0 outside its storage", a->name);
    m += zrt_box_points(&b);
  }
  return m;
}

/* A message of file I/O (reads, and writes to a file): counted apart
 * from IRONMAN's. */
static void count_io_message(bool file, size_t bytes) {
  if (!file)
    return;
  ++zrt_g.n_io_messages;
  zrt_g.n_io_bytes += (int64_t)bytes;
}

static void send_part(zrt_array *a, const zrt_region *r) {
  zrt_parts P;
  print_parts(&P, a, zrt_g.me, r);
  int64_t m = part_points(&P, a, r, true);
  if (m > 0) {
    char *buf = malloc((size_t)m * a->esz);
    if (!buf)
      zrt_failf("out of memory writing array %s", a->name);
    size_t used = copy_points(buf, a, &P, r, true);
    count_io_message(to_file, used);
    zrt_g.be->send(0, GATHER_TAG, buf, used);
    free(buf);
  }
  zrt_parts_free(&P);
}

/* Position of index idx in the row-major lattice of r (cnt: its counts). */
static int64_t row_major_position(const zrt_region *r, const int64_t cnt[ZRT_MAX_RANK],
                                  const int64_t idx[ZRT_MAX_RANK]) {
  int64_t pos = 0;
  for (int k = 0; k < r->rank; ++k)
    pos = pos * cnt[k] + (idx[k] - r->lo[k]) / zrt_step(r, k);
  return pos;
}

/* PE 0 (gather) or every PE (scatter): moves r between every PE's part of
 * a and `all` on PE 0, r's elements in row-major order. */
static void exchange_parts(zrt_array *a, const zrt_region *r, char *all, bool gather) {
  size_t esz = a->esz;
  int64_t cnt[ZRT_MAX_RANK] = {1, 1, 1};
  for (int k = 0; k < r->rank; ++k)
    cnt[k] = zrt_lattice_count(r, k);
  if (zrt_g.me != 0) {
    if (gather) {
      send_part(a, r);
      return;
    }
    zrt_parts P;
    print_parts(&P, a, zrt_g.me, r);
    int64_t m = part_points(&P, a, r, true);
    if (m > 0) {
      char *buf = malloc((size_t)m * esz);
      if (!buf)
        zrt_failf("out of memory reading array %s", a->name);
      zrt_g.be->recv(0, GATHER_TAG, buf, (size_t)m * esz);
      copy_points(buf, a, &P, r, false);
      free(buf);
    }
    zrt_parts_free(&P);
    return;
  }
  int64_t np = zrt_decomp_npes(&a->dist->D);
  for (int64_t q = 0; q < np; ++q) {
    zrt_parts P;
    print_parts(&P, a, q, r);
    int64_t m = part_points(&P, a, r, q == 0);
    char *tmp = m > 0 ? malloc((size_t)m * esz) : NULL;
    if (m > 0 && !tmp)
      zrt_failf("out of memory for array %s", a->name);
    if (m > 0 && gather && q == 0)
      copy_points(tmp, a, &P, r, true);
    else if (m > 0 && gather)
      zrt_g.be->recv((int)q, GATHER_TAG, tmp, (size_t)m * esz);
    size_t off = 0;
    for (int64_t t = 0; t < P.count; ++t) {
      zrt_region b = tile_box(&P, r, t);
      FOR_LATTICE(b, i) {
        int64_t idx[ZRT_MAX_RANK] = {i0, i1, i2};
        char *at = all + (size_t)row_major_position(r, cnt, idx) * esz;
        if (gather)
          memcpy(at, tmp + off, esz);
        else
          memcpy(tmp + off, at, esz);
        off += esz;
      }
    }
    if (m > 0 && !gather && q == 0)
      copy_points(tmp, a, &P, r, false);
    else if (m > 0 && !gather) {
      count_io_message(true, (size_t)m * esz);
      zrt_g.be->send((int)q, GATHER_TAG, tmp, (size_t)m * esz);
    }
    free(tmp);
    zrt_parts_free(&P);
  }
}

zrt_region zrt_io_region(zrt_array *a, zrt_region r, const char *what) {
  if (r.rank != a->rank)
    zrt_failf("%s array %s over a region of rank %lld (array has rank %d)", what, a->name,
              (long long)r.rank, a->rank);
  r = zrt_region_align(r, a);
  for (int k = 0; k < r.rank; ++k)
    if (zrt_is_flood(&r, k))
      r.hi[k] = r.lo[k];
  return r;
}

int64_t zrt_io_block_rows(const zrt_region *r) {
  int64_t rows = zrt_lattice_count(r, 0), per_row = 1;
  for (int k = 1; k < r->rank; ++k)
    per_row *= zrt_lattice_count(r, k);
  int64_t share = (rows * per_row + zrt_g.npes - 1) / zrt_g.npes;
  int64_t block = share / per_row;
  return block < 1 ? 1 : block;
}

zrt_region zrt_io_block(const zrt_region *r, int64_t first, int64_t rows) {
  zrt_region b = *r;
  int64_t step = zrt_step(r, 0);
  b.lo[0] = r->lo[0] + first * step;
  int64_t hi = b.lo[0] + (rows - 1) * step;
  b.hi[0] = hi < r->hi[0] ? hi : r->hi[0];
  return b;
}

void zrt_io_gather_block(zrt_array *a, const zrt_region *block, char *all) {
  exchange_parts(a, block, all, true);
}

void zrt_io_scatter_block(zrt_array *a, const zrt_region *block, char *all) {
  exchange_parts(a, block, all, false);
}

void zrt_write_array(zrt_array *a, zrt_region r, const char *fmt) {
  r = zrt_io_region(a, r, "write of");
  if (zrt_box_empty(&r))
    return;
  size_t esz = a->esz;
  int64_t rows = zrt_lattice_count(&r, 0), per = zrt_io_block_rows(&r);
  int64_t rowlen = zrt_lattice_count(&r, r.rank - 1), per_row = 1;
  for (int k = 1; k < r.rank; ++k)
    per_row *= zrt_lattice_count(&r, k);
  char *all = NULL;
  if (zrt_g.me == 0 && !(all = malloc((size_t)(per * per_row) * esz)))
    zrt_failf("out of memory writing array %s", a->name);
  for (int64_t first = 0; first < rows; first += per) {
    zrt_region block = zrt_io_block(&r, first, per);
    zrt_io_gather_block(a, &block, all);
    if (zrt_g.me != 0)
      continue;
    /* Rows are separated, not terminated: `writeln(A)` ends the last row,
     * and `write(A)` leaves the line open like any other argument. */
    int64_t n = zrt_lattice_count(&block, 0) * per_row, e0 = first * per_row;
    for (int64_t e = 0; e < n; ++e) {
      if (e0 + e > 0)
        fputc((e0 + e) % rowlen == 0 ? '\n' : ' ', out());
      put_elem(a->type, all + (size_t)e * esz, fmt);
    }
  }
  free(all);
}
