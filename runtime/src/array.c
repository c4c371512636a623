/* array.c — distributed arrays: storage of this PE's blocks, element and
 * tile offsets, ownership, and the storage check of a statement's reads. */
#include "zplrt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

zrt_region zrt_region_align(zrt_region r, zrt_array *a) {
  r.dist = a->decl.dist;
  return r;
}

/* The lattice index of the first lattice point at or above global index x. */
static int64_t lattice_up(const zrt_array *a, int k, int64_t x) {
  return zrt_array_lattice(a, k, x + a->lat_step[k] - 1);
}

/* The local block of a holding global index x along dimension k: the
 * block that owns x if it is this PE's, else one whose ghost cells hold
 * it (or 0). */
static int64_t stored_block(const zrt_array *a, int k, int64_t x) {
  const zrt_decomp *D = &a->dist->D;
  int64_t B = zrt_dim_owner(D, k, x);
  int64_t l = zrt_array_lattice(a, k, x);
  if (zrt_dim_coord(D, k, B) == a->dist->coord[k]) {
    int64_t j = zrt_dim_local(D, k, B);
    if (j < a->nblk[k] && a->first[k][j] <= l && l <= a->last[k][j])
      return j;
  }
  /* blocks are ascending: the last one starting at or before x */
  int64_t lo = 0, hi = a->nblk[k] - 1, j = 0;
  while (lo <= hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (a->first[k][mid] <= l) {
      j = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return j;
}

int64_t zrt_array_elem_tiled(const zrt_array *a, const int64_t idx[ZRT_MAX_RANK]) {
  int64_t o = 0;
  for (int k = 0; k < a->rank; ++k) {
    if (zrt_is_flood(&a->decl, k))
      continue;
    int64_t j = stored_block(a, k, idx[k]);
    o += (j * a->span[k] + zrt_array_lattice(a, k, idx[k]) - a->first[k][j]) *
         a->layout.stride[k];
  }
  return o;
}

int64_t zrt_array_owner(const zrt_array *a, const int64_t idx[ZRT_MAX_RANK]) {
  const zrt_decomp *D = &a->dist->D;
  int64_t c[ZRT_MAX_RANK] = {0, 0, 0};
  for (int k = 0; k < a->rank; ++k)
    c[k] = zrt_is_flood(&a->decl, k) ? a->dist->coord[k]
                                      : zrt_dim_coord(D, k, zrt_dim_owner(D, k, idx[k]));
  return zrt_decomp_pe(D, c);
}

bool zrt_array_owned_box(const zrt_array *a, int64_t lo[ZRT_MAX_RANK], int64_t hi[ZRT_MAX_RANK]) {
  const zrt_decomp *D = &a->dist->D;
  if (a->tiled || a->compact || a->decl.flood || zrt_decomp_pe(D, a->dist->coord) != zrt_g.me)
    return false;
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    lo[k] = hi[k] = 0; /* dimensions beyond the rank: index 0 */
    if (k >= a->rank)
      continue;
    int64_t c = a->dist->coord[k], n = zrt_dim_nlocal(D, k, c);
    if (n > 1)
      return false;
    lo[k] = 1; /* no local block: an empty range */
    if (n == 1) /* the block's extended range: what zrt_dim_owner gives it */
      zrt_dim_block(D, k, zrt_dim_global(D, k, c, 0), true, &lo[k], &hi[k]);
  }
  return true;
}

/* Along dimension k, this PE's local blocks of an array over decl with
 * fluff flo/fhi: each block's range (the edge blocks also store the
 * declared indices beyond the bounding box) widened by the fluff, in
 * lattice indices (compact storage: the lattice points of the range,
 * widened by the fluff in whole steps). */
static void dim_storage(zrt_array *a, int k, int64_t flo, int64_t fhi) {
  const zrt_distrib *d = a->dist;
  const zrt_decomp *D = &d->D;
  const zrt_region *decl = &a->decl;
  bool flood = zrt_is_flood(decl, k);
  int64_t n = flood ? 1 : zrt_dim_nlocal(D, k, d->coord[k]);
  a->nblk[k] = n;
  a->first[k] = malloc((size_t)(2 * n + 1) * sizeof(int64_t));
  if (!a->first[k])
    zrt_failf("out of memory allocating array %s", a->name);
  a->last[k] = a->first[k] + n;
  a->span[k] = flood ? 1 : 0;
  if (flood) { /* one replicated element, no fluff */
    a->first[k][0] = a->last[k][0] = decl->lo[k];
    return;
  }
  int64_t last_owner = zrt_dim_owners(D, k) - 1;
  for (int64_t j = 0; j < n; ++j) {
    int64_t B = zrt_dim_global(D, k, d->coord[k], j), lo, hi;
    zrt_dim_block(D, k, B, false, &lo, &hi);
    if (B == 0 && B <= last_owner && decl->lo[k] < lo)
      lo = decl->lo[k];
    if (B == last_owner && decl->hi[k] > hi)
      hi = decl->hi[k];
    int64_t s = a->lat_step[k];
    a->first[k][j] = lattice_up(a, k, lo) - (flo + s - 1) / s;
    a->last[k][j] = zrt_array_lattice(a, k, hi) + (fhi + s - 1) / s;
    if (a->last[k][j] - a->first[k][j] + 1 > a->span[k])
      a->span[k] = a->last[k][j] - a->first[k][j] + 1;
  }
}

/* The bounding box of the stored indices, the layout (in local storage
 * coordinates) and the offset of local block 0. */
static void array_layout(zrt_array *a) {
  zrt_region rows;
  memset(&rows, 0, sizeof rows);
  rows.rank = a->rank;
  a->storage = a->decl;
  a->storage.step[0] = a->storage.step[1] = a->storage.step[2] = 0;
  for (int k = 0; k < a->rank; ++k) {
    rows.hi[k] = a->nblk[k] * a->span[k] - 1;
    if (a->nblk[k] == 0) {
      a->storage.hi[k] = a->storage.lo[k] - 1;
      continue;
    }
    a->storage.lo[k] = a->lat_origin[k] + a->first[k][0] * a->lat_step[k];
    a->storage.hi[k] = a->lat_origin[k] + a->last[k][a->nblk[k] - 1] * a->lat_step[k];
    if (a->nblk[k] > 1)
      a->tiled = true;
  }
  a->layout = zrt_layout_make(&rows, a->esz);
  a->offset = 0;
  for (int k = 0; k < a->rank; ++k)
    if (!zrt_is_flood(&a->decl, k) && a->nblk[k] > 0) /* flood: extent 1, stride 0 */
      a->offset -= a->first[k][0] * a->layout.stride[k];
}

static ZRT_PE_LOCAL uint64_t next_serial = 1;
static ZRT_PE_LOCAL uint64_t last_write_stamp = 0;

void zrt_array_wrote(zrt_array *a) { a->written = ++last_write_stamp; }

/* Compact storage keeps the lattice of decl's steps (> 1) along its
 * dimensions that are not flood dimensions; the others are the identity. */
static void set_lattice(zrt_array *a, bool compact) {
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    a->lat_origin[k] = 0;
    a->lat_step[k] = 1;
    if (compact && k < a->rank && !zrt_is_flood(&a->decl, k) && a->decl.step[k] > 1) {
      a->lat_origin[k] = a->decl.lo[k];
      a->lat_step[k] = a->decl.step[k];
      a->compact = true;
    }
  }
}

