/* core.c — start-up, errors, regions, distributions, arrays, reductions,
 * statistics. */
#define _POSIX_C_SOURCE 199309L
#include "zplrt_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

ZRT_PE_LOCAL zrt_state zrt_g;

/* ---- start-up and shut-down ------------------------------------------------------ */
void zrt_startup(int argc, char **argv) {
  zrt_g.be = zrt_backend_get();
  zrt_g.be->init(&argc, &argv);
  zrt_g.me = zrt_g.be->pe_id();
  zrt_g.npes = zrt_g.be->pe_count();
  const char *prog = argc > 0 && argv[0] ? argv[0] : "zpl";
  const char *slash = strrchr(prog, '/');
  zrt_g.prog = slash ? slash + 1 : prog;
  zrt_g.argc = argc;
  zrt_g.argv = argv;
  zrt_g.arg_used = calloc((size_t)(argc > 0 ? argc : 1), sizeof(bool));
  if (!zrt_g.arg_used) {
    fprintf(stderr, "%s: error: out of memory\n", zrt_g.prog);
    zrt_g.be->abort(2);
  }
  zrt_parse_runtime_options();
}

void zrt_shutdown_after_main(double seconds) {
  fflush(stdout);
  if (zrt_g.stats) {
    int64_t sums[11] = {zrt_g.n_transfers, zrt_g.n_messages, zrt_g.n_bytes, zrt_g.n_msg_packed,
                        zrt_g.n_msg_chained};
    for (int p = 0; p < 3; ++p) {
      sums[5 + p] = zrt_g.n_msg_pattern[p];
      sums[8 + p] = zrt_g.n_bytes_pattern[p];
    }
    double maxes[2] = {zrt_g.comm_seconds, seconds};
    zrt_g.be->allreduce(sums, 11, ZRT_I64, ZRT_SUM);
    zrt_g.be->allreduce(maxes, 2, ZRT_F64, ZRT_MAX);
    if (zrt_g.me == 0) {
      printf("stats.transfers %lld\n", (long long)sums[0]);
      printf("stats.messages %lld\n", (long long)sums[1]);
      printf("stats.messages.packed %lld\n", (long long)sums[3]);
      printf("stats.messages.chained %lld\n", (long long)sums[4]);
      static const char *const pattern_names[3] = {"contiguous", "strided", "indexed"};
      for (int p = 0; p < 3; ++p)
        printf("stats.messages.%s %lld\n", pattern_names[p], (long long)sums[5 + p]);
      printf("stats.bytes %lld\n", (long long)sums[2]);
      for (int p = 0; p < 3; ++p)
        printf("stats.bytes.%s %lld\n", pattern_names[p], (long long)sums[8 + p]);
      printf("stats.comm_seconds %.6f\n", maxes[0]);
      printf("stats.total_seconds %.6f\n", maxes[1]);
      printf("stats.pes %d\n", zrt_g.npes);
    }
  }
  fflush(stdout);
  fflush(stderr);
  zrt_g.be->finalize();
}

