/* core.c — start-up, errors, regions, distributions, arrays, reductions,
 * statistics. */
#define _POSIX_C_SOURCE 199309L
#include "zplrt_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

zrt_state zrt_g;

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
    int64_t sums[3] = {zrt_g.n_transfers, zrt_g.n_messages, zrt_g.n_bytes};
    double maxes[2] = {zrt_g.comm_seconds, seconds};
    zrt_g.be->allreduce(sums, 3, ZRT_I64, ZRT_SUM);
    zrt_g.be->allreduce(maxes, 2, ZRT_F64, ZRT_MAX);
    if (zrt_g.me == 0) {
      printf("stats.transfers %lld\n", (long long)sums[0]);
      printf("stats.messages %lld\n", (long long)sums[1]);
      printf("stats.bytes %lld\n", (long long)sums[2]);
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
    return;
  }
  for (int k = 0; k < r.rank; ++k) {
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
    int64_t n = D->bbox.hi[k] - D->bbox.lo[k] + 1;
    if (n < D->grid[k]) {
      char b[128];
      char g[64];
      int w = 0;
      for (int j = 0; j < rank; ++j)
        w += snprintf(g + w, sizeof g - (size_t)w, "%s%lld", j ? "x" : "", (long long)D->grid[j]);
      zrt_fail_all("dimension %d of the distributed regions %s has %lld indices, fewer than the "
                   "%lld PEs of grid %s along it",
                   k + 1, box_text(b, sizeof b, &D->bbox), (long long)n, (long long)D->grid[k], g);
    }
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

int64_t zrt_local_lo(zrt_region r, int64_t dim) {
  const zrt_region *e = ext_block_for(&r);
  return r.lo[dim] > e->lo[dim] ? r.lo[dim] : e->lo[dim];
}

int64_t zrt_local_hi(zrt_region r, int64_t dim) {
  const zrt_region *e = ext_block_for(&r);
  return r.hi[dim] < e->hi[dim] ? r.hi[dim] : e->hi[dim];
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

static uint64_t next_serial = 1;

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
  return dim >= 0 && dim < a->rank ? a->layout.stride[dim] : 0;
}

void zrt_array_check(zrt_array *a, zrt_region r, int64_t d0, int64_t d1, int64_t d2) {
  const zrt_region *e = ext_block_for(&r);
  zrt_region loc = zrt_box_intersect(&r, e);
  if (zrt_box_empty(&loc))
    return;
  int64_t d[ZRT_MAX_RANK] = {d0, d1, d2};
  zrt_region need = zrt_box_shift(&loc, d);
  if (zrt_box_contains(&a->storage, &need))
    return;
  /* name the first offending index */
  int64_t idx[ZRT_MAX_RANK] = {0, 0, 0};
  for (int k = 0; k < r.rank; ++k) {
    idx[k] = need.lo[k];
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