/* An array's descriptor and layout, without its storage (base NULL). */
static zrt_array *array_shape(const char *name, int64_t type, zrt_region decl, zrt_distrib *d,
                              const int64_t flo[ZRT_MAX_RANK], const int64_t fhi[ZRT_MAX_RANK],
                              bool compact) {
  zrt_array *a = calloc(1, sizeof *a);
  if (!a)
    zrt_failf("out of memory allocating array %s", name);
  a->name = malloc(strlen(name) + 1);
  if (!a->name)
    zrt_failf("out of memory allocating array %s", name);
  strcpy(a->name, name);
  a->type = (int)type;
  a->esz = zrt_elem_size(type);
  a->rank = (int)decl.rank;
  a->serial = next_serial++;
  zrt_array_wrote(a);
  a->decl = decl;
  a->dist = d;
  set_lattice(a, compact);
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    a->fluff_lo[k] = flo[k];
    a->fluff_hi[k] = fhi[k];
  }
  for (int k = 0; k < a->rank; ++k)
    dim_storage(a, k, flo[k], fhi[k]);
  array_layout(a);
  int64_t count = 1;
  for (int k = 0; k < a->rank; ++k) {
    int64_t e = a->layout.ext[k];
    if (e > 0 && count > INT64_MAX / e)
      zrt_failf("array %s is too large for memory", name);
    count *= e;
  }
  if ((uint64_t)count > SIZE_MAX / a->esz / 2)
    zrt_failf("array %s is too large for memory", name);
  a->bytes = (size_t)count * a->esz;
  return a;
}