/* ---- errors and termination ---------------------------------------------------------- */
void zrt_fail(const char *message) {
  fflush(stdout);
  if (zrt_g.be && zrt_g.npes > 1 && zrt_g.me > 0) {
    /* An error often strikes several PEs at once; PE 0 (then the lower
     * ranks) get a head start so that usually one line is printed before
     * the abort takes every PE down. */
    int64_t ms = 30 * (zrt_g.me < 10 ? zrt_g.me : 10);
    struct timespec ts = {(time_t)(ms / 1000), (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
  }
  fprintf(stderr, "%s: error: %s\n", zrt_g.prog ? zrt_g.prog : "zpl", message);
  fflush(stderr);
  if (zrt_g.be && zrt_g.npes > 1)
    zrt_g.be->abort(2);
  if (zrt_g.be)
    zrt_g.be->finalize();
  exit(2);
}

ZRT_NORETURN void zrt_failf(const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  zrt_fail(msg);
  exit(2); /* not reached */
}

ZRT_NORETURN void zrt_fail_all(const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fflush(stdout);
  if (zrt_g.me == 0) {
    fprintf(stderr, "%s: error: %s\n", zrt_g.prog ? zrt_g.prog : "zpl", msg);
    fflush(stderr);
  }
  if (zrt_g.be)
    zrt_g.be->finalize();
  exit(2);
}

void zrt_halt(void) {
  fflush(stdout);
  fflush(stderr);
  if (zrt_g.be)
    zrt_g.be->finalize();
  exit(1);
}

/* ---- regions -------------------------------------------------------------------------- */
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

zrt_region zrt_region_of(zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  zrt_region o = r;
  for (int64_t k = 0; k < r.rank; ++k) {
    if (d[k] > 0) {
      o.lo[k] = r.hi[k] + 1;
      o.hi[k] = r.hi[k] + d[k];
    } else if (d[k] < 0) {
      o.lo[k] = r.lo[k] + d[k];
      o.hi[k] = r.lo[k] - 1;
    }
  }
  return o;
}

zrt_region zrt_region_in(zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  zrt_region o = r;
  for (int64_t k = 0; k < r.rank; ++k) {
    if (d[k] > 0) {
      o.lo[k] = r.hi[k] - d[k] + 1;
    } else if (d[k] < 0) {
      o.hi[k] = r.lo[k] - d[k] - 1;
    }
  }
  return o;
}

zrt_region zrt_region_at(zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  return zrt_box_shift(&r, d);
}

zrt_region zrt_region_by(zrt_region r, int64_t s0, int64_t s1, int64_t s2) {
  int64_t s[ZRT_MAX_RANK] = {s0, s1, s2};
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

/* ---- distributions ---------------------------------------------------------------------- */
static char *box_text(char *buf, size_t n, const zrt_region *b) {
  int w = snprintf(buf, n, "[");
  for (int k = 0; k < b->rank && (size_t)w < n; ++k)
    w += snprintf(buf + w, n - (size_t)w, "%s%lld..%lld", k ? ", " : "", (long long)b->lo[k],
                  (long long)b->hi[k]);
  if ((size_t)w < n)
    snprintf(buf + w, n - (size_t)w, "]");
  return buf;
}

void zrt_region_check(const char *name, zrt_region r) {
  if (r.rank < 1 || r.rank > ZRT_MAX_RANK)
    zrt_fail_all("region %s has rank %lld (supported: 1 to %d)", name, (long long)r.rank,
                 ZRT_MAX_RANK);
  for (int k = 0; k < r.rank; ++k) {
    if (!zrt_is_flood(&r, k) && r.hi[k] < r.lo[k]) {
      char b[128];
      zrt_fail_all("region %s = %s is empty (dimension %d)", name, box_text(b, sizeof b, &r),
                   k + 1);
    }
  }
}

void zrt_dist_add(zrt_region r) {
  if (r.rank < 1 || r.rank > ZRT_MAX_RANK)
    zrt_fail_all("region of rank %lld (supported: 1 to %d)", (long long)r.rank, ZRT_MAX_RANK);
  char b[128];
  if (zrt_box_empty(&r))
    zrt_fail_all("region %s is empty", box_text(b, sizeof b, &r));
  int i = (int)r.rank - 1;
  if (zrt_g.dist_frozen[i])
    return; /* edge blocks extend to infinity: ownership stays total */
  zrt_decomp *D = &zrt_g.dist[i];
  if (!zrt_g.dist_used[i]) {
    zrt_g.dist_used[i] = true;
    D->rank = (int)r.rank;
    D->bbox = r;
    D->bbox.flood = 0;
    for (int k = 0; k < ZRT_MAX_RANK; ++k) {
      D->bbox.step[k] = 0;
      if (zrt_is_flood(&r, k)) { /* spreads nothing: empty until some region has it */
        D->bbox.lo[k] = ZRT_INF;
        D->bbox.hi[k] = -ZRT_INF;
      }
    }
    return;
  }
  for (int k = 0; k < r.rank; ++k) {
    if (zrt_is_flood(&r, k))
      continue;
    if (r.lo[k] < D->bbox.lo[k])
      D->bbox.lo[k] = r.lo[k];
    if (r.hi[k] > D->bbox.hi[k])
      D->bbox.hi[k] = r.hi[k];
  }
}

const zrt_decomp *zrt_dist_get(int rank) {
  int i = rank - 1;
  if (zrt_g.dist_frozen[i])
    return &zrt_g.dist[i];
  if (!zrt_g.config_done)
    zrt_config_done();
  if (!zrt_g.dist_used[i])
    zrt_fail_all("internal: no region of rank %d was declared", rank);
  zrt_decomp *D = &zrt_g.dist[i];
  if (zrt_g.grid_rank == rank) {
    for (int k = 0; k < ZRT_MAX_RANK; ++k)
      D->grid[k] = zrt_g.grid_dims[k];
  } else {
    if (zrt_g.grid_rank && !zrt_g.dist_used[zrt_g.grid_rank - 1])
      zrt_fail_all("--grid=%s has %d dimension%s but the program's regions have rank %d",
                   zrt_g.grid_text, zrt_g.grid_rank, zrt_g.grid_rank == 1 ? "" : "s", rank);
    zrt_default_grid(zrt_g.npes, rank, D->grid);
  }
  for (int k = 0; k < rank; ++k) {
    if (D->bbox.hi[k] < D->bbox.lo[k]) { /* only flood dimensions: any spread will do */
      D->bbox.lo[k] = 0;
      D->bbox.hi[k] = D->grid[k] - 1;
    }
    /* fewer indices than PEs along k: the last PEs along it own nothing
     * (zrt_dim_block) */
  }
  zrt_g.block[i] = zrt_decomp_block(D, zrt_g.me, false);
  zrt_g.ext_block[i] = zrt_decomp_block(D, zrt_g.me, true);
  zrt_g.dist_frozen[i] = true;
  return D;
}

/* This PE's extended block for regions like r. A region of a rank no
 * declared region has starts that rank's distribution (empty ones are
 * local to every PE: they have no indices anyway). */
static const zrt_region *ext_block_for(const zrt_region *r) {
  static const zrt_region everything = {ZRT_MAX_RANK,
                                        {-ZRT_INF, -ZRT_INF, -ZRT_INF},
                                        {ZRT_INF, ZRT_INF, ZRT_INF}};
  if (r->rank < 1 || r->rank > ZRT_MAX_RANK)
    zrt_failf("region of rank %lld (supported: 1 to %d)", (long long)r->rank, ZRT_MAX_RANK);
  int i = (int)r->rank - 1;
  if (zrt_g.dist_frozen[i])
    return &zrt_g.ext_block[i];
  if (!zrt_g.dist_used[i]) {
    if (zrt_box_empty(r))
      return &everything;
    zrt_dist_add(*r);
  }
  zrt_dist_get((int)r->rank);
  return &zrt_g.ext_block[i];
}

zrt_region zrt_local_box(zrt_region r) {
  const zrt_region *e = ext_block_for(&r);
  return zrt_lattice_part(&r, e);
}

int64_t zrt_local_lo(zrt_region r, int64_t dim) {
  if (dim < 0 || dim >= r.rank)
    return 0;
  zrt_region b = zrt_local_box(r);
  return b.lo[dim];
}

int64_t zrt_local_hi(zrt_region r, int64_t dim) {
  if (dim < 0 || dim >= r.rank)
    return 0;
  zrt_region b = zrt_local_box(r);
  return b.hi[dim];
}

/* ---- grids, distributions and tiles ---------------------------------------------------------- */
/* Block distributions only, so far: explicit grids and distributions are
 * accepted when every dimension is block on the default grid, and every PE
 * has at most one tile. */
int64_t zrt_grid_new(const char *name, int64_t rank, int64_t p0, int64_t p1, int64_t p2) {
  (void)rank, (void)p0, (void)p1, (void)p2;
  zrt_fail_all("grid %s: explicit grids are not supported yet", name);
}

int64_t zrt_dist_new(const char *name, int64_t grid, int64_t rank, int64_t kind0, int64_t bsize0,
                     int64_t kind1, int64_t bsize1, int64_t kind2, int64_t bsize2) {
  (void)bsize0, (void)bsize1, (void)bsize2;
  int64_t kinds[ZRT_MAX_RANK] = {kind0, kind1, kind2};
  for (int64_t k = 0; k < rank; ++k)
    if (kinds[k] != ZRT_DIST_BLOCK || grid != 0)
      zrt_fail_all("distribution %s: only block distributions on the default grid are supported yet",
                   name);
  return 0;
}

zrt_region zrt_region_dist(zrt_region r, int64_t dist) {
  r.dist = dist;
  zrt_dist_add(r);
  return r;
}

zrt_region zrt_region_align(zrt_region r, zrt_array *a) {
  r.dist = a->decl.dist;
  return r;
}

int64_t zrt_tiles(zrt_region r) { return zrt_box_empty(&r) ? 0 : 1; }

int64_t zrt_tile_lo(zrt_region r, int64_t t, int64_t dim) {
  (void)t;
  return zrt_local_lo(r, dim);
}

int64_t zrt_tile_hi(zrt_region r, int64_t t, int64_t dim) {
  (void)t;
  return zrt_local_hi(r, dim);
}

int64_t zrt_array_tile_offset(zrt_array *a, zrt_region r, int64_t t) {
  (void)r, (void)t;
  return a->offset;
}

int64_t zrt_local_tiles(zrt_region r, const zrt_region **tiles) {
  static ZRT_PE_LOCAL zrt_region one;
  one = zrt_local_box(r);
  *tiles = &one;
  return zrt_box_empty(&one) ? 0 : 1;
}

int64_t zrt_array_owner(const zrt_array *a, const int64_t idx[ZRT_MAX_RANK]) {
  return zrt_decomp_owner(zrt_dist_get(a->rank), idx);
}

/* ---- arrays ---------------------------------------------------------------------------------- */
static size_t elem_size(int64_t type) {
  switch (type) {
  case ZRT_I64:
    return sizeof(int64_t);
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

static ZRT_PE_LOCAL uint64_t next_serial = 1;

static zrt_array *array_alloc(const char *name, int64_t type, zrt_region decl, zrt_region storage,
                              const int64_t flo[ZRT_MAX_RANK], const int64_t fhi[ZRT_MAX_RANK]) {
  zrt_array *a = calloc(1, sizeof *a);
  if (!a)
    zrt_failf("out of memory allocating array %s", name);
  a->name = malloc(strlen(name) + 1);
  if (!a->name)
    zrt_failf("out of memory allocating array %s", name);
  strcpy(a->name, name);
  a->type = (int)type;
  a->esz = elem_size(type);
  a->rank = (int)decl.rank;
  a->serial = next_serial++;
  a->decl = decl;
  a->storage = storage;
  for (int k = 0; k < ZRT_MAX_RANK; ++k) {
    a->fluff_lo[k] = flo[k];
    a->fluff_hi[k] = fhi[k];
  }
  a->layout = zrt_layout_make(&storage, a->esz);
  int64_t off = 0;
  for (int k = 0; k < a->rank; ++k)
    if (!zrt_is_flood(&decl, k)) /* a flood dimension has extent 1 and stride 0 */
      off -= a->layout.lo[k] * a->layout.stride[k];
  a->offset = off;
  int64_t count = zrt_box_count(&storage);
  if (count < 0 || (uint64_t)count > SIZE_MAX / a->esz / 2)
    zrt_failf("array %s is too large for memory", name);
  a->bytes = (size_t)count * a->esz;
  a->base = zrt_g.be->sym_alloc(a->bytes ? a->bytes : a->esz);
  if (!a->base) {
    char b[128];
    zrt_failf("array %s: cannot allocate %zu bytes for its storage %s (too large for memory)",
              name, a->bytes, box_text(b, sizeof b, &storage));
  }
  memset(a->base, 0, a->bytes ? a->bytes : a->esz);
  return a;
}

zrt_array *zrt_array_new(const char *name, zrt_region decl, int64_t type, int64_t fluff_lo0,
                         int64_t fluff_hi0, int64_t fluff_lo1, int64_t fluff_hi1,
                         int64_t fluff_lo2, int64_t fluff_hi2) {
  if (decl.rank < 1 || decl.rank > ZRT_MAX_RANK)
    zrt_fail_all("array %s: rank %lld is not supported", name, (long long)decl.rank);
  int i = (int)decl.rank - 1;
  if (!zrt_g.dist_used[i])
    zrt_dist_add(decl);
  const zrt_decomp *D = zrt_dist_get((int)decl.rank);
  (void)D;
  int64_t flo[ZRT_MAX_RANK] = {fluff_lo0, fluff_lo1, fluff_lo2};
  int64_t fhi[ZRT_MAX_RANK] = {fluff_hi0, fluff_hi1, fluff_hi2};
  const zrt_region *blk = &zrt_g.block[i];
  const zrt_region *ext = &zrt_g.ext_block[i];
  zrt_region st = *blk;
  for (int k = 0; k < decl.rank; ++k) {
    if (flo[k] < 0 || fhi[k] < 0)
      zrt_fail_all("array %s: negative fluff", name);
    if (zrt_is_flood(&decl, k)) { /* one replicated element, no fluff */
      st.lo[k] = st.hi[k] = decl.lo[k];
      flo[k] = fhi[k] = 0;
      continue;
    }
    int64_t lo = blk->lo[k], hi = blk->hi[k];
    /* edge PEs also store the declared indices beyond the bounding box */
    if (ext->lo[k] == -ZRT_INF && decl.lo[k] < lo)
      lo = decl.lo[k];
    if (ext->hi[k] == ZRT_INF && decl.hi[k] > hi)
      hi = decl.hi[k];
    st.lo[k] = lo - flo[k];
    st.hi[k] = hi + fhi[k];
  }
  return array_alloc(name, type, decl, st, flo, fhi);
}

zrt_array *zrt_array_temp(zrt_array *a) {
  return array_alloc(a->name, a->type, a->decl, a->storage, a->fluff_lo, a->fluff_hi);
}

void zrt_array_free(zrt_array *a) {
  if (!a)
    return;
  zrt_g.be->sym_free(a->base);
  free(a->name);
  free(a);
}

double *zrt_array_f64(zrt_array *a) { return (double *)a->base; }
float *zrt_array_f32(zrt_array *a) { return (float *)a->base; }
int64_t *zrt_array_i64(zrt_array *a) { return (int64_t *)a->base; }
bool *zrt_array_bool(zrt_array *a) { return (bool *)a->base; }
int64_t zrt_array_offset(zrt_array *a) { return a->offset; }
int64_t zrt_array_stride(zrt_array *a, int64_t dim) {
  if (dim < 0 || dim >= a->rank || zrt_is_flood(&a->decl, (int)dim))
    return 0;
  return a->layout.stride[dim];
}

zrt_region zrt_array_region(zrt_array *a) { return a->decl; }

bool zrt_array_holds(const zrt_array *a, const zrt_region *box) {
  if (zrt_box_empty(box))
    return true;
  for (int k = 0; k < a->rank; ++k)
    if (!zrt_is_flood(&a->decl, k) &&
        (box->lo[k] < a->storage.lo[k] || box->hi[k] > a->storage.hi[k]))
      return false;
  return true;
}

void zrt_array_check(zrt_array *a, zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  zrt_region loc = zrt_local_box(r);
  if (zrt_box_empty(&loc))
    return;
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  zrt_region need = zrt_box_shift(&loc, d);
  if (zrt_array_holds(a, &need))
    return;
  /* name the first offending index */
  int64_t idx[ZRT_MAX_RANK] = {0, 0, 0};
  for (int k = 0; k < r.rank; ++k) {
    idx[k] = need.lo[k];
    if (zrt_is_flood(&a->decl, k))
      continue;
    if (need.lo[k] < a->storage.lo[k])
      idx[k] = need.lo[k];
    else if (need.hi[k] > a->storage.hi[k])
      idx[k] = need.hi[k];
  }
  char ib[96], sb[128];
  int w = snprintf(ib, sizeof ib, "[");
  for (int k = 0; k < r.rank; ++k)
    w += snprintf(ib + w, sizeof ib - (size_t)w, "%s%lld", k ? ", " : "", (long long)idx[k]);
  snprintf(ib + w, sizeof ib - (size_t)w, "]");
  zrt_failf("read of array %s at index %s is outside its storage %s", a->name, ib,
            box_text(sb, sizeof sb, &a->storage));
}

/* ---- reductions ---------------------------------------------------------------------------- */
int64_t zrt_allreduce_i64(int64_t op, int64_t v) {
  double t0 = zrt_g.be->clock();
  int o = (int)op;
  if (o == ZRT_AND)
    o = ZRT_MIN;
  else if (o == ZRT_OR)
    o = ZRT_MAX;
  zrt_g.be->allreduce(&v, 1, ZRT_I64, o);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
  return v;
}

double zrt_allreduce_f64(int64_t op, double v) {
  double t0 = zrt_g.be->clock();
  zrt_g.be->allreduce(&v, 1, ZRT_F64, (int)op);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
  return v;
}

float zrt_allreduce_f32(int64_t op, float v) {
  double t0 = zrt_g.be->clock();
  zrt_g.be->allreduce(&v, 1, ZRT_F32, (int)op);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
  return v;
}

bool zrt_allreduce_bool(int64_t op, bool v) {
  double t0 = zrt_g.be->clock();
  int64_t x = v ? 1 : 0;
  int o = (op == ZRT_AND || op == ZRT_MIN || op == ZRT_PROD) ? ZRT_MIN : ZRT_MAX;
  zrt_g.be->allreduce(&x, 1, ZRT_I64, o);
  zrt_g.comm_seconds += zrt_g.be->clock() - t0;
  return x != 0;
}

/* ---- element type helpers ------------------------------------------------------------------ */
double zrt_elem_get_f64(int type, const void *p) {
  switch (type) {
  case ZRT_I64: {
    int64_t x;
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
  if (type == ZRT_BOOL) {
    bool x;
    memcpy(&x, p, sizeof x);
    return x ? 1 : 0;
  }
  return (int64_t)zrt_elem_get_f64(type, p);
}

void zrt_elem_convert(int dtype, void *d, int stype, const void *s) {
  if (dtype == stype) {
    memcpy(d, s, elem_size(dtype));
    return;
  }
  switch (dtype) {
  case ZRT_I64: {
    int64_t x = zrt_elem_get_i64(stype, s);
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