static void storage_failed(const zrt_array *a) {
  char b[128];
  zrt_failf("array %s: cannot allocate %zu bytes for its storage %s (too large for memory)",
            a->name, a->bytes, zrt_box_text(b, sizeof b, &a->storage));
}

static zrt_array *array_alloc(const char *name, int64_t type, zrt_region decl, zrt_distrib *d,
                              const int64_t flo[ZRT_MAX_RANK], const int64_t fhi[ZRT_MAX_RANK],
                              bool compact) {
  zrt_array *a = array_shape(name, type, decl, d, flo, fhi, compact);
  a->base = zrt_g.be->sym_alloc(a->bytes ? a->bytes : a->esz);
  if (!a->base)
    storage_failed(a);
  return a;
}

static zrt_array *array_new(const char *name, zrt_region decl, int64_t type,
                            const int64_t fluff[2 * ZRT_MAX_RANK], bool compact) {
  if (decl.rank < 1 || decl.rank > ZRT_MAX_RANK)
    zrt_fail_all("array %s: rank %lld is not supported", name, (long long)decl.rank);
  zrt_distrib *d = zrt_distrib_of_array(&decl);
  int64_t flo[ZRT_MAX_RANK] = {fluff[0], fluff[2], fluff[4]};
  int64_t fhi[ZRT_MAX_RANK] = {fluff[1], fluff[3], fluff[5]};
  if (zrt_region_too_large(&decl)) {
    char b[160];
    zrt_fail_all("array %s over %s is too large (bounds and sizes are limited to 2^60)", name,
                 zrt_box_text(b, sizeof b, &decl));
  }
  for (int k = 0; k < decl.rank; ++k) {
    if (flo[k] < 0 || fhi[k] < 0)
      zrt_fail_all("array %s: negative fluff", name);
    if (zrt_index_too_large(flo[k]) || zrt_index_too_large(fhi[k]))
      zrt_fail_all("array %s is too large: ghost cells for a shift by %lld in dimension %d "
                   "(shifts are limited to 2^60)",
                   name, (long long)(flo[k] > fhi[k] ? flo[k] : fhi[k]), k + 1);
    if (zrt_is_flood(&decl, k))
      flo[k] = fhi[k] = 0;
  }
  return array_alloc(name, type, decl, d, flo, fhi, compact);
}

zrt_array *zrt_array_new(const char *name, zrt_region decl, int64_t type, int64_t fluff_lo0,
                         int64_t fluff_hi0, int64_t fluff_lo1, int64_t fluff_hi1,
                         int64_t fluff_lo2, int64_t fluff_hi2) {
  int64_t fluff[2 * ZRT_MAX_RANK] = {fluff_lo0, fluff_hi0, fluff_lo1,
                                     fluff_hi1, fluff_lo2, fluff_hi2};
  return array_new(name, decl, type, fluff, false);
}

zrt_array *zrt_array_new_compact(const char *name, zrt_region decl, int64_t type,
                                 int64_t fluff_lo0, int64_t fluff_hi0, int64_t fluff_lo1,
                                 int64_t fluff_hi1, int64_t fluff_lo2, int64_t fluff_hi2) {
  int64_t fluff[2 * ZRT_MAX_RANK] = {fluff_lo0, fluff_hi0, fluff_lo1,
                                     fluff_hi1, fluff_lo2, fluff_hi2};
  return array_new(name, decl, type, fluff, true);
}

zrt_array *zrt_array_temp(zrt_array *a) {
  return array_alloc(a->name, a->type, a->decl, a->dist, a->fluff_lo, a->fluff_hi, a->compact);
}

zrt_array *zrt_array_spare(zrt_array *a) {
  if (!a->spare)
    a->spare = zrt_array_temp(a);
  return a->spare;
}

zrt_array *zrt_array_spare_if(zrt_array *a, bool needed) {
  return needed ? zrt_array_spare(a) : a;
}

bool zrt_shift_misses_writes(zrt_array *a, zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  if (a->decl.flood)
    return false;
  for (int k = 0; k < r.rank; ++k)
    if (!zrt_is_flood(&r, k) && d[k] % zrt_step(&r, k) != 0)
      return true;
  return false;
}

void zrt_array_free(zrt_array *a) {
  if (!a)
    return;
  zrt_array_free(a->spare);
  if (a->deferred) /* deferred.c's partial results */
    free(a->deferred->acc);
  free(a->deferred);
  zrt_g.be->sym_free(a->base);
  for (int k = 0; k < ZRT_MAX_RANK; ++k)
    free(a->first[k]);
  free(a->name);
  free(a);
}

/* Compiled code reads and writes elements through these pointers: each
 * counts as a write (the stamp), whether the code writes or only reads. */
double *zrt_array_f64(zrt_array *a) {
  zrt_array_wrote(a);
  return (double *)a->base;
}
float *zrt_array_f32(zrt_array *a) {
  zrt_array_wrote(a);
  return (float *)a->base;
}
int32_t *zrt_array_i32(zrt_array *a) {
  zrt_array_wrote(a);
  return (int32_t *)a->base;
}
int64_t *zrt_array_i64(zrt_array *a) {
  zrt_array_wrote(a);
  return (int64_t *)a->base;
}
bool *zrt_array_bool(zrt_array *a) {
  zrt_array_wrote(a);
  return (bool *)a->base;
}
int64_t zrt_array_offset(zrt_array *a) { return a->offset; }
int64_t zrt_array_stride(zrt_array *a, int64_t dim) {
  if (dim < 0 || dim >= a->rank || zrt_is_flood(&a->decl, (int)dim))
    return 0;
  return a->layout.stride[dim];
}

int64_t zrt_array_lattice_origin(zrt_array *a, int64_t dim) {
  return dim >= 0 && dim < ZRT_MAX_RANK ? a->lat_origin[dim] : 0;
}
int64_t zrt_array_lattice_step(zrt_array *a, int64_t dim) {
  return dim >= 0 && dim < ZRT_MAX_RANK ? a->lat_step[dim] : 1;
}

zrt_region zrt_array_region(zrt_array *a) { return a->decl; }

/* The local block of a's tile t (of a tile list of a's distribution) along
 * dimension k: a flood dimension of the region reads the block holding its
 * index. */
static int64_t tile_block(const zrt_array *a, const zrt_parts *P, const int64_t *i, int k,
                          const zrt_region *r) {
  int64_t j = P->v[k][i[k]].local;
  return j >= 0 ? j : stored_block(a, k, r->lo[k]);
}

int64_t zrt_array_tile_offset(zrt_array *a, zrt_region r, int64_t t) {
  if (r.rank != a->rank || r.dist != a->decl.dist)
    zrt_failf("array %s does not follow the distribution of the statement's region", a->name);
  zrt_tileset *ts = zrt_tileset_of(&r);
  const int64_t *i = zrt_tileset_index(ts, t);
  if (!a->tiled) /* one block per dimension: every tile starts at local block 0 */
    return a->offset;
  int64_t o = 0;
  for (int k = 0; k < a->rank; ++k) {
    if (zrt_is_flood(&a->decl, k))
      continue;
    int64_t j = tile_block(a, &ts->parts, i, k, &r);
    o += (j * a->span[k] - a->first[k][j]) * a->layout.stride[k];
  }
  return o;
}

bool zrt_array_tile_box(const zrt_array *a, const int64_t tile[ZRT_MAX_RANK],
                        const zrt_region *box, zrt_region *lbox) {
  *lbox = *box;
  for (int k = 0; k < a->rank; ++k) {
    if (zrt_is_flood(&a->decl, k)) {
      lbox->lo[k] = lbox->hi[k] = 0;
      continue;
    }
    /* A compact dimension holds the lattice points only: the box must be
     * made of them. */
    int64_t j = tile[k], s = a->lat_step[k];
    if (s > 1 && ((box->lo[k] - a->lat_origin[k]) % s != 0 ||
                  (box->hi[k] > box->lo[k] && zrt_step(box, k) % s != 0)))
      return false;
    int64_t lo = zrt_array_lattice(a, k, box->lo[k]), hi = zrt_array_lattice(a, k, box->hi[k]);
    if (j < 0 || j >= a->nblk[k] || lo < a->first[k][j] || hi > a->last[k][j])
      return false;
    lbox->lo[k] = j * a->span[k] + lo - a->first[k][j];
    lbox->hi[k] = j * a->span[k] + hi - a->first[k][j];
    if (s > 1)
      lbox->step[k] = zrt_step(box, k) / s;
  }
  return true;
}

/* Whether every index of [lo..hi] (of a's lattice, in compact storage)
 * lies in some local block of dimension k. */
static bool dim_holds(const zrt_array *a, int k, int64_t lo, int64_t hi) {
  int64_t x = lattice_up(a, k, lo), end = zrt_array_lattice(a, k, hi);
  for (int64_t j = stored_block(a, k, lo); x <= end; ++j) {
    if (j >= a->nblk[k] || a->first[k][j] > x)
      return false;
    if (a->last[k][j] >= x)
      x = a->last[k][j] + 1;
  }
  return true;
}

bool zrt_array_holds(const zrt_array *a, const zrt_region *box) {
  if (zrt_box_empty(box))
    return true;
  for (int k = 0; k < a->rank; ++k)
    if (!zrt_is_flood(&a->decl, k) && !dim_holds(a, k, box->lo[k], box->hi[k]))
      return false;
  return true;
}

/* The storage check failed along dimension bad_dim (below or above the
 * tile's storage); the index named is the first tile's reads elsewhere. */
ZRT_NORETURN static void storage_error(const char *access, const zrt_array *a,
                                       const zrt_parts *P, const int64_t d[ZRT_MAX_RANK],
                                       int bad_dim, int64_t bad_index) {
  char ib[96], sb[128];
  int w = snprintf(ib, sizeof ib, "[");
  for (int k = 0; k < P->rank; ++k) {
    int64_t x = k == bad_dim ? bad_index : P->v[k][0].lo + d[k];
    w += snprintf(ib + w, sizeof ib - (size_t)w, "%s%lld", k ? ", " : "", (long long)x);
  }
  snprintf(ib + w, sizeof ib - (size_t)w, "]");
  zrt_failf("%s of array %s at index %s is outside its storage %s", access, a->name, ib,
            zrt_box_text(sb, sizeof sb, &a->storage));
}

/* The reads of tile t land in tile t's storage of a: a tile's box is the
 * product of its parts, so each dimension's parts can be checked alone. */
static void check_storage(const char *access, zrt_array *a, zrt_region r,
                          const int64_t d[ZRT_MAX_RANK]) {
  r = zrt_region_align(r, a);
  const zrt_parts *P = &zrt_tileset_of(&r)->parts;
  if (P->count == 0)
    return;
  zrt_check_direction(r.rank, d);
  for (int k = 0; k < r.rank; ++k) {
    if (zrt_is_flood(&a->decl, k))
      continue;
    for (int64_t e = 0; e < P->n[k]; ++e) {
      const zrt_dim_part *x = &P->v[k][e];
      if (a->nblk[k] == 0)
        storage_error(access, a, P, d, k, x->lo + d[k]);
      int64_t j = x->local >= 0 ? x->local : stored_block(a, k, r.lo[k]);
      if (lattice_up(a, k, x->lo + d[k]) < a->first[k][j])
        storage_error(access, a, P, d, k, x->lo + d[k]);
      if (zrt_array_lattice(a, k, x->hi + d[k]) > a->last[k][j])
        storage_error(access, a, P, d, k, x->hi + d[k]);
    }
  }
}

void zrt_array_check(zrt_array *a, zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  check_storage("read", a, r, d);
}

void zrt_array_check_write(zrt_array *a, zrt_region r) {
  int64_t zero[ZRT_MAX_RANK] = {0, 0, 0};
  check_storage("write", a, r, zero);
}

static int64_t floor_mod(int64_t x, int64_t m) {
  int64_t r = x % m;
  return r < 0 ? r + m : r;
}

/* Whether the points of r moved by d, along dimension k, are points of a's
 * lattice there. */
static bool on_lattice(const zrt_array *a, const zrt_region *r, int k, int64_t d) {
  int64_t s = zrt_step(&a->decl, k);
  if (s == 1 || zrt_is_flood(&a->decl, k) || zrt_is_flood(r, k))
    return true;
  return floor_mod(r->lo[k] + d - a->decl.lo[k], s) == 0 &&
         (zrt_lattice_count(r, k) <= 1 || zrt_step(r, k) % s == 0);
}

bool zrt_array_access_on_lattice(const zrt_array *a, const zrt_region *r,
                                 const int64_t d[ZRT_MAX_RANK]) {
  if (zrt_box_empty(r))
    return true;
  for (int k = 0; k < a->rank; ++k)
    if (!on_lattice(a, r, k, d[k]))
      return false;
  return true;
}

void zrt_array_check_lattice(zrt_array *a, zrt_region r, int64_t d0, int64_t d1, int64_t d2,
                             const char *where) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  if (zrt_box_empty(&r))
    return;
  for (int k = 0; k < a->rank; ++k) {
    if (on_lattice(a, &r, k, d[k]))
      continue;
    char msg[400], ab[128], as[64], rb[128], rs[64], db[64];
    int64_t astep[ZRT_MAX_RANK], rstep[ZRT_MAX_RANK];
    for (int j = 0; j < ZRT_MAX_RANK; ++j) {
      astep[j] = zrt_step(&a->decl, j);
      rstep[j] = zrt_step(&r, j);
    }
    snprintf(msg, sizeof msg,
             "array %s over %s by %s is accessed over %s by %s%s%s, at indices that are not "
             "points of its strided region",
             a->name, zrt_box_text(ab, sizeof ab, &a->decl),
             zrt_vector_text(as, sizeof as, a->rank, astep), zrt_box_text(rb, sizeof rb, &r),
             zrt_vector_text(rs, sizeof rs, a->rank, rstep), d0 || d1 || d2 ? " shifted by " : "",
             d0 || d1 || d2 ? zrt_vector_text(db, sizeof db, a->rank, d) : "");
    zrt_fail_all("%s: %s", where, msg); /* every PE sees the same region */
  }
}

/* ---- ghost cells grown at run time ----------------------------------------------------------- */
/* The storage row of a's old layout `from` (block j, lattice index l)
 * in the layout `to` of the same blocks with wider ghost cells. */
static int64_t regrown_row(const zrt_array *from, const zrt_array *to, int k, int64_t row) {
  int64_t j = row / from->span[k], l = from->first[k][j] + row % from->span[k];
  if (l > from->last[k][j])
    return -1; /* padding of a block shorter than the span */
  return j * to->span[k] + l - to->first[k][j];
}

/* Moves every stored element of `from` (at `from_base`) to its place in
 * `to` (at `to_base`): same blocks, at least as wide ghost cells, so no
 * element's new place comes before its old one. Along the innermost
 * dimension each block's stored run moves at once. With `in_place` the two
 * bases are one block: the runs move last first (so none lands on one not
 * yet moved) and every byte between them, the new ghost cells and padding,
 * is cleared; otherwise `to` comes zeroed. */
static void move_regrown(const zrt_array *from, const char *from_base, const zrt_array *to,
                         char *to_base, bool in_place) {
  int last = from->rank - 1;
  int64_t ext[ZRT_MAX_RANK] = {1, 1, 1};
  for (int k = 0; k < last; ++k)
    ext[k] = from->layout.ext[k];
  bool inner_flood = zrt_is_flood(&from->decl, last);
  int64_t blocks = inner_flood ? 1 : from->nblk[last];
  int64_t rows = ext[0] * ext[1];
  size_t esz = from->esz, cleared_from = to->bytes; /* in place: [cleared_from, end) done */
  for (int64_t i = 0; i < rows; ++i) {
    int64_t row = in_place ? rows - 1 - i : i;
    int64_t r[ZRT_MAX_RANK] = {row / ext[1], row % ext[1], 0}, o = 0, n = 0;
    bool stored = true;
    for (int k = 0; k < last && stored; ++k) {
      int64_t nr = zrt_is_flood(&from->decl, k) ? r[k] : regrown_row(from, to, k, r[k]);
      stored = nr >= 0;
      o += r[k] * from->layout.stride[k];
      n += nr * to->layout.stride[k];
    }
    for (int64_t b = 0; stored && b < blocks; ++b) {
      int64_t j = in_place ? blocks - 1 - b : b;
      /* (A block of a compact array may hold no lattice point.) */
      int64_t count = inner_flood ? 1 : from->last[last][j] - from->first[last][j] + 1;
      if (count <= 0)
        continue;
      int64_t src = inner_flood ? 0 : j * from->span[last];
      int64_t dst = inner_flood ? 0
                                : j * to->span[last] + from->first[last][j] - to->first[last][j];
      size_t at = (size_t)(n + dst * to->layout.stride[last]) * esz, len = (size_t)count * esz;
      memmove(to_base + at, from_base + (size_t)(o + src * from->layout.stride[last]) * esz, len);
      if (in_place) {
        memset(to_base + at + len, 0, cleared_from - (at + len));
        cleared_from = at;
      }
    }
  }
  if (in_place)
    memset(to_base, 0, cleared_from);
}

/* New storage for a with ghost cells flo/fhi (no narrower than a's), the
 * old contents moved there, and a new serial, so that cached transfer
 * handles of a are rebuilt. A back end that can grow a block (sym_grow)
 * grows a's in place: the old and the new storage are never held at once
 * (MG's finest arrays, which get their ghost cells at the first shift). */
static void regrow(zrt_array *a, const int64_t flo[ZRT_MAX_RANK], const int64_t fhi[ZRT_MAX_RANK]) {
  zrt_array *b = array_shape(a->name, a->type, a->decl, a->dist, flo, fhi, a->compact);
  size_t bytes = b->bytes ? b->bytes : b->esz;
  if (zrt_g.be->sym_grow) {
    b->base = zrt_g.be->sym_grow(a->base, bytes);
    if (!b->base)
      storage_failed(b);
    move_regrown(a, b->base, b, b->base, true);
  } else {
    b->base = zrt_g.be->sym_alloc(bytes);
    if (!b->base)
      storage_failed(b);
    move_regrown(a, a->base, b, b->base, false);
    zrt_g.be->sym_free(a->base);
  }
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    free(a->first[k]);
    a->first[k] = b->first[k];
    a->last[k] = b->last[k];
    a->span[k] = b->span[k];
    a->nblk[k] = b->nblk[k];
    a->fluff_lo[k] = flo[k];
    a->fluff_hi[k] = fhi[k];
  }
  a->base = b->base;
  a->bytes = b->bytes;
  a->storage = b->storage;
  a->layout = b->layout;
  a->offset = b->offset;
  a->tiled = b->tiled;
  a->serial = b->serial;
  zrt_array_wrote(a);
  zrt_array_free(a->spare); /* its storage no longer matches a's */
  a->spare = NULL;
  free(b->name);
  free(b);
}

void zrt_array_reach(zrt_array *a, const int64_t d[ZRT_MAX_RANK]) {
  int64_t flo[ZRT_MAX_RANK], fhi[ZRT_MAX_RANK];
  bool grow = false;
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    flo[k] = a->fluff_lo[k];
    fhi[k] = a->fluff_hi[k];
    if (k >= a->rank || zrt_is_flood(&a->decl, k))
      continue;
    if (zrt_index_too_large(d[k]))
      zrt_fail_all("array %s is too large: ghost cells for a shift by %lld in dimension %d "
                   "(shifts are limited to 2^60)",
                   a->name, (long long)d[k], k + 1);
    /* Both sides at once: a stencil that shifts by -s shifts by s too. */
    int64_t w = d[k] < 0 ? -d[k] : d[k];
    if (w <= (d[k] < 0 ? flo[k] : fhi[k]))
      continue;
    w = w > flo[k] ? w : flo[k];
    flo[k] = fhi[k] = w > fhi[k] ? w : fhi[k];
    grow = true;
  }
  if (grow)
    regrow(a, flo, fhi);
}

/* Gives dst and src the wider of their ghost cells on each side when
 * nothing else keeps their storage apart: an array whose cells a run-time
 * shift grew (zrt_array_reach) still exchanges storage with its partner
 * (A := Temp after a stencil), instead of being copied every time. */
static void match_ghost_cells(zrt_array *dst, zrt_array *src) {
  if (dst == src || dst->type != src->type || dst->rank != src->rank ||
      dst->dist != src->dist || memcmp(&dst->decl, &src->decl, sizeof dst->decl) != 0)
    return;
  int64_t flo[ZRT_MAX_RANK], fhi[ZRT_MAX_RANK];
  bool dst_narrower = false, src_narrower = false;
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    flo[k] = dst->fluff_lo[k] > src->fluff_lo[k] ? dst->fluff_lo[k] : src->fluff_lo[k];
    fhi[k] = dst->fluff_hi[k] > src->fluff_hi[k] ? dst->fluff_hi[k] : src->fluff_hi[k];
    dst_narrower |= dst->fluff_lo[k] < flo[k] || dst->fluff_hi[k] < fhi[k];
    src_narrower |= src->fluff_lo[k] < flo[k] || src->fluff_hi[k] < fhi[k];
  }
  if (dst_narrower)
    regrow(dst, flo, fhi);
  if (src_narrower)
    regrow(src, flo, fhi);
}

/* ---- array renaming ------------------------------------------------------------------------ */
/* Whether dst and src store their elements the same way on every PE: the
 * same declared region, distribution, element type and fluff, one block
 * per dimension (a tiled layout can differ between PEs, and every PE must
 * take the same decision), no flood dimension. */
static bool same_storage(const zrt_array *dst, const zrt_array *src) {
  if (dst == src || dst->type != src->type || dst->rank != src->rank ||
      dst->dist != src->dist || dst->tiled || src->tiled || dst->compact || src->compact ||
      dst->decl.flood ||
      memcmp(&dst->decl, &src->decl, sizeof dst->decl) != 0)
    return false;
  for (int k = 0; k < dst->rank; ++k)
    if (dst->fluff_lo[k] != src->fluff_lo[k] || dst->fluff_hi[k] != src->fluff_hi[k])
      return false;
  return dst->bytes == src->bytes && dst->offset == src->offset &&
         memcmp(&dst->layout, &src->layout, sizeof dst->layout) == 0;
}

static int64_t stored_elements(const zrt_array *a) {
  const zrt_layout *L = &a->layout;
  return L->ext[0] * (a->rank > 1 ? L->ext[1] : 1) * (a->rank > 2 ? L->ext[2] : 1);
}

/* Copies from src to dst (same storage) every stored element outside the
 * box w (this PE's part of the statement's region). */
static void copy_outside(zrt_array *dst, const zrt_array *src, const zrt_region *w) {
  const zrt_layout *L = &dst->layout;
  int last = dst->rank - 1;
  int64_t n = stored_elements(dst);
  int64_t rows = L->ext[last] > 0 ? n / L->ext[last] : 0;
  for (int64_t row = 0; row < rows; ++row) {
    /* The row's global outer indices; whether it crosses w. */
    int64_t rest = row;
    bool inside = true;
    int64_t off = 0;
    for (int k = last - 1; k >= 0; --k) {
      int64_t local = rest % L->ext[k];
      rest /= L->ext[k];
      int64_t g = dst->storage.lo[k] + local;
      off += local * L->stride[k];
      inside = inside && g >= w->lo[k] && g <= w->hi[k];
    }
    char *d = (char *)dst->base + (size_t)off * dst->esz;
    const char *s = (const char *)src->base + (size_t)off * dst->esz;
    int64_t lo = 0, hi = L->ext[last] - 1; /* the row's local columns */
    if (!inside) {
      memcpy(d, s, (size_t)(hi - lo + 1) * dst->esz);
      continue;
    }
    int64_t wlo = w->lo[last] - dst->storage.lo[last], whi = w->hi[last] - dst->storage.lo[last];
    if (wlo > lo)
      memcpy(d, s, (size_t)(wlo - lo) * dst->esz);
    if (whi < hi)
      memcpy(d + (size_t)(whi + 1) * dst->esz, s + (size_t)(whi + 1) * dst->esz,
             (size_t)(hi - whi) * dst->esz);
  }
}

bool zrt_array_rename(zrt_array *dst, zrt_array *src, zrt_region r) {
  match_ghost_cells(dst, src);
  if (!same_storage(dst, src))
    return false;
  for (int k = 0; k < r.rank; ++k)
    if (r.step[k] > 1 || zrt_is_flood(&r, k))
      return false;
  /* The elements `[r] dst := src` writes: this PE's one tile of r. */
  if (zrt_tiles(r) != 1)
    return false;
  zrt_region w = r;
  int64_t written = 1;
  for (int k = 0; k < r.rank; ++k) {
    w.lo[k] = zrt_tile_lo(r, 0, k);
    w.hi[k] = zrt_tile_hi(r, 0, k);
    written *= w.hi[k] - w.lo[k] + 1;
  }
  /* Renaming copies the stored elements outside w, the copy those inside:
   * rename only when that is fewer (a whole-array sweep, not one row of a
   * loop over rows, as in tomcatv's tridiagonal solve). */
  if (stored_elements(dst) - written >= written)
    return false;
  /* dst takes src's storage (and its identity for the transfer caches);
   * src, dead until it is next written, takes dst's. dst's elements the
   * copy would not have written keep their values. */
  void *base = dst->base;
  dst->base = src->base;
  src->base = base;
  uint64_t serial = dst->serial;
  dst->serial = src->serial;
  src->serial = serial;
  zrt_array_wrote(dst);
  zrt_array_wrote(src);
  copy_outside(dst, src, &w);
  return true;
}
